import { locales, type TLocale } from '@llk/contracts/locale-codes';
import { formatZoneOffset } from '@/lib/format';

// What the back office's editors count as written. The API refuses a blank title, summary, body
// or changelog, so a save sends only the languages whose every field has text: a language is
// "missing" when it is not complete (the warning, the tabs' marks and the save agree on this).
// Times are typed on the staff member's clock (ADR 0031) in datetime-local inputs, whose value
// carries no zone: the field says the offset, and a save sends UTC instants.

export type TTexts<K extends string> = Record<K, string>;
export type TTranslations<K extends string> = Partial<Record<TLocale, TTexts<K>>>;

function filled(value: string | undefined): boolean {
  return (value ?? '').trim() !== '';
}

/** Every field of the language has text: the language is saved. */
export function isComplete<K extends string>(texts: TTexts<K> | undefined, fields: readonly K[]): boolean {
  return fields.every((field) => filled(texts?.[field]));
}

/** The languages that are not complete, in the order of the tabs: a save leaves them out. */
export function incompleteLocales<K extends string>(translations: TTranslations<K>, fields: readonly K[]): TLocale[] {
  return locales.filter((locale) => !isComplete(translations[locale], fields));
}

/** The languages with some text but not all of it: what a save would throw away. */
export function startedLocales<K extends string>(translations: TTranslations<K>, fields: readonly K[]): TLocale[] {
  return incompleteLocales(translations, fields).filter((locale) => fields.some((field) => filled(translations[locale]?.[field])));
}

/** The complete languages, as a save sends them. */
export function completeTranslations<K extends string>(translations: TTranslations<K>, fields: readonly K[]): TTranslations<K> {
  return Object.fromEntries(
    locales.filter((locale) => isComplete(translations[locale], fields)).map((locale) => [locale, translations[locale]]),
  );
}

/** The offset of `zone` at `at` in minutes (UTC+8 → 480, UTC-3 → -180, UTC+5:30 → 330), from the one offset formatter. */
function offsetMinutes(at: Date, zone: string): number {
  const match = /^UTC([+-])(\d{1,2})(?::(\d{2}))?$/.exec(formatZoneOffset(at, zone));
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/**
 * An instant as a datetime-local value on the staff member's clock (`zone`, the browser's: ADR
 * 0031, "typed-in times"): "2026-02-01T08:30" in Asia/Shanghai for 00:30 UTC; '' for none.
 */
export function zonedInputOf(iso: string | null, zone: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() + offsetMinutes(at, zone) * 60_000).toISOString().slice(0, 16);
}

/** A datetime-local value read on the clock of `zone`, as an ISO instant (the offset of that moment, DST included); null when empty. */
export function isoOfZonedInput(value: string, zone: string): string | null {
  if (!value) return null;
  const wall = new Date(`${value.slice(0, 16)}:00.000Z`).getTime();
  const guess = new Date(wall - offsetMinutes(new Date(wall), zone) * 60_000);
  return new Date(wall - offsetMinutes(guess, zone) * 60_000).toISOString();
}

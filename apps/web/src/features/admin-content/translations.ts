import { locales, type TLocale } from '@llk/contracts/locale-codes';

// What the back office's editors count as written. The API refuses a blank title, summary, body
// or changelog, so a save sends only the languages whose every field has text: a language is
// "missing" when it is not complete (the warning, the tabs' marks and the save agree on this).
// Times are typed in UTC in datetime-local inputs, whose value carries no zone.

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
  return Object.fromEntries(locales.filter((locale) => isComplete(translations[locale], fields)).map((locale) => [locale, translations[locale]]));
}

/** An instant as a datetime-local value in UTC ("2026-02-01T08:30"); '' for none. */
export function utcInputOf(iso: string | null): string {
  return iso ? new Date(iso).toISOString().slice(0, 16) : '';
}

/** A datetime-local value read as UTC, as an ISO instant; null when empty. */
export function isoOfUtcInput(value: string): string | null {
  return value ? new Date(`${value.slice(0, 16)}:00.000Z`).toISOString() : null;
}

// Money, numbers, dates and times for display, in the page's language (a BCP 47 tag,
// localeEntries[locale].iso). Pure and browser-safe; every page and component formats through
// these, and lint forbids formatting a date or time anywhere else (eslint.config.mjs).
//
// Time zones: one rule (docs/adr/0031-one-rule-for-time.md), the same on every page:
// - A moment (a time of day, or the date of a moment such as a plan's end) is on the reader's
//   clock: the zone passed in, which is the browser's (useVisitorZone in client components,
//   <LocalTime>, or the `llk-tz` cookie on the server: lib/visitor-zone.ts); times of day are
//   followed by that zone's offset at that moment ("14:05 (UTC+8)", "07:05 (UTC+1)").
//   Without a zone (a server render that has no cookie yet) it is China time, and says so.
// - A business day (reports, bills, invoice dates, the day a seat may move) is the service's
//   day in China, never converted (formatDay).

/** China time: the service's business days, and the zone of a render that does not know the reader's. */
export const SERVICE_TIME_ZONE = 'Asia/Shanghai';

/** Integer fen as RMB in the language's form (one implementation, shared with the API's pages). */
export { formatFen } from '@llk/contracts/money';

/** A whole percentage ("41%", "41 %" in French). */
export function formatPercent(percent: number, languageTag: string): string {
  return new Intl.NumberFormat(languageTag, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

/**
 * A date in the fewest characters that still say the whole date, four-digit year included
 * ("12/2/2027", "2/12/2027", "2027/12/2"; never "2/12/27", which reads three ways): where room
 * is scarcest, the phone header's plan chip (ADR 0034).
 */
export function formatNumericDate(iso: string, languageTag: string, timeZone: string = SERVICE_TIME_ZONE): string {
  return new Intl.DateTimeFormat(languageTag, { year: 'numeric', month: 'numeric', day: 'numeric', timeZone }).format(new Date(iso));
}

/**
 * The date of a moment on the reader's calendar (`timeZone`, China's without one): 'long'
 * ("February 10, 2026") in running text, 'medium' ("Feb 10, 2026") in lists and tables.
 */
export function formatDate(
  iso: string,
  languageTag: string,
  style: 'long' | 'medium' | 'short' = 'long',
  timeZone: string = SERVICE_TIME_ZONE,
): string {
  return new Intl.DateTimeFormat(languageTag, { dateStyle: style, timeZone }).format(new Date(iso));
}

/** A time followed by its zone, in the script's parentheses: "2:00 AM (UTC+8)", "14:00（UTC+8）". */
function withZone(text: string, languageTag: string, zone: string): string {
  return /^(zh|ja)\b/.test(languageTag) ? `${text}（${zone}）` : `${text} (${zone})`;
}

/** A calendar day of the service ("2026-11-22", a day in China) as a date, whatever the zone. */
export function formatDay(day: string, languageTag: string, style: 'long' | 'medium' | 'short' = 'long'): string {
  return formatDate(`${day}T12:00:00+08:00`, languageTag, style, SERVICE_TIME_ZONE);
}

/**
 * The UTC offset of `timeZone` at `at` (the moment: a DST zone says UTC+1 in winter, UTC+2 in
 * summer), as every time shows it: "UTC+8", "UTC+5:30", "UTC-3", "UTC".
 */
export function formatZoneOffset(at: Date | string, timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZoneName: 'longOffset', timeZone })
    .formatToParts(new Date(at))
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match || (match[2] === '00' && match[3] === '00')) return 'UTC';
  const [, sign, hours, minutes] = match;
  return `UTC${sign}${Number(hours)}${minutes === '00' ? '' : `:${minutes}`}`;
}

/** Korean says 오전/오후, never the "AM"/"PM" of current CLDR data ("AM 2:21"; ADR 0034). */
const KOREAN_DAY_PERIODS: Readonly<Record<string, string>> = { AM: '오전', PM: '오후' };

function clockText(at: Date, languageTag: string, options: Intl.DateTimeFormatOptions): string {
  const format = new Intl.DateTimeFormat(languageTag, options);
  if (!/^ko\b/i.test(languageTag)) return format.format(at);
  return format
    .formatToParts(at)
    .map((part) => (part.type === 'dayPeriod' ? (KOREAN_DAY_PERIODS[part.value.toUpperCase()] ?? part.value) : part.value))
    .join('');
}

function onClock(iso: string, languageTag: string, style: Intl.DateTimeFormatOptions, timeZone: string): string {
  const at = new Date(iso);
  return withZone(clockText(at, languageTag, { ...style, timeZone }), languageTag, formatZoneOffset(at, timeZone));
}

/** A moment's date and time on the reader's clock (`timeZone`), with its offset ("Feb 10, 2026, 2:00 AM (UTC+8)"). */
export function formatDateTime(iso: string, languageTag: string, timeZone: string = SERVICE_TIME_ZONE): string {
  return onClock(iso, languageTag, { dateStyle: 'medium', timeStyle: 'short' }, timeZone);
}

/** A moment's time of day on the reader's clock, with its offset ("2:00 AM (UTC+8)"), for deadlines within the day. */
export function formatTime(iso: string, languageTag: string, timeZone: string = SERVICE_TIME_ZONE): string {
  return onClock(iso, languageTag, { timeStyle: 'short' }, timeZone);
}

/** Whether `name` is a zone this runtime knows ("Europe/Madrid"); checked before any cookie's name is used. */
export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** This runtime's own zone (the browser's, in a browser), or undefined where it cannot say. */
export function runtimeTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/**
 * Fills a message's {name} placeholders: 'Sent ({seconds}s)' + { seconds: 42 } → 'Sent (42s)'.
 * Client components get their texts as props (README, "Texts in client components"), whose
 * only syntax is these placeholders; an unknown name is left as it is.
 */
export function fill(template: string | undefined, values: Record<string, string | number>): string {
  return (template ?? '').replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

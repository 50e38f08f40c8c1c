// Money, numbers, dates and times for display, in the page's language (a BCP 47 tag,
// localeEntries[locale].iso). Pure and browser-safe; every page and component formats through
// these, and lint forbids formatting a date or time anywhere else (eslint.config.mjs).
//
// Time zones, decided once (issue 20, item 5), the same way for the same fact on every page:
// - A date alone is the service's day, in China time (Asia/Shanghai), where the service runs,
//   prices are set and orders are paid: it never depends on the server's or the visitor's zone,
//   and needs no label (formatDate, formatDay).
// - A time of day is China time followed by its zone, "(UTC+8)" (formatDateTime, formatTime):
//   server-rendered HTML, a cached page and the API's emails and SMS (auth/alert-texts.ts) all
//   say the same, and a label every language reads needs no translation.
// - The one exception is the payment deadline, which a payer races against their own clock:
//   wherever it appears (the QR panel, the order's page) it is on the visitor's clock, followed by
//   the visitor's offset ("15:01 (UTC+9)"), rendered in the browser (formatVisitorTime,
//   formatVisitorDateTime; PayDeadline for server pages, whose HTML holds the China time form
//   until the browser replaces it). So no time is ever shown without its zone.

/** China time: the zone of every displayed date and time but the payment deadline. */
export const SERVICE_TIME_ZONE = 'Asia/Shanghai';

/** Integer fen as RMB in the language's form (one implementation, shared with the API's pages). */
export { formatFen } from '@llk/contracts/money';

/** A whole percentage ("41%", "41 %" in French). */
export function formatPercent(percent: number, languageTag: string): string {
  return new Intl.NumberFormat(languageTag, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

/** A date: 'long' ("February 10, 2026") in running text, 'medium' ("Feb 10, 2026") in lists and tables. */
export function formatDate(iso: string, languageTag: string, style: 'long' | 'medium' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(languageTag, { dateStyle: style, timeZone: SERVICE_TIME_ZONE }).format(new Date(iso));
}

/** China time's offset, said after every time of day shown in it (dates alone need no zone). */
export const SERVICE_ZONE_LABEL = 'UTC+8';

/** A time followed by its zone, in the script's parentheses: "2:00 AM (UTC+8)", "14:00（UTC+8）". */
function withZone(text: string, languageTag: string, zone = SERVICE_ZONE_LABEL): string {
  return /^(zh|ja)\b/.test(languageTag) ? `${text}（${zone}）` : `${text} (${zone})`;
}

/** A calendar day of the service ("2026-11-22", a day in China) as a date, whatever the zone. */
export function formatDay(day: string, languageTag: string, style: 'long' | 'medium' | 'short' = 'long'): string {
  return formatDate(`${day}T12:00:00+08:00`, languageTag, style);
}

/** A date and time in China time, zone labelled ("Feb 10, 2026, 2:00 AM (UTC+8)"). */
export function formatDateTime(iso: string, languageTag: string): string {
  return withZone(new Intl.DateTimeFormat(languageTag, { dateStyle: 'medium', timeStyle: 'short', timeZone: SERVICE_TIME_ZONE }).format(new Date(iso)), languageTag);
}

/** A time of day in China time, zone labelled ("2:00 AM (UTC+8)"), for deadlines within the day. */
export function formatTime(iso: string, languageTag: string): string {
  return withZone(new Intl.DateTimeFormat(languageTag, { timeStyle: 'short', timeZone: SERVICE_TIME_ZONE }).format(new Date(iso)), languageTag);
}

/**
 * The UTC offset of `timeZone` (the machine's without one) at `at`, written as SERVICE_ZONE_LABEL
 * is: "UTC+9", "UTC+5:30", "UTC-3", "UTC".
 */
function zoneLabel(at: Date, timeZone?: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZoneName: 'longOffset', ...(timeZone ? { timeZone } : {}) }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  const match = /([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match || (match[2] === '00' && match[3] === '00')) return 'UTC';
  const [, sign, hours, minutes] = match;
  return `UTC${sign}${Number(hours)}${minutes === '00' ? '' : `:${minutes}`}`;
}

/** `iso` on the visitor's clock (or `timeZone`'s), followed by that zone's offset. */
function onVisitorClock(iso: string, languageTag: string, style: Intl.DateTimeFormatOptions, timeZone: string | undefined): string {
  const at = new Date(iso);
  const text = new Intl.DateTimeFormat(languageTag, { ...style, ...(timeZone ? { timeZone } : {}) }).format(at);
  return withZone(text, languageTag, zoneLabel(at, timeZone));
}

/**
 * The payment deadline's time of day on the visitor's own clock, with its offset ("3:01 PM
 * (UTC+9)"): only where it renders in the browser (the panel of a QR code just made), never in
 * server-rendered HTML, whose zone would be the server's. `timeZone` is for tests.
 */
export function formatVisitorTime(iso: string, languageTag: string, timeZone?: string): string {
  return onVisitorClock(iso, languageTag, { timeStyle: 'short' }, timeZone);
}

/** The payment deadline's date and time on the visitor's own clock, with its offset (as formatVisitorTime). */
export function formatVisitorDateTime(iso: string, languageTag: string, timeZone?: string): string {
  return onVisitorClock(iso, languageTag, { dateStyle: 'medium', timeStyle: 'short' }, timeZone);
}

/**
 * Fills a message's {name} placeholders: 'Sent ({seconds}s)' + { seconds: 42 } → 'Sent (42s)'.
 * Client components get their texts as props (README, "Texts in client components"), whose
 * only syntax is these placeholders; an unknown name is left as it is.
 */
export function fill(template: string | undefined, values: Record<string, string | number>): string {
  return (template ?? '').replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

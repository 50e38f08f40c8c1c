// Money, numbers, dates and times for display, in the page's language (a BCP 47 tag,
// localeEntries[locale].iso) and in China time, where the service runs, prices are set and
// orders are paid: a date never depends on the server's or the visitor's time zone, and every
// time of day says its zone (UTC+8). The one exception is a deadline rendered in the browser
// after an action, on the visitor's own clock (formatVisitorTime).
// Pure and browser-safe; every page and component formats through these.

/** The one time zone of every displayed date and time. */
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
function withZone(text: string, languageTag: string): string {
  return /^(zh|ja)\b/.test(languageTag) ? `${text}（${SERVICE_ZONE_LABEL}）` : `${text} (${SERVICE_ZONE_LABEL})`;
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
 * A time of day on the visitor's own clock ("5:46 AM"): only in what renders in the browser
 * after an action (the payment deadline of a QR code just made), never in server-rendered HTML,
 * whose zone would be the server's.
 */
export function formatVisitorTime(iso: string, languageTag: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(languageTag, { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}

/**
 * Fills a message's {name} placeholders: 'Sent ({seconds}s)' + { seconds: 42 } → 'Sent (42s)'.
 * Client components get their texts as props (README, "Texts in client components"), whose
 * only syntax is these placeholders; an unknown name is left as it is.
 */
export function fill(template: string | undefined, values: Record<string, string | number>): string {
  return (template ?? '').replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

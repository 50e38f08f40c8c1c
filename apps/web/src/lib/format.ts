// Money, numbers, dates and times for display, in the page's language (a BCP 47 tag,
// localeEntries[locale].iso) and always in China time, where the service runs, prices are set
// and orders are paid: a date never depends on the server's or the visitor's time zone.
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
export function formatDate(iso: string, languageTag: string, style: 'long' | 'medium' = 'long'): string {
  return new Intl.DateTimeFormat(languageTag, { dateStyle: style, timeZone: SERVICE_TIME_ZONE }).format(new Date(iso));
}

/** A date and time ("Feb 10, 2026, 2:00 AM"). */
export function formatDateTime(iso: string, languageTag: string): string {
  return new Intl.DateTimeFormat(languageTag, { dateStyle: 'medium', timeStyle: 'short', timeZone: SERVICE_TIME_ZONE }).format(new Date(iso));
}

/** A time of day ("2:00 AM"), for deadlines within the day. */
export function formatTime(iso: string, languageTag: string): string {
  return new Intl.DateTimeFormat(languageTag, { timeStyle: 'short', timeZone: SERVICE_TIME_ZONE }).format(new Date(iso));
}

/**
 * Fills a message's {name} placeholders: 'Sent ({seconds}s)' + { seconds: 42 } → 'Sent (42s)'.
 * Client components get their texts as props (README, "Texts in client components"), whose
 * only syntax is these placeholders; an unknown name is left as it is.
 */
export function fill(template: string | undefined, values: Record<string, string | number>): string {
  return (template ?? '').replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

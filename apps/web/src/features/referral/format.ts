// Money and dates on the ambassador page. Amounts are integer fen (RMB).

/** 59990 → "¥599.90" in the page's language. */
export function formatFen(fen: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fen / 100);
}

/** An ISO timestamp as a date (and time) in China time, where prices and orders are. */
export function formatDate(iso: string, locale: string, withTime = false): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: 'Asia/Shanghai',
  }).format(new Date(iso));
}

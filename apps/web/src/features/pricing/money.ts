// RMB amounts for display. Amounts travel as integer fen (1 yuan = 100 fen) and are only
// formatted here, with Intl in the page's language: whole yuan without decimals ("¥268"),
// anything else with two ("¥22.33"). Nothing on the web computes a price.

/** Formats integer fen as RMB for a BCP 47 language tag (localeEntries[locale].iso). */
export function formatFen(fen: number, languageTag: string): string {
  if (!Number.isInteger(fen)) throw new RangeError(`formatFen: not a whole number of fen: ${fen}`);
  const whole = fen % 100 === 0;
  return new Intl.NumberFormat(languageTag, {
    style: 'currency',
    currency: 'CNY',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(fen / 100);
}

/** A whole percentage in the page's language ("41%", "41 %" in French). */
export function formatPercent(percent: number, languageTag: string): string {
  return new Intl.NumberFormat(languageTag, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

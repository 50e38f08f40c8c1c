// Money for display, shared by the web and the API's own pages (the payment sandbox): integer
// fen in the language's one form of the renminbi. Pure, no dependencies (client bundles import it).

/**
 * Where Intl's form of the renminbi is not how the language writes it: Japanese and Korean put
 * the unit after the number ("268元", "268위안"); Intl gives "元 268" (read as a typo) and
 * "CN¥268". Everywhere else Intl's form is the idiomatic, unambiguous one: ¥268 in mainland
 * Chinese, CN¥268 in English and Traditional Chinese (¥ alone could be yen), 268 CNY in Spanish
 * and French.
 */
const YUAN_AFTER: Readonly<Record<string, string>> = { ja: '元', ko: '위안' };

/**
 * Integer fen (1 yuan = 100 fen) as RMB in a BCP 47 language: whole yuan without decimals
 * ("¥268"), anything else with two ("¥22.33"). Nothing on the web computes a price.
 */
export function formatFen(fen: number, languageTag: string): string {
  if (!Number.isInteger(fen)) throw new RangeError(`formatFen: not a whole number of fen: ${fen}`);
  const whole = fen % 100 === 0;
  const digits = { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 };
  const after = YUAN_AFTER[languageTag.split('-')[0] ?? ''];
  if (after) return `${new Intl.NumberFormat(languageTag, digits).format(fen / 100)}${after}`;
  return new Intl.NumberFormat(languageTag, { style: 'currency', currency: 'CNY', ...digits }).format(fen / 100);
}

// A running promotion never types a discount: it writes {{discount:SKU}} and the site fills in
// the figure from the catalogue's prices (one definition). `typedDiscount`
// finds a discount typed by hand in any of the seven languages, so the back office can refuse
// it and a test can hold the seeded promotions to the rule. Zod-free: the web's editor uses it.

const PATTERNS: readonly RegExp[] = [
  // 20% off · 20 % de descuento · 20 % de réduction / remise · 20%オフ · 20% OFF · 20% 할인 · 减20% / 省20%
  /\d+(?:[.,]\d+)?\s*[%％]\s*(?:off\b|de descuento|de d[ée]scuento|de r[ée]duction|de remise|オフ|ＯＦＦ|割引|할인|折扣|优惠|優惠)/iu,
  /(?:save|saving|spare|ahorra|ahorro|[ée]conomisez|économie|省|减|減|立减|立減|节省|節省|お得)\s*(?:up to\s*)?\d+(?:[.,]\d+)?\s*[%％]/iu,
  // 8 折 · 6.5折 · 七折 (Chinese)
  /(?:\d+(?:\.\d+)?|[一二三四五六七八九])\s*折(?!叠|疊|线|線|扣码)/u,
  // 2割引 · 30%引き (Japanese)
  /\d+\s*割\s*引|\d+\s*[%％]\s*引き/u,
  // -20 % · −20% (a price badge)
  /(?:^|\s)[-−–]\s?\d+\s*[%％]/u,
];

const TOKEN = /\{\{discount:[A-Z0-9_]{1,64}\}\}/g;

/** The first discount typed by hand in `text` ({{discount:…}} tokens are fine), or null. */
export function typedDiscount(text: string): string | null {
  const plain = text.replace(TOKEN, '');
  for (const pattern of PATTERNS) {
    const found = pattern.exec(plain);
    if (found) return found[0].trim();
  }
  return null;
}

import { type TLocale } from '@llk/contracts';
import { type Db } from '../../infrastructure/db/schema';
import { skuDiscounts } from '../pricing';

// A promotion never types a discount: it writes {{discount:SKU_ID}} and the figure comes from the
// catalogue when the text is served, the same discountPercent (list price against price) the
// pricing page's badges show (one definition, computed from server prices; ADR 0020).

const TOKEN = /\{\{discount:([A-Z0-9_]{1,64})\}\}/g;

export function quotesPrices(text: string): boolean {
  return new RegExp(TOKEN.source).test(text);
}

/** The text with every {{discount:SKU}} replaced by that SKU's discount, formatted for the locale. */
export function fillFigures(text: string, discounts: ReadonlyMap<string, number>, locale: TLocale): string {
  if (!text.includes('{{discount:')) return text;
  const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  return text.replace(TOKEN, (token, sku: string) => {
    const percent = discounts.get(sku);
    return percent === undefined ? token : format.format(percent / 100);
  });
}

/** The catalogue's discounts when any of the texts needs them (one query, else none). */
export async function discountsFor(db: Db, texts: string[]): Promise<ReadonlyMap<string, number>> {
  return texts.some((text) => text.includes('{{discount:')) ? skuDiscounts(db) : new Map();
}

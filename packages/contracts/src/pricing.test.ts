import { describe, expect, it } from 'vitest';
import { ZMemberPricing, ZMembershipPrice, ZSkuPrice } from './pricing';

const sku = {
  skuId: 'MEMBER_YEAR',
  itemType: 'MEMBER',
  timeUnit: 'YEAR',
  duration: 1,
  quantity: 1,
  qualityTier: null,
  priceFen: 26800,
  originalPriceFen: 45600,
  discountFen: 18800,
  discountPercent: 41,
};

describe('pricing schemas', () => {
  it('amounts are whole, non-negative fen', () => {
    expect(ZSkuPrice.parse(sku)).toEqual(sku);
    expect(ZSkuPrice.safeParse({ ...sku, priceFen: 268.5 }).success).toBe(false);
    expect(ZSkuPrice.safeParse({ ...sku, priceFen: -1 }).success).toBe(false);
    expect(ZSkuPrice.safeParse({ ...sku, itemType: 'CLOUD' }).success).toBe(false);
  });

  it('a membership price has a time unit, its months and saving', () => {
    const price = { ...sku, months: 12, monthlyPriceFen: 2233, savingFen: 9200, savingPercent: 26 };
    expect(ZMembershipPrice.parse(price)).toEqual(price);
    expect(ZMembershipPrice.safeParse({ ...price, timeUnit: null }).success).toBe(false);
    expect(ZMembershipPrice.safeParse({ ...price, savingPercent: 101 }).success).toBe(false);
  });

  it('the page data names its currency, language and six categories only', () => {
    const page = { currency: 'CNY', locale: 'ja', plans: [], groups: [{ category: 'PLAY', name: 'x', features: [] }], addOns: [] };
    expect(ZMemberPricing.parse(page)).toEqual(page);
    expect(ZMemberPricing.safeParse({ ...page, currency: 'USD' }).success).toBe(false);
    expect(ZMemberPricing.safeParse({ ...page, locale: 'de' }).success).toBe(false);
    expect(ZMemberPricing.safeParse({ ...page, groups: [{ category: 'GAMES', name: 'x', features: [] }] }).success).toBe(false);
  });
});

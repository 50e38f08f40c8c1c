import { describe, expect, it } from 'vitest';
import { percentOf, toMembershipPrices, toSkuPrice, ZMemberPricing, ZMembershipPrice, ZSkuPrice, type TCatalogueSku } from './pricing';

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

describe('membership figures', () => {
  const sku = (id: string, timeUnit: 'MONTH' | 'YEAR', duration: number, price: number, original = price): TCatalogueSku => ({
    id,
    itemType: 'MEMBER',
    timeUnit,
    duration,
    quantity: 1,
    qualityTier: null,
    priceFen: price,
    originalPriceFen: original,
  });

  it('gives the seeded annual plan its discount, monthly price and saving against 12 months', () => {
    const [month, year] = toMembershipPrices([sku('MEMBER_YEAR', 'YEAR', 1, 26800, 45600), sku('MEMBER_MONTH', 'MONTH', 1, 3000, 3800)]);
    expect(month).toMatchObject({
      skuId: 'MEMBER_MONTH',
      months: 1,
      discountFen: 800,
      discountPercent: 21,
      savingFen: 0,
      savingPercent: 0,
    });
    expect(year).toMatchObject({
      skuId: 'MEMBER_YEAR',
      months: 12,
      discountFen: 18800,
      discountPercent: 41,
      monthlyPriceFen: 2233,
      savingFen: 9200,
      savingPercent: 26,
    });
  });

  it('compares longer memberships with the cheapest monthly price', () => {
    const prices = toMembershipPrices([sku('Y2', 'YEAR', 2, 50000), sku('M', 'MONTH', 1, 3000), sku('M2', 'MONTH', 1, 2900)]);
    expect(prices.map((p) => [p.skuId, p.months, p.savingFen, p.savingPercent, p.monthlyPriceFen])).toEqual([
      ['M', 1, 0, 0, 3000],
      ['M2', 1, 0, 0, 2900],
      ['Y2', 24, 24 * 2900 - 50000, 28, 2083],
    ]);
  });

  it('gives no saving without a monthly SKU, nor a negative one when the year is dearer', () => {
    expect(toMembershipPrices([sku('Y', 'YEAR', 1, 26800)])[0]).toMatchObject({ savingFen: 0, savingPercent: 0 });
    expect(toMembershipPrices([sku('M', 'MONTH', 1, 1000), sku('Y', 'YEAR', 1, 13000)])[1]).toMatchObject({ savingFen: 0 });
  });

  it('leaves other item types out of membership prices, and prices add-ons with their discount', () => {
    const walls: TCatalogueSku = {
      id: 'MONITOR_10',
      itemType: 'MONITOR',
      timeUnit: null,
      duration: 1,
      quantity: 10,
      qualityTier: null,
      priceFen: 15800,
      originalPriceFen: 18000,
    };
    expect(toMembershipPrices([walls])).toEqual([]);
    expect(toSkuPrice(walls)).toMatchObject({ discountFen: 2200, discountPercent: 12, quantity: 10 });
  });

  it('rounds percentages half up and survives a zero list price', () => {
    expect(percentOf(1, 8)).toBe(13);
    expect(percentOf(800, 3800)).toBe(21);
    expect(percentOf(0, 0)).toBe(0);
  });
});

import { z } from './zod';
import { ZMemberPlan, ZQualityTier } from './accounts';
import { ZOrderItemType, ZPricingCategory, ZTimeUnit } from './enums';
import { locales } from './locales';

// Schemas and types of the pricing calls, shared by web and API. Every amount is an integer
// number of fen (1 yuan = 100 fen); the web formats them, it never computes a price.

const ZFen = z.number().int().nonnegative();

/** One purchasable SKU with its price as the server charges it. */
export const ZSkuPrice = z.object({
  skuId: z.string(),
  itemType: ZOrderItemType,
  /** null for one-off items (screen walls) */
  timeUnit: ZTimeUnit.nullable(),
  duration: z.number().int().positive(),
  quantity: z.number().int().positive(),
  /** QUALITY only */
  qualityTier: ZQualityTier.nullable(),
  /** what is charged */
  priceFen: ZFen,
  /** list price before discount */
  originalPriceFen: ZFen,
  /** originalPriceFen − priceFen */
  discountFen: ZFen,
  /** discount as a whole percentage of the list price (41 = 41 % off) */
  discountPercent: z.number().int().min(0).max(100),
});
export type TSkuPrice = z.infer<typeof ZSkuPrice>;

/** A membership price: a SKU of item type MEMBER, with what it costs per month and saves. */
export const ZMembershipPrice = ZSkuPrice.extend({
  timeUnit: ZTimeUnit,
  /** months granted per purchase (1 for a month, 12 for a year) */
  months: z.number().int().positive(),
  /** price per month, rounded to the fen */
  monthlyPriceFen: ZFen,
  /** against buying the same months one month at a time (0 for the monthly SKU) */
  savingFen: ZFen,
  /** savingFen as a whole percentage of that monthly total */
  savingPercent: z.number().int().min(0).max(100),
});
export type TMembershipPrice = z.infer<typeof ZMembershipPrice>;

export const ZPricingPlan = z.object({
  code: ZMemberPlan,
  name: z.string(),
  summary: z.string(),
  /** empty for FREE; MONTH then YEAR for PRO */
  prices: z.array(ZMembershipPrice),
});
export type TPricingPlan = z.infer<typeof ZPricingPlan>;

/** What one plan gives for a feature: included or not, and a value text when one says more. */
export const ZFeatureValue = z.object({
  included: z.boolean(),
  /** e.g. "Up to 60 Hz"; null when a tick or a cross says it all */
  value: z.string().nullable(),
});
export type TFeatureValue = z.infer<typeof ZFeatureValue>;

export const ZPricingFeature = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  free: ZFeatureValue,
  paid: ZFeatureValue,
});
export type TPricingFeature = z.infer<typeof ZPricingFeature>;

export const ZPricingGroup = z.object({
  category: ZPricingCategory,
  name: z.string(),
  features: z.array(ZPricingFeature),
});
export type TPricingGroup = z.infer<typeof ZPricingGroup>;

/** GET /memberPricing/detail/v2: plans, membership prices, the feature matrix and add-ons. */
export const ZMemberPricing = z.object({
  currency: z.literal('CNY'),
  /** language of the texts (the caller's, else en, else zh-CN) */
  locale: z.enum(locales),
  /** FREE then PRO */
  plans: z.array(ZPricingPlan),
  /** the six categories in page order */
  groups: z.array(ZPricingGroup),
  /** items sold besides the membership (screen walls in the desktop app, global channel, quality tiers) */
  addOns: z.array(ZSkuPrice),
});
export type TMemberPricing = z.infer<typeof ZMemberPricing>;

// ---- Figures -------------------------------------------------------------------------------
// The one computation of discounts and savings, from catalogue entries. The API answers with
// it; the web's pricing page uses it only for its build-time fallback from content/seed (the
// order page never computes a price: it shows what the server answers).

/** A catalogue entry as the API reads it (table catalogue_skus) or the seed file lists it. */
export interface TCatalogueSku {
  id: string;
  itemType: TSkuPrice['itemType'];
  timeUnit: TSkuPrice['timeUnit'];
  duration: number;
  quantity: number;
  qualityTier: TSkuPrice['qualityTier'];
  priceFen: number;
  originalPriceFen: number;
}

const MONTHS_PER_UNIT = { MONTH: 1, YEAR: 12 } as const;

/** Whole percentage of part in whole, rounded half up; 0 when whole is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 100) / whole) : 0;
}

export function toSkuPrice(sku: TCatalogueSku): TSkuPrice {
  const discountFen = Math.max(0, sku.originalPriceFen - sku.priceFen);
  return {
    skuId: sku.id,
    itemType: sku.itemType,
    timeUnit: sku.timeUnit,
    duration: sku.duration,
    quantity: sku.quantity,
    qualityTier: sku.qualityTier,
    priceFen: sku.priceFen,
    originalPriceFen: sku.originalPriceFen,
    discountFen,
    discountPercent: percentOf(discountFen, sku.originalPriceFen),
  };
}

/**
 * Membership prices, shortest first, with the monthly equivalent and the saving against buying
 * the same months one at a time at the cheapest one-month price (no monthly SKU: no saving).
 */
export function toMembershipPrices(skus: readonly TCatalogueSku[]): TMembershipPrice[] {
  const members = skus.filter(
    (sku): sku is TCatalogueSku & { timeUnit: 'MONTH' | 'YEAR' } => sku.itemType === 'MEMBER' && sku.timeUnit !== null,
  );
  const monthly = members.filter((sku) => sku.timeUnit === 'MONTH' && sku.duration === 1).map((sku) => sku.priceFen);
  const monthFen = monthly.length > 0 ? Math.min(...monthly) : null;
  return members
    .map((sku) => {
      const months = MONTHS_PER_UNIT[sku.timeUnit] * sku.duration;
      const atMonthly = monthFen === null ? 0 : monthFen * months;
      const savingFen = Math.max(0, atMonthly - sku.priceFen);
      return {
        ...toSkuPrice(sku),
        timeUnit: sku.timeUnit,
        months,
        monthlyPriceFen: Math.round(sku.priceFen / months),
        savingFen,
        savingPercent: percentOf(savingFen, atMonthly),
      };
    })
    .sort((a, b) => a.months - b.months);
}

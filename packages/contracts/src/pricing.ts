import { z } from 'zod';
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

import {
  ZPricingCategory,
  type TLocale,
  type TMemberPlan,
  type TMemberPricing,
  type TMembershipPrice,
  type TPricingCategory,
  type TSkuPrice,
} from '@llk/contracts';
import { type Db } from '../../db/schema';
import { contentLocales, pickTranslation } from '../../lib/content-locale';
import { findFeatures, findGroups, findPlans, listSkus, type SkuRow } from './pricing.repository';

// The pricing page's data. All figures are computed here, from the catalogue, so the web only
// formats them: discount against the list price, price per month, and the saving of a longer
// membership against buying the same months one at a time at the monthly price.

const MONTHS: Record<'MONTH' | 'YEAR', number> = { MONTH: 1, YEAR: 12 };

/** Whole percentage of part in whole, rounded half up; 0 when whole is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 100) / whole) : 0;
}

export function skuPrice(sku: SkuRow): TSkuPrice {
  const discountFen = sku.original_price_fen - sku.price_fen;
  return {
    skuId: sku.id,
    itemType: sku.item_type,
    timeUnit: sku.time_unit,
    duration: sku.duration,
    quantity: sku.quantity,
    qualityTier: sku.quality_tier,
    priceFen: sku.price_fen,
    originalPriceFen: sku.original_price_fen,
    discountFen,
    discountPercent: percentOf(discountFen, sku.original_price_fen),
  };
}

/**
 * Membership prices with their monthly equivalent and saving. The saving compares with the
 * cheapest one-month SKU bought `months` times; without a monthly SKU there is no saving.
 */
export function membershipPrices(skus: SkuRow[]): TMembershipPrice[] {
  const members = skus.filter((sku): sku is SkuRow & { time_unit: 'MONTH' | 'YEAR' } => sku.item_type === 'MEMBER' && sku.time_unit !== null);
  const monthly = members.filter((sku) => sku.time_unit === 'MONTH' && sku.duration === 1).map((sku) => sku.price_fen);
  const monthFen = monthly.length > 0 ? Math.min(...monthly) : null;
  return members
    .map((sku) => {
      const months = MONTHS[sku.time_unit] * sku.duration;
      const atMonthly = monthFen === null ? 0 : monthFen * months;
      const savingFen = Math.max(0, atMonthly - sku.price_fen);
      return {
        ...skuPrice(sku),
        timeUnit: sku.time_unit,
        months,
        monthlyPriceFen: Math.round(sku.price_fen / months),
        savingFen,
        savingPercent: percentOf(savingFen, atMonthly),
      };
    })
    .sort((a, b) => a.months - b.months);
}

function pickAll<T extends { id: string; locale: string }>(rows: T[], locale: TLocale): T[] {
  const ids = [...new Set(rows.map((row) => row.id))];
  return ids.flatMap((id) => {
    const row = pickTranslation(
      rows.filter((r) => r.id === id),
      locale,
    );
    return row ? [row] : [];
  });
}

/** GET /memberPricing/detail/v2 in the caller's language (else en, else zh-CN). */
export async function getMemberPricing(db: Db, locale: TLocale): Promise<TMemberPricing> {
  const languages = contentLocales(locale);
  const [skus, planRows, groupRows, featureRows] = await Promise.all([
    listSkus(db),
    findPlans(db, languages),
    findGroups(db, languages),
    findFeatures(db, languages),
  ]);
  const memberPrices = membershipPrices(skus);
  const plans = pickAll(planRows, locale).map((plan) => ({
    code: plan.id as TMemberPlan,
    name: plan.name,
    summary: plan.summary,
    prices: plan.id === 'FREE' ? [] : memberPrices,
  }));
  const features = pickAll(featureRows, locale);
  const groups = pickAll(groupRows, locale)
    .filter((group): group is typeof group & { id: TPricingCategory } => ZPricingCategory.safeParse(group.id).success)
    .map((group) => ({
      category: group.id,
      name: group.name,
      features: features
        .filter((feature) => feature.group_id === group.id)
        .map((feature) => ({
          code: feature.id,
          name: feature.name,
          description: feature.description,
          free: { included: feature.free_included, value: feature.free_value },
          paid: { included: feature.paid_included, value: feature.paid_value },
        })),
    }));
  const texts = pickAll(planRows, locale)[0];
  return {
    currency: 'CNY',
    locale: (texts?.locale as TLocale | undefined) ?? locale,
    plans,
    groups,
    addOns: skus.filter((sku) => sku.item_type !== 'MEMBER').map(skuPrice),
  };
}

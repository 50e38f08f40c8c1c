import {
  toMembershipPrices,
  toSkuPrice,
  ZPricingCategory,
  type TCatalogueSku,
  type TLocale,
  type TMemberPlan,
  type TMemberPricing,
  type TPricingCategory,
} from '@llk/contracts';
import { type Db } from '../../infrastructure/db/schema';
import { contentLocales, pickTranslation } from '../../infrastructure/content-locale';
import { findFeatures, findGroups, findPlans, listSkus, type SkuRow } from './pricing.repository';

// The pricing page's data. Every figure (discount, price per month, saving of the annual
// membership) comes from the contracts' toSkuPrice/toMembershipPrices over the catalogue, so
// the web only formats them.

/** A catalogue row in the contracts' neutral shape. */
function catalogueSku(sku: SkuRow): TCatalogueSku {
  return {
    id: sku.id,
    itemType: sku.item_type,
    timeUnit: sku.time_unit,
    duration: sku.duration,
    quantity: sku.quantity,
    qualityTier: sku.quality_tier,
    priceFen: sku.price_fen,
    originalPriceFen: sku.original_price_fen,
  };
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
  const catalogue = skus.map(catalogueSku);
  const memberPrices = toMembershipPrices(catalogue);
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
    // cloud-PC plans have their own listing (GET /cloudPc/plans)
    addOns: catalogue.filter((sku) => sku.itemType !== 'MEMBER' && sku.itemType !== 'CLOUD_PC').map(toSkuPrice),
  };
}

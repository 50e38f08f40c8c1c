import { locales, ZMemberPlan, ZOrderItemType, ZPricingCategory, ZQualityTier, ZTimeUnit } from '@llk/contracts';
import { z } from 'zod';
import { type SeedStep } from '../../infrastructure/db/seed-step';
import { replaceMatrix, upsertSkus, type SeedMatrix, type SeedSku } from './pricing.repository';

// content/seed/pricing.json: the SKUs (prices in integer fen) in catalogue order, the plans
// (FREE, PRO) and the feature matrix in page order, every text in every locale.

const ZSeedSku = z
  .object({
    id: z.string().regex(/^[A-Z][A-Z0-9_]{1,39}$/),
    itemType: ZOrderItemType,
    timeUnit: ZTimeUnit.nullable(),
    duration: z.number().int().positive(),
    quantity: z.number().int().positive(),
    qualityTier: ZQualityTier.nullable(),
    priceFen: z.number().int().nonnegative(),
    originalPriceFen: z.number().int().nonnegative(),
  })
  .refine((sku) => sku.originalPriceFen >= sku.priceFen, { error: 'originalPriceFen must be at least priceFen' })
  .refine((sku) => (sku.itemType === 'QUALITY') === (sku.qualityTier !== null), { error: 'qualityTier is set on QUALITY SKUs only' })
  .refine((sku) => sku.itemType !== 'MEMBER' || sku.timeUnit !== null, { error: 'a membership SKU needs a timeUnit' });

const ZText = z.string().trim().min(1);

/** Every locale must be present: the pricing page shows no half-translated matrix. */
function allLocales<T extends z.ZodType>(schema: T) {
  return z.record(z.enum(locales), schema);
}

const ZSeedFeature = z.object({
  code: z.string().regex(/^[A-Z][A-Z0-9_]{1,49}$/),
  free: z.boolean(),
  paid: z.boolean(),
  translations: allLocales(z.object({ name: ZText, description: ZText.optional(), free: ZText.optional(), paid: ZText.optional() })),
});

const ZSeedPricing = z.object({
  skus: z.array(ZSeedSku).min(1),
  plans: z.array(
    z.object({
      code: ZMemberPlan,
      /** what the plan allows: devices registered, devices controlled at the same time, days of connection history kept */
      limits: z.object({
        devices: z.number().int().positive(),
        simultaneousSessions: z.number().int().positive(),
        historyDays: z.number().int().positive(),
      }),
      translations: allLocales(z.object({ name: ZText, summary: ZText })),
    }),
  ),
  groups: z.array(z.object({ category: ZPricingCategory, names: allLocales(ZText), features: z.array(ZSeedFeature).min(1) })),
});
export type TSeedPricing = z.infer<typeof ZSeedPricing>;

function seedSkus(data: TSeedPricing): SeedSku[] {
  const ids = new Set<string>();
  return data.skus.map((sku, index) => {
    if (ids.has(sku.id)) throw new Error(`pricing.json: SKU ${sku.id} is listed twice`);
    ids.add(sku.id);
    return {
      id: sku.id,
      item_type: sku.itemType,
      time_unit: sku.timeUnit,
      duration: sku.duration,
      quantity: sku.quantity,
      quality_tier: sku.qualityTier,
      price_fen: sku.priceFen,
      original_price_fen: sku.originalPriceFen,
      sort_order: index,
    };
  });
}

function seedMatrix(data: TSeedPricing): SeedMatrix {
  const codes = new Set<string>();
  const unique = (kind: string, code: string) => {
    if (codes.has(`${kind}:${code}`)) throw new Error(`pricing.json: ${kind} ${code} is listed twice`);
    codes.add(`${kind}:${code}`);
  };
  return {
    plans: data.plans.map((plan) => {
      unique('plan', plan.code);
      return {
        id: plan.code,
        deviceLimit: plan.limits.devices,
        sessionLimit: plan.limits.simultaneousSessions,
        historyDays: plan.limits.historyDays,
        translations: Object.entries(plan.translations).map(([locale, t]) => ({ locale, name: t.name, summary: t.summary })),
      };
    }),
    groups: data.groups.map((group) => {
      unique('group', group.category);
      return {
        id: group.category,
        translations: Object.entries(group.names).map(([locale, name]) => ({ locale, name })),
        features: group.features.map((feature) => {
          unique('feature', feature.code);
          return {
            id: feature.code,
            freeIncluded: feature.free,
            paidIncluded: feature.paid,
            translations: Object.entries(feature.translations).map(([locale, t]) => ({
              locale,
              name: t.name,
              description: t.description ?? null,
              freeValue: t.free ?? null,
              paidValue: t.paid ?? null,
            })),
          };
        }),
      };
    }),
  };
}

export const pricingSeedStep: SeedStep = {
  name: 'pricing',
  async run(db, context) {
    const data = ZSeedPricing.parse(context.readJson('pricing.json'));
    await upsertSkus(db, seedSkus(data));
    await replaceMatrix(db, seedMatrix(data));
  },
};

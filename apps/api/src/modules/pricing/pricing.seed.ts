import { ZOrderItemType, ZQualityTier, ZTimeUnit } from '@llk/contracts';
import { z } from 'zod';
import { type SeedStep } from '../../db/seeds';
import { upsertSkus, type SeedSku } from './pricing.repository';

// content/seed/pricing.json: the SKUs (prices in integer fen) in catalogue order.

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

export const ZSeedPricing = z.object({
  skus: z.array(ZSeedSku).min(1),
});
export type TSeedPricing = z.infer<typeof ZSeedPricing>;

export function seedSkus(data: TSeedPricing): SeedSku[] {
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

export const pricingSeedStep: SeedStep = {
  name: 'pricing',
  async run(db, context) {
    const data = ZSeedPricing.parse(context.readJson('pricing.json'));
    await upsertSkus(db, seedSkus(data));
  },
};

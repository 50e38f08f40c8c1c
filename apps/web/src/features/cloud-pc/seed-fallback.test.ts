import { ZCloudPcPlans } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { cloudPcPlansFromSeed, SEED_SPECS } from './seed-fallback';

describe('cloud-PC plans fallback from content/seed/pricing.json', () => {
  it('lists the four tiers, 14 cores / 28 threads up to 52 cores / 104 threads', () => {
    const { plans } = cloudPcPlansFromSeed();
    expect(ZCloudPcPlans.safeParse({ plans }).success).toBe(true);
    expect(plans.map((plan) => plan.planId)).toEqual(['STANDARD', 'ADVANCED', 'PROFESSIONAL', 'ULTIMATE']);
    expect(plans[0]).toMatchObject({ cores: 14, threads: 28 });
    expect(plans.at(-1)).toMatchObject({ cores: 52, threads: 104 });
  });

  it('takes the prices from the catalogue’s CLOUD_PC SKUs, month before year, and ignores other items', () => {
    const file = {
      skus: [
        {
          id: 'MEMBER_YEAR',
          itemType: 'MEMBER',
          timeUnit: 'YEAR',
          duration: 1,
          quantity: 1,
          qualityTier: null,
          priceFen: 26800,
          originalPriceFen: 45600,
        },
        {
          id: 'CLOUD_PC_ULTIMATE_YEAR',
          itemType: 'CLOUD_PC',
          timeUnit: 'YEAR',
          duration: 1,
          quantity: 1,
          qualityTier: null,
          priceFen: 1299000,
          originalPriceFen: 1678800,
        },
        {
          id: 'CLOUD_PC_ULTIMATE_MONTH',
          itemType: 'CLOUD_PC',
          timeUnit: 'MONTH',
          duration: 1,
          quantity: 1,
          qualityTier: null,
          priceFen: 129900,
          originalPriceFen: 139900,
        },
        {
          id: 'CLOUD_PC_BOGUS_MONTH',
          itemType: 'CLOUD_PC',
          timeUnit: 'MONTH',
          duration: 1,
          quantity: 1,
          qualityTier: null,
          priceFen: 1,
          originalPriceFen: 1,
        },
      ],
    };
    const { plans } = cloudPcPlansFromSeed(file);
    const ultimate = plans.find((plan) => plan.planId === 'ULTIMATE')!;
    expect(ultimate).toEqual({
      planId: 'ULTIMATE',
      ...SEED_SPECS.ULTIMATE,
      offers: [
        { skuId: 'CLOUD_PC_ULTIMATE_MONTH', timeUnit: 'MONTH', priceFen: 129900, originalPriceFen: 139900 },
        { skuId: 'CLOUD_PC_ULTIMATE_YEAR', timeUnit: 'YEAR', priceFen: 1299000, originalPriceFen: 1678800 },
      ],
    });
    expect(plans.find((plan) => plan.planId === 'STANDARD')!.offers).toEqual([]);
  });

  it('lists plans without offers when the file has no cloud-PC SKUs', () => {
    expect(cloudPcPlansFromSeed({ skus: [] }).plans.every((plan) => plan.offers.length === 0)).toBe(true);
  });
});

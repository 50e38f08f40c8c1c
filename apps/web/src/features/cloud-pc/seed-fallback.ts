import { ZCloudPcPlans, type TCatalogueSku, type TCloudPcPlan, type TCloudPcPlans } from '@llk/contracts';
import seed from '../../../../../content/seed/pricing.json';
import { CLOUD_PC_PLAN_IDS, parseCloudPcSku } from './sku';

// The cloud-PC page's build-time fallback, like /pricing's (ADR 0006): when GET /cloudPc/plans
// does not answer, the prices come from content/seed/pricing.json, the file the API seeds its
// catalogue from (SKUs of item type CLOUD_PC). The machines' specifications are the product's
// tiers (14 cores / 28 threads up to 52 cores / 104 threads); the API's answer replaces
// both at the next regeneration. A plan without SKUs in the file is listed without offers.

export const SEED_SPECS: Record<TCloudPcPlan['planId'], Omit<TCloudPcPlan, 'planId' | 'offers'>> = {
  STANDARD: { cores: 14, threads: 28, memoryGb: 32, storageGb: 512 },
  ADVANCED: { cores: 24, threads: 48, memoryGb: 64, storageGb: 1024 },
  PROFESSIONAL: { cores: 36, threads: 72, memoryGb: 128, storageGb: 2048 },
  ULTIMATE: { cores: 52, threads: 104, memoryGb: 256, storageGb: 4096 },
};

export function cloudPcPlansFromSeed(file: unknown = seed): TCloudPcPlans {
  const skus = ((file as { skus?: TCatalogueSku[] }).skus ?? []).filter((sku) => sku.itemType === 'CLOUD_PC');
  const plans = CLOUD_PC_PLAN_IDS.map((planId) => ({
    planId,
    ...SEED_SPECS[planId],
    offers: skus
      .map((sku) => ({ sku, parsed: parseCloudPcSku(sku.id) }))
      .filter(({ parsed }) => parsed?.planId === planId)
      .map(({ sku, parsed }) => ({
        skuId: sku.id,
        timeUnit: parsed!.timeUnit,
        priceFen: sku.priceFen,
        originalPriceFen: sku.originalPriceFen,
      }))
      .sort((a, b) => (a.timeUnit === b.timeUnit ? 0 : a.timeUnit === 'MONTH' ? -1 : 1)),
  }));
  return ZCloudPcPlans.parse({ plans });
}

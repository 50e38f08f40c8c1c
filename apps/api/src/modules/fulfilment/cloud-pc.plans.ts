import { ZCloudPcPlanId, type TCloudPcPlanId, type TTimeUnit } from '@llk/contracts';

// The machines behind each plan, as the cloud-PC page sells them (14 cores / 28 threads up to
// 52 cores / 104 threads). Prices are catalogue SKUs CLOUD_PC_<PLAN>_<MONTH|YEAR> (content/seed/pricing.json).

export interface CloudPcSpec {
  planId: TCloudPcPlanId;
  cores: number;
  threads: number;
  memoryGb: number;
  storageGb: number;
}

export const CLOUD_PC_SPECS: readonly CloudPcSpec[] = [
  { planId: 'STANDARD', cores: 14, threads: 28, memoryGb: 32, storageGb: 512 },
  { planId: 'ADVANCED', cores: 24, threads: 48, memoryGb: 64, storageGb: 1024 },
  { planId: 'PROFESSIONAL', cores: 36, threads: 72, memoryGb: 128, storageGb: 2048 },
  { planId: 'ULTIMATE', cores: 52, threads: 104, memoryGb: 256, storageGb: 4096 },
];

export function specOf(planId: string): CloudPcSpec {
  return CLOUD_PC_SPECS.find((spec) => spec.planId === planId) ?? CLOUD_PC_SPECS[0]!;
}

export function skuIdOf(planId: TCloudPcPlanId, timeUnit: TTimeUnit): string {
  return `CLOUD_PC_${planId}_${timeUnit}`;
}

/** CLOUD_PC_ADVANCED_YEAR → ADVANCED; null for any other SKU. */
export function planOfSku(skuId: string): TCloudPcPlanId | null {
  const match = /^CLOUD_PC_([A-Z]+)_(?:MONTH|YEAR)$/.exec(skuId);
  const parsed = ZCloudPcPlanId.safeParse(match?.[1]);
  return parsed.success ? parsed.data : null;
}

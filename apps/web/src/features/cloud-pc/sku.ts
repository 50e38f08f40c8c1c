import type { TCloudPcPlanId, TTimeUnit } from '@llk/contracts';

// Cloud-PC SKU ids of the catalogue: CLOUD_PC_<PLAN>_<MONTH|YEAR> (content/seed/pricing.json).
// Type imports only: this file is also part of browser bundles, which never load the contracts
// barrel (zod).

export const CLOUD_PC_PLAN_IDS: readonly TCloudPcPlanId[] = ['STANDARD', 'ADVANCED', 'PROFESSIONAL', 'ULTIMATE'];
const TIME_UNITS: readonly TTimeUnit[] = ['MONTH', 'YEAR'];
const SKU_RE = /^CLOUD_PC_([A-Z]+)_([A-Z]+)$/;

export function cloudPcSku(planId: TCloudPcPlanId, timeUnit: TTimeUnit): string {
  return `CLOUD_PC_${planId}_${timeUnit}`;
}

/** The plan and term of a cloud-PC SKU id; null for anything else (a membership SKU, garbage). */
export function parseCloudPcSku(value: unknown): { planId: TCloudPcPlanId; timeUnit: TTimeUnit } | null {
  if (typeof value !== 'string') return null;
  const match = SKU_RE.exec(value);
  if (!match) return null;
  const planId = CLOUD_PC_PLAN_IDS.find((id) => id === match[1]);
  const timeUnit = TIME_UNITS.find((unit) => unit === match[2]);
  return planId && timeUnit ? { planId, timeUnit } : null;
}

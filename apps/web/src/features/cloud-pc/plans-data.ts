import { ZCloudPcPlans, type TCloudPcPlans } from '@llk/contracts';
import { type TLocale } from '@llk/contracts/locales';
import { fetchContent } from '@/lib/content-fetch';
import { cloudPcPlansFromSeed } from './seed-fallback';

/**
 * The cloud-PC plans: GET /cloudPc/plans on the server (ISR, ADR 0006), else the seed file the
 * API is seeded from. `live` is false for the fallback (the order page then sells nothing).
 */
export async function loadCloudPcPlans(locale: TLocale): Promise<{ plans: TCloudPcPlans['plans']; live: boolean }> {
  const data = await fetchContent('/cloudPc/plans', locale, ZCloudPcPlans);
  return data ? { plans: data.plans, live: true } : { plans: cloudPcPlansFromSeed().plans, live: false };
}

import { type TCloudPcPlan, type TEnvelope } from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../src/composition/setup/seed';
import { SEED_WITHOUT_SEARCH, testDialects, useTestApp } from '../../helper';

// What the seeded catalogue sells as cloud PCs: the spec's CPU tiers (14 cores / 28 threads up
// to 52 / 104) and the prices of content/seed/pricing.json, written out so a changed price or
// tier fails here.

describe.each(testDialects())('cloud-PC catalogue from the seed ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  beforeAll(async () => {
    await seedDatabase(ctx.database.db, { steps: SEED_WITHOUT_SEARCH });
  });

  it('offers four plans from 14 cores / 28 threads to 52 / 104, monthly and yearly, at the seeded prices', async () => {
    const res = await ctx.app.inject({ url: '/cloudPc/plans' });
    expect(res.statusCode, res.body).toBe(200);
    const { plans } = res.json<TEnvelope<{ plans: TCloudPcPlan[] }>>().data;
    expect(
      plans.map((plan) => [
        plan.planId,
        plan.cores,
        plan.threads,
        ...plan.offers.map((offer) => [offer.timeUnit, offer.priceFen, offer.originalPriceFen]),
      ]),
    ).toEqual([
      ['STANDARD', 14, 28, ['MONTH', 29900, 32900], ['YEAR', 299000, 394800]],
      ['ADVANCED', 24, 48, ['MONTH', 49900, 54900], ['YEAR', 499000, 658800]],
      ['PROFESSIONAL', 36, 72, ['MONTH', 79900, 86900], ['YEAR', 799000, 1042800]],
      ['ULTIMATE', 52, 104, ['MONTH', 129900, 139900], ['YEAR', 1299000, 1678800]],
    ]);
  });
});

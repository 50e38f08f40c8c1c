import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '@llk/contracts';
import { pricingSeedStep } from '../../../src/modules/pricing/pricing.seed';
import { findPlanLimits } from '../../../src/modules/pricing/pricing.repository';
import { createTestDatabase, testDialects, type TestDatabase } from '../../databases';

// How far back the connection history goes is the pricing data's promise: the plans' limits
// (which the retention job keeps to) and the feature text the pricing page shows in every
// language must name the same numbers.

const SEED_DIR = path.resolve(import.meta.dirname, '../../../../../content/seed');

interface SeedFile {
  plans: { code: string; limits: { historyDays: number } }[];
  groups: { features: { code: string; translations: Record<string, { free?: string; paid?: string }> }[] }[];
}

const seed = JSON.parse(readFileSync(path.join(SEED_DIR, 'pricing.json'), 'utf8')) as SeedFile;

describe('the connection history in the pricing data', () => {
  it('the free plan keeps 7 days and Pro 180, and every language’s feature text says so', () => {
    expect(seed.plans.map((plan) => [plan.code, plan.limits.historyDays])).toEqual([
      ['FREE', 7],
      ['PRO', 180],
    ]);
    const feature = seed.groups.flatMap((group) => group.features).find((f) => f.code === 'CONNECTION_HISTORY');
    expect(Object.keys(feature?.translations ?? {}).sort()).toEqual([...locales].sort());
    for (const locale of locales) {
      const text = feature!.translations[locale]!;
      expect([locale, text.free?.match(/\d+/g)]).toEqual([locale, ['7']]);
      expect([locale, text.paid?.match(/\d+/g)]).toEqual([locale, ['180']]);
    }
  });
});

describe.each(testDialects())('plans’ history days ($dialect)', ({ dialect }) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await pricingSeedStep.run(test.handle.db, {
      dir: SEED_DIR,
      readJson: (file) => JSON.parse(readFileSync(path.join(SEED_DIR, file), 'utf8')),
    });
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it('are seeded with the plans (7 free, 180 Pro)', async () => {
    expect((await findPlanLimits(test.handle.db, 'FREE'))?.history_days).toBe(7);
    expect((await findPlanLimits(test.handle.db, 'PRO'))?.history_days).toBe(180);
  });
});

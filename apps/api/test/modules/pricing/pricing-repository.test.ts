import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../src/composition/setup/seed';
import { findSku, listSkus, upsertSkus } from '../../../src/modules/pricing/pricing.repository';
import { createTestDatabase, testDialects, type TestDatabase } from '../../databases';
import { SEED_WITHOUT_SEARCH } from '../../helper';

describe.each(testDialects())('catalogue SKUs ($dialect)', ({ dialect }) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedDatabase(test.handle.db, { steps: SEED_WITHOUT_SEARCH });
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it('findSku gives a seeded SKU with integer fen prices and a boolean active', async () => {
    const year = await findSku(test.handle.db, 'MEMBER_YEAR');
    expect(year).toEqual({
      id: 'MEMBER_YEAR',
      item_type: 'MEMBER',
      time_unit: 'YEAR',
      duration: 1,
      quantity: 1,
      quality_tier: null,
      price_fen: 26800,
      original_price_fen: 45600,
      active: true,
      sort_order: 1,
    });
    const walls = await findSku(test.handle.db, 'MONITOR_10');
    expect(walls).toMatchObject({ item_type: 'MONITOR', time_unit: null, quantity: 10, price_fen: 15800 });
    const ultra = await findSku(test.handle.db, 'QUALITY_ULTRA_YEAR');
    expect(ultra).toMatchObject({ item_type: 'QUALITY', quality_tier: 'ULTRA', time_unit: 'YEAR' });
    expect(await findSku(test.handle.db, 'NOPE')).toBeUndefined();
  });

  it('the annual membership costs less than twelve months', async () => {
    const [month, year] = await Promise.all([findSku(test.handle.db, 'MEMBER_MONTH'), findSku(test.handle.db, 'MEMBER_YEAR')]);
    expect(month && year).toBeTruthy();
    expect(year!.price_fen).toBeLessThan(12 * month!.price_fen);
  });

  it('listSkus lists active SKUs in catalogue order, optionally of one item type', async () => {
    const all = await listSkus(test.handle.db);
    const cloud = ['STANDARD', 'ADVANCED', 'PROFESSIONAL', 'ULTIMATE'].flatMap((plan) => [
      `CLOUD_PC_${plan}_MONTH`,
      `CLOUD_PC_${plan}_YEAR`,
    ]);
    expect(all.map((sku) => sku.id)).toEqual([
      'MEMBER_MONTH',
      'MEMBER_YEAR',
      'MONITOR_1',
      'MONITOR_10',
      'CHANNEL_YEAR',
      'QUALITY_HD_YEAR',
      'QUALITY_ULTRA_YEAR',
      ...cloud,
    ]);
    for (const sku of all) {
      expect(Number.isInteger(sku.price_fen)).toBe(true);
      expect(sku.original_price_fen).toBeGreaterThanOrEqual(sku.price_fen);
    }
    expect((await listSkus(test.handle.db, 'MEMBER')).map((sku) => sku.id)).toEqual(['MEMBER_MONTH', 'MEMBER_YEAR']);
    expect((await listSkus(test.handle.db, 'CHANNEL')).map((sku) => sku.id)).toEqual(['CHANNEL_YEAR']);
    expect((await listSkus(test.handle.db, 'CLOUD_PC')).map((sku) => sku.id)).toEqual(cloud);
    // every cloud-PC year costs less than twelve of its months
    for (const plan of ['STANDARD', 'ADVANCED', 'PROFESSIONAL', 'ULTIMATE']) {
      const [month, year] = [
        all.find((sku) => sku.id === `CLOUD_PC_${plan}_MONTH`)!,
        all.find((sku) => sku.id === `CLOUD_PC_${plan}_YEAR`)!,
      ];
      expect(year.price_fen, plan).toBeLessThan(12 * month.price_fen);
    }
  });

  it('reseeding updates prices by id and retires SKUs the seed no longer lists, without deleting them', async () => {
    const db = test.handle.db;
    const month = (await findSku(db, 'MEMBER_MONTH'))!;
    const year = (await findSku(db, 'MEMBER_YEAR'))!;
    await upsertSkus(db, [{ ...month, price_fen: 2500 }, year]);
    expect((await findSku(db, 'MEMBER_MONTH'))?.price_fen).toBe(2500);
    expect(await findSku(db, 'MONITOR_1')).toMatchObject({ active: false, price_fen: 1800 });
    expect((await listSkus(db)).map((sku) => sku.id)).toEqual(['MEMBER_MONTH', 'MEMBER_YEAR']);

    await seedDatabase(db, { steps: SEED_WITHOUT_SEARCH, force: true });
    expect((await findSku(db, 'MEMBER_MONTH'))?.price_fen).toBe(3000);
    expect(await findSku(db, 'MONITOR_1')).toMatchObject({ active: true });
    expect(await listSkus(db)).toHaveLength(15);
  });

  it('the database refuses a price above the original price', async () => {
    await expect(
      test.handle.db
        .insertInto('catalogue_skus')
        .values({
          id: 'BAD',
          item_type: 'MEMBER',
          time_unit: 'MONTH',
          duration: 1,
          quantity: 1,
          quality_tier: null,
          price_fen: 500,
          original_price_fen: 400,
          active: 1,
          sort_order: 99,
        })
        .execute(),
    ).rejects.toThrow();
  });
});

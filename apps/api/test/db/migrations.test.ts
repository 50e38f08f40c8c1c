import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type KyselyPlugin } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findMeta, setMeta } from '../../src/infrastructure/db/app-meta.repository';
import { migrateToLatest } from '../../src/infrastructure/db/migrate';
import { migrations } from '../../src/infrastructure/db/migrations';
import { SEED_HASH_KEY, SEED_VERSION_KEY, seedDatabase } from '../../src/composition/setup/seed';
import { type SeedStep } from '../../src/infrastructure/db/seed-step';
import { seedDir } from '../../src/paths';
import { ownTableNames } from '../databases';
import { createTestDatabase, testDialects, type TestDatabase } from '../helper';

describe.each(testDialects())('migrations and seed on $dialect', ({ dialect }) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(dialect, { migrate: false });
  });
  afterEach(async () => {
    await test.cleanup();
  });

  it('applies every migration once; a second run is a no-op', async () => {
    expect(await migrateToLatest(test.handle)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(test.handle)).toEqual([]);
    const tables = await ownTableNames(test.handle);
    expect(tables).toContain('app_meta');
  });

  it('tries the set-up again when another schema is dropped under its table listing, and nothing else', async () => {
    // fails the first query(ies) the way PostgreSQL does when a schema vanishes mid-listing
    const failing = (code: string, times: number) => {
      let left = times;
      const plugin: KyselyPlugin = {
        transformQuery: (args) => {
          if (left > 0) {
            left -= 1;
            throw Object.assign(new Error('schema "test_gone" does not exist'), { code });
          }
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      return { ...test.handle, db: test.handle.db.withPlugin(plugin) };
    };
    // schema gone, then a column of a table being dropped (pg_get_serial_sequence)
    expect(await migrateToLatest(failing('3F000', 1))).toEqual(Object.keys(migrations));
    expect(await ownTableNames(test.handle)).toContain('app_meta');
    expect(await migrateToLatest(failing('42703', 2))).toEqual([]);
    // any other failure is not a race: refused at once (the set-up would succeed on a second try)
    await expect(migrateToLatest(failing('28P01', 1))).rejects.toThrow(/does not exist/);
  });

  it("looks for its bookkeeping tables without Kysely's introspector (it lists every column of every schema)", async () => {
    let asked = 0;
    const watched = new Proxy(test.handle.db, {
      get(target, property) {
        if (property === 'introspection') asked += 1;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    expect(await migrateToLatest({ ...test.handle, db: watched })).toEqual(Object.keys(migrations));
    expect(await migrateToLatest({ ...test.handle, db: watched })).toEqual([]);
    // SQLite has one schema and no such race: Kysely's own check is kept there
    expect(asked).toBe(dialect === 'postgres' ? 0 : 4);
  });

  it('0009 gives a channel or a raised tier bought before terms existed a year from the row’s last update', async () => {
    await migrateToLatest(test.handle);
    const m0009 = migrations['0009-add-on-expiry']!;
    await m0009.down!(test.handle.db);
    const row = (id: string, extra: Record<string, unknown>) => ({
      id,
      nickname: id,
      password_hash: 'x',
      password_changed_at: '2026-01-01T00:00:00.000Z',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-03-15T08:30:00.000Z',
      channel_enabled: 0,
      quality_tier: 'STANDARD',
      ...extra,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = test.handle.db as any;
    await db
      .insertInto('users')
      .values([row('u-channel', { channel_enabled: 1 }), row('u-tier', { quality_tier: 'HD' }), row('u-free', {})])
      .execute();
    await m0009.up(test.handle.db);
    const rows = await db.selectFrom('users').select(['id', 'channel_expires_at', 'quality_expires_at']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'u-channel', channel_expires_at: '2027-03-15T08:30:00.000Z', quality_expires_at: null },
      { id: 'u-free', channel_expires_at: null, quality_expires_at: null },
      { id: 'u-tier', channel_expires_at: null, quality_expires_at: '2027-03-15T08:30:00.000Z' },
    ]);
  });

  it('0037 withdraws refused order refunds that were final before it (no posting) and queues double-payment refunds the old rules gave up on', async () => {
    await migrateToLatest(test.handle);
    const m0037 = migrations['0037-refund-review']!;
    await m0037.down!(test.handle.db);
    const at = '2026-11-30T08:00:00.000Z';
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = test.handle.db as any;
    await db
      .insertInto('users')
      .values({ id: 'u1', nickname: 'u1', password_hash: 'x', password_changed_at: at, created_at: at, updated_at: at })
      .execute();
    const order = (id: string, status: string, paymentId: string, refundedFen: number) => ({
      id,
      user_id: 'u1',
      status,
      source: 'WEB',
      currency: 'CNY',
      total_fen: 100,
      original_total_fen: 100,
      refunded_fen: refundedFen,
      subject: id,
      paid_payment_id: paymentId,
      created_at: at,
      updated_at: at,
      expires_at: at,
      paid_at: at,
    });
    const payment = (id: string, orderId: string, needsRefund = 0) => ({
      id,
      order_id: orderId,
      payment_no: `no-${id}`,
      method: 'WX',
      client: 'NATIVE',
      amount_fen: 100,
      state: 'PAID',
      needs_refund: needsRefund,
      created_at: at,
      updated_at: at,
      expires_at: at,
      paid_at: at,
    });
    await db
      .insertInto('orders')
      .values([
        order('o-partly', 'FULFILLED', 'p-partly', 50),
        order('o-double', 'FULFILLED', 'p-double', 0),
        order('o-again', 'REFUNDING', 'p-again', 0),
      ])
      .execute();
    await db
      .insertInto('payments')
      .values([
        payment('p-partly', 'o-partly'),
        payment('p-double', 'o-double'),
        payment('p-double-2', 'o-double', 1),
        payment('p-double-3', 'o-double', 1),
        payment('p-double-4', 'o-double', 1),
        payment('p-again', 'o-again'),
      ])
      .execute();
    const refund = (id: string, orderId: string, paymentId: string, state: string, nextAttemptAt: string | null) => ({
      id,
      refund_no: `no-${id}`,
      order_id: orderId,
      payment_id: paymentId,
      amount_fen: 50,
      reason: 'test',
      state,
      created_at: at,
      updated_at: at,
      completed_at: ['FAILED', 'SUCCEEDED'].includes(state) ? at : null,
      attempts: 8,
      next_attempt_at: nextAttemptAt,
    });
    await db
      .insertInto('refunds')
      .values([
        // 100 fen paid, 50 refused (final then: the order went back), then 50 refunded
        refund('r1-refused', 'o-partly', 'p-partly', 'FAILED', null),
        refund('r2-refunded', 'o-partly', 'p-partly', 'SUCCEEDED', null),
        // double payments: refused (still owed), given up (PENDING or PROCESSING, no next attempt), still being asked
        refund('r3-double-refused', 'o-double', 'p-double-2', 'FAILED', null),
        refund('r4-double-gave-up', 'o-double', 'p-double-3', 'PENDING', null),
        refund('r5-double-gave-up', 'o-double', 'p-double-4', 'PROCESSING', null),
        refund('r6-double-asking', 'o-double', 'p-double', 'PENDING', '2026-11-30T09:00:00.000Z'),
        // refused, then a second refund under way: the refused one was final all the same
        refund('r7-refused', 'o-again', 'p-again', 'FAILED', null),
        refund('r8-open', 'o-again', 'p-again', 'PENDING', '2026-11-30T09:00:00.000Z'),
      ])
      .execute();
    await m0037.up(test.handle.db);
    const rows = await db.selectFrom('refunds').select(['id', 'state', 'updated_at']).orderBy('id').execute();
    expect(rows.map((row: { id: string; state: string }) => [row.id, row.state])).toEqual([
      ['r1-refused', 'WITHDRAWN'],
      ['r2-refunded', 'SUCCEEDED'],
      ['r3-double-refused', 'FAILED'],
      ['r4-double-gave-up', 'UNKNOWN'],
      ['r5-double-gave-up', 'UNKNOWN'],
      ['r6-double-asking', 'PENDING'],
      ['r7-refused', 'WITHDRAWN'],
      ['r8-open', 'PENDING'],
    ]);
    // the orders are left as they were
    expect(await db.selectFrom('orders').select(['id', 'status', 'refunded_fen']).orderBy('id').execute()).toEqual([
      { id: 'o-again', status: 'REFUNDING', refunded_fen: 0 },
      { id: 'o-double', status: 'FULFILLED', refunded_fen: 0 },
      { id: 'o-partly', status: 'FULFILLED', refunded_fen: 50 },
    ]);
    // rows made up without the ledger postings of their time: gone before the suite audits the ledger
    for (const table of ['refunds', 'payments', 'orders', 'users']) await db.deleteFrom(table).execute();
  });

  it('seeds the repository content once and records its version', async () => {
    await migrateToLatest(test.handle);
    const first = await seedDatabase(test.handle.db);
    expect(first.applied).toBe(true);
    expect(await findMeta(test.handle.db, SEED_VERSION_KEY)).toBe(String(first.version));
    expect(await findMeta(test.handle.db, SEED_HASH_KEY)).toBe(first.hash);

    const second = await seedDatabase(test.handle.db);
    expect(second).toEqual({ ...first, applied: false });
    const rows = await test.handle.db.selectFrom('app_meta').select('key').execute();
    expect(rows.map((row) => row.key).sort()).toEqual([SEED_HASH_KEY, SEED_VERSION_KEY].sort());
  });

  describe('with a seed folder of its own', () => {
    const dirs: string[] = [];
    afterAll(() => {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });
    function copySeed(): string {
      const dir = mkdtempSync(path.join(tmpdir(), 'llk-seed-'));
      cpSync(seedDir, dir, { recursive: true });
      dirs.push(dir);
      return dir;
    }

    // A step like the ones later issues add: upserts one row per item of a content file.
    let runs = 0;
    const step: SeedStep = {
      name: 'items',
      async run(db, context) {
        runs += 1;
        for (const item of context.readJson<{ key: string; value: string }[]>('items.json'))
          await setMeta(db, `item.${item.key}`, item.value);
      },
    };

    it('reruns its steps only when content changes, and reruns are idempotent', async () => {
      runs = 0;
      await migrateToLatest(test.handle);
      const dir = copySeed();
      writeFileSync(path.join(dir, 'items.json'), JSON.stringify([{ key: 'a', value: '1' }]));

      expect((await seedDatabase(test.handle.db, { dir, steps: [step] })).applied).toBe(true);
      expect((await seedDatabase(test.handle.db, { dir, steps: [step] })).applied).toBe(false);
      expect(runs).toBe(1);

      writeFileSync(
        path.join(dir, 'items.json'),
        JSON.stringify([
          { key: 'a', value: '2' },
          { key: 'b', value: '3' },
        ]),
      );
      expect((await seedDatabase(test.handle.db, { dir, steps: [step] })).applied).toBe(true);
      expect((await seedDatabase(test.handle.db, { dir, steps: [step], force: true })).applied).toBe(true);
      expect(runs).toBe(3);

      const items = await test.handle.db
        .selectFrom('app_meta')
        .select(['key', 'value'])
        .where('key', 'like', 'item.%')
        .orderBy('key')
        .execute();
      expect(items).toEqual([
        { key: 'item.a', value: '2' },
        { key: 'item.b', value: '3' },
      ]);
    });

    it('rolls a failed seed back and names the bad file', async () => {
      await migrateToLatest(test.handle);
      const dir = copySeed();
      writeFileSync(path.join(dir, 'items.json'), '[{ not json');
      await expect(seedDatabase(test.handle.db, { dir, steps: [step] })).rejects.toThrow(/items\.json/);
      expect(await findMeta(test.handle.db, SEED_VERSION_KEY)).toBeUndefined();

      const halfway: SeedStep = {
        name: 'halfway',
        async run(db) {
          await setMeta(db, 'item.partial', 'x');
          throw new Error('step failed');
        },
      };
      await expect(seedDatabase(test.handle.db, { dir, steps: [halfway] })).rejects.toThrow('step failed');
      expect(await findMeta(test.handle.db, 'item.partial')).toBeUndefined();

      writeFileSync(path.join(dir, 'seed.json'), '{"version": "one"}');
      await expect(seedDatabase(test.handle.db, { dir, steps: [] })).rejects.toThrow();
    });
  });
});

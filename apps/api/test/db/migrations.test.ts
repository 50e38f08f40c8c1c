import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type KyselyPlugin } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findMeta, setMeta } from '../../src/db/app-meta.repository';
import { migrateToLatest } from '../../src/db/migrate';
import { migrations } from '../../src/db/migrations';
import { SEED_HASH_KEY, SEED_VERSION_KEY, seedDatabase } from '../../src/setup/seed';
import { type SeedStep } from '../../src/db/seed-step';
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

  it('looks for its bookkeeping tables without Kysely\'s introspector (it lists every column of every schema)', async () => {
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
        for (const item of context.readJson<{ key: string; value: string }[]>('items.json')) await setMeta(db, `item.${item.key}`, item.value);
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

      writeFileSync(path.join(dir, 'items.json'), JSON.stringify([{ key: 'a', value: '2' }, { key: 'b', value: '3' }]));
      expect((await seedDatabase(test.handle.db, { dir, steps: [step] })).applied).toBe(true);
      expect((await seedDatabase(test.handle.db, { dir, steps: [step], force: true })).applied).toBe(true);
      expect(runs).toBe(3);

      const items = await test.handle.db.selectFrom('app_meta').select(['key', 'value']).where('key', 'like', 'item.%').orderBy('key').execute();
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

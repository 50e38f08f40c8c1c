import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/infrastructure/db/database';
import { describeDatabaseTarget } from '../../src/infrastructure/db/database-url';
import { ownTableNames } from '../databases';
import { testDialects, useTestDatabase } from '../helper';

describe.each(testDialects())('createDatabase ($dialect)', ({ dialect }) => {
  const ctx = useTestDatabase(dialect);

  // One test per dialect (rather than a skipped one) for the settings only that dialect has.
  const connectionCheck = {
    sqlite: {
      title: 'opens SQLite in WAL mode with foreign keys and a busy timeout',
      run: async () => {
        const pragma = async (name: string) =>
          Object.values((await sql.raw(`pragma ${name}`).execute(ctx.handle.db)).rows[0] as object)[0] as unknown;
        expect(await pragma('journal_mode')).toBe('wal');
        expect(await pragma('foreign_keys')).toBe(1);
        expect(await pragma('busy_timeout')).toBe(5000);
      },
    },
    postgres: {
      title: 'keeps each test in its own schema via search_path',
      run: async () => {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.handle.db);
        expect(rows[0]?.schema).toMatch(/^test_/);
        // the test connections' own setting (test/databases.ts), passed as -c like the schema
        const commit = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(ctx.handle.db);
        expect(commit.rows[0]?.synchronous_commit).toBe('off');
        // the tables are in that schema
        expect(await ownTableNames(ctx.handle)).toContain('app_meta');
      },
    },
  }[dialect];
  it(connectionCheck.title, async () => {
    expect.hasAssertions(); // the checks are the dialect's own, in run()
    await connectionCheck.run();
  });

  it('can be destroyed twice, and fails queries afterwards', async () => {
    const handle = createDatabase(dialect === 'sqlite' ? ':memory:' : (process.env.TEST_DATABASE_URL ?? ''));
    await sql`select 1`.execute(handle.db);
    await handle.destroy();
    await handle.destroy();
    await expect(sql`select 1`.execute(handle.db)).rejects.toThrow();
  });
});

describe('database descriptions', () => {
  it('mask passwords for logs', () => {
    expect(describeDatabaseTarget({ dialect: 'postgres', url: 'postgres://app:s3cret@db:5432/llk' })).toBe(
      'postgres://app:***@db:5432/llk',
    );
    expect(describeDatabaseTarget({ dialect: 'sqlite', file: '/data/llk.sqlite' })).toBe('sqlite:/data/llk.sqlite');
  });

  it('refuse unsafe PostgreSQL schema names', () => {
    expect(() => createDatabase('postgres://u@127.0.0.1/db', { schema: 'x; drop table users' })).toThrow(/invalid PostgreSQL schema name/);
    expect(() => createDatabase('postgres://u@127.0.0.1/db', { settings: { synchronous_commit: 'off -c role=admin' } })).toThrow(
      /invalid PostgreSQL setting/,
    );
    expect(() => createDatabase('postgres://u@127.0.0.1/db', { settings: { 'work_mem; x': '4MB' } })).toThrow(/invalid PostgreSQL setting/);
  });
});

describe('SQLite transactions', () => {
  it('take the write lock at BEGIN, where the busy timeout applies, not at their first write', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'llk-immediate-'));
    const file = path.join(dir, 'db.sqlite');
    const handle = createDatabase(`sqlite:${file}`);
    const other = new SqliteDatabase(file);
    try {
      await sql`create table t (n integer)`.execute(handle.db);
      other.pragma('busy_timeout = 0');
      // outside a transaction the other process writes freely
      other.exec('insert into t values (1)');
      await handle.db.transaction().execute(async (trx) => {
        // nothing read or written yet, and the lock is already this transaction's
        expect(() => other.exec('insert into t values (2)')).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
        await sql`insert into t values (3)`.execute(trx);
      });
      expect(other.prepare('select n from t order by n').pluck().all()).toEqual([1, 3]);
    } finally {
      other.close();
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite prepared statements', () => {
  it('are kept and run again, after a stream left early too, and a schema change does not leave them stale', async () => {
    const handle = createDatabase('sqlite::memory:');
    try {
      await sql`create table t (n integer)`.execute(handle.db);
      for (const n of [1, 2, 3])
        await handle.db
          .insertInto('t' as never)
          .values({ n } as never)
          .execute();
      const select = () => sql<{ n: number }>`select n from t order by n`.execute(handle.db);
      expect((await select()).rows.map((row) => row.n)).toEqual([1, 2, 3]);
      // a stream left early releases its statement: the same SQL runs again
      const stream = () =>
        handle.db
          .selectFrom('t' as never)
          .select('n' as never)
          .orderBy('n' as never)
          .stream() as AsyncIterable<{ n: number }>;
      for await (const row of stream()) if (row.n === 1) break;
      const seen: number[] = [];
      for await (const row of stream()) seen.push(row.n);
      expect(seen).toEqual([1, 2, 3]);
      // the schema changes under a kept statement: SQLite prepares it again
      await sql`alter table t add column m integer default 7`.execute(handle.db);
      expect((await sql<{ n: number; m: number }>`select * from t order by n`.execute(handle.db)).rows[0]).toEqual({ n: 1, m: 7 });
      expect((await select()).rows).toHaveLength(3);
    } finally {
      await handle.destroy();
    }
  });
});

describe.runIf(testDialects().some(({ dialect }) => dialect === 'postgres'))('PostgreSQL prepared statements', () => {
  const ctx = useTestDatabase('postgres');

  it('name the queries with parameters, and a kept SELECT * runs again after a migration changed its table', async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.handle.db);
    // one connection, so the session that prepared is the one asked
    const handle = createDatabase(process.env.TEST_DATABASE_URL ?? '', { schema: rows[0]?.schema ?? '', poolSize: 1 });
    try {
      const db = handle.db;
      await sql`create table prep_t (n integer)`.execute(db);
      await sql`insert into prep_t values (${1}), (${2})`.execute(db);
      const select = () => sql<Record<string, unknown>>`select * from prep_t where n >= ${1} order by n`.execute(db);
      expect((await select()).rows).toEqual([{ n: 1 }, { n: 2 }]);
      expect((await select()).rows).toEqual([{ n: 1 }, { n: 2 }]);
      const prepared = () =>
        sql<{
          name: string;
        }>`select name from pg_prepared_statements where statement = ${'select * from prep_t where n >= $1 order by n'}`.execute(db);
      expect((await prepared()).rows).toHaveLength(1);
      // a migration adds a column under the kept statement: PostgreSQL refuses the old plan's result type
      await sql`alter table prep_t add column m integer default 7`.execute(db);
      expect((await select()).rows).toEqual([
        { n: 1, m: 7 },
        { n: 2, m: 7 },
      ]);
      // under a fresh name
      expect((await prepared()).rows.map((row) => row.name)).toHaveLength(2);
      // a statement without parameters (DDL, scripts) is never named
      await sql`select 1`.execute(db);
      expect(
        (
          await sql<{ count: number }>`select count(*)::int as count from pg_prepared_statements where statement = ${'select 1'}`.execute(
            db,
          )
        ).rows[0]?.count,
      ).toBe(0);
    } finally {
      await handle.destroy();
    }
  });
});

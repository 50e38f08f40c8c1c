import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../src/infrastructure/db/database';
import { type TDialect } from '../src/infrastructure/db/database-url';
import { migrateToLatest } from '../src/infrastructure/db/migrate';
import { checkLedgerBeforeCleanup } from './ledger-check';

// Throwaway databases for tests and the benchmark (no vitest imports here): a temporary
// SQLite file, or a schema of its own in the PostgreSQL database named by TEST_DATABASE_URL.

export interface TestDialect {
  dialect: TDialect;
}

/** In CI (CI=true) a leg whose variable is missing is a failure, not a silently smaller suite. */
function optionalLeg(name: 'TEST_DATABASE_URL' | 'TEST_REDIS_URL'): string | undefined {
  const value = process.env[name];
  if (!value && isCi()) throw new Error(`${name} is not set: CI runs the ${name === 'TEST_DATABASE_URL' ? 'PostgreSQL' : 'Redis'} leg`);
  return value || undefined;
}

function isCi(): boolean {
  const ci = process.env.CI?.trim().toLowerCase();
  return !!ci && ci !== 'false' && ci !== '0';
}

export function testDialects(): TestDialect[] {
  return optionalLeg('TEST_DATABASE_URL') ? [{ dialect: 'sqlite' }, { dialect: 'postgres' }] : [{ dialect: 'sqlite' }];
}

/** The Redis of the Redis leg (TEST_REDIS_URL), or undefined outside CI when it is not set. */
export function testRedisUrl(): string | undefined {
  return optionalLeg('TEST_REDIS_URL');
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** PostgreSQL: the schema of its own (search_path of every connection). */
  schema?: string;
  /** SQLite: the database file. */
  file?: string;
  /**
   * What a separate API process is given as DATABASE_URL to open this very database: the SQLite
   * file, or the PostgreSQL URL with the schema as its search_path.
   */
  url: string;
  /** Closes it and deletes the file / drops the schema. */
  cleanup(): Promise<void>;
}

/** A new, empty, migrated database of that dialect. */
export async function createTestDatabase(dialect: TDialect, options: { migrate?: boolean; durable?: boolean } = {}): Promise<TestDatabase> {
  const test = dialect === 'sqlite' ? createSqlite() : await createPostgres(options.durable ?? false);
  if (options.migrate !== false) {
    try {
      await migrateToLatest(test.handle);
    } catch (error) {
      await test.cleanup();
      throw error;
    }
  }
  return test;
}

function createSqlite(): TestDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), 'llk-test-'));
  const file = path.join(dir, 'test.sqlite');
  const handle = createDatabase({ dialect: 'sqlite', file });
  return {
    handle,
    file,
    url: file,
    async cleanup() {
      const check = await checkLedgerBeforeCleanup(handle);
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
      check.throwIfUnbalanced();
    },
  };
}

/**
 * `durable`: as production opens it (the benchmarks): commits wait for the disk, and the pool has
 * production's size (createDatabase's default, 10); tests need neither (4 connections each).
 */
async function createPostgres(durable: boolean): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withPgClient(url, (client) => client.query(`create schema ${schema}`));
  const handle = createDatabase({ dialect: 'postgres', url }, { schema, ...(durable ? {} : { poolSize: 4, settings: TEST_SETTINGS }) });
  return {
    handle,
    schema,
    url: withSearchPath(url, schema, durable),
    async cleanup() {
      const check = await checkLedgerBeforeCleanup(handle);
      await handle.destroy();
      // with the job runner's schema a process started on this database may have made
      await withPgClient(url, (client) =>
        client.query(`drop schema if exists ${schema} cascade; drop schema if exists ${schema}_jobs cascade`),
      );
      check.throwIfUnbalanced();
    },
  };
}

/**
 * Every test connection commits without waiting for the disk: a throwaway schema needs no
 * durability, and the PostgreSQL leg runs several times faster (6.5 ms → 0.9 ms per commit here).
 */
const TEST_SETTINGS = { synchronous_commit: 'off' } as const;

/** The URL with `options=-c search_path=<schema> …` (node-postgres reads it from the URL). */
function withSearchPath(url: string, schema: string, durable: boolean): string {
  const withOptions = new URL(url);
  const settings = Object.entries({ ...(durable ? {} : TEST_SETTINGS), search_path: schema }).map(([name, value]) => `-c ${name}=${value}`);
  withOptions.searchParams.set('options', settings.join(' '));
  return withOptions.toString();
}

export async function withPgClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * The table names of the database's own schema (PostgreSQL: the connection's current schema),
 * sorted. Kysely's introspection lists every schema's tables, and on PostgreSQL that listing
 * fails when another test file drops its schema at the same moment; this reads only ours.
 */
export async function ownTableNames(handle: DatabaseHandle): Promise<string[]> {
  const query =
    handle.dialect === 'postgres'
      ? sql<{
          name: string;
        }>`select c.relname as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind in ('r', 'p') order by 1`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' order by 1`;
  return (await query.execute(handle.db)).rows.map((row) => row.name);
}

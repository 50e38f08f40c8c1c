import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type AppDeps } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { createDatabase, type DatabaseHandle } from '../src/db/database';
import { type TDialect } from '../src/db/database-url';
import { migrateToLatest } from '../src/db/migrate';

// Integration tests run against real, freshly migrated databases: a temporary SQLite file
// always, and PostgreSQL too when TEST_DATABASE_URL is set (a schema of its own per test
// file, dropped afterwards). Each file runs its suite once per dialect:
//
//   describe.each(testDialects())('health ($dialect)', ({ dialect }) => {
//     const ctx = useTestApp(dialect, { routes: (app) => app.get('/boom', …) });
//     it('…', async () => { const res = await ctx.app.inject({ url: '/health' }); … });
//   });

export interface TestDialect {
  dialect: TDialect;
}

export function testDialects(): TestDialect[] {
  return process.env.TEST_DATABASE_URL ? [{ dialect: 'sqlite' }, { dialect: 'postgres' }] : [{ dialect: 'sqlite' }];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes it and deletes the file / drops the schema. */
  cleanup(): Promise<void>;
}

/** A new, empty, migrated database of that dialect. */
export async function createTestDatabase(dialect: TDialect, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const test = dialect === 'sqlite' ? createSqlite() : await createPostgres();
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
  const handle = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'test.sqlite') });
  return {
    handle,
    async cleanup() {
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgres(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withPgClient(url, (client) => client.query(`create schema ${schema}`));
  const handle = createDatabase({ dialect: 'postgres', url }, { schema, poolSize: 4 });
  return {
    handle,
    async cleanup() {
      await handle.destroy();
      await withPgClient(url, (client) => client.query(`drop schema if exists ${schema} cascade`));
    },
  };
}

async function withPgClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Config as the API would read it, quiet and without auto-migration, plus overrides. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTO_MIGRATE: 'false', DATABASE_URL: ':memory:', ...env });
}

export interface TestAppOptions {
  /** Environment overrides, e.g. { BODY_LIMIT: '2048' }. */
  env?: Record<string, string>;
  /** Test-only routes, added before the app is ready. */
  routes?: (app: App) => void;
  deps?: Omit<AppDeps, 'database'>;
  /** Capture log lines (JSON objects) instead of discarding them. */
  logs?: Record<string, unknown>[];
}

/** A ready app on the given database (which the caller keeps owning). */
export async function buildTestApp(database: DatabaseHandle, options: TestAppOptions = {}): Promise<App> {
  const logs = options.logs;
  const config = testConfig({ ...(logs ? { LOG_LEVEL: 'info' } : {}), ...options.env });
  const app = buildApp(config, {
    ...options.deps,
    database,
    ...(logs ? { logStream: collectLogs(logs) } : {}),
  });
  options.routes?.(app);
  await app.ready();
  return app;
}

function collectLogs(into: Record<string, unknown>[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) into.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
}

export interface TestContext {
  readonly app: App;
  readonly database: DatabaseHandle;
}

/** Registers beforeAll/afterAll that create a migrated database and an app on it. */
export function useTestApp(dialect: TDialect, options: TestAppOptions = {}): TestContext {
  let db: TestDatabase | undefined;
  let app: App | undefined;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    app = await buildTestApp(db.handle, options);
  });
  afterAll(async () => {
    await app?.close();
    await db?.cleanup();
  });
  return {
    get app() {
      if (!app) throw new Error('test app not built yet (use it inside a test)');
      return app;
    },
    get database() {
      if (!db) throw new Error('test database not created yet');
      return db.handle;
    },
  };
}

/** Registers beforeAll/afterAll for a bare migrated database (no app). */
export function useTestDatabase(dialect: TDialect): { readonly handle: DatabaseHandle } {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await db?.cleanup();
  });
  return {
    get handle() {
      if (!db) throw new Error('test database not created yet');
      return db.handle;
    },
  };
}

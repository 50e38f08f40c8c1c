import { Writable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type AppDeps } from '../src/composition/app';
import { loadConfig, type AppConfig } from '../src/composition/config';
import { type DatabaseHandle } from '../src/infrastructure/db/database';
import { type TDialect } from '../src/infrastructure/db/database-url';
import { seedSteps } from '../src/composition/setup/seed-steps';
import { createTestDatabase, type TestDatabase } from './databases';

export { createTestDatabase, testDialects, type TestDatabase, type TestDialect } from './databases';

// Integration tests run against real, freshly migrated databases: a temporary SQLite file
// always, and PostgreSQL too when TEST_DATABASE_URL is set (a schema of its own per test
// file, dropped afterwards). Each file runs its suite once per dialect:
//
//   describe.each(testDialects())('health ($dialect)', ({ dialect }) => {
//     const ctx = useTestApp(dialect, { routes: (app) => app.get('/boom', …) });
//     it('…', async () => { const res = await ctx.app.inject({ url: '/health' }); … });
//   });

/**
 * What NODE_ENV=production requires (production-requirements.ts), with values that never
 * reach a real provider: spread it into `env` and override what a test is about.
 */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  CODE_SECRET: 'x'.repeat(32),
  TOTP_ENCRYPTION_KEY: 't'.repeat(32),
  REDEEM_CODE_PEPPER: 'p'.repeat(32),
  REVALIDATE_SECRET: 'r'.repeat(32),
  PUBLIC_ORIGIN: 'https://www.llk.test',
  SMTP_URL: 'smtp://127.0.0.1:9',
  ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9',
  ALIYUN_SMS_ACCESS_KEY_ID: 'test-key-id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'test-key-secret',
  ALIYUN_SMS_SIGN_NAME: 'LLK',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000000',
  ALIYUN_SMS_INTL_ENDPOINT: 'http://127.0.0.1:9',
  ALIYUN_SMS_INTL_SIGN_NAME: 'LLK Remote',
  ALIYUN_SMS_INTL_TEMPLATE_CODE: 'SMS_000001',
  ALIYUN_SMS_NOTICE_TEMPLATE_CODE: 'SMS_000002',
  ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE: 'SMS_000003',
};

/**
 * Config as the API would read it, quiet and without auto-migration, plus overrides. The
 * in-memory content cache is off (CONTENT_CACHE_SECONDS=0): tests change content behind the
 * back office's back, which production never does; content-cache.test.ts and content-admin.test.ts
 * turn it on.
 */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTO_MIGRATE: 'false',
    DATABASE_URL: ':memory:',
    CONTENT_CACHE_SECONDS: '0',
    ...env,
  });
}

/**
 * The seed without its search step, for tests that read other content: the search index of the
 * guide, news and notices is some 185,000 postings, seconds per seed on PostgreSQL, and only the
 * search and start-up tests read it. `seedDatabase(db, { steps: SEED_WITHOUT_SEARCH })`.
 */
export const SEED_WITHOUT_SEARCH = seedSteps.filter((step) => step.name !== 'search');

export interface TestAppOptions {
  /** Environment overrides, e.g. { BODY_LIMIT: '2048' }. */
  env?: Record<string, string>;
  /**
   * Test-only routes, added before the app is ready. May return what app.register() returns:
   * Fastify queues a registration and the ready() below awaits it.
   */
  routes?: (app: App) => unknown;
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

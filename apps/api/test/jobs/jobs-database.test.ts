import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/composition/app';
import { createDatabase } from '../../src/infrastructure/db/database';
import { type TWrite } from '../../src/infrastructure/db/write-watch';
import { createTestDatabase, testConfig, testDialects, type TestDatabase } from '../helper';

// Background jobs run on a small pool of their own with limits sized to their work (ADR 0023):
// a sweep's batch may wait on a row longer than a request may. Its writes are reported with the
// main handle's, so the per-instance copies of accounts still end (ADR 0022). PostgreSQL only:
// SQLite has no such limits and one handle.

const setting = async (db: App['db'], name: string) =>
  (await sql<{ value: string }>`select current_setting(${name}) as value`.execute(db)).rows[0]?.value;

describe.each(testDialects().filter(({ dialect }) => dialect === 'postgres'))('the jobs’ database pool ($dialect)', () => {
  let test: TestDatabase;
  let app: App;

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    // the app opens its own handles, as in production, on this test's schema (a search_path in the URL)
    app = buildApp(
      testConfig({
        DATABASE_URL: test.url,
        JOBS_SCHEMA: `${test.schema}_jobs`,
        DB_LOCK_TIMEOUT_MS: '2000',
        DB_JOB_LOCK_TIMEOUT_MS: '15000',
        DB_JOB_STATEMENT_TIMEOUT_MS: '60000',
      }),
    );
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await test?.cleanup();
  });

  it('gives the jobs their own limits and the requests theirs, both on the URL’s search_path', async () => {
    expect(app.jobsDb).not.toBe(app.db);
    expect(await setting(app.db, 'lock_timeout')).toBe('2s');
    expect(await setting(app.jobsDb, 'lock_timeout')).toBe('15s');
    expect(await setting(app.db, 'statement_timeout')).toBe('5s');
    expect(await setting(app.jobsDb, 'statement_timeout')).toBe('1min');
    expect(await setting(app.jobsDb, 'search_path')).toBe(test.schema);
    expect(await setting(app.db, 'search_path')).toBe(test.schema);
  });

  it('reports a job’s committed writes on the main handle’s feed', async () => {
    const seen: TWrite[] = [];
    const stop = app.database.writes.listen(['job_runs'], (writes) => seen.push(...writes));
    try {
      await app.jobsDb.deleteFrom('job_runs').where('id', '=', 'nothing').execute();
    } finally {
      stop();
    }
    expect(seen.map((write) => write.table)).toEqual(['job_runs']);
  });

  it('refuses to open a pool alongside a handle it did not open', () => {
    const stranger = { ...test.handle, writes: { listen: () => () => undefined } };
    expect(() => createDatabase(test.url, { alongside: stranger })).toThrow('`alongside` names a handle this module did not open');
  });
});

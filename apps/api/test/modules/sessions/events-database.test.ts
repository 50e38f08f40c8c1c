import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../src/composition/app';
import { type TWrite } from '../../../src/infrastructure/db/write-watch';
import { createTestDatabase, testConfig, testDialects, type TestDatabase } from '../../helper';

// The apps' connection-record events write on a pool of their own whose commits do not wait for
// the disk (plugins/db.ts, ADR 0047): ingest is bound by commits, not by work. PostgreSQL only:
// SQLite has one handle.

const setting = async (db: App['db'], name: string) =>
  (await sql<{ value: string }>`select current_setting(${name}) as value`.execute(db)).rows[0]?.value;

describe.each(testDialects().filter(({ dialect }) => dialect === 'postgres'))('the connection events’ database pool ($dialect)', () => {
  let test: TestDatabase;
  let app: App;

  beforeAll(async () => {
    // durable: the tests' other schemas commit without waiting too
    test = await createTestDatabase('postgres', { durable: true });
    // the app opens its own handles, as in production, on this test's schema (a search_path in the URL)
    app = buildApp(testConfig({ DATABASE_URL: test.url, JOBS_SCHEMA: `${test.schema}_jobs`, DB_LOCK_TIMEOUT_MS: '2000' }));
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await test?.cleanup();
  });

  it('commits the events without waiting for the disk, with the requests’ limits, on the URL’s search_path', async () => {
    expect(app.eventsDb).not.toBe(app.db);
    expect(await setting(app.eventsDb, 'synchronous_commit')).toBe('off');
    expect(await setting(app.db, 'synchronous_commit')).toBe('on');
    expect(await setting(app.eventsDb, 'lock_timeout')).toBe('2s');
    expect(await setting(app.eventsDb, 'statement_timeout')).toBe('5s');
    expect(await setting(app.eventsDb, 'search_path')).toBe(test.schema);
    expect(await setting(app.eventsDb, 'application_name')).toBe('llk-api-events-db');
  });

  it('reports the events’ committed writes on the main handle’s feed', async () => {
    const seen: TWrite[] = [];
    const stop = app.database.writes.listen(['connection_sessions'], (writes) => seen.push(...writes));
    try {
      await app.eventsDb.deleteFrom('connection_sessions').where('id', '=', 'nothing').execute();
    } finally {
      stop();
    }
    expect(seen.map((write) => write.table)).toEqual(['connection_sessions']);
  });
});

import { ErrorCode } from '@llk/contracts';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InjectOptions } from 'fastify';
import { type App } from '../../src/composition/app';
import { createDatabase, type DatabaseHandle } from '../../src/infrastructure/db/database';
import { withStartupLock } from '../../src/infrastructure/db/startup-lock';
import { isOutage } from '../../src/infrastructure/http/error-response';
import { envelopeResponses, ok } from '../../src/infrastructure/http/envelope';
import { newIp, signUp, type Identity } from '../accounts';
import { createTestDatabase, testDialects, withPgClient, type TestDatabase } from '../databases';
import { buildTestApp } from '../helper';

// A slow or locked database never holds a request past its budget (ADR 0026): PostgreSQL's
// statement, lock and idle-transaction limits on every pooled connection end the wait, and the
// request answers the 503 envelope with Retry-After; the pool serves the next requests at once.

describe('slow-database errors are outages', () => {
  it('knows the timeouts, the busy SQLite file and a client closed under a rollback', () => {
    expect(isOutage(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(true);
    expect(isOutage(Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }))).toBe(true);
    expect(isOutage(Object.assign(new Error('terminating connection due to idle-in-transaction timeout'), { code: '25P03' }))).toBe(true);
    expect(isOutage(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBe(true);
    expect(isOutage(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY_SNAPSHOT' }))).toBe(true);
    expect(isOutage(new Error('Client was closed and is not queryable'))).toBe(true);
    // a constraint is still the request's fault
    expect(isOutage(Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(false);
  });
});

const postgres = testDialects().some(({ dialect }) => dialect === 'postgres');
const adminUrl = process.env.TEST_DATABASE_URL ?? '';

/** Short limits, so that a lock held a few seconds proves what 15 s would. */
const LIMITS = { statementMs: 1_000, lockMs: 500, idleInTransactionMs: 5_000 } as const;
const POOL_WAIT_MS = 1_000;
/** The request budget: the pool's wait plus the statement timeout, and a second of margin for a busy machine. */
const BUDGET_MS = 3_000;
/** Longer than the budget: a request that waited for the lock would take this long. */
const HOLD_MS = 4_500;
const LOAD_MS = 3_000;
const WORKERS = 20;
const ACCOUNTS = 8;
const LOGS: Record<string, unknown>[] = [];

interface Answer {
  kind: string;
  status: number;
  errcode: number | undefined;
  retryAfter: string | undefined;
  ms: number;
}

describe.runIf(postgres)('a table locked longer than the budget (postgres)', () => {
  const applicationName = `llk_timeouts_${randomBytes(4).toString('hex')}`;
  let test: TestDatabase;
  let handle: DatabaseHandle;
  let app: App;
  /** One account per log-in running at once: parallel attempts on one account count against its throttle. */
  let users: (Identity & { token: string })[];
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    test = await createTestDatabase('postgres');
    const url = new URL(adminUrl);
    url.searchParams.set('application_name', applicationName);
    handle = createDatabase(
      { dialect: 'postgres', url: url.href },
      { schema: test.schema, poolSize: 10, timeouts: LIMITS, poolWaitMs: POOL_WAIT_MS, settings: { synchronous_commit: 'off' } },
    );
    app = await buildTestApp(handle, {
      logs: LOGS,
      routes: (a) =>
        a.get('/test/rolled-back', { schema: { response: envelopeResponses(z.object({ done: z.boolean() })) } }, async () => {
          await a.db.transaction().execute(async (trx) => {
            await sql`select pg_sleep(2)`.execute(trx);
          });
          return ok({ done: true });
        }),
    });
    users = [];
    for (let i = 0; i < ACCOUNTS; i++) users.push(await signUp(app));
  });

  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await app?.close();
    await handle?.destroy();
    await test?.cleanup();
  });

  /** The mixed load: a log-in, the account's own page, a public read (which does not touch `users`). */
  const requests: ((user: Identity & { token: string }) => { kind: string; inject: InjectOptions })[] = [
    (user) => ({
      kind: 'log-in',
      inject: {
        method: 'POST',
        url: '/h5Login',
        payload: { loginType: 'account', account: user.username, password: user.password },
        remoteAddress: newIp(),
      },
    }),
    (user) => ({ kind: 'user/info', inject: { method: 'GET', url: '/user/info', headers: { authorization: user.token } } }),
    () => ({ kind: 'download/list', inject: { method: 'GET', url: '/download/list' } }),
  ];

  async function ask(i: number): Promise<Answer> {
    const request = requests[i % requests.length] as (typeof requests)[number];
    const { kind, inject } = request(users[Math.floor(i / requests.length) % users.length] as Identity & { token: string });
    const started = performance.now();
    const res = await app.inject({ ...inject, headers: { 'accept-language': 'en', ...inject.headers } });
    const ms = performance.now() - started;
    const body = res.json<{ errcode?: number }>();
    const retryAfter = res.headers['retry-after'];
    return { kind, status: res.statusCode, errcode: body.errcode, retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined, ms };
  }

  /** WORKERS request loops until `ms` have passed. */
  async function load(ms: number): Promise<Answer[]> {
    const answers: Answer[] = [];
    const until = performance.now() + ms;
    let next = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (performance.now() < until) answers.push(await ask(next++));
      }),
    );
    return answers;
  }

  it('every answer within the budget, 200 or the 503 envelope with Retry-After; 200 again at once after the release; the process never fails', async () => {
    await withPgClient(adminUrl, async (locker) => {
      await locker.query(`set search_path to ${test.schema}`);
      await locker.query('begin');
      await locker.query('lock table users in access exclusive mode');
      const lockedAt = performance.now();
      const during = await load(LOAD_MS);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, HOLD_MS - (performance.now() - lockedAt))));
      await locker.query('rollback');

      const slowest = Math.max(...during.map((answer) => answer.ms));
      const unexpected = during.filter(
        (answer) =>
          !(answer.status === 200 && answer.errcode === 0) &&
          !(answer.status === 503 && answer.errcode === ErrorCode.SERVICE_UNAVAILABLE && answer.retryAfter === '5'),
      );
      expect(unexpected, JSON.stringify(LOGS.filter((line) => line.level === 50).slice(0, 3))).toEqual([]);
      expect(slowest).toBeLessThan(BUDGET_MS);
      // the lock was met: log-ins read `users`, and were refused in time
      const refused = during.filter((answer) => answer.status === 503);
      expect(refused.filter((answer) => answer.kind === 'log-in').length).toBeGreaterThan(0);
      // the public read does not touch `users`, and got through
      expect(during.filter((answer) => answer.kind === 'download/list' && answer.status === 200).length).toBeGreaterThan(0);

      const after = await Promise.all(Array.from({ length: WORKERS }, (_, i) => ask(i)));
      for (const answer of after) {
        expect(answer, answer.kind).toMatchObject({ status: 200, errcode: 0 });
        expect(answer.ms).toBeLessThan(BUDGET_MS);
      }
    });
    expect(crashes).toEqual([]);
  }, 30_000);

  it('a backend terminated under a transaction (its rollback on a closed client) is a 503 with Retry-After, not a 500', async () => {
    await withPgClient(adminUrl, async (admin: pg.Client) => {
      const running = Array.from({ length: 4 }, () => app.inject({ url: '/test/rolled-back', headers: { 'accept-language': 'en' } }));
      for (;;) {
        const { rows } = await admin.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity where application_name = $1 and query like '%pg_sleep%' and state = 'active'`,
          [applicationName],
        );
        if (Number(rows[0]?.n) >= 4) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and query like '%pg_sleep%'`, [
        applicationName,
      ]);
      for (const res of await Promise.all(running)) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toMatchObject({ errcode: ErrorCode.SERVICE_UNAVAILABLE });
      }
      expect((await app.inject({ url: '/download/list' })).statusCode).toBe(200);
    });
    expect(crashes).toEqual([]);
  }, 30_000);

  it('every pooled connection has the limits; the start-up lock lifts them and gives them back', async () => {
    const shown = async (db: typeof handle.db) => {
      const { rows } = await sql<{
        s: string;
        l: string;
        i: string;
      }>`select current_setting('statement_timeout') as s, current_setting('lock_timeout') as l, current_setting('idle_in_transaction_session_timeout') as i`.execute(
        db,
      );
      return rows[0];
    };
    expect(await shown(handle.db)).toEqual({ s: '1s', l: '500ms', i: '5s' });
    await expect(sql`select pg_sleep(1.2)`.execute(handle.db)).rejects.toMatchObject({ code: '57014' });
    const locked = await withStartupLock(handle, (inside) => shown(inside.db));
    expect(locked).toEqual({ s: '0', l: '0', i: '0' });
    // every connection of the pool has its limits again (the reserved one included)
    const all = await Promise.all(Array.from({ length: 10 }, () => handle.db.connection().execute((db) => shown(db))));
    for (const limits of all) expect(limits).toEqual({ s: '1s', l: '500ms', i: '5s' });
  }, 30_000);
});

describe('a SQLite database another process holds locked', () => {
  let test: TestDatabase;
  let app: App;
  beforeAll(async () => {
    test = await createTestDatabase('sqlite');
    app = await buildTestApp(test.handle, {
      routes: (a) =>
        a.post('/test/write', { schema: { response: envelopeResponses(z.object({ done: z.boolean() })) } }, async () => {
          // a transaction takes the write lock at BEGIN (db/database.ts)
          await a.db.transaction().execute((trx) => sql`select 1`.execute(trx));
          return ok({ done: true });
        }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await test?.cleanup();
  });

  it('answers a write with the 503 envelope and Retry-After after the busy timeout, and works once it is free', async () => {
    // another connection to the file (the CLI, db:seed) holding the write lock
    const other = new SqliteDatabase(test.file ?? '');
    other.exec('BEGIN IMMEDIATE');
    try {
      const res = await app.inject({ method: 'POST', url: '/test/write', headers: { 'accept-language': 'en' } });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ errcode: ErrorCode.SERVICE_UNAVAILABLE });
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    const after = await app.inject({ method: 'POST', url: '/test/write' });
    expect(after.json()).toEqual({ errcode: 0, errmsg: 'ok', data: { done: true } });
  }, 30_000);
});

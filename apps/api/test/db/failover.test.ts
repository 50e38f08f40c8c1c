import { ErrorCode } from '@llk/contracts';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../src/composition/app';
import { createDatabase, type DatabaseHandle } from '../../src/infrastructure/db/database';
import { isOutage } from '../../src/infrastructure/http/error-response';
import { envelopeResponses, ok } from '../../src/infrastructure/http/envelope';
import { createTestDatabase, testDialects, withPgClient, type TestDatabase } from '../databases';
import { buildTestApp } from '../helper';

// A database failover (every backend of the API terminated at once) must cost the requests that
// were using those connections a 503 with Retry-After, never the process: the pool reconnects
// and the next requests succeed.

describe('connection failures are outages', () => {
  it('knows the errors pg gives queries on a connection that died', () => {
    expect(isOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isOutage(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isOutage(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });
});

const SLOW_REQUESTS = 8;

describe.each(testDialects().filter(({ dialect }) => dialect === 'postgres'))('database failover ($dialect)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const applicationName = `llk_failover_${randomBytes(4).toString('hex')}`;
  let test: TestDatabase;
  let handle: DatabaseHandle;
  let app: App;
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    test = await createTestDatabase('postgres');
    const url = new URL(adminUrl);
    url.searchParams.set('application_name', applicationName);
    handle = createDatabase({ dialect: 'postgres', url: url.href }, { schema: test.schema, poolSize: SLOW_REQUESTS + 2 });
    app = await buildTestApp(handle, {
      routes: (a) =>
        a.get('/test/slow', { schema: { response: envelopeResponses(z.object({ done: z.boolean() })) } }, async () => {
          await sql`select pg_sleep(2)`.execute(a.db);
          return ok({ done: true });
        }),
    });
  });

  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    await app?.close();
    await handle?.destroy();
    await test?.cleanup();
  });

  async function waitForActiveBackends(admin: pg.Client, count: number): Promise<void> {
    for (;;) {
      const { rows } = await admin.query<{ n: string }>(
        `select count(*) as n from pg_stat_activity where application_name = $1 and state = 'active' and query like '%pg_sleep%'`,
        [applicationName],
      );
      if (Number(rows[0]?.n) >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function terminateBackends(admin: pg.Client): Promise<number> {
    const { rowCount } = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [
      applicationName,
    ]);
    return rowCount ?? 0;
  }

  it('answers the requests it was running with 503 + Retry-After, stays up, and serves the next ones (twice)', async () => {
    await withPgClient(adminUrl, async (admin) => {
      for (let round = 1; round <= 2; round++) {
        const slow = Array.from({ length: SLOW_REQUESTS }, () => app.inject({ url: '/test/slow', headers: { 'accept-language': 'en' } }));
        await waitForActiveBackends(admin, SLOW_REQUESTS);
        expect(await terminateBackends(admin)).toBeGreaterThanOrEqual(SLOW_REQUESTS);

        for (const res of await Promise.all(slow)) {
          expect(res.statusCode).toBe(503);
          expect(res.headers['retry-after']).toBe('5');
          expect(res.json()).toMatchObject({ errcode: ErrorCode.SERVICE_UNAVAILABLE });
        }

        const after = await Promise.all([
          ...Array.from({ length: 4 }, () => app.inject({ url: '/health' })),
          ...Array.from({ length: 4 }, () => app.inject({ url: '/download/list' })),
        ]);
        for (const res of after) {
          expect(res.statusCode).toBe(200);
          expect(res.json()).toMatchObject({ errcode: 0 });
        }
      }
      // Idle connections die too. A request that picks one up before its socket has closed is
      // an affected request (503 + Retry-After); the pool soon reconnects by itself.
      await terminateBackends(admin);
      let recovered = false;
      for (let attempt = 0; attempt < 100 && !recovered; attempt++) {
        const res = await app.inject({ url: '/health' });
        recovered = res.statusCode === 200;
        if (!recovered) {
          expect(res.statusCode).toBe(503);
          expect(res.headers['retry-after']).toBe('5');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      expect(recovered).toBe(true);
    });
    expect(crashes).toEqual([]);
  });
});

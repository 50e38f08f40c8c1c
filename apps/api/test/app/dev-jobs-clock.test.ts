import { ErrorCode, type TEnvelope } from '@llk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../src/composition/app';
import { ConfigError } from '../../src/composition/config';
import { signUp } from '../accounts';
import { buildTestApp, createTestDatabase, PRODUCTION_ENV, testConfig, testDialects, type TestDatabase } from '../helper';
import { codeFor, post } from '../modules/profile/support';

// POST /dev/jobs/run (DEV_JOBS_CLOCK): the end-to-end journeys run the accounts-erase job as of
// a moved clock. Off by default, development mode only, this machine only, and production does
// not start with it on.

const NEIGHBOUR = '192.0.2.10';
const DAY_MS = 24 * 3_600_000;
const DEVELOPMENT = { NODE_ENV: 'development', TRUST_PROXY: 'loopback' };

const runJob = (app: App, payload: Record<string, unknown>, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/dev/jobs/run', payload, remoteAddress, headers: { 'accept-language': 'en', ...headers } });

describe.each(testDialects())('running a job with a moved clock ($dialect)', ({ dialect }) => {
  let database: TestDatabase;
  let on: App;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    on = await buildTestApp(database.handle, {
      env: { ...DEVELOPMENT, DEV_JOBS_CLOCK: 'true', CODE_IP_HOURLY_LIMIT: '1000', CODE_IP_DAILY_LIMIT: '1000' },
    });
  });
  afterAll(async () => {
    await on?.close();
    await database?.cleanup();
  });

  it('is off by default, and in test mode even when asked for: the 404 of an unknown path', async () => {
    for (const env of [DEVELOPMENT, { NODE_ENV: 'test', DEV_JOBS_CLOCK: 'true' }]) {
      const app = await buildTestApp(database.handle, { env });
      try {
        const res = await runJob(app, { job: 'accounts-erase', days: 16 });
        expect(res.statusCode).toBe(404);
        expect(res.json<TEnvelope<unknown>>().errcode).toBe(ErrorCode.ROUTE_NOT_FOUND);
      } finally {
        await app.close();
      }
    }
  });

  it('on: erases a cancelled account only once the clock is past its 15-day cooling-off', async () => {
    const user = await signUp(on);
    const code = await codeFor(on, { channel: 'SMS', smsType: 'CANCEL_ACCOUNT' }, user.token, user.mobile);
    const cancelled = await post(on, '/user/cancel', user.token, { channel: 'SMS', code });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const early = await runJob(on, { job: 'accounts-erase', days: 14 });
    expect(early.statusCode, early.body).toBe(200);
    const answer = early.json<TEnvelope<{ job: string; now: string; result: unknown }>>().data;
    expect(answer).toEqual({ job: 'accounts-erase', now: expect.any(String), result: { erased: 0 } });
    expect(Date.parse(answer.now) - Date.now()).toBeGreaterThan(14 * DAY_MS - 60_000);
    expect((await on.inject({ url: '/user/info', headers: { authorization: user.token } })).statusCode).toBe(200);

    const due = await runJob(on, { job: 'accounts-erase', days: 16 });
    expect(due.json<TEnvelope<{ result: unknown }>>().data.result).toEqual({ erased: 1 });
    expect((await on.inject({ url: '/user/info', headers: { authorization: user.token } })).statusCode).toBe(401);
  });

  it('on: a neighbour, also through the web forward, gets the 404 of an unknown path; bad input is an envelope error', async () => {
    for (const [remoteAddress, headers] of [
      [NEIGHBOUR, {}],
      ['127.0.0.1', { 'x-forwarded-for': NEIGHBOUR }],
    ] as const) {
      const res = await runJob(on, { job: 'accounts-erase', days: 16 }, remoteAddress, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json<TEnvelope<unknown>>().errcode).toBe(ErrorCode.ROUTE_NOT_FOUND);
    }
    for (const payload of [
      { job: 'no-such-job', days: 1 },
      { job: 'accounts-erase', days: -1 },
      { job: 'accounts-erase', days: 3651 },
      { job: 'accounts-erase\u0000', days: 1 },
      {},
    ]) {
      const res = await runJob(on, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<TEnvelope<unknown>>().errcode).not.toBe(0);
    }
  });
});

describe('DEV_JOBS_CLOCK in production', () => {
  it('refuses to start', () => {
    expect(() => testConfig({ ...PRODUCTION_ENV, DEV_JOBS_CLOCK: 'true' })).toThrow(ConfigError);
    expect(() => testConfig({ ...PRODUCTION_ENV, DEV_JOBS_CLOCK: 'true' })).toThrow(/DEV_JOBS_CLOCK: is for development only/);
    expect(testConfig({ ...PRODUCTION_ENV }).jobs.devClock).toBe(false);
  });
});

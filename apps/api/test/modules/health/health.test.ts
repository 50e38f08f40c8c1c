import { ErrorCode, type TEnvelope } from '@llk/contracts';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type THealth } from '../../../src/modules/health/health.schema';
import { testRedisUrl } from '../../databases';
import { buildTestApp, createTestDatabase, testDialects, useTestApp } from '../../helper';
import { messageOf } from '../../messages';

describe.each(testDialects())('GET /health ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);

  it('reports ok with version, uptime and a database check', async () => {
    const res = await ctx.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json<TEnvelope<THealth>>();
    expect(body).toMatchObject({
      errcode: 0,
      errmsg: 'ok',
      data: { status: 'ok', version: '0.1.0', database: { dialect, ok: true } },
    });
    expect(body.data.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.data.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.data.redis).toBeUndefined();
  });

  it('answers 503 SERVICE_UNAVAILABLE with the same report when the database is gone', async () => {
    const test = await createTestDatabase(dialect);
    const app = await buildTestApp(test.handle);
    try {
      await test.handle.destroy();
      const res = await app.inject({ url: '/health', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({
        errcode: ErrorCode.SERVICE_UNAVAILABLE,
        errmsg: messageOf('en', 'errors.serviceUnavailable'),
        data: { status: 'degraded', version: '0.1.0', database: { dialect, ok: false } },
      });
    } finally {
      await app.close();
      await test.cleanup();
    }
  });
});

describe('GET /health with Redis configured', () => {
  it('reports degraded (still 200) when Redis does not answer', async () => {
    const test = await createTestDatabase('sqlite');
    // Port 1 on loopback: nothing listens, so every connection attempt is refused at once.
    const app = await buildTestApp(test.handle, { env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const res = await app.inject({ url: '/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json<TEnvelope<THealth>>().data).toMatchObject({ status: 'degraded', database: { ok: true }, redis: { ok: false } });
      expect(app.kv.kind).toBe('redis');
    } finally {
      await app.close();
      await test.cleanup();
    }
  });

  const url = testRedisUrl();
  describe.runIf(url)('against TEST_REDIS_URL', () => {
    let probe: Redis | undefined;
    afterAll(async () => {
      await probe?.quit();
    });

    it('reports Redis ok and uses it as the key-value store; closes it on shutdown', async () => {
      const test = await createTestDatabase('sqlite');
      const app = await buildTestApp(test.handle, { env: { REDIS_URL: url ?? '' } });
      try {
        const res = await app.inject({ url: '/health' });
        expect(res.json<TEnvelope<THealth>>().data).toMatchObject({ status: 'ok', redis: { ok: true } });
        const key = `health-test:${Date.now()}:${Math.random()}`;
        await app.kv.set(key, 'v', 5_000);
        probe = new Redis(url ?? '');
        expect(await probe.get(`llk:${key}`)).toBe('v');
        await app.kv.del(key);
      } finally {
        await app.close();
        await test.cleanup();
      }
      expect(app.redis?.status).toBe('end');
    });
  });
});

import { ErrorCode } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { isOutage } from '../../src/infrastructure/http/error-response';
import { createTestDatabase } from '../databases';
import { buildTestApp } from '../helper';
import { messageOf } from '../messages';

// A dependency that is away (Redis, the database) is a 503 with Retry-After in the caller's
// language, never a 500: the request was fine and can be repeated.

describe('isOutage', () => {
  it('knows socket, PostgreSQL connection and ioredis failures, also as a cause', () => {
    expect(isOutage(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isOutage(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isOutage(Object.assign(new Error('sorry, too many clients already'), { code: '53300' }))).toBe(true);
    expect(isOutage(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
    expect(isOutage(new Error('Connection is closed.'))).toBe(true);
    expect(isOutage(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'ETIMEDOUT' }) }))).toBe(true);
  });

  it('leaves real bugs and request errors alone', () => {
    expect(isOutage(new TypeError('cannot read properties of undefined'))).toBe(false);
    expect(isOutage(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isOutage(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isOutage(null)).toBe(false);
  });
});

describe('a call that needs Redis while Redis is away', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After in the caller’s language, and works again without it', async () => {
    const test = await createTestDatabase('sqlite');
    // Port 1 on loopback: nothing listens, every connection attempt is refused at once.
    const app = await buildTestApp(test.handle, { env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      for (const language of ['en', 'ja'] as const) {
        const res = await app.inject({
          method: 'POST',
          url: '/sms',
          payload: { mobile: '13800138000', smsType: 'SIGNUP' },
          headers: { 'accept-language': language },
        });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toMatchObject({
          errcode: ErrorCode.SERVICE_UNAVAILABLE,
          errmsg: messageOf(language, 'errors.serviceUnavailable'),
        });
      }
    } finally {
      await app.close();
    }
    // The same request with the in-process store is accepted.
    const local = await buildTestApp(test.handle);
    try {
      const res = await local.inject({ method: 'POST', url: '/sms', payload: { mobile: '13800138000', smsType: 'SIGNUP' } });
      expect(res.json()).toMatchObject({ errcode: 0 });
    } finally {
      await local.close();
      await test.cleanup();
    }
  });
});

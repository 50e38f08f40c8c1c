import { ErrorCode } from '@llk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { type App } from '../../src/composition/app';
import { isUnstorableText } from '../../src/infrastructure/http/error-response';
import { createTestDatabase, testDialects, type TestDatabase } from '../databases';
import { buildTestApp } from '../helper';
import { messageOf } from '../messages';

// Text PostgreSQL cannot store (a NUL) that a route's schema let through is the caller's
// mistake: a 400 envelope in the caller's language, never a 500 (the fuzz test found one).

describe('isUnstorableText', () => {
  it('knows PostgreSQL’s codes for text it cannot store, and nothing else', () => {
    expect(isUnstorableText(Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }))).toBe(true);
    expect(isUnstorableText(Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' }))).toBe(true);
    expect(isUnstorableText(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isUnstorableText(null)).toBe(false);
  });
});

describe.runIf(testDialects().some((leg) => leg.dialect === 'postgres'))('a NUL reaching PostgreSQL', () => {
  let db: TestDatabase;
  let app: App;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    app = await buildTestApp(db.handle, {
      // a route whose schema lets any text through to the database, as the passkey id's did
      routes: (instance) =>
        instance.post('/test/store-text', { schema: { body: z.object({ text: z.string() }) } }, async (request) => {
          const { rows } = await sql<{ t: string }>`select ${(request.body as { text: string }).text}::text as t`.execute(db.handle.db);
          return { errcode: 0, errmsg: '', data: rows[0]?.t ?? null };
        }),
    });
  });
  afterAll(async () => {
    await app.close();
    await db.cleanup();
  });

  it('answers 400 BAD_REQUEST in the caller’s language', async () => {
    for (const language of ['en', 'ko'] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/test/store-text',
        payload: { text: 'a\u0000b' },
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errcode: ErrorCode.BAD_REQUEST, errmsg: messageOf(language, 'errors.badRequest'), data: null });
    }
    const fine = await app.inject({ method: 'POST', url: '/test/store-text', payload: { text: 'ab' } });
    expect(fine.json()).toMatchObject({ errcode: 0, data: 'ab' });
  });
});

import { describe, expect, it } from 'vitest';
import { buildTestApp, testDialects, useTestApp } from '../../helper';
import { newIp, outboxCode, sendCode, signUp } from '../../accounts';
import { messageOf } from '../../messages';

// What a session's end takes with it (its access keys), the web's access-key check, and the
// answers every authenticated route shares: 401 before the body is looked at, never cached.

interface Envelope<T = Record<string, unknown>> {
  errcode: number;
  errmsg: string;
  data: T;
}
const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Envelope<T>;

describe.each(testDialects())('session rules on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { CODE_IP_HOURLY_LIMIT: '10000', CODE_IP_DAILY_LIMIT: '10000' } });

  async function mint(token: string): Promise<string> {
    const res = await ctx.app.inject({ url: '/accessKey', headers: { authorization: token } });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ accessKey: string }>(res).data.accessKey;
  }
  const redeem = (key: string) =>
    ctx.app.inject({ url: `/tokenByAccessKeyV2?accessKey=${encodeURIComponent(key)}`, headers: { 'accept-language': 'en' } });
  const refused = { errcode: 10012, errmsg: messageOf('en', 'errors.accessKeyInvalid'), data: null };
  const logIn = async (account: string, password: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/h5Login',
      payload: { loginType: 'account', account, password },
      remoteAddress: newIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ access_token: string }>(res).data.access_token;
  };

  describe('an access key dies with the session that minted it', () => {
    it('log-out: the unused key is refused', async () => {
      const user = await signUp(ctx.app);
      const key = await mint(user.token);
      const out = await ctx.app.inject({ method: 'POST', url: '/logout', headers: { authorization: user.token } });
      expect(out.statusCode).toBe(200);
      expect(body(await redeem(key))).toEqual(refused);
    });

    it('password reset: every unused key of the user is refused, whichever session minted it', async () => {
      const user = await signUp(ctx.app);
      const second = await logIn(user.username, user.password);
      const keys = [await mint(user.token), await mint(second)];
      await ctx.app.kv.del(`sms:cool:SMS:${user.mobile}`);
      expect((await sendCode(ctx.app, { mobile: user.mobile, smsType: 'RESET' })).statusCode).toBe(200);
      const code = await outboxCode(ctx.app, user.mobile);
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/modifyPwdByMobile',
        payload: { mobile: user.mobile, code, password: 'Fresh#2024', confirmPassword: 'Fresh#2024' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      for (const key of keys) {
        const res = await redeem(key);
        expect(res.statusCode).toBe(400);
        expect(body(res)).toEqual(refused);
      }
    });

    it('password change: the old sessions’ keys are refused, the new session’s key works', async () => {
      const user = await signUp(ctx.app);
      const oldKey = await mint(user.token);
      const changed = await ctx.app.inject({
        method: 'POST',
        url: '/user/changePassword',
        headers: { authorization: user.token },
        payload: { oldPassword: user.password, password: 'Changed#42', confirmPassword: 'Changed#42' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(body(await redeem(oldKey))).toEqual(refused);
      const fresh = await mint(body<{ access_token: string }>(changed).data.access_token);
      expect(body(await redeem(fresh)).errcode).toBe(0);
    });

    it('ending one session leaves the keys of the user’s other sessions alone', async () => {
      const user = await signUp(ctx.app);
      const other = await logIn(user.username, user.password);
      const key = await mint(user.token);
      await ctx.app.inject({ method: 'POST', url: '/logout', headers: { authorization: other } });
      expect(body(await redeem(key)).errcode).toBe(0);
    });
  });

  describe('GET /accessKey/check', () => {
    const check = (token: string | undefined, key: string) =>
      ctx.app.inject({
        url: `/accessKey/check?accessKey=${encodeURIComponent(key)}`,
        headers: { 'accept-language': 'en', ...(token ? { authorization: token } : {}) },
      });

    it('says whether the key logs in the caller’s own account, and leaves it unused', async () => {
      const alice = await signUp(ctx.app);
      const bob = await signUp(ctx.app);
      const key = await mint(bob.token);
      expect(body(await check(alice.token, key))).toEqual({ errcode: 0, errmsg: expect.any(String), data: { sameAccount: false } });
      expect(body(await check(bob.token, key)).data).toEqual({ sameAccount: true });
      expect(body(await redeem(key)).errcode).toBe(0);
      expect(body(await check(alice.token, key))).toEqual(refused);
    });

    it('needs a session, and refuses keys of ended sessions', async () => {
      const alice = await signUp(ctx.app);
      const bob = await signUp(ctx.app);
      const key = await mint(bob.token);
      expect((await check(undefined, key)).statusCode).toBe(401);
      await ctx.app.inject({ method: 'POST', url: '/logout', headers: { authorization: bob.token } });
      expect(body(await check(alice.token, key))).toEqual(refused);
    });
  });

  describe('authenticated routes', () => {
    const unauthorized = { errcode: 40100, errmsg: messageOf('en', 'errors.unauthorized'), data: null };
    const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
      });

    it('answer 401 without a session whatever the body: invalid, malformed JSON or wrong type', async () => {
      for (const url of [
        '/order/createV2',
        '/user/changePassword',
        '/order/createQRCodeId',
        '/cloudPc/invoice',
        '/cloudPc/devices/x/autoRenew',
      ]) {
        for (const payload of ['{"skuId": 12, "oldPassword": []}', '{not json', '']) {
          const res = await post(url, payload);
          expect(res.statusCode, `${url} ${payload}`).toBe(401);
          expect(body(res)).toEqual(unauthorized);
          expect(res.headers['cache-control']).toMatch(/(^|, )no-store$/);
        }
      }
      const wrongType = await post('/order/createV2', '<xml/>', { 'content-type': 'application/xml' });
      expect(wrongType.statusCode).toBe(401);
    });

    it('still validate the body once the session is good', async () => {
      const user = await signUp(ctx.app);
      const res = await post('/order/createV2', '{"quantity": "many"}', { authorization: user.token });
      expect(res.statusCode).toBe(400);
      expect(body(res).errcode).toBe(40001);
    });

    it('are never cached; every answer says nosniff', async () => {
      const user = await signUp(ctx.app);
      const me = await ctx.app.inject({ url: '/accessKey', headers: { authorization: user.token } });
      expect(me.headers['cache-control']).toBe('no-store');
      expect(me.headers['x-content-type-options']).toBe('nosniff');
      const health = await ctx.app.inject({ url: '/health' });
      expect(health.headers['x-content-type-options']).toBe('nosniff');
      const missing = await ctx.app.inject({ url: '/no/such/route' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-content-type-options']).toBe('nosniff');
    });
  });
});

describe('requireUser', () => {
  it('refuses to be installed where the body would be validated first', async () => {
    const { createTestDatabase } = await import('../../helper');
    const db = await createTestDatabase('sqlite');
    try {
      await expect(
        buildTestApp(db.handle, {
          // registered as a plugin, so it runs once requireUser exists
          routes: (app) => app.register(async (scoped) => scoped.post('/test/late', { preHandler: scoped.requireUser }, async () => null)),
        }),
      ).rejects.toThrow('POST /test/late: requireUser belongs in onRequest, not preHandler');
    } finally {
      await db.cleanup();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { toDbDate } from '../../../src/infrastructure/db/dialect';
import { sha256Hex } from '../../../src/infrastructure/secrets';
import { findActiveSessionCached, purgeDeadSessions } from '../../../src/modules/auth/sessions.service';
import { newIdentity, newIp, outboxCode, proveEmail, sendCode, signUp } from '../../accounts';
import { buildTestApp, testDialects, useTestApp } from '../../helper';
import { messageOf } from '../../messages';

interface Envelope<T = Record<string, unknown>> {
  errcode: number;
  errmsg: string;
  data: T;
}
const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Envelope<T>;
const tokenOf = (res: { json(): unknown }) => body<{ access_token: string }>(res).data.access_token;

const DAY = 24 * 3_600_000;

describe.each(testDialects())('accounts on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, {
    env: { CODE_IP_HOURLY_LIMIT: '10000', CODE_IP_DAILY_LIMIT: '10000', WEB_ORIGIN: 'https://www.llk.example' },
    routes: (app) => {
      // a state-changing call that needs a session, to check the cookie's same-origin rule
      app.post('/test/mutate', { preHandler: (request) => app.requireUser(request) }, async (request) => ({
        errcode: 0,
        errmsg: 'ok',
        data: request.user?.userId,
      }));
    },
  });

  const info = (token: string) => ctx.app.inject({ url: '/user/info', headers: { authorization: token } });
  const login = (payload: Record<string, unknown>, ip = newIp()) =>
    ctx.app.inject({ method: 'POST', url: '/h5Login', payload, remoteAddress: ip, headers: { 'accept-language': 'en' } });
  async function codeFor(app: App, mobile: string, smsType: string) {
    await ctx.app.kv.del(`sms:cool:SMS:${mobile}`);
    const res = await sendCode(app, { mobile, smsType });
    expect(res.statusCode, res.body).toBe(200);
    return outboxCode(app, mobile);
  }

  describe('sign-up', () => {
    it('creates the account with an argon2id hash and logs it in (token in body and httpOnly cookie)', async () => {
      const identity = newIdentity();
      await sendCode(ctx.app, { mobile: identity.mobile, smsType: 'SIGNUP' });
      const code = await outboxCode(ctx.app, identity.mobile);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/signup',
        headers: { 'accept-language': 'ja' },
        payload: { ...identity, email: identity.email.toUpperCase(), code, confirmPassword: identity.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).errmsg).toBe(messageOf('ja', 'success.accountCreated'));
      const token = tokenOf(res);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toContain(`llk_session=${token}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/);

      const row = await ctx.database.db.selectFrom('users').selectAll().where('mobile', '=', identity.mobile).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.email).toBe(identity.email.toLowerCase());
      expect(row.username_norm).toBe(identity.username.toLowerCase());
      const session = await ctx.database.db.selectFrom('sessions').selectAll().where('user_id', '=', row.id).executeTakeFirstOrThrow();
      expect(session.token_hash).toBe(sha256Hex(token));
      expect(JSON.stringify(session)).not.toContain(token);
      expect((await info(token)).statusCode).toBe(200);
    });

    it('marks the cookie Secure when the request came over https (behind a trusted proxy)', async () => {
      const user = newIdentity();
      const code = await codeFor(ctx.app, user.mobile, 'SIGNUP');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/signup',
        payload: { ...user, code, confirmPassword: user.password },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': 'https' },
      });
      // TRUST_PROXY is off in this app: the header is not believed
      expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);

      const behindProxy = await buildTestApp(ctx.database, { env: { TRUST_PROXY: 'loopback' } });
      try {
        const viaHttps = await behindProxy.inject({
          method: 'POST',
          url: '/h5Login',
          payload: { loginType: 'account', account: user.username, password: user.password },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(viaHttps.statusCode, viaHttps.body).toBe(200);
        expect(String(viaHttps.headers['set-cookie'])).toMatch(/; Secure/);
      } finally {
        await behindProxy.close();
      }
    });

    it('treats usernames case-insensitively: USERNAME_TAKEN', async () => {
      const first = await signUp(ctx.app);
      const second = newIdentity();
      const code = await codeFor(ctx.app, second.mobile, 'SIGNUP');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/signup',
        headers: { 'accept-language': 'en' },
        payload: { ...second, username: first.username.toUpperCase(), code, confirmPassword: second.password },
      });
      expect(res.statusCode).toBe(409);
      expect(body(res)).toMatchObject({ errcode: 10002, errmsg: messageOf('en', 'errors.usernameTaken') });
    });

    it('checks the code: wrong code CODE_INVALID, none CODE_EXPIRED', async () => {
      const user = newIdentity();
      const none = await ctx.app.inject({
        method: 'POST',
        url: '/signup',
        payload: { ...user, code: '123456', confirmPassword: user.password },
      });
      expect(body(none).errcode).toBe(10008);
      const code = await codeFor(ctx.app, user.mobile, 'SIGNUP');
      const wrong = code === '000000' ? '999999' : '000000';
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/signup',
        payload: { ...user, code: wrong, confirmPassword: user.password },
      });
      expect(body(res).errcode).toBe(10007);
    });

    it('lets only one of two concurrent sign-ups with the same username win', async () => {
      const a = newIdentity();
      const b = { ...newIdentity(), username: a.username };
      const codeA = await codeFor(ctx.app, a.mobile, 'SIGNUP');
      const codeB = await codeFor(ctx.app, b.mobile, 'SIGNUP');
      const results = await Promise.all([
        ctx.app.inject({ method: 'POST', url: '/signup', payload: { ...a, code: codeA, confirmPassword: a.password } }),
        ctx.app.inject({ method: 'POST', url: '/signup', payload: { ...b, code: codeB, confirmPassword: b.password } }),
      ]);
      expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      expect(results.map((res) => body(res).errcode).sort()).toEqual([0, 10002]);
      const rows = await ctx.database.db.selectFrom('users').select('id').where('username_norm', '=', a.username.toLowerCase()).execute();
      expect(rows).toHaveLength(1);
    });

    it('lets only one of two concurrent sign-ups with the same phone win: PHONE_REGISTERED', async () => {
      const a = newIdentity();
      const b = { ...newIdentity(), mobile: a.mobile };
      const code = await codeFor(ctx.app, a.mobile, 'SIGNUP');
      // both requests carry the one valid code; the code check lets one through, the other
      // fails on the code or the unique phone, never with a 500
      const results = await Promise.all([
        ctx.app.inject({ method: 'POST', url: '/signup', payload: { ...a, code, confirmPassword: a.password } }),
        ctx.app.inject({ method: 'POST', url: '/signup', payload: { ...b, code, confirmPassword: b.password } }),
      ]);
      expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
      const loser = results.find((res) => res.statusCode !== 200);
      expect([10003, 10008, 10009]).toContain(body(loser ?? results[0]!).errcode);
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/sms',
        payload: { mobile: a.mobile, smsType: 'SIGNUP' },
        headers: { 'accept-language': 'en' },
      });
      expect(body(again)).toMatchObject({ errcode: 10003, errmsg: messageOf('en', 'errors.phoneRegistered') });
    });

    it('applies the spec rules: password differs from the username, confirmation matches', async () => {
      const user = newIdentity();
      const same = await ctx.app.inject({
        method: 'POST',
        url: '/signup',
        headers: { 'accept-language': 'en' },
        payload: { ...user, code: '123456', password: user.username, confirmPassword: 'other' },
      });
      expect(same.statusCode).toBe(400);
      const fields = body<{ fields: { field: string; rule: string }[] }>(same).data.fields;
      expect(fields).toContainEqual(expect.objectContaining({ field: 'body.password', rule: 'validation.passwordSameAsUsername' }));
      expect(fields).toContainEqual(expect.objectContaining({ field: 'body.confirmPassword', rule: 'validation.passwordMismatch' }));
    });
  });

  describe('log-in', () => {
    it('by password with username (any case), phone or email; cookie set; success message', async () => {
      const user = await signUp(ctx.app);
      await proveEmail(ctx.app, user); // an unverified email logs nobody in (email-unverified.test.ts)
      for (const [loginType, account] of [
        ['account', user.username.toUpperCase()],
        ['account', user.mobile],
        ['account', user.email],
        ['mobile', user.mobile],
        ['email', user.email.toUpperCase()],
      ] as const) {
        const res = await login({ loginType, account, password: user.password });
        expect(res.statusCode, `${loginType} ${account}: ${res.body}`).toBe(200);
        expect(body(res).errmsg).toBe(messageOf('en', 'success.loginSucceeded'));
        expect(String(res.headers['set-cookie'])).toContain(`llk_session=${tokenOf(res)}`);
        expect((await info(tokenOf(res))).statusCode).toBe(200);
      }
    });

    it('answers INVALID_CREDENTIALS alike for a wrong password and an unknown account', async () => {
      const user = await signUp(ctx.app);
      const wrong = await login({ loginType: 'account', account: user.username, password: 'Wrong#pass1' });
      const unknown = await login({ loginType: 'account', account: newIdentity().username, password: 'Wrong#pass1' });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(400);
        expect(body(res)).toEqual({ errcode: 10006, errmsg: messageOf('en', 'errors.invalidCredentials'), data: null });
      }
    });

    it('backs off after 5 failures on an account (LOGIN_THROTTLED, retry-after), even with the right password', async () => {
      const user = await signUp(ctx.app);
      await proveEmail(ctx.app, user);
      for (let i = 0; i < 5; i++) {
        expect(body(await login({ loginType: 'account', account: user.username, password: `Wrong#${i}x` })).errcode).toBe(10006);
      }
      const locked = await login({ loginType: 'account', account: user.email, password: user.password });
      expect(locked.statusCode).toBe(429);
      expect(body(locked)).toMatchObject({ errcode: 10013, errmsg: messageOf('en', 'errors.loginThrottled') });
      const retry = body<{ retryAfterSeconds: number }>(locked).data.retryAfterSeconds;
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(900);
      expect(locked.headers['retry-after']).toBe(String(retry));

      // the owner still gets in with a code, which also lifts the lock
      const code = await codeFor(ctx.app, user.mobile, 'LOGIN');
      expect((await login({ loginType: 'mobile', mobile: user.mobile, code })).statusCode).toBe(200);
      expect((await login({ loginType: 'account', account: user.username, password: user.password })).statusCode).toBe(200);
    });

    it('lets the owner reset the password while locked out, and log in with the new one', async () => {
      const user = await signUp(ctx.app);
      for (let i = 0; i < 6; i++) await login({ loginType: 'account', account: user.username, password: `Wrong#${i}x` });
      const code = await codeFor(ctx.app, user.mobile, 'RESET');
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/modifyPwdByMobile',
        payload: { mobile: user.mobile, code, password: 'Fresh#2024', confirmPassword: 'Fresh#2024' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await login({ loginType: 'account', account: user.username, password: 'Fresh#2024' })).statusCode).toBe(200);
    });

    it('backs off per IP after 20 failures across accounts', async () => {
      const ip = newIp();
      const victim = await signUp(ctx.app);
      for (let i = 0; i < 20; i++) await login({ loginType: 'account', account: newIdentity().username, password: 'Wrong#pass1' }, ip);
      expect(body(await login({ loginType: 'account', account: victim.username, password: victim.password }, ip)).errcode).toBe(10013);
      expect((await login({ loginType: 'account', account: victim.username, password: victim.password }, newIp())).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    it('accepts the token raw, as Bearer, or from the cookie; rejects anything else with 401', async () => {
      const user = await signUp(ctx.app);
      expect((await ctx.app.inject({ url: '/user/info', headers: { authorization: `Bearer ${user.token}` } })).statusCode).toBe(200);
      expect((await ctx.app.inject({ url: '/user/info', cookies: { llk_session: user.token } })).statusCode).toBe(200);
      for (const headers of [
        {},
        { authorization: 'nonsense' },
        { authorization: user.token.slice(0, -1) + (user.token.endsWith('A') ? 'B' : 'A') },
      ]) {
        const res = await ctx.app.inject({ url: '/user/info', headers: { ...headers, 'accept-language': 'en' } });
        expect(res.statusCode).toBe(401);
        expect(body(res)).toEqual({ errcode: 40100, errmsg: messageOf('en', 'errors.unauthorized'), data: null });
      }
    });

    it('ends a session unused for the idle lifetime, and any session at its absolute expiry', async () => {
      const idle = await signUp(ctx.app);
      await ctx.database.db
        .updateTable('sessions')
        .set({ last_seen_at: toDbDate(Date.now() - 31 * DAY) })
        .where('token_hash', '=', sha256Hex(idle.token))
        .execute();
      expect((await info(idle.token)).statusCode).toBe(401);

      const old = await signUp(ctx.app);
      await ctx.database.db
        .updateTable('sessions')
        .set({ expires_at: toDbDate(Date.now() - 1000) })
        .where('token_hash', '=', sha256Hex(old.token))
        .execute();
      expect((await info(old.token)).statusCode).toBe(401);
    });

    it('purges only sessions that are over: revoked, expired or idle', async () => {
      const users = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
      const [live, revoked, expired, idle] = users.map((user) => sha256Hex(user.token));
      const now = Date.now();
      const update = (hash: string | undefined, set: Record<string, string>) =>
        ctx.database.db
          .updateTable('sessions')
          .set(set)
          .where('token_hash', '=', hash ?? '')
          .execute();
      await update(revoked, { revoked_at: toDbDate(now) });
      await update(expired, { expires_at: toDbDate(now - 1000) });
      await update(idle, { last_seen_at: toDbDate(now - 31 * DAY) });
      await purgeDeadSessions(ctx.database.db, ctx.app.config.session);
      const left = await ctx.database.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('token_hash', 'in', [live, revoked, expired, idle].map(String))
        .execute();
      expect(left.map((row) => row.token_hash)).toEqual([live]);
    });

    it('touches last_seen_at at most once in five minutes: the session cache answers in between, then the database is read and touched', async () => {
      const user = await signUp(ctx.app);
      const seen = async () =>
        (
          await ctx.database.db
            .selectFrom('sessions')
            .select('last_seen_at')
            .where('token_hash', '=', sha256Hex(user.token))
            .executeTakeFirstOrThrow()
        ).last_seen_at;
      const before = await seen();
      await info(user.token); // reads the row (younger than a minute: no write) and caches it
      expect(await seen()).toBe(before);
      const t0 = Date.parse(before);
      const resolve = (at: number) =>
        findActiveSessionCached(ctx.database.db, ctx.app.kv, user.token, ctx.app.config.session, new Date(at));
      expect(await resolve(t0 + 5 * 60_000 - 1)).not.toBeNull();
      expect(await seen()).toBe(before);
      expect(await resolve(t0 + 5 * 60_000)).not.toBeNull();
      expect(await seen()).toBe(toDbDate(t0 + 5 * 60_000));
    });

    it('logout revokes the session and clears the cookie; it always answers 200', async () => {
      const user = await signUp(ctx.app);
      const res = await ctx.app.inject({ method: 'POST', url: '/logout', headers: { authorization: user.token } });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/llk_session=;.*Expires=Thu, 01 Jan 1970/);
      expect((await info(user.token)).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'POST', url: '/logout', headers: { authorization: user.token } })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'POST', url: '/logout' })).statusCode).toBe(200);
    });

    it('refuses a cookie-authenticated write from another origin (403), accepts it from the web origin', async () => {
      const user = await signUp(ctx.app);
      const cookies = { llk_session: user.token };
      const foreign = await ctx.app.inject({ method: 'POST', url: '/test/mutate', cookies, headers: { origin: 'https://evil.example' } });
      expect(foreign.statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'POST', url: '/test/mutate', cookies })).statusCode).toBe(403); // no Origin at all
      const referer = await ctx.app.inject({
        method: 'POST',
        url: '/test/mutate',
        cookies,
        headers: { referer: 'https://www.llk.example/en/login' },
      });
      expect(referer.statusCode).toBe(200);
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/test/mutate', cookies, headers: { origin: 'https://www.llk.example' } })).statusCode,
      ).toBe(200);
      // the header token is not sent by browsers on their own: no origin rule
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/test/mutate',
            headers: { authorization: user.token, origin: 'https://evil.example' },
          })
        ).statusCode,
      ).toBe(200);
      // a cross-site logout does not end the session
      await ctx.app.inject({ method: 'POST', url: '/logout', cookies, headers: { origin: 'https://evil.example' } });
      expect((await info(user.token)).statusCode).toBe(200);
    });

    it('compares the scheme, host and port of Origin (or Referer), not the host alone', async () => {
      const user = await signUp(ctx.app);
      const status = async (headers: Record<string, string>) =>
        (await ctx.app.inject({ method: 'POST', url: '/test/mutate', cookies: { llk_session: user.token }, headers })).statusCode;
      // the web origin of the test config is https://www.llk.example
      expect(await status({ origin: 'http://www.llk.example' })).toBe(403);
      expect(await status({ origin: 'https://www.llk.example:8443' })).toBe(403);
      expect(await status({ origin: 'https://llk.example' })).toBe(403);
      expect(await status({ referer: 'http://www.llk.example/en/login' })).toBe(403);
      expect(await status({ origin: 'null', referer: 'https://www.llk.example/en/login' })).toBe(403);
      expect(await status({ origin: 'https://WWW.LLK.EXAMPLE' })).toBe(200);
      expect(await status({ origin: 'https://www.llk.example:443' })).toBe(200);
      // this server's own origin (inject talks to http://localhost:80)
      expect(await status({ origin: 'http://localhost' })).toBe(200);
      expect(await status({ origin: 'https://localhost' })).toBe(403);
      expect(await status({ origin: 'http://localhost:3001' })).toBe(403);
    });
  });

  describe('password reset and change', () => {
    async function sessions(count: number, user: { username: string; password: string }) {
      const tokens: string[] = [];
      for (let i = 0; i < count; i++)
        tokens.push(tokenOf(await login({ loginType: 'account', account: user.username, password: user.password })));
      return tokens;
    }

    it('by mobile: new password works, old does not, every session ends', async () => {
      const user = await signUp(ctx.app);
      const tokens = [user.token, ...(await sessions(2, user))];
      const code = await codeFor(ctx.app, user.mobile, 'RESET');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/modifyPwdByMobile',
        headers: { 'accept-language': 'fr' },
        payload: { mobile: user.mobile, code, password: 'Another#9', confirmPassword: 'Another#9' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).errmsg).toBe(messageOf('fr', 'success.modificationSucceeded'));
      for (const token of tokens) expect((await info(token)).statusCode).toBe(401);
      expect(body(await login({ loginType: 'account', account: user.username, password: user.password })).errcode).toBe(10006);
      expect((await login({ loginType: 'account', account: user.username, password: 'Another#9' })).statusCode).toBe(200);
    });

    it('by email: code from /sms/sendByAccount over EMAIL, then /modifyPwdByEmail', async () => {
      const user = await signUp(ctx.app);
      await proveEmail(ctx.app, user); // no code goes to an unverified email (email-unverified.test.ts)
      const send = await ctx.app.inject({
        method: 'POST',
        url: '/sms/sendByAccount',
        payload: { account: user.email, channel: 'EMAIL', smsType: 'RESET' },
      });
      expect(send.statusCode, send.body).toBe(200);
      const code = await outboxCode(ctx.app, user.email);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/modifyPwdByEmail',
        payload: { email: user.email.toUpperCase(), code, password: 'Mail#reset1', confirmPassword: 'Mail#reset1' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await info(user.token)).statusCode).toBe(401);
      expect((await login({ loginType: 'email', account: user.email, password: 'Mail#reset1' })).statusCode).toBe(200);
    });

    it('by account: the code must come over the channel named', async () => {
      const user = await signUp(ctx.app);
      await proveEmail(ctx.app, user); // with an unverified email, EMAIL falls back to the phone
      await ctx.app.kv.del(`sms:cool:SMS:${user.mobile}`);
      await ctx.app.inject({
        method: 'POST',
        url: '/sms/sendByAccount',
        payload: { account: user.username, channel: 'SMS', smsType: 'RESET' },
      });
      const code = await outboxCode(ctx.app, user.mobile);
      const payload = { account: user.username, code, password: 'Acct#reset1', confirmPassword: 'Acct#reset1' };
      const viaEmail = await ctx.app.inject({ method: 'POST', url: '/modifyPwdByAccount', payload: { ...payload, channel: 'EMAIL' } });
      expect(body(viaEmail).errcode).toBe(10008);
      const res = await ctx.app.inject({ method: 'POST', url: '/modifyPwdByAccount', payload: { ...payload, channel: 'SMS' } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await info(user.token)).statusCode).toBe(401);
      expect((await login({ loginType: 'account', account: user.username, password: 'Acct#reset1' })).statusCode).toBe(200);
    });

    it('refuses a new password equal to the username without spending the code', async () => {
      const user = await signUp(ctx.app);
      const code = await codeFor(ctx.app, user.mobile, 'RESET');
      const same = await ctx.app.inject({
        method: 'POST',
        url: '/modifyPwdByMobile',
        headers: { 'accept-language': 'en' },
        payload: { mobile: user.mobile, code, password: user.username, confirmPassword: user.username },
      });
      expect(same.statusCode).toBe(400);
      expect(body(same).errmsg).toBe(`password: ${messageOf('en', 'validation.passwordSameAsUsername')}`);
      expect(body(same).data).toEqual({
        fields: [
          {
            field: 'body.password',
            rule: 'validation.passwordSameAsUsername',
            message: messageOf('en', 'validation.passwordSameAsUsername'),
          },
        ],
      });
      const ok = await ctx.app.inject({
        method: 'POST',
        url: '/modifyPwdByMobile',
        payload: { mobile: user.mobile, code, password: 'Good#pass1', confirmPassword: 'Good#pass1' },
      });
      expect(ok.statusCode).toBe(200);
    });

    it('while logged in: current password required, every session ends, the caller gets a new one', async () => {
      const user = await signUp(ctx.app);
      const [other] = await sessions(1, user);
      const change = (token: string, oldPassword: string, headers: Record<string, string> = {}) =>
        ctx.app.inject({
          method: 'POST',
          url: '/user/changePassword',
          headers: { authorization: token, ...headers },
          payload: { oldPassword, password: 'Changed#42', confirmPassword: 'Changed#42' },
        });
      expect(body(await change(user.token, 'Wrong#pass1')).errcode).toBe(10006);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/user/changePassword',
            payload: { oldPassword: user.password, password: 'Changed#42', confirmPassword: 'Changed#42' },
          })
        ).statusCode,
      ).toBe(401);
      const cookieCrossSite = await ctx.app.inject({
        method: 'POST',
        url: '/user/changePassword',
        cookies: { llk_session: user.token },
        headers: { origin: 'https://evil.example' },
        payload: { oldPassword: user.password, password: 'Changed#42', confirmPassword: 'Changed#42' },
      });
      expect(cookieCrossSite.statusCode).toBe(403);

      const res = await change(user.token, user.password);
      expect(res.statusCode, res.body).toBe(200);
      const fresh = tokenOf(res);
      expect(String(res.headers['set-cookie'])).toContain(`llk_session=${fresh}`);
      expect((await info(user.token)).statusCode).toBe(401);
      expect((await info(other ?? '')).statusCode).toBe(401);
      expect((await info(fresh)).statusCode).toBe(200);
      expect((await login({ loginType: 'account', account: user.username, password: 'Changed#42' })).statusCode).toBe(200);
    });

    it('answers the spec message for an unknown phone', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/modifyPwdByMobile',
        headers: { 'accept-language': 'en' },
        payload: { mobile: newIdentity().mobile, code: '123456', password: 'Good#pass1', confirmPassword: 'Good#pass1' },
      });
      expect(body(res)).toMatchObject({ errcode: 10001, errmsg: messageOf('en', 'errors.phoneOrEmailNotRegistered') });
    });
  });
});

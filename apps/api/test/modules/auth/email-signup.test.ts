import { ZPhone } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { newIdentity, newIp, outboxCode, proveEmail, signUp, signUpByEmail } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { messageOf } from '../../messages';
import { challengeOf, enableTotp, totpCode } from '../auth/support';

// Email as a way in (ADR 0028): sign up with an email address alone (the SIGNUP code by email),
// log in with the email and a LOGIN code or a password; one email code makes one account, however
// many sign-ups race with it; bad input answers an envelope in the caller's language.

interface Envelope<T = Record<string, unknown>> {
  errcode: number;
  errmsg: string;
  data: T;
}
const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Envelope<T>;
/** the stored form of a test phone number (E.164 once phones of every country are stored so) */
const stored = (mobile: string) => ZPhone.parse(mobile);

async function send(app: App, payload: Record<string, unknown>, language = 'en') {
  const to = (payload.email as string | undefined) ?? stored(String(payload.mobile));
  await app.kv.del(`sms:cool:${payload.email ? 'EMAIL' : 'SMS'}:${to}`);
  return app.inject({ method: 'POST', url: '/sms', payload, headers: { 'accept-language': language }, remoteAddress: newIp() });
}

function signup(app: App, payload: Record<string, unknown>, language = 'en') {
  return app.inject({ method: 'POST', url: '/signup', payload, headers: { 'accept-language': language }, remoteAddress: newIp() });
}

function login(app: App, payload: Record<string, unknown>, language = 'en') {
  return app.inject({ method: 'POST', url: '/h5Login', payload, headers: { 'accept-language': language }, remoteAddress: newIp() });
}

describe.each(testDialects())('email as a way in on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { CODE_IP_HOURLY_LIMIT: '1000', CODE_IP_DAILY_LIMIT: '1000' } });
  const info = async (token: string) =>
    body<Record<string, unknown>>(await ctx.app.inject({ url: '/user/info', headers: { authorization: token } })).data;

  describe('sign-up by email', () => {
    it('sends the SIGNUP code by email with the phone’s limits, and creates an account without a phone whose email is verified', async () => {
      const identity = newIdentity();
      const sent = await send(ctx.app, { email: identity.email.toUpperCase(), smsType: 'SIGNUP' });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(body(sent).data).toEqual({ channel: 'EMAIL', target: `u***@example.com`, resendAfterSeconds: 60, expiresInSeconds: 300 });
      // the per-target wait holds for an email as for a phone
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/sms',
        payload: { email: identity.email, smsType: 'SIGNUP' },
        remoteAddress: newIp(),
      });
      expect([again.statusCode, body(again).errcode]).toEqual([429, 10010]);

      const code = await outboxCode(ctx.app, identity.email);
      const res = await signup(
        ctx.app,
        { username: identity.username, email: identity.email, code, password: identity.password, confirmPassword: identity.password },
        'fr',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).errmsg).toBe(messageOf('fr', 'success.accountCreated'));
      const token = body<{ access_token: string }>(res).data.access_token;
      expect(await info(token)).toMatchObject({
        username: identity.username,
        mobile: null,
        email: 'u***@example.com',
        mobileVerified: false,
        emailVerified: true,
      });
      const row = await ctx.database.db.selectFrom('users').selectAll().where('email', '=', identity.email).executeTakeFirstOrThrow();
      expect(row.mobile).toBeNull();
      expect(row.email_verified_at).not.toBeNull();
      // the code is used up
      const twice = await signup(ctx.app, {
        username: `${identity.username}b`,
        email: identity.email,
        code,
        password: identity.password,
        confirmPassword: identity.password,
      });
      expect(body(twice).errcode).toBe(10014); // EMAIL_REGISTERED, checked before the code
    });

    it('refuses a registered email, whatever its case, before and after the code is sent: EMAIL_REGISTERED', async () => {
      const taken = await signUpByEmail(ctx.app);
      const sent = await send(ctx.app, { email: taken.email.toUpperCase(), smsType: 'SIGNUP' }, 'es');
      expect([sent.statusCode, body(sent).errcode, body(sent).errmsg]).toEqual([409, 10014, messageOf('es', 'errors.emailRegistered')]);

      // the code was sent while the address was free; another account proved it meanwhile (a phone
      // sign-up that only typed it would not take it: email-unverified.test.ts)
      const identity = newIdentity();
      expect((await send(ctx.app, { email: identity.email, smsType: 'SIGNUP' })).statusCode).toBe(200);
      const code = await outboxCode(ctx.app, identity.email);
      const other = await signUp(ctx.app, { ...newIdentity(), email: identity.email });
      await ctx.app.kv.del(`sms:cool:EMAIL:${identity.email}`);
      await proveEmail(ctx.app, other);
      const late = await signup(ctx.app, {
        username: identity.username,
        email: identity.email,
        code,
        password: identity.password,
        confirmPassword: identity.password,
      });
      expect([late.statusCode, body(late).errcode]).toEqual([409, 10014]);
    });

    it('a code sent to the phone does not sign up the email, nor the other way round', async () => {
      const identity = newIdentity();
      expect((await send(ctx.app, { mobile: identity.mobile, smsType: 'SIGNUP' })).statusCode).toBe(200);
      const phoneCode = await outboxCode(ctx.app, stored(identity.mobile));
      const byEmail = await signup(ctx.app, {
        username: identity.username,
        email: identity.email,
        code: phoneCode,
        password: identity.password,
        confirmPassword: identity.password,
      });
      expect(body(byEmail).errcode).toBe(10008); // CODE_EXPIRED: no code was sent to the email
      expect((await send(ctx.app, { email: identity.email, smsType: 'SIGNUP' })).statusCode).toBe(200);
      const emailCode = await outboxCode(ctx.app, identity.email);
      const byPhone = await signup(ctx.app, {
        username: identity.username,
        mobile: identity.mobile,
        email: identity.email,
        code: emailCode,
        password: identity.password,
        confirmPassword: identity.password,
      });
      // with a phone the code is the phone's: the email's is wrong there
      expect([10007, 10008]).toContain(body(byPhone).errcode);
    });

    it('keeps the email typed beside a phone unverified, opening nothing, until the account proves it (POST /user/bindEmail)', async () => {
      const user = await signUp(ctx.app);
      expect(await info(user.token)).toMatchObject({ mobileVerified: true, emailVerified: false });
      const refused = await send(ctx.app, { email: user.email, smsType: 'LOGIN' });
      expect([refused.statusCode, body(refused).errcode]).toEqual([400, 10005]); // EMAIL_NOT_REGISTERED, as for an unknown address
      await proveEmail(ctx.app, user);
      expect(await info(user.token)).toMatchObject({ mobileVerified: true, emailVerified: true });
      expect((await send(ctx.app, { email: user.email, smsType: 'LOGIN' })).statusCode).toBe(200);
      const res = await login(ctx.app, { loginType: 'email', email: user.email, code: await outboxCode(ctx.app, user.email) });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('creates one account when 20 sign-ups use one email code at the same time', async () => {
      const identity = newIdentity();
      expect((await send(ctx.app, { email: identity.email, smsType: 'SIGNUP' })).statusCode).toBe(200);
      const code = await outboxCode(ctx.app, identity.email);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          signup(ctx.app, {
            username: `${identity.username}x${i}`,
            email: identity.email,
            code,
            password: identity.password,
            confirmPassword: identity.password,
          }),
        ),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.every((status) => status === 200 || (status >= 400 && status < 500))).toBe(true);
      for (const res of answers.filter((answer) => answer.statusCode !== 200))
        expect([10007, 10008, 10009, 10014]).toContain(body(res).errcode);
      const rows = await ctx.database.db.selectFrom('users').select(['id', 'mobile']).where('email', '=', identity.email).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.mobile).toBeNull();
    });

    it('creates one account when 20 identical sign-ups race with one email code', async () => {
      const identity = newIdentity();
      expect((await send(ctx.app, { email: identity.email, smsType: 'SIGNUP' })).statusCode).toBe(200);
      const code = await outboxCode(ctx.app, identity.email);
      const payload = {
        username: identity.username,
        email: identity.email,
        code,
        password: identity.password,
        confirmPassword: identity.password,
      };
      const answers = await Promise.all(Array.from({ length: 20 }, () => signup(ctx.app, payload)));
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((res) => res.statusCode >= 500)).toEqual([]);
      const rows = await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('username_norm', '=', identity.username.toLowerCase())
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('answers bad input with envelope errors in the caller’s language, never a 500', async () => {
      const identity = newIdentity();
      const base = { username: identity.username, code: '123456', password: identity.password, confirmPassword: identity.password };
      const neither = await signup(ctx.app, base, 'ja');
      expect(neither.statusCode).toBe(400);
      expect(body(neither)).toMatchObject({
        errcode: 40001,
        errmsg: `mobile: ${messageOf('ja', 'validation.phoneOrEmailRequired')}`,
        data: { fields: [{ field: 'body.mobile', rule: 'validation.phoneOrEmailRequired' }] },
      });
      const malformed = await signup(ctx.app, { ...base, email: 'not-an-email@' }, 'es');
      expect(malformed.statusCode).toBe(400);
      expect(body(malformed)).toMatchObject({ errcode: 40001, errmsg: `email: ${messageOf('es', 'validation.emailInvalid')}` });
      const sendMalformed = await ctx.app.inject({
        method: 'POST',
        url: '/sms',
        payload: { email: 'a@b', smsType: 'SIGNUP' },
        headers: { 'accept-language': 'ko' },
        remoteAddress: newIp(),
      });
      expect([sendMalformed.statusCode, body(sendMalformed).errmsg]).toEqual([400, `email: ${messageOf('ko', 'validation.emailInvalid')}`]);

      expect((await send(ctx.app, { email: identity.email, smsType: 'SIGNUP' })).statusCode).toBe(200);
      const right = await outboxCode(ctx.app, identity.email);
      const wrong = await signup(ctx.app, { ...base, email: identity.email, code: right === '000000' ? '111111' : '000000' }, 'zh-tw');
      expect(wrong.statusCode).toBe(400);
      expect(body(wrong)).toMatchObject({ errcode: 10007, data: { attemptsLeft: 4 } });
      expect(body(wrong).errmsg).toBe(messageOf('zh-tw', 'errors.codeInvalid'));
      // the right code still works after a wrong one
      expect((await signup(ctx.app, { ...base, email: identity.email, code: right })).statusCode).toBe(200);
    });
  });

  describe('log-in by email', () => {
    it('logs in with the email and a LOGIN code (recorded as email_code), or with the email and the password', async () => {
      const user = await signUpByEmail(ctx.app);
      const sent = await send(ctx.app, { email: user.email, smsType: 'LOGIN' });
      expect(body(sent).data).toMatchObject({ channel: 'EMAIL', target: 'u***@example.com' });
      const byCode = await login(
        ctx.app,
        { loginType: 'email', email: user.email.toUpperCase(), code: await outboxCode(ctx.app, user.email) },
        'ko',
      );
      expect(byCode.statusCode, byCode.body).toBe(200);
      expect(body(byCode).errmsg).toBe(messageOf('ko', 'success.loginSucceeded'));
      const token = body<{ access_token: string }>(byCode).data.access_token;
      const history = body<{ events: Array<{ method: string; success: boolean }> }>(
        await ctx.app.inject({ url: '/user/loginHistory', headers: { authorization: token } }),
      ).data.events;
      expect(history[0]).toMatchObject({ method: 'email_code', success: true });

      const byPassword = await login(ctx.app, { loginType: 'email', account: user.email, password: user.password });
      expect(byPassword.statusCode, byPassword.body).toBe(200);
    });

    it('refuses an unknown email, a wrong code, and a code log-in of the wrong shape', async () => {
      const unknown = await send(ctx.app, { email: newIdentity().email, smsType: 'LOGIN' }, 'fr');
      expect([unknown.statusCode, body(unknown).errcode, body(unknown).errmsg]).toEqual([
        400,
        10005,
        messageOf('fr', 'errors.emailNotRegistered'),
      ]);

      const user = await signUpByEmail(ctx.app);
      expect((await send(ctx.app, { email: user.email, smsType: 'LOGIN' })).statusCode).toBe(200);
      const right = await outboxCode(ctx.app, user.email);
      const wrong = await login(ctx.app, { loginType: 'email', email: user.email, code: right === '000000' ? '111111' : '000000' });
      expect([wrong.statusCode, body(wrong).errcode]).toEqual([400, 10007]);
      const history = await ctx.database.db
        .selectFrom('login_events')
        .select(['method', 'failure'])
        .where('method', '=', 'email_code')
        .execute();
      expect(history).toContainEqual({ method: 'email_code', failure: 'CODE_INVALID' });

      const mixed = await login(ctx.app, { loginType: 'mobile', email: user.email, code: right }, 'ja');
      expect(body(mixed)).toMatchObject({
        errcode: 40001,
        data: { fields: expect.arrayContaining([{ field: 'body.mobile', rule: 'validation.phoneRequired', message: expect.any(String) }]) },
      });
      const noEmail = await login(ctx.app, { loginType: 'email', code: right });
      expect(body(noEmail)).toMatchObject({
        errcode: 40001,
        data: { fields: [expect.objectContaining({ field: 'body.email', rule: 'validation.emailRequired' })] },
      });
      const byAccount = await login(ctx.app, { loginType: 'account', email: user.email, code: right });
      expect(body(byAccount)).toMatchObject({ errcode: 40001, data: { fields: [expect.objectContaining({ field: 'body.loginType' })] } });
      // none of these spent the code
      expect((await login(ctx.app, { loginType: 'email', email: user.email, code: right })).statusCode).toBe(200);
    });

    it('gives an account with two-step verification the TOTP challenge after an email code', async () => {
      const user = await signUpByEmail(ctx.app);
      const { secret } = await enableTotp(ctx.app, user.token);
      expect((await send(ctx.app, { email: user.email, smsType: 'LOGIN' })).statusCode).toBe(200);
      const res = await login(ctx.app, { loginType: 'email', email: user.email, code: await outboxCode(ctx.app, user.email) });
      expect(res.statusCode, res.body).toBe(200);
      const challenge = challengeOf(body(res).data as never);
      expect(body(res).data).not.toHaveProperty('access_token');
      const second = await ctx.app.inject({
        method: 'POST',
        url: '/h5Login/verifyTotp',
        payload: { challengeId: challenge.challengeId, code: totpCode(secret, Date.now() + 30_000) },
        remoteAddress: newIp(),
      });
      expect(second.statusCode, second.body).toBe(200);
      expect(body<{ access_token: string }>(second).data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });
  });
});

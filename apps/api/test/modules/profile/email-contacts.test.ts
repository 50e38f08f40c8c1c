import { ZPhone } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { newIdentity, newIp, outboxCode, signUp, signUpByEmail } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { messageOf } from '../../messages';
import { enableTotp, totpCode, UA } from '../auth/support';
import { body, outbox, signUpWithoutEmail } from './support';

// The contacts of an account that may have signed up by email (ADR 0028): a phone can be bound
// later (BIND_MOBILE), the last verified contact cannot be removed, a code asked over a channel
// the account lacks goes to its other contact, and security alerts go to every verified contact.

const stored = (mobile: string) => ZPhone.parse(mobile);

describe.each(testDialects())('contacts of email accounts on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { CODE_IP_HOURLY_LIMIT: '1000', CODE_IP_DAILY_LIMIT: '1000' } });
  const info = async (token: string) =>
    body<Record<string, unknown>>(await ctx.app.inject({ url: '/user/info', headers: { authorization: token } })).data;

  /** POST /sms now (the one-minute wait of the address cleared), as the token's user when given. */
  async function send(payload: Record<string, unknown>, token?: string, to?: string) {
    const address = to ?? (payload.email as string | undefined) ?? (payload.mobile ? stored(String(payload.mobile)) : undefined);
    if (address) await ctx.app.kv.del(`sms:cool:${address.includes('@') ? 'EMAIL' : 'SMS'}:${address}`);
    return ctx.app.inject({
      method: 'POST',
      url: '/sms',
      payload,
      headers: { 'accept-language': 'en', ...(token ? { authorization: token } : {}) },
      remoteAddress: newIp(),
    });
  }
  async function codeFor(payload: Record<string, unknown>, token: string | undefined, to: string): Promise<string> {
    const res = await send(payload, token, to);
    expect(res.statusCode, res.body).toBe(200);
    return outboxCode(ctx.app, to);
  }
  const post = (url: string, token: string, payload: Record<string, unknown>, language = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { authorization: token, 'accept-language': language },
      payload,
      remoteAddress: newIp(),
    });
  const kinds = async (to: string) => (await outbox(ctx.app, to)).map((message) => message.purpose);

  /** An email account with a phone bound afterwards: both contacts verified. */
  async function withBoth() {
    const user = await signUpByEmail(ctx.app);
    const mobile = stored(user.mobile);
    const code = await codeFor({ mobile, smsType: 'BIND_MOBILE' }, user.token, mobile);
    const bound = await post('/user/bindMobile', user.token, { mobile, code });
    expect(bound.statusCode, bound.body).toBe(200);
    return { ...user, mobile };
  }

  describe('binding a phone to an email account', () => {
    it('binds with BIND_MOBILE (verified), tells the phone and the email; a second bind is PHONE_ALREADY_BOUND', async () => {
      const user = await signUpByEmail(ctx.app);
      expect(await info(user.token)).toMatchObject({ mobile: null, mobileVerified: false, emailVerified: true });
      const mobile = stored(user.mobile);
      const code = await codeFor({ mobile, smsType: 'BIND_MOBILE' }, user.token, mobile);
      const res = await post('/user/bindMobile', user.token, { mobile, code });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).data).toMatchObject({ mobileVerified: true, emailVerified: true });
      expect(await kinds(mobile)).toContain('MOBILE_BOUND');
      expect(await kinds(user.email)).toContain('MOBILE_BOUND');
      const again = await send({ mobile: stored(newIdentity().mobile), smsType: 'BIND_MOBILE' }, user.token);
      expect(body(again).errcode).toBe(10151);
      // the phone now logs in by code as well
      const login = await codeFor({ mobile, smsType: 'LOGIN' }, undefined, mobile);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/h5Login',
            payload: { loginType: 'mobile', mobile, code: login },
            remoteAddress: newIp(),
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('the last verified contact', () => {
    it('refuses to remove the only verified contact, in the caller’s language, without spending the code', async () => {
      const user = await signUpByEmail(ctx.app);
      const code = await codeFor({ channel: 'EMAIL', smsType: 'BIND_EMAIL' }, user.token, user.email);
      const refused = await post('/user/unbindEmail', user.token, { code }, 'es');
      expect([refused.statusCode, body(refused).errcode, body(refused).errmsg]).toEqual([
        409,
        10158,
        messageOf('es', 'errors.lastVerifiedContact'),
      ]);
      const phone = await post('/user/unbindMobile', user.token, { code: '123456' });
      expect(body(phone).errcode).toBe(10001); // no phone to remove
      // with a phone bound, the same code removes the email
      const mobile = stored(user.mobile);
      const bind = await codeFor({ mobile, smsType: 'BIND_MOBILE' }, user.token, mobile);
      expect((await post('/user/bindMobile', user.token, { mobile, code: bind })).statusCode).toBe(200);
      const removed = await post('/user/unbindEmail', user.token, { code });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(body(removed).data).toMatchObject({ email: null, emailVerified: false, mobileVerified: true });
      expect(await kinds(user.email)).toContain('EMAIL_REMOVED');
      expect(await kinds(mobile)).toContain('EMAIL_REMOVED');
      // and now the phone is the last one
      const last = await codeFor({ channel: 'SMS', smsType: 'MODIFY_PHONE' }, user.token, mobile);
      expect(body(await post('/user/unbindMobile', user.token, { code: last })).errcode).toBe(10158);
    });

    it('an email typed beside a phone is not verified: the phone cannot go until a bind verifies the email', async () => {
      const user = await signUp(ctx.app);
      const mobile = stored(user.mobile);
      const phoneCode = await codeFor({ channel: 'SMS', smsType: 'MODIFY_PHONE' }, user.token, mobile);
      expect(body(await post('/user/unbindMobile', user.token, { code: phoneCode })).errcode).toBe(10158);
      // binding the same email (a BIND_EMAIL code to it) verifies it; EMAIL_ALREADY_BOUND only for a verified one
      const emailCode = await codeFor({ email: user.email, smsType: 'BIND_EMAIL' }, user.token, user.email);
      const verified = await post('/user/bindEmail', user.token, { email: user.email, code: emailCode });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(body(verified).data).toMatchObject({ emailVerified: true, mobileVerified: true });
      const removed = await post('/user/unbindMobile', user.token, { code: phoneCode });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(body(removed).data).toMatchObject({ mobile: null, email: 'u***@example.com', emailVerified: true });
      const row = await ctx.database.db
        .selectFrom('users')
        .select(['mobile', 'mobile_verified_at'])
        .where('email', '=', user.email)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ mobile: null, mobile_verified_at: null });
    });

    it('a mistyped email beside a phone is replaced by binding another one', async () => {
      const user = await signUp(ctx.app);
      const other = newIdentity().email;
      const code = await codeFor({ email: other, smsType: 'BIND_EMAIL' }, user.token, other);
      const res = await post('/user/bindEmail', user.token, { email: other, code });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).data).toMatchObject({ emailVerified: true });
      const row = await ctx.database.db
        .selectFrom('users')
        .select(['email'])
        .where('username_norm', '=', user.username.toLowerCase())
        .executeTakeFirstOrThrow();
      expect(row.email).toBe(other);
      // the old address is free again
      expect((await send({ email: user.email, smsType: 'SIGNUP' })).statusCode).toBe(200);
    });

    it('leaves one verified contact when the email and the phone are removed at the same time', async () => {
      const user = await withBoth();
      const emailCode = await codeFor({ channel: 'EMAIL', smsType: 'BIND_EMAIL' }, user.token, user.email);
      const phoneCode = await codeFor({ channel: 'SMS', smsType: 'MODIFY_PHONE' }, user.token, user.mobile);
      const [email, phone] = await Promise.all([
        post('/user/unbindEmail', user.token, { code: emailCode }),
        post('/user/unbindMobile', user.token, { code: phoneCode }),
      ]);
      expect([email.statusCode, phone.statusCode].sort()).toEqual([200, 409]);
      expect([body(email).errcode, body(phone).errcode].sort((a, b) => a - b)).toEqual([0, 10158]);
      const now = await info(user.token);
      expect([now.emailVerified, now.mobileVerified].filter(Boolean)).toHaveLength(1);
    });
  });

  describe('codes over the channel the account has', () => {
    it('resets by account over SMS for an email account: the code goes by email and the answer says so', async () => {
      const user = await signUpByEmail(ctx.app);
      await ctx.app.kv.del(`sms:cool:EMAIL:${user.email}`);
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/sms/sendByAccount',
        payload: { account: user.username, channel: 'SMS', smsType: 'RESET' },
        remoteAddress: newIp(),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(body(sent).data).toMatchObject({ channel: 'EMAIL', target: 'u***@example.com' });
      const code = await outboxCode(ctx.app, user.email);
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/modifyPwdByAccount',
        payload: { account: user.username, channel: 'SMS', code, password: 'Fresh#456', confirmPassword: 'Fresh#456' },
        remoteAddress: newIp(),
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/h5Login',
        payload: { loginType: 'account', account: user.username, password: 'Fresh#456' },
        remoteAddress: newIp(),
      });
      expect(login.statusCode).toBe(200);
    });

    it('sends a phone account’s EMAIL request by SMS, and a signed-in CANCEL_ACCOUNT over the channel it has', async () => {
      const phoneOnly = await signUpWithoutEmail(ctx.app);
      const mobile = stored(phoneOnly.mobile);
      await ctx.app.kv.del(`sms:cool:SMS:${mobile}`);
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/sms/sendByAccount',
        payload: { account: phoneOnly.username, channel: 'EMAIL', smsType: 'LOGIN' },
        remoteAddress: newIp(),
      });
      expect(body(sent).data).toMatchObject({ channel: 'SMS' });

      const user = await signUpByEmail(ctx.app);
      const cancelCode = await codeFor({ channel: 'SMS', smsType: 'CANCEL_ACCOUNT' }, user.token, user.email);
      const cancelled = await post('/user/cancel', user.token, { channel: 'SMS', code: cancelCode });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    });

    it('answers a clear error where a purpose needs the missing channel itself (MODIFY_PHONE of an account without a phone)', async () => {
      const user = await signUpByEmail(ctx.app);
      const res = await send({ channel: 'SMS', smsType: 'MODIFY_PHONE' }, user.token, user.email);
      expect([res.statusCode, body(res).errcode]).toEqual([400, 10001]);
      const change = await send({ channel: 'EMAIL', smsType: 'BIND_EMAIL' }, (await signUpWithoutEmail(ctx.app)).token, 'none@example.com');
      expect(body(change).errcode).toBe(10005);
    });
  });

  describe('security alerts to every verified contact', () => {
    it('alerts a new-device sign-in and a password change on the email and on the phone', async () => {
      const user = await withBoth();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/h5Login',
        payload: { loginType: 'email', account: user.email, password: user.password },
        headers: { 'user-agent': UA.firefoxLinux, 'accept-language': 'fr' },
        remoteAddress: newIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const emailAlerts = (await outbox(ctx.app, user.email)).filter((message) => message.purpose === 'NEW_DEVICE_SIGN_IN');
      const phoneAlerts = (await outbox(ctx.app, user.mobile)).filter((message) => message.purpose === 'NEW_DEVICE_SIGN_IN');
      expect(emailAlerts).toHaveLength(1);
      expect(phoneAlerts).toHaveLength(1);
      expect(emailAlerts[0]?.subject).toBe('LLK Remote : nouvelle connexion à votre compte');
      expect(phoneAlerts[0]?.text).toMatch(/^\[LLK Remote\] Connexion à votre compte/);

      const token = body<{ access_token: string }>(res).data.access_token;
      const changed = await post(
        '/user/changePassword',
        token,
        { oldPassword: user.password, password: 'Newer#789', confirmPassword: 'Newer#789' },
        'ja',
      );
      expect(changed.statusCode, changed.body).toBe(200);
      const emailChanged = (await outbox(ctx.app, user.email)).filter((message) => message.purpose === 'PASSWORD_CHANGED');
      const phoneChanged = (await outbox(ctx.app, user.mobile)).filter((message) => message.purpose === 'PASSWORD_CHANGED');
      expect(emailChanged).toHaveLength(1);
      expect(phoneChanged).toHaveLength(1);
      expect(emailChanged[0]?.subject).toBe('LLK Remote：パスワードが変更されました');
      expect(phoneChanged[0]?.text).toMatch(/^【LLK Remote】/);
    });

    it('tells every verified contact when two-step verification goes off and when a cancellation is requested', async () => {
      const user = await withBoth();
      const { secret } = await enableTotp(ctx.app, user.token);
      const off = await post('/user/totp/disable', user.token, { code: totpCode(secret, Date.now() + 30_000) }, 'ko');
      expect(off.statusCode, off.body).toBe(200);
      expect(await kinds(user.email)).toContain('TWO_STEP_DISABLED');
      expect(await kinds(user.mobile)).toContain('TWO_STEP_DISABLED');
      expect((await outbox(ctx.app, user.email)).find((message) => message.purpose === 'TWO_STEP_DISABLED')?.subject).toBe(
        'LLK Remote: 2단계 인증이 해제되었습니다',
      );

      const code = await codeFor({ channel: 'EMAIL', smsType: 'CANCEL_ACCOUNT' }, user.token, user.email);
      expect((await post('/user/cancel', user.token, { channel: 'EMAIL', code })).statusCode).toBe(200);
      expect(await kinds(user.email)).toContain('ACCOUNT_CANCEL_REQUESTED');
      expect(await kinds(user.mobile)).toContain('ACCOUNT_CANCEL_REQUESTED');
    });

    it('does not alert an unverified email (typed beside a phone); a reset by code alerts the phone', async () => {
      const user = await signUp(ctx.app);
      const mobile = stored(user.mobile);
      const code = await codeFor({ mobile, smsType: 'RESET' }, undefined, mobile);
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/modifyPwdByMobile',
        payload: { mobile, code, password: 'Reset#321', confirmPassword: 'Reset#321' },
        remoteAddress: newIp(),
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(await kinds(mobile)).toContain('PASSWORD_CHANGED');
      expect(await kinds(user.email)).not.toContain('PASSWORD_CHANGED');
    });
  });
});

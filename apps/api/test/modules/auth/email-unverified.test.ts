import { ZPhone } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { maskedMainland, newIdentity, newIp, outboxCode, proveEmail, signUp, signUpByEmail, type Identity } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { messageOf } from '../../messages';
import { body, outbox } from '../profile/support';

// An unverified email opens nothing and blocks nobody (ADR 0028). The email typed beside a phone
// at sign-up is nobody's until the account proves it (a BIND_EMAIL code used with POST
// /user/bindEmail): no LOGIN or RESET code goes to it, no reset or password log-in takes it, each
// answered exactly as for an unknown address; the channel fallback skips it. Whoever proves it
// with a code (sign-up by email, bind, change) gets it, and the account that held it unverified
// loses it in the same transaction: of 20 parallel claimants, one.

const stored = (mobile: string) => ZPhone.parse(mobile);
const PASSWORD_AFTER = 'Fresh#reset9';

describe.each(testDialects())('an unverified email on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { CODE_IP_HOURLY_LIMIT: '10000', CODE_IP_DAILY_LIMIT: '10000' } });
  const info = async (token: string) =>
    body<Record<string, unknown>>(await ctx.app.inject({ url: '/user/info', headers: { authorization: token } })).data;
  const row = (username: string) =>
    ctx.database.db
      .selectFrom('users')
      .select(['email', 'email_verified_at', 'mobile'])
      .where('username_norm', '=', username.toLowerCase())
      .executeTakeFirstOrThrow();

  /** A request as a stranger (no session) would send it, the address's resend wait cleared. */
  async function call(
    url: string,
    payload: Record<string, unknown>,
    options: { token?: string; language?: string; clear?: string[] } = {},
  ) {
    for (const address of options.clear ?? []) await ctx.app.kv.del(`sms:cool:${address.includes('@') ? 'EMAIL' : 'SMS'}:${address}`);
    return ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'accept-language': options.language ?? 'es', ...(options.token ? { authorization: options.token } : {}) },
      remoteAddress: newIp(),
    });
  }
  /** What a stranger sees: the status and the whole envelope. */
  const seen = (res: { statusCode: number; json(): unknown }) => [res.statusCode, res.json()];
  const codesTo = async (address: string) => (await outbox(ctx.app, address)).filter((message) => message.code !== '');

  /** Each way in by email, asked with `email` (the account's username, password and phone beside it). */
  function waysIn(user: Identity, email: string) {
    const reset = { password: PASSWORD_AFTER, confirmPassword: PASSWORD_AFTER };
    return {
      loginCode: () => call('/sms', { email, smsType: 'LOGIN' }, { clear: [email] }),
      resetCode: () => call('/sms', { email, smsType: 'RESET' }, { clear: [email] }),
      byAccount: () => call('/sms/sendByAccount', { account: email, channel: 'EMAIL', smsType: 'RESET' }, { clear: [email] }),
      resetByEmail: () => call('/modifyPwdByEmail', { email, code: '123456', ...reset }),
      resetByAccount: () => call('/modifyPwdByAccount', { account: email, channel: 'EMAIL', code: '123456', ...reset }),
      loginByCode: () => call('/h5Login', { loginType: 'email', email, code: '123456' }),
      loginAsEmail: () => call('/h5Login', { loginType: 'email', account: email, password: user.password }),
      loginAsAccount: () => call('/h5Login', { loginType: 'account', account: email.toUpperCase(), password: user.password }),
    };
  }

  describe('opens nothing', () => {
    it('answers every way in by an unverified email exactly as for an unknown address, and sends it no code', async () => {
      const user = await signUp(ctx.app);
      expect(await info(user.token)).toMatchObject({ mobileVerified: true, emailVerified: false, email: 'u***@example.com' });
      const unverified = waysIn(user, user.email);
      const unknown = waysIn(user, newIdentity().email);
      const expected: Record<keyof typeof unverified, [number, number, string]> = {
        loginCode: [400, 10005, 'errors.emailNotRegistered'],
        resetCode: [400, 10005, 'errors.emailNotRegistered'],
        byAccount: [400, 10004, 'errors.accountNotRegistered'],
        resetByEmail: [400, 10005, 'errors.emailNotRegistered'],
        resetByAccount: [400, 10004, 'errors.accountNotRegistered'],
        loginByCode: [400, 10008, 'errors.codeExpired'],
        loginAsEmail: [400, 10006, 'errors.invalidCredentials'],
        loginAsAccount: [400, 10006, 'errors.invalidCredentials'],
      };
      for (const way of Object.keys(expected) as Array<keyof typeof unverified>) {
        const [status, errcode, key] = expected[way];
        const mine = await unverified[way]();
        expect([way, ...seen(mine)]).toEqual([way, ...seen(await unknown[way]())]);
        expect([way, mine.statusCode, body(mine).errcode, body(mine).errmsg]).toEqual([way, status, errcode, messageOf('es', key)]);
      }
      expect(await codesTo(user.email)).toEqual([]);
      // the password is unchanged, and the attempts were not the account's: its sign-in history
      // holds only the one wrong password typed with its username
      expect((await call('/h5Login', { loginType: 'account', account: user.username, password: user.password })).statusCode).toBe(200);
      expect(body(await call('/h5Login', { loginType: 'account', account: user.username, password: 'Wrong#pass1' })).errcode).toBe(10006);
      const history = body<{ events: Array<{ method: string; success: boolean; failure: string | null }> }>(
        await ctx.app.inject({ url: '/user/loginHistory', headers: { authorization: user.token } }),
      ).data.events;
      expect(history.filter((event) => !event.success).map((event) => [event.method, event.failure])).toEqual([
        ['password', 'INVALID_CREDENTIALS'],
      ]);
    });

    it('counts wrong passwords typed with it on the address, as for an unknown one, not on the account', async () => {
      const user = await signUp(ctx.app);
      const attempts = async (account: string) => {
        const answers: number[] = [];
        for (let i = 0; i < 6; i++)
          answers.push(body(await call('/h5Login', { loginType: 'email', account, password: `Wrong#${i}x` })).errcode);
        return answers;
      };
      const unknown = await attempts(newIdentity().email);
      expect(await attempts(user.email)).toEqual(unknown);
      expect(unknown).toEqual([10006, 10006, 10006, 10006, 10006, 10013]);
      // the account itself is not locked
      expect((await call('/h5Login', { loginType: 'account', account: user.username, password: user.password })).statusCode).toBe(200);
    });

    it('is skipped by the channel fallback: codes asked over EMAIL go to the phone', async () => {
      const user = await signUp(ctx.app);
      const mobile = stored(user.mobile);
      const byAccount = await call(
        '/sms/sendByAccount',
        { account: user.username, channel: 'EMAIL', smsType: 'RESET' },
        { clear: [mobile] },
      );
      expect(byAccount.statusCode, byAccount.body).toBe(200);
      expect(body(byAccount).data).toMatchObject({ channel: 'SMS', target: maskedMainland(mobile) });
      // the reset by account over EMAIL takes the code the phone got
      const code = await outboxCode(ctx.app, mobile);
      const reset = await call('/modifyPwdByAccount', {
        account: user.username,
        channel: 'EMAIL',
        code,
        password: PASSWORD_AFTER,
        confirmPassword: PASSWORD_AFTER,
      });
      expect(reset.statusCode, reset.body).toBe(200);

      const again = await signUp(ctx.app);
      const againMobile = stored(again.mobile);
      const cancel = await call('/sms', { channel: 'EMAIL', smsType: 'CANCEL_ACCOUNT' }, { token: again.token, clear: [againMobile] });
      expect(body(cancel).data).toMatchObject({ channel: 'SMS', target: maskedMainland(againMobile) });
      for (const smsType of ['LOGIN', 'RESET'] as const) {
        const signedIn = await call('/sms', { channel: 'EMAIL', smsType }, { token: again.token, clear: [againMobile] });
        expect([smsType, body(signedIn).data]).toMatchObject([smsType, { channel: 'SMS' }]);
      }
      // named by its address, a signed-in account's unverified email is not a contact on file for these
      const named = await call('/sms', { email: again.email, smsType: 'CANCEL_ACCOUNT' }, { token: again.token, clear: [again.email] });
      expect([body(named).errcode, body(named).errmsg]).toEqual([10154, messageOf('es', 'errors.contactNotOnFile')]);
      expect(await codesTo(user.email)).toEqual([]);
      expect(await codesTo(again.email)).toEqual([]);
    });

    it('opens every way in once the account proves it with POST /user/bindEmail (same address)', async () => {
      const user = await signUp(ctx.app);
      await proveEmail(ctx.app, user);
      expect(await info(user.token)).toMatchObject({ mobileVerified: true, emailVerified: true, email: 'u***@example.com' });
      expect((await row(user.username)).email_verified_at).not.toBeNull();

      const ways = waysIn(user, user.email);
      expect((await ways.loginAsEmail()).statusCode).toBe(200);
      expect((await ways.loginAsAccount()).statusCode).toBe(200);
      expect(body(await ways.loginCode()).data).toMatchObject({ channel: 'EMAIL', target: 'u***@example.com' });
      const login = await call('/h5Login', { loginType: 'email', email: user.email, code: await outboxCode(ctx.app, user.email) });
      expect(login.statusCode, login.body).toBe(200);
      expect(body(await ways.byAccount()).data).toMatchObject({ channel: 'EMAIL', target: 'u***@example.com' });
      const reset = await call('/modifyPwdByEmail', {
        email: user.email,
        code: await outboxCode(ctx.app, user.email),
        password: PASSWORD_AFTER,
        confirmPassword: PASSWORD_AFTER,
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await call('/h5Login', { loginType: 'email', account: user.email, password: PASSWORD_AFTER })).statusCode).toBe(200);
    });
  });

  describe('blocks nobody', () => {
    it('lets another person sign up by email with it: they get it verified, the phone account loses it', async () => {
      const squatter = await signUp(ctx.app);
      const owner = { ...newIdentity(), email: squatter.email };
      const sent = await call('/sms', { email: owner.email, smsType: 'SIGNUP' }, { clear: [owner.email] });
      expect(sent.statusCode, sent.body).toBe(200);
      const code = await outboxCode(ctx.app, owner.email);
      const res = await call('/signup', {
        username: owner.username,
        email: owner.email,
        code,
        password: owner.password,
        confirmPassword: owner.password,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await info(body<{ access_token: string }>(res).data.access_token)).toMatchObject({
        email: 'u***@example.com',
        emailVerified: true,
        mobile: null,
      });
      expect(await row(squatter.username)).toMatchObject({ email: null, email_verified_at: null, mobile: stored(squatter.mobile) });
      expect(await info(squatter.token)).toMatchObject({ email: null, emailVerified: false, mobileVerified: true });
      // the real owner's ways in by email work
      expect((await call('/h5Login', { loginType: 'email', account: owner.email, password: owner.password })).statusCode).toBe(200);
      // a phone sign-up only types an email: it does not take it from anyone, verified or not
      const typed = await call('/signup', { ...(await phoneCode()), email: owner.email });
      expect([typed.statusCode, body(typed).errcode, body(typed).errmsg]).toEqual([409, 10014, messageOf('es', 'errors.emailRegistered')]);
    });

    it('refuses a phone sign-up that types an email another account holds, verified or not: EMAIL_REGISTERED', async () => {
      const holder = await signUp(ctx.app);
      const typed = await call('/signup', { ...(await phoneCode()), email: holder.email.toUpperCase() });
      expect([typed.statusCode, body(typed).errcode]).toEqual([409, 10014]);
      expect(await row(holder.username)).toMatchObject({ email: holder.email, email_verified_at: null });
    });

    it('lets another account bind it, or change to it, with a code; the holder loses it', async () => {
      const squatter = await signUp(ctx.app);
      const binder = await signUpByEmail(ctx.app);
      // a change: step 1 with the current email's code, step 2 to the squatted address
      const oldCode = await codeTo({ channel: 'EMAIL', smsType: 'BIND_EMAIL' }, binder.token, binder.email);
      const step1 = await call('/user/changeEmail', { code: oldCode }, { token: binder.token });
      const { ticket } = body<{ ticket: string }>(step1).data;
      const newCode = await codeTo({ email: squatter.email, smsType: 'BIND_EMAIL' }, binder.token, squatter.email);
      const step2 = await call('/user/changeEmail', { ticket, email: squatter.email, code: newCode }, { token: binder.token });
      expect(step2.statusCode, step2.body).toBe(200);
      expect(body(step2).data).toMatchObject({ user: { email: 'u***@example.com', emailVerified: true } });
      expect(await row(squatter.username)).toMatchObject({ email: null, email_verified_at: null });

      // a bind, by an account without an email, of another phone sign-up's unverified email
      const second = await signUp(ctx.app);
      const lacking = await signUpByEmail(ctx.app);
      const unbind = await removeEmailOf(lacking);
      expect(unbind).toMatchObject({ email: null });
      const bindCode = await codeTo({ email: second.email, smsType: 'BIND_EMAIL' }, lacking.token, second.email);
      const bound = await call('/user/bindEmail', { email: second.email, code: bindCode }, { token: lacking.token });
      expect(bound.statusCode, bound.body).toBe(200);
      expect(body(bound).data).toMatchObject({ emailVerified: true });
      expect(await row(second.username)).toMatchObject({ email: null });
      expect(await row(lacking.username)).toMatchObject({ email: second.email });
    });

    it('gives the address to exactly one of 20 accounts binding it at once; the holder loses it', async () => {
      const squatter = await signUp(ctx.app);
      const address = squatter.email;
      const claimants: Array<{ token: string; username: string; code: string }> = [];
      for (let i = 0; i < 20; i++) {
        const claimant = await signUpWithoutEmail();
        // the per-address hourly and daily limits are the product's rule (sms-codes.test.ts), lifted here
        for (const key of [`sms:t:h:EMAIL:${address}`, `sms:t:d:EMAIL:${address}`]) await ctx.app.kv.del(key);
        claimants.push({ ...claimant, code: await codeTo({ email: address, smsType: 'BIND_EMAIL' }, claimant.token, address) });
      }
      const answers = await Promise.all(
        claimants.map((claimant) => call('/user/bindEmail', { email: address, code: claimant.code }, { token: claimant.token })),
      );
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
      for (const res of answers.filter((answer) => answer.statusCode !== 200))
        expect([res.statusCode, body(res).errcode]).toEqual([409, 10014]);
      const holders = await ctx.database.db
        .selectFrom('users')
        .select(['username', 'email_verified_at'])
        .where('email', '=', address)
        .execute();
      expect(holders).toHaveLength(1);
      expect(holders[0]?.email_verified_at).not.toBeNull();
      const winner = claimants[answers.findIndex((res) => res.statusCode === 200)];
      expect(holders[0]?.username).toBe(winner?.username);
      expect(await row(squatter.username)).toMatchObject({ email: null, email_verified_at: null });
    });

    it('makes one account of 20 parallel sign-ups by email with one code; the holder loses the address', async () => {
      const squatter = await signUp(ctx.app);
      const owner = { ...newIdentity(), email: squatter.email };
      expect((await call('/sms', { email: owner.email, smsType: 'SIGNUP' }, { clear: [owner.email] })).statusCode).toBe(200);
      const code = await outboxCode(ctx.app, owner.email);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call('/signup', {
            username: `${owner.username}p${i}`,
            email: owner.email,
            code,
            password: owner.password,
            confirmPassword: owner.password,
          }),
        ),
      );
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((res) => res.statusCode >= 500)).toEqual([]);
      const holders = await ctx.database.db
        .selectFrom('users')
        .select(['mobile', 'email_verified_at'])
        .where('email', '=', owner.email)
        .execute();
      expect(holders).toHaveLength(1);
      expect(holders[0]).toMatchObject({ mobile: null, email_verified_at: expect.anything() });
      expect(await row(squatter.username)).toMatchObject({ email: null });
    });
  });

  // ---- helpers -------------------------------------------------------------------------------

  /** A SIGNUP code for a fresh phone, as the sign-up body without the email. */
  async function phoneCode() {
    const identity = newIdentity();
    const mobile = stored(identity.mobile);
    expect((await call('/sms', { mobile, smsType: 'SIGNUP' }, { clear: [mobile] })).statusCode).toBe(200);
    return {
      username: identity.username,
      mobile,
      code: await outboxCode(ctx.app, mobile),
      password: identity.password,
      confirmPassword: identity.password,
    };
  }

  async function codeTo(payload: Record<string, unknown>, token: string, to: string): Promise<string> {
    const res = await call('/sms', payload, { token, clear: [to] });
    expect(res.statusCode, res.body).toBe(200);
    return outboxCode(ctx.app, to);
  }

  async function signUpWithoutEmail() {
    const res = await call('/signup', await phoneCode());
    expect(res.statusCode, res.body).toBe(200);
    const token = body<{ access_token: string }>(res).data.access_token;
    return { token, username: String((await info(token)).username) };
  }

  /** An email account binds a phone, then removes its email: left without one. */
  async function removeEmailOf(user: Identity & { token: string }) {
    const mobile = stored(user.mobile);
    const bind = await call(
      '/user/bindMobile',
      { mobile, code: await codeTo({ mobile, smsType: 'BIND_MOBILE' }, user.token, mobile) },
      { token: user.token },
    );
    expect(bind.statusCode, bind.body).toBe(200);
    const code = await codeTo({ channel: 'EMAIL', smsType: 'BIND_EMAIL' }, user.token, user.email);
    const res = await call('/user/unbindEmail', { code }, { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data;
  }
});

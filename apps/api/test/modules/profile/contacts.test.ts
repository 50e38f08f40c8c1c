import { describe, expect, it } from 'vitest';
import { maskedMainland, newIdentity, proveEmail, signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { messageOf } from '../../messages';
import { body, codeFor, outbox, post, send, signUpWithoutEmail } from './support';

// Profile and contact details: the nickname, binding and changing the email and the
// phone, each step proved by a code of its own purpose sent to its own target.

/** A contact-change notice in the dev outbox (its purpose is the notice's kind). */
const isContactNotice = (purpose: string) => ['EMAIL_BOUND', 'EMAIL_CHANGED', 'MOBILE_BOUND', 'MOBILE_CHANGED'].includes(purpose);
const masked = maskedMainland;

describe.each(testDialects())('profile and contact details on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { CODE_IP_HOURLY_LIMIT: '1000', CODE_IP_DAILY_LIMIT: '1000' } });
  const info = async (token: string) =>
    body<Record<string, unknown>>(await ctx.app.inject({ url: '/user/info', headers: { authorization: token } })).data;

  describe('POST /user/updateProfile', () => {
    it('changes the nickname (trimmed), never the username', async () => {
      const user = await signUp(ctx.app);
      const res = await post(ctx.app, '/user/updateProfile', user.token, { nickname: '  小明 Ming  ', username: 'someoneelse' });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res)).toMatchObject({
        errcode: 0,
        errmsg: messageOf('en', 'success.modificationSucceeded'),
        data: { nickname: '小明 Ming', username: user.username },
      });
      expect(await info(user.token)).toMatchObject({ nickname: '小明 Ming', username: user.username });
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('refuses an empty, a 33-character or a control-character nickname in the caller’s language', async () => {
      const user = await signUp(ctx.app);
      const empty = await post(ctx.app, '/user/updateProfile', user.token, { nickname: '   ' }, 'ja');
      expect(empty.statusCode).toBe(400);
      expect(body(empty)).toMatchObject({
        errcode: 40001,
        errmsg: `nickname: ${messageOf('ja', 'validation.required')}`,
        data: { fields: [{ field: 'body.nickname', rule: 'validation.required' }] },
      });
      const long = await post(ctx.app, '/user/updateProfile', user.token, { nickname: 'x'.repeat(33) });
      expect(body(long).data).toMatchObject({ fields: [{ field: 'body.nickname', rule: 'validation.tooLong' }] });
      expect((await post(ctx.app, '/user/updateProfile', user.token, { nickname: 'x'.repeat(32) })).statusCode).toBe(200);
      const control = await post(ctx.app, '/user/updateProfile', user.token, { nickname: 'a\u0000b' });
      expect(body(control).data).toMatchObject({ fields: [{ field: 'body.nickname', rule: 'validation.invalidValue' }] });
    });

    it('needs a session: 401 for every profile route without one', async () => {
      for (const url of [
        '/user/updateProfile',
        '/user/bindEmail',
        '/user/bindMobile',
        '/user/changeEmail',
        '/user/changeMobile',
        '/user/cancel',
        '/user/cancel/revoke',
      ]) {
        const res = await ctx.app.inject({ method: 'POST', url, payload: {} });
        expect([url, res.statusCode, body(res).errcode]).toEqual([url, 401, 40100]);
      }
    });
  });

  describe('POST /sms for the contact purposes', () => {
    it('needs a session for BIND_EMAIL, BIND_MOBILE, CHANGE_MOBILE, MODIFY_PHONE and for `channel`', async () => {
      const { mobile, email } = newIdentity();
      for (const payload of [
        { email, smsType: 'BIND_EMAIL' },
        { mobile, smsType: 'BIND_MOBILE' },
        { mobile, smsType: 'CHANGE_MOBILE' },
        { mobile, smsType: 'MODIFY_PHONE' },
        { channel: 'SMS', smsType: 'CANCEL_ACCOUNT' },
      ]) {
        const res = await send(ctx.app, payload);
        expect([payload.smsType, res.statusCode, body(res).errcode]).toEqual([payload.smsType, 401, 40100]);
      }
      expect(await outbox(ctx.app, email)).toEqual([]);
    });

    it('sends each purpose only to the target its rule allows', async () => {
      const user = await signUp(ctx.app);
      const other = await signUp(ctx.app);
      // verified emails (an unverified one is nobody's and gets no CANCEL_ACCOUNT code: email-unverified.test.ts)
      await proveEmail(ctx.app, user);
      await proveEmail(ctx.app, other);
      const fresh = newIdentity();
      const cases: Array<[Record<string, unknown>, number]> = [
        [{ email: other.email, smsType: 'BIND_EMAIL' }, 10014], // EMAIL_REGISTERED
        [{ mobile: fresh.mobile, smsType: 'BIND_EMAIL' }, 10155], // CODE_CHANNEL_INVALID
        [{ mobile: fresh.mobile, smsType: 'BIND_MOBILE' }, 10151], // PHONE_ALREADY_BOUND
        [{ mobile: other.mobile, smsType: 'CHANGE_MOBILE' }, 10003], // PHONE_REGISTERED
        [{ mobile: user.mobile, smsType: 'CHANGE_MOBILE' }, 10153], // CONTACT_UNCHANGED
        [{ channel: 'EMAIL', smsType: 'MODIFY_PHONE' }, 10155],
        [{ mobile: other.mobile, smsType: 'MODIFY_PHONE' }, 10154], // CONTACT_NOT_ON_FILE
        [{ mobile: other.mobile, smsType: 'CANCEL_ACCOUNT' }, 10154],
        [{ channel: 'SMS', smsType: 'SIGNUP' }, 10155],
      ];
      for (const [payload, errcode] of cases) {
        const res = await send(ctx.app, payload, user.token);
        expect([payload, body(res).errcode, body(res).errmsg]).toEqual([payload, errcode, messageOf('en', `errors.${keyOf(errcode)}`)]);
      }
      for (const [payload, to] of [
        [{ channel: 'SMS', smsType: 'MODIFY_PHONE' }, user.mobile],
        [{ channel: 'EMAIL', smsType: 'BIND_EMAIL' }, user.email],
        [{ email: fresh.email, smsType: 'BIND_EMAIL' }, fresh.email],
        [{ mobile: fresh.mobile, smsType: 'CHANGE_MOBILE' }, fresh.mobile],
        [{ channel: 'EMAIL', smsType: 'CANCEL_ACCOUNT' }, user.email],
      ] as const) {
        const res = await send(ctx.app, payload, user.token, to);
        expect([payload, res.statusCode], res.body).toEqual([payload, 200]);
      }
      const own = await send(ctx.app, { channel: 'SMS', smsType: 'MODIFY_PHONE' }, user.token, user.mobile);
      expect(body(own).data).toMatchObject({ channel: 'SMS', target: masked(user.mobile) });
      expect((await outbox(ctx.app, user.mobile))[0]).toMatchObject({ purpose: 'MODIFY_PHONE', channel: 'SMS' });
    });
  });

  describe('binding and changing the email', () => {
    it('binds an email with its BIND_EMAIL code, tells both addresses, and then the password can be reset by email', async () => {
      const user = await signUpWithoutEmail(ctx.app);
      const { email } = newIdentity();
      expect(await info(user.token)).toMatchObject({ email: null });

      // before: "reset by email" does not know the address
      const before = await send(ctx.app, { email, smsType: 'RESET' });
      expect(body(before).errcode).toBe(10005);

      const code = await codeFor(ctx.app, { email, smsType: 'BIND_EMAIL' }, user.token, email);
      const res = await post(ctx.app, '/user/bindEmail', user.token, { email: email.toUpperCase(), code });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).data).toMatchObject({ email: `${email[0]}***@example.com` });
      const emailNotice = (await outbox(ctx.app, email)).find((message) => isContactNotice(message.purpose));
      expect(emailNotice).toMatchObject({ channel: 'EMAIL', code: '', subject: 'LLK Remote account security notice' });
      expect(emailNotice?.text).toContain(`${email[0]}***@example.com`);
      expect((await outbox(ctx.app, user.mobile)).find((message) => isContactNotice(message.purpose))?.text).toContain(
        'was added to your LLK Remote account',
      );

      // a second bind is refused: change it instead
      const again = await post(ctx.app, '/user/bindEmail', user.token, { email: newIdentity().email, code: '123456' });
      expect(body(again).errcode).toBe(10150);

      // reset the password by email, end to end
      const resetCode = await codeFor(ctx.app, { email, smsType: 'RESET' }, undefined, email);
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/modifyPwdByEmail',
        payload: { email, code: resetCode, password: 'NewPass#456', confirmPassword: 'NewPass#456' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await ctx.app.inject({ url: '/user/info', headers: { authorization: user.token } })).statusCode).toBe(401); // every session ended
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/h5Login',
        payload: { loginType: 'email', account: email, password: 'NewPass#456' },
      });
      expect(login.statusCode, login.body).toBe(200);
    });

    it('binds once when 20 requests use one BIND_EMAIL code at the same time', async () => {
      const user = await signUpWithoutEmail(ctx.app);
      const { email } = newIdentity();
      const code = await codeFor(ctx.app, { email, smsType: 'BIND_EMAIL' }, user.token, email);
      const results = await Promise.all(Array.from({ length: 20 }, () => post(ctx.app, '/user/bindEmail', user.token, { email, code })));
      expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
      for (const res of results.filter((r) => r.statusCode !== 200)) expect([10008, 10009, 10150]).toContain(body(res).errcode);
      const notices = (await outbox(ctx.app, email)).filter((message) => isContactNotice(message.purpose));
      expect(notices).toHaveLength(1);
      const rows = await ctx.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses an email another account took after the code was sent, without using up the code', async () => {
      const user = await signUpWithoutEmail(ctx.app);
      const taken = newIdentity();
      const code = await codeFor(ctx.app, { email: taken.email, smsType: 'BIND_EMAIL' }, user.token, taken.email);
      await proveEmail(ctx.app, await signUp(ctx.app, taken)); // proved by it (an unverified one would not stop the bind)
      const res = await post(ctx.app, '/user/bindEmail', user.token, { email: taken.email, code }, 'zh-CN');
      expect(body(res)).toMatchObject({ errcode: 10014, errmsg: messageOf('zh-CN', 'errors.emailRegistered') });
      expect(res.statusCode).toBe(409);
    });

    it('keeps a binding code to the account that asked for it: another account cannot bind or switch to the address with it', async () => {
      const asker = await signUpWithoutEmail(ctx.app);
      const other = await signUpWithoutEmail(ctx.app);
      const { email, mobile } = newIdentity();

      // BIND_EMAIL: the asker's code for X binds nothing to the other account, and stays good for the asker
      const emailCode = await codeFor(ctx.app, { email, smsType: 'BIND_EMAIL' }, asker.token, email);
      const stolen = await post(ctx.app, '/user/bindEmail', other.token, { email, code: emailCode }, 'ja');
      expect(body(stolen)).toMatchObject({ errcode: 10008, errmsg: messageOf('ja', 'errors.codeExpired') });
      expect(await info(other.token)).toMatchObject({ email: null });
      expect((await post(ctx.app, '/user/bindEmail', asker.token, { email, code: emailCode })).statusCode).toBe(200);

      // BIND_MOBILE, the same
      await ctx.database.db
        .updateTable('users')
        .set({ mobile: null })
        .where('username_norm', 'in', [asker.username.toLowerCase(), other.username.toLowerCase()])
        .execute();
      const mobileCode = await codeFor(ctx.app, { mobile, smsType: 'BIND_MOBILE' }, asker.token, mobile);
      expect(body(await post(ctx.app, '/user/bindMobile', other.token, { mobile, code: mobileCode })).errcode).toBe(10008);
      expect(await info(other.token)).toMatchObject({ mobile: null });
      expect((await post(ctx.app, '/user/bindMobile', asker.token, { mobile, code: mobileCode })).statusCode).toBe(200);

      // CHANGE_MOBILE (step 2 of a change): the other account proved its own phone, but not the new one
      const changer = await signUp(ctx.app);
      const thief = await signUp(ctx.app);
      const target = newIdentity().mobile;
      const thiefOld = await codeFor(ctx.app, { channel: 'SMS', smsType: 'MODIFY_PHONE' }, thief.token, thief.mobile);
      const { ticket } = body<{ ticket: string }>(await post(ctx.app, '/user/changeMobile', thief.token, { code: thiefOld })).data;
      const changeCode = await codeFor(ctx.app, { mobile: target, smsType: 'CHANGE_MOBILE' }, changer.token, target);
      expect(body(await post(ctx.app, '/user/changeMobile', thief.token, { ticket, mobile: target, code: changeCode })).errcode).toBe(
        10008,
      );
      expect(await info(thief.token)).toMatchObject({ mobile: masked(thief.mobile) });
    });

    it('does not let a BIND_EMAIL code bind or change a phone', async () => {
      const user = await signUp(ctx.app);
      const fresh = newIdentity();
      const code = await codeFor(ctx.app, { email: fresh.email, smsType: 'BIND_EMAIL' }, user.token, fresh.email);
      const step1 = await post(ctx.app, '/user/changeMobile', user.token, { code });
      expect(body(step1).errcode).toBe(10008); // no MODIFY_PHONE code for this phone
      await ctx.database.db.updateTable('users').set({ mobile: null }).where('username_norm', '=', user.username.toLowerCase()).execute();
      const bind = await post(ctx.app, '/user/bindMobile', user.token, { mobile: fresh.mobile, code });
      expect(body(bind).errcode).toBe(10008);
      expect(await info(user.token)).toMatchObject({ mobile: null });
    });

    it('changes the email: the current email’s code, then a ticket and the new email’s code; both are told', async () => {
      const user = await signUp(ctx.app);
      const other = await signUp(ctx.app);
      await proveEmail(ctx.app, other); // verified: an unverified one would not be taken
      const { email } = newIdentity();

      const wrong = await post(ctx.app, '/user/changeEmail', user.token, { code: '000000' });
      expect(body(wrong).errcode).toBe(10008); // nothing sent yet
      const oldCode = await codeFor(ctx.app, { channel: 'EMAIL', smsType: 'BIND_EMAIL' }, user.token, user.email);
      const step1 = await post(ctx.app, '/user/changeEmail', user.token, { code: oldCode });
      expect(step1.statusCode, step1.body).toBe(200);
      const { ticket, expiresInSeconds } = body<{ ticket: string; expiresInSeconds: number }>(step1).data;
      expect(expiresInSeconds).toBe(600);
      expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // the ticket is this account's only
      const stolen = await post(ctx.app, '/user/changeEmail', other.token, { ticket, email, code: '123456' });
      expect(body(stolen).errcode).toBe(10152);
      const same = await post(ctx.app, '/user/changeEmail', user.token, { ticket, email: user.email, code: '123456' });
      expect(body(same).errcode).toBe(10153);
      const takenEmail = await post(ctx.app, '/user/changeEmail', user.token, { ticket, email: other.email, code: '123456' });
      expect(body(takenEmail).errcode).toBe(10014);

      const newCode = await codeFor(ctx.app, { email, smsType: 'BIND_EMAIL' }, user.token, email);
      const step2 = await post(ctx.app, '/user/changeEmail', user.token, { ticket, email, code: newCode });
      expect(step2.statusCode, step2.body).toBe(200);
      expect(body(step2).data).toMatchObject({ ticket: null, expiresInSeconds: null, user: { email: `${email[0]}***@example.com` } });

      for (const address of [user.email, email]) {
        const notice = (await outbox(ctx.app, address)).find((message) => isContactNotice(message.purpose));
        expect(notice?.text, address).toContain(`was changed from u***@example.com to ${email[0]}***@example.com`);
      }
      const again = await post(ctx.app, '/user/changeEmail', user.token, { ticket, email: newIdentity().email, code: newCode });
      expect(body(again).errcode).toBe(10152); // used
      const oldLogin = await ctx.app.inject({
        method: 'POST',
        url: '/h5Login',
        payload: { loginType: 'email', account: user.email, password: user.password },
      });
      expect(body(oldLogin).errcode).toBe(10006);
      const newLogin = await ctx.app.inject({
        method: 'POST',
        url: '/h5Login',
        payload: { loginType: 'email', account: email, password: user.password },
      });
      expect(newLogin.statusCode).toBe(200);
    });

    it('refuses a change step with half the fields, naming the missing one', async () => {
      const user = await signUp(ctx.app);
      const res = await post(ctx.app, '/user/changeEmail', user.token, { code: '123456', ticket: 'x' });
      expect(res.statusCode).toBe(400);
      expect(body(res).data).toMatchObject({ fields: [{ field: 'body.email', rule: 'validation.emailRequired' }] });
      const phone = await post(ctx.app, '/user/changeMobile', user.token, { code: '123456', mobile: newIdentity().mobile });
      expect(body(phone).data).toMatchObject({ fields: [{ field: 'body.ticket', rule: 'validation.required' }] });
    });
  });

  describe('binding and changing the phone', () => {
    it('changes the phone: MODIFY_PHONE to the old one, CHANGE_MOBILE to the new one; both phones are told', async () => {
      const user = await signUp(ctx.app);
      const { mobile } = newIdentity();
      const oldCode = await codeFor(ctx.app, { channel: 'SMS', smsType: 'MODIFY_PHONE' }, user.token, user.mobile);
      const step1 = await post(ctx.app, '/user/changeMobile', user.token, { code: oldCode });
      expect(step1.statusCode, step1.body).toBe(200);
      const { ticket } = body<{ ticket: string }>(step1).data;

      // the old phone's MODIFY_PHONE code cannot stand in for the new phone's CHANGE_MOBILE code
      const modifyForNew = await codeFor(ctx.app, { mobile, smsType: 'CHANGE_MOBILE' }, user.token, mobile);
      const wrongPurpose = await post(ctx.app, '/user/changeMobile', user.token, { ticket, mobile, code: oldCode });
      expect([10007, 10008]).toContain(body(wrongPurpose).errcode);
      const step2 = await post(ctx.app, '/user/changeMobile', user.token, { ticket, mobile, code: modifyForNew });
      expect(step2.statusCode, step2.body).toBe(200);
      expect(body(step2).data).toMatchObject({ user: { mobile: masked(mobile) } });

      for (const phone of [user.mobile, mobile]) {
        const notice = (await outbox(ctx.app, phone)).find((message) => isContactNotice(message.purpose));
        expect(notice?.text, phone).toContain(`changed from ${masked(user.mobile)} to ${masked(mobile)}`);
      }
      const check = (value: string) => ctx.app.inject({ method: 'POST', url: '/user/check', payload: { type: 'MOBILE', value } });
      expect(body(await check(user.mobile)).data).toEqual({ exists: false });
      expect(body(await check(mobile)).data).toEqual({ exists: true });
      const loginCode = await codeFor(ctx.app, { mobile, smsType: 'LOGIN' }, undefined, mobile);
      const login = await ctx.app.inject({ method: 'POST', url: '/h5Login', payload: { loginType: 'mobile', mobile, code: loginCode } });
      expect(login.statusCode, login.body).toBe(200);
    });

    it('refuses a phone another account took between the steps', async () => {
      const user = await signUp(ctx.app);
      const taken = newIdentity();
      const oldCode = await codeFor(ctx.app, { channel: 'SMS', smsType: 'MODIFY_PHONE' }, user.token, user.mobile);
      const { ticket } = body<{ ticket: string }>(await post(ctx.app, '/user/changeMobile', user.token, { code: oldCode })).data;
      const code = await codeFor(ctx.app, { mobile: taken.mobile, smsType: 'CHANGE_MOBILE' }, user.token, taken.mobile);
      await ctx.app.kv.del(`sms:cool:SMS:${taken.mobile}`);
      await signUp(ctx.app, taken);
      const res = await post(ctx.app, '/user/changeMobile', user.token, { ticket, mobile: taken.mobile, code }, 'fr');
      expect(body(res)).toMatchObject({ errcode: 10003, errmsg: messageOf('fr', 'errors.phoneRegistered') });
      expect(await info(user.token)).toMatchObject({ mobile: masked(user.mobile) });
    });

    it('binds a phone to an account without one (BIND_MOBILE)', async () => {
      const user = await signUp(ctx.app);
      await ctx.database.db.updateTable('users').set({ mobile: null }).where('username_norm', '=', user.username.toLowerCase()).execute();
      const { mobile } = newIdentity();
      const step1 = await post(ctx.app, '/user/changeMobile', user.token, { code: '123456' });
      expect(body(step1).errcode).toBe(10001); // no phone to change
      const code = await codeFor(ctx.app, { mobile, smsType: 'BIND_MOBILE' }, user.token, mobile);
      const res = await post(ctx.app, '/user/bindMobile', user.token, { mobile, code });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).data).toMatchObject({ mobile: masked(mobile) });
      expect((await outbox(ctx.app, user.email)).find((message) => isContactNotice(message.purpose))?.text).toContain(
        `The phone number ${masked(mobile)} was added`,
      );
      const again = await send(ctx.app, { mobile: newIdentity().mobile, smsType: 'BIND_MOBILE' }, user.token);
      expect(body(again).errcode).toBe(10151);
    });
  });
});

const CODE_KEYS: Record<number, string> = {
  10003: 'phoneRegistered',
  10014: 'emailRegistered',
  10151: 'phoneAlreadyBound',
  10153: 'contactUnchanged',
  10154: 'contactNotOnFile',
  10155: 'codeChannelInvalid',
};
function keyOf(errcode: number): string {
  return CODE_KEYS[errcode] ?? 'unknown';
}

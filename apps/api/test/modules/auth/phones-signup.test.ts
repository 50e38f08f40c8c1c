import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newIdentity, newIp, outboxCode, sendCode, signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { messageOf } from '../../messages';

// Phone numbers of every country (ADR 0027): any usual form of a mobile signs up,
// logs in and is refused as taken as one E.164 number; landlines and impossible numbers are
// refused in the caller's language; SMS obeys the block list and the per-country limits, also
// under 20 parallel requests.

interface Envelope<T = Record<string, unknown>> {
  errcode: number;
  errmsg: string;
  data: T;
}
const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Envelope<T>;

const block = String(randomInt(1000, 10000));
let counter = 0;
/** A Spanish mobile no other test uses: +34 6bb bbn nnn (every 6xxxxxxxx is a mobile). */
function spanishMobile(): { typed: string; e164: string } {
  counter += 1;
  const digits = `6${block}${String(counter).padStart(4, '0')}`;
  return { typed: `+34 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`, e164: `+34${digits}` };
}

describe.each(testDialects())('phones of every country on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { SMS_BLOCKED_COUNTRIES: 'NG, pk', SMS_COUNTRY_LIMITS: 'FR=3/4' } });
  const db = () => ctx.database.db;
  const post = (url: string, payload: Record<string, unknown>, locale = 'en', ip = newIp()) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { 'accept-language': locale } });

  it('signs up +34 612 345 678 as typed (code by the dev outbox), stores +34612345678 and masks it +34 612 *** 678', async () => {
    const identity = newIdentity();
    const phone = spanishMobile();
    const sent = await post('/sms', { mobile: phone.typed, smsType: 'SIGNUP' }, 'es');
    expect(sent.statusCode, sent.body).toBe(200);
    const masked = `+34 ${phone.e164.slice(3, 6)} *** ${phone.e164.slice(-3)}`;
    expect(body<{ target: string }>(sent).data.target).toBe(masked);
    // the outbox holds it under E.164, in Spanish, and finds it asked for as typed
    const outbox = body<{ messages: { to: string; text: string }[] }>(
      await ctx.app.inject({ url: `/dev/outbox?to=${encodeURIComponent(phone.typed)}` }),
    ).data.messages;
    expect(outbox[0]?.to).toBe(phone.e164);
    expect(outbox[0]?.text).toContain('Tu código de verificación es');
    const code = await outboxCode(ctx.app, phone.e164);
    // the same number typed another way at sign-up
    const dashed = phone.typed.replaceAll(' ', '-');
    const res = await post(
      '/signup',
      { username: identity.username, mobile: dashed, code, password: identity.password, confirmPassword: identity.password },
      'es',
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await db()
      .selectFrom('users')
      .select(['id', 'mobile'])
      .where('username_norm', '=', identity.username.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row.mobile).toBe(phone.e164);
    const token = body<{ access_token: string }>(res).data.access_token;
    const info = await ctx.app.inject({ url: '/user/info', headers: { authorization: token } });
    expect(body<{ mobile: string }>(info).data.mobile).toBe(masked);
    // and logs in by code with 0034… (a minute later: the wait is per E.164 number)
    await ctx.app.kv.del(`sms:cool:SMS:${phone.e164}`);
    const loginCode = await sendCode(ctx.app, { mobile: `0034${phone.e164.slice(3)}`, smsType: 'LOGIN' });
    expect(loginCode.statusCode, loginCode.body).toBe(200);
    const login = await post('/h5Login', {
      loginType: 'mobile',
      mobile: `(+34) ${phone.e164.slice(3)}`,
      code: await outboxCode(ctx.app, phone.e164),
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('takes +86 139…, 139… and 0086 139… as one number: PHONE_REGISTERED, /user/check, log-in by account, reset', async () => {
    const user = await signUp(ctx.app); // +86139…
    const digits = user.mobile.slice(3);
    const forms = [
      digits,
      `+86 ${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`,
      `0086 ${digits}`,
      `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`,
    ];
    for (const mobile of forms) {
      const res = await post('/sms', { mobile, smsType: 'SIGNUP' }, 'zh-CN');
      expect([res.statusCode, body(res)], mobile).toEqual([
        409,
        { errcode: 10003, errmsg: messageOf('zh-CN', 'errors.phoneRegistered'), data: null },
      ]);
      const check = await post('/user/check', { type: 'MOBILE', value: mobile });
      expect(body<{ exists: boolean }>(check).data, mobile).toEqual({ exists: true });
    }
    // a sign-up that got a code for the number another way round is refused too
    const other = newIdentity();
    const signup = await post(
      '/signup',
      { username: other.username, mobile: `0086${digits}`, code: '123456', password: other.password, confirmPassword: other.password },
      'en',
    );
    expect(body(signup).errcode).toBe(10003);
    // log-in by account with the phone in another form, and with the password
    for (const account of [digits, `0086 ${digits}`, `+86-${digits}`]) {
      const res = await post('/h5Login', { loginType: 'account', account, password: user.password });
      expect(res.statusCode, `${account}: ${res.body}`).toBe(200);
    }
    // a code asked for the 11 digits resets the password given with +86 (a minute after the sign-up's)
    await ctx.app.kv.del(`sms:cool:SMS:${user.mobile}`);
    expect((await sendCode(ctx.app, { mobile: digits, smsType: 'RESET' })).statusCode).toBe(200);
    const reset = await post('/modifyPwdByMobile', {
      mobile: `+86 ${digits}`,
      code: await outboxCode(ctx.app, digits),
      password: 'Other#456',
      confirmPassword: 'Other#456',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // what the mainland user sees is as before: 139****0001
    const info = await ctx.app.inject({
      url: '/user/info',
      headers: {
        authorization: body<{ access_token: string }>(
          await post('/h5Login', { loginType: 'account', account: user.username, password: 'Other#456' }),
        ).data.access_token,
      },
    });
    expect(body<{ mobile: string }>(info).data.mobile).toBe(`${digits.slice(0, 3)}****${digits.slice(-4)}`);
  });

  it('refuses to bind or switch to another account’s number typed another way (PHONE_REGISTERED)', async () => {
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const digits = owner.mobile.slice(3);
    for (const mobile of [digits, `0086 ${digits}`, `+86-${digits.slice(0, 3)}-${digits.slice(3)}`]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/sms',
        payload: { mobile, smsType: 'CHANGE_MOBILE' },
        remoteAddress: newIp(),
        headers: { authorization: other.token, 'accept-language': 'ko' },
      });
      expect([res.statusCode, body(res)], mobile).toEqual([
        409,
        { errcode: 10003, errmsg: messageOf('ko', 'errors.phoneRegistered'), data: null },
      ]);
    }
    // and its own number in another form is its own (the first step of a change; a minute after the sign-up's code)
    await ctx.app.kv.del(`sms:cool:SMS:${other.mobile}`);
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/sms',
      payload: { mobile: `0086${other.mobile.slice(3)}`, smsType: 'MODIFY_PHONE' },
      remoteAddress: newIp(),
      headers: { authorization: other.token },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it.each([
    ['+34 912 345 678', 'es', 'validation.phoneNotMobile', 'a Madrid landline'],
    ['+86 010 12345678', 'zh-CN', 'validation.phoneNotMobile', 'a Beijing landline'],
    ['010-12345678', 'ja', 'validation.phoneNotMobile', 'a Beijing landline without +86'],
    ['+34 900 123 456', 'fr', 'validation.phoneNotMobile', 'Spanish toll-free'],
    ['+34 612 345', 'ko', 'validation.phoneInvalid', 'too short for Spain'],
    ['+999 612 345 678', 'zh-tw', 'validation.phoneInvalid', 'no such country'],
    ['12800138000', 'zh-CN', 'validation.phoneInvalid', 'no mainland mobile starts 12'],
  ])('refuses %s in %s with %s (%s), on /sms and /signup', async (mobile, locale, key) => {
    const sent = await post('/sms', { mobile, smsType: 'SIGNUP' }, locale);
    expect(sent.statusCode).toBe(400);
    expect(body(sent)).toMatchObject({
      errcode: 40001,
      errmsg: `mobile: ${messageOf(locale as 'en', key)}`,
      data: { fields: [{ field: 'body.mobile', rule: key }] },
    });
    const identity = newIdentity();
    const signup = await post(
      '/signup',
      { username: identity.username, mobile, code: '123456', password: identity.password, confirmPassword: identity.password },
      locale,
    );
    expect(body(signup)).toMatchObject({
      errcode: 40001,
      data: { fields: expect.arrayContaining([expect.objectContaining({ field: 'body.mobile', rule: key })]) },
    });
  });

  it('sends no SMS to a blocked country (SMS_BLOCKED_COUNTRIES=NG, pk): SMS_COUNTRY_BLOCKED in the caller’s language', async () => {
    for (const [mobile, locale] of [
      ['+234 803 123 4567', 'fr'],
      ['+92 300 1234567', 'ja'],
    ] as const) {
      const res = await post('/sms', { mobile, smsType: 'SIGNUP' }, locale);
      expect([res.statusCode, body(res)], mobile).toEqual([
        403,
        { errcode: 10017, errmsg: messageOf(locale, 'errors.smsCountryBlocked'), data: null },
      ]);
    }
    const outbox = body<{ messages: unknown[] }>(await ctx.app.inject({ url: '/dev/outbox?to=%2B2348031234567' })).data.messages;
    expect(outbox).toEqual([]);
    // a mainland number still gets its code
    expect((await post('/sms', { mobile: newIdentity().mobile, smsType: 'SIGNUP' })).statusCode).toBe(200);
  });

  it('stops at the per-country limit (SMS_COUNTRY_LIMITS=FR=3/4) with retryAfterSeconds; other countries and the mainland go on', async () => {
    const french = ['+33 6 12 34 56 01', '+33 6 12 34 56 02', '+33 6 12 34 56 03', '+33 6 12 34 56 04'];
    const answers = [];
    for (const mobile of french) answers.push(await post('/sms', { mobile, smsType: 'SIGNUP' }, 'fr'));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 429]);
    const refused = body<{ retryAfterSeconds: number }>(answers[3]!);
    expect(refused.errcode).toBe(10018);
    expect(refused.errmsg).toBe(messageOf('fr', 'errors.smsCountryLimitReached'));
    expect(refused.data.retryAfterSeconds).toBeGreaterThan(3000);
    expect(refused.data.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(answers[3]!.headers['retry-after']).toBe(String(refused.data.retryAfterSeconds));
    // the refused number was not put on its one-minute wait: nothing was sent to it
    expect(await ctx.app.kv.get('sms:cool:SMS:+33612345604')).toBeNull();
    expect((await post('/sms', { mobile: spanishMobile().typed, smsType: 'SIGNUP' })).statusCode).toBe(200);
    expect((await post('/sms', { mobile: newIdentity().mobile, smsType: 'SIGNUP' })).statusCode).toBe(200);
  });

  it('sends one code for 20 parallel requests for one number in any of its forms; the rest wait (SEND_TOO_FREQUENT)', async () => {
    const phone = spanishMobile();
    const digits = phone.e164.slice(3);
    const forms = [phone.typed, phone.e164, `0034${digits}`, `(+34) ${digits}`, `+34-${digits.slice(0, 3)}-${digits.slice(3)}`];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('/sms', { mobile: forms[i % forms.length], smsType: 'SIGNUP' })),
    );
    const codes = answers.map((res) => body(res).errcode).sort();
    expect(codes).toEqual([0, ...Array<number>(19).fill(10010)]);
    const outbox = body<{ messages: unknown[] }>(await ctx.app.inject({ url: `/dev/outbox?to=${encodeURIComponent(phone.e164)}` })).data
      .messages;
    expect(outbox).toHaveLength(1);
  });
});

describe.each(testDialects())('per-country limits under 20 parallel sends on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, {
    env: { SMS_COUNTRY_HOURLY_LIMIT: '5', SMS_COUNTRY_DAILY_LIMIT: '8', CODE_IP_HOURLY_LIMIT: '1000', CODE_IP_DAILY_LIMIT: '1000' },
  });

  it('lets exactly 5 of 20 parallel codes to 20 Spanish numbers through (SMS_COUNTRY_HOURLY_LIMIT=5); the mainland has no per-country limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/sms',
          payload: { mobile: spanishMobile().e164, smsType: 'SIGNUP' },
          remoteAddress: newIp(),
        }),
      ),
    );
    const codes = answers.map((res) => body(res).errcode);
    expect(codes.filter((code) => code === 0)).toHaveLength(5);
    expect(codes.filter((code) => code === 10018)).toHaveLength(15);
    const mainland = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/sms',
          payload: { mobile: newIdentity().mobile, smsType: 'SIGNUP' },
          remoteAddress: newIp(),
        }),
      ),
    );
    expect(mainland.map((res) => body(res).errcode)).toEqual(Array<number>(20).fill(0));
  });
});

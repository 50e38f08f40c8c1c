import { describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { kvCases, maskedMainland, newIdentity, newIp, outboxCode, proveEmail, sendCode, signUp } from '../../accounts';
import { useTestApp } from '../../helper';
import { messageOf } from '../../messages';

// Verification codes and their send limits, on the in-process store and on Redis: the state
// lives in app.kv, so every rule is checked on both. (Database: SQLite; the PostgreSQL paths
// of the same services run in auth.test.ts.)

interface Envelope<T = Record<string, unknown>> {
  errcode: number;
  errmsg: string;
  data: T;
}
const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Envelope<T>;

async function loginByCode(app: App, mobile: string, code: string) {
  return app.inject({ method: 'POST', url: '/h5Login', payload: { loginType: 'mobile', mobile, code }, remoteAddress: newIp() });
}

describe.each(kvCases())('codes on the $kind store', ({ create }) => {
  const kv = create();
  const ctx = useTestApp('sqlite', { deps: { kv }, env: { CODE_IP_HOURLY_LIMIT: '1000', CODE_IP_DAILY_LIMIT: '1000' } });
  const proxied = useTestApp('sqlite', { deps: { kv }, env: { TRUST_PROXY: 'true', CODE_IP_HOURLY_LIMIT: '3' } });
  const direct = useTestApp('sqlite', { deps: { kv }, env: { CODE_IP_HOURLY_LIMIT: '3' } });

  /** Sends at once (skipping the one-minute wait after sign-up's own code) and expects success. */
  async function sendNow(payload: { mobile: string; smsType: string }) {
    await kv.del(`sms:cool:SMS:${payload.mobile}`);
    const res = await sendCode(ctx.app, payload);
    expect(res.statusCode, res.body).toBe(200);
  }

  it('sends a 6-digit code, names the masked target, and keeps only a keyed hash of it', async () => {
    const { mobile } = newIdentity();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/sms',
      payload: { mobile, smsType: 'SIGNUP' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const masked = maskedMainland(mobile);
    expect(body(res)).toEqual({
      errcode: 0,
      errmsg: messageOf('en', 'success.codeSent').replace('{target}', masked),
      data: { channel: 'SMS', target: masked, resendAfterSeconds: 60, expiresInSeconds: 300 },
    });
    const code = await outboxCode(ctx.app, mobile);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await kv.get(`code:SIGNUP:${mobile}`);
    expect(stored).not.toBeNull();
    expect(stored).not.toContain(code);
    const ttl = await kv.ttl(`code:SIGNUP:${mobile}`);
    expect(ttl).toBeGreaterThan(295_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
  });

  it('masks an email target as a***@example.com', async () => {
    const user = await signUp(ctx.app);
    await proveEmail(ctx.app, user); // no RESET code to an unverified email (email-unverified.test.ts)
    const res = await ctx.app.inject({ method: 'POST', url: '/sms', payload: { email: user.email.toUpperCase(), smsType: 'RESET' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.target).toBe(`u***@example.com`);
    expect(await outboxCode(ctx.app, user.email)).toMatch(/^\d{6}$/);
  });

  it('accepts a code once: a second use fails', async () => {
    const user = await signUp(ctx.app);
    await sendNow({ mobile: user.mobile, smsType: 'LOGIN' });
    const code = await outboxCode(ctx.app, user.mobile);
    expect((await loginByCode(ctx.app, user.mobile, code)).statusCode).toBe(200);
    const again = await loginByCode(ctx.app, user.mobile, code);
    expect(body(again).errcode).toBe(10008); // CODE_EXPIRED: used
  });

  it('lets exactly one of many concurrent log-ins with the same code through', async () => {
    const user = await signUp(ctx.app);
    await sendNow({ mobile: user.mobile, smsType: 'LOGIN' });
    const code = await outboxCode(ctx.app, user.mobile);
    const results = await Promise.all(Array.from({ length: 8 }, () => loginByCode(ctx.app, user.mobile, code)));
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
    // the others find it used (CODE_EXPIRED) or, counted as attempts, too many (CODE_TOO_MANY_ATTEMPTS)
    for (const res of results.filter((r) => r.statusCode !== 200)) expect([10008, 10009]).toContain(body(res).errcode);
  });

  it('kills a code at the 5th wrong try, even for the right code afterwards; the 4th leaves one try', async () => {
    const user = await signUp(ctx.app);
    await sendNow({ mobile: user.mobile, smsType: 'LOGIN' });
    const code = await outboxCode(ctx.app, user.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(body(await loginByCode(ctx.app, user.mobile, wrong)));
    expect(answers.map((answer) => [answer.errcode, answer.data?.attemptsLeft])).toEqual([
      [10007, 4],
      [10007, 3],
      [10007, 2],
      [10007, 1],
      [10009, undefined],
    ]);
    expect((await loginByCode(ctx.app, user.mobile, code)).statusCode).not.toBe(200);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const user = await signUp(ctx.app);
    await sendNow({ mobile: user.mobile, smsType: 'LOGIN' });
    const code = await outboxCode(ctx.app, user.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect(body(await loginByCode(ctx.app, user.mobile, wrong)).errcode).toBe(10007);
    expect((await loginByCode(ctx.app, user.mobile, code)).statusCode).toBe(200);
  });

  it('replaces the previous code with a new one', async () => {
    const user = await signUp(ctx.app);
    await sendNow({ mobile: user.mobile, smsType: 'LOGIN' });
    const first = await outboxCode(ctx.app, user.mobile);
    let second = first;
    // a new code repeats the old one by chance (one in a million): send again until it differs
    while (second === first) {
      await kv.del(`sms:cool:SMS:${user.mobile}`); // as if a minute had passed
      await sendNow({ mobile: user.mobile, smsType: 'LOGIN' });
      second = await outboxCode(ctx.app, user.mobile);
    }
    expect(body(await loginByCode(ctx.app, user.mobile, first)).errcode).toBe(10007);
    expect((await loginByCode(ctx.app, user.mobile, second)).statusCode).toBe(200);
  });

  it('binds a code to its purpose and its target', async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    await sendNow({ mobile: user.mobile, smsType: 'RESET' });
    const code = await outboxCode(ctx.app, user.mobile);
    // a RESET code does not log in, and a code for one phone does not work for another
    expect(body(await loginByCode(ctx.app, user.mobile, code)).errcode).toBe(10008);
    expect(body(await loginByCode(ctx.app, other.mobile, code)).errcode).toBe(10008);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/modifyPwdByMobile',
      payload: { mobile: user.mobile, code, password: 'NewPass#1', confirmPassword: 'NewPass#1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('answers the spec messages for registered and unknown targets', async () => {
    const user = await signUp(ctx.app);
    await proveEmail(ctx.app, user); // an unverified email is nobody's (email-unverified.test.ts)
    const stranger = newIdentity();
    const cases: [Record<string, string>, number, string][] = [
      [{ mobile: user.mobile, smsType: 'SIGNUP' }, 10003, 'errors.phoneRegistered'],
      [{ mobile: stranger.mobile, smsType: 'LOGIN' }, 10001, 'errors.phoneOrEmailNotRegistered'],
      [{ mobile: stranger.mobile, smsType: 'RESET' }, 10001, 'errors.phoneOrEmailNotRegistered'],
      [{ email: stranger.email, smsType: 'RESET' }, 10005, 'errors.emailNotRegistered'],
      [{ email: user.email, smsType: 'SIGNUP' }, 10014, 'errors.emailRegistered'],
    ];
    for (const [payload, errcode, key] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/sms', payload, headers: { 'accept-language': 'en' } });
      expect(body(res), JSON.stringify(payload)).toMatchObject({ errcode, errmsg: messageOf('en', key) });
    }
    const byAccount = await ctx.app.inject({
      method: 'POST',
      url: '/sms/sendByAccount',
      payload: { account: stranger.username, channel: 'SMS', smsType: 'RESET' },
      headers: { 'accept-language': 'en' },
    });
    expect(body(byAccount)).toMatchObject({ errcode: 10004, errmsg: messageOf('en', 'errors.accountNotRegistered') });
  });

  it('sends by account to the phone or email on file', async () => {
    const user = await signUp(ctx.app);
    await proveEmail(ctx.app, user); // an unverified email is skipped for the phone (email-unverified.test.ts)
    for (const [account, channel, to] of [
      [user.username.toUpperCase(), 'SMS', user.mobile],
      [user.mobile, 'EMAIL', user.email],
    ] as const) {
      await kv.del(`sms:cool:${channel}:${to}`);
      const res = await ctx.app.inject({ method: 'POST', url: '/sms/sendByAccount', payload: { account, channel, smsType: 'RESET' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).data.channel).toBe(channel);
      expect(await outboxCode(ctx.app, to)).toMatch(/^\d{6}$/);
    }
  });

  it('allows one code per minute per target, with retry-after', async () => {
    const { mobile } = newIdentity();
    expect((await sendCode(ctx.app, { mobile, smsType: 'SIGNUP' })).statusCode).toBe(200);
    const res = await sendCode(ctx.app, { mobile, smsType: 'SIGNUP' });
    expect(res.statusCode).toBe(429);
    const retry = body<{ retryAfterSeconds: number }>(res).data.retryAfterSeconds;
    expect(body(res).errcode).toBe(10010);
    expect(retry).toBeGreaterThan(50);
    expect(retry).toBeLessThanOrEqual(60);
    expect(res.headers['retry-after']).toBe(String(retry));
  });

  it('allows 5 codes per hour and 10 per day per target', async () => {
    const { mobile } = newIdentity();
    const send = async () => {
      await kv.del(`sms:cool:SMS:${mobile}`); // skip the one-minute wait
      return sendCode(ctx.app, { mobile, smsType: 'SIGNUP' });
    };
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(200);
    const sixth = await send();
    expect(body(sixth).errcode).toBe(10011);
    expect(body<{ retryAfterSeconds: number }>(sixth).data.retryAfterSeconds).toBeGreaterThan(3500);

    await kv.del(`sms:t:h:SMS:${mobile}`); // as if the hour had passed
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(200); // 6th to 10th of the day
    await kv.del(`sms:t:h:SMS:${mobile}`);
    const eleventh = await send();
    expect(body(eleventh).errcode).toBe(10011);
    expect(body<{ retryAfterSeconds: number }>(eleventh).data.retryAfterSeconds).toBeGreaterThan(80_000);
  });

  it('limits codes per client IP; a changing X-Forwarded-For does not help without TRUST_PROXY', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await direct.app.inject({
        method: 'POST',
        url: '/sms',
        payload: { mobile: newIdentity().mobile, smsType: 'SIGNUP' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(body(res).errcode);
    }
    expect(statuses).toEqual([0, 0, 0, 10011, 10011]);
  });

  it('with TRUST_PROXY the forwarded client address is the one limited', async () => {
    const proxy = newIp();
    const client = `198.51.100.${(Date.now() % 200) + 1}`;
    const send = (forwardedFor: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/sms',
        payload: { mobile: newIdentity().mobile, smsType: 'SIGNUP' },
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    const sameClient = [];
    for (let i = 0; i < 4; i++) sameClient.push(body(await send(client)).errcode);
    expect(sameClient).toEqual([0, 0, 0, 10011]);
    // another client behind the same proxy has its own allowance
    expect(body(await send('198.51.100.250')).errcode).toBe(0);
  });
});

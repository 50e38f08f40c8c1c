import { describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { deviceKey, parseUserAgent } from '../../../src/modules/auth/devices';
import { newIp, outboxCode, sendCode, signUp, signUpByEmail } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';
import { body, challengeOf, enableTotp, get, passwordLogin, post, tokenOf, totpCode, UA } from './support';

// Recent sign-ins (every log-in path, success and failure) and new-device alerts through the
// delivery adapters (here the dev outbox, read back like any test reads a code).

interface TEvent {
  success: boolean;
  method: string;
  failure: string | null;
  ip: string | null;
  browser: string | null;
  os: string | null;
  newDevice: boolean;
  userAgent: string | null;
}

interface TOutbox {
  purpose: string;
  subject: string | null;
  text: string;
  channel: string;
}

async function alertsTo(app: App, to: string): Promise<TOutbox[]> {
  const res = await app.inject({ url: `/dev/outbox?to=${encodeURIComponent(to)}` });
  return body<{ messages: TOutbox[] }>(res).data.messages.filter((message) => message.purpose === 'NEW_DEVICE_SIGN_IN');
}

describe('devices', () => {
  it('parses the common user agents and keys a device by browser, system and type (not version)', () => {
    expect(parseUserAgent(UA.chromeWindows)).toEqual({ browser: 'Chrome', os: 'Windows', deviceType: 'desktop' });
    expect(parseUserAgent(UA.safariIphone)).toEqual({ browser: 'Safari', os: 'iOS', deviceType: 'mobile' });
    expect(
      parseUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15 Edg/120.0',
      ),
    ).toMatchObject({ browser: 'Edge', os: 'macOS' });
    expect(parseUserAgent(null)).toEqual({ browser: null, os: null, deviceType: 'unknown' });
    expect(parseUserAgent('LLKRemote/3.2 (Windows)')).toEqual({ browser: 'LLK Remote', os: 'Windows', deviceType: 'app' });
    expect(deviceKey(UA.chromeWindows)).toBe(deviceKey(UA.chromeWindowsNewer));
    expect(deviceKey(UA.chromeWindows)).not.toBe(deviceKey(UA.firefoxLinux));
    expect(deviceKey('weird-bot/1')).not.toBe(deviceKey('other-bot/2'));
  });
});

describe.each(testDialects())('sign-in history and new-device alerts on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { CODE_IP_HOURLY_LIMIT: '10000', CODE_IP_DAILY_LIMIT: '10000', CODE_RESEND_SECONDS: '1' } });
  const history = async (token: string) => {
    const { res, json } = await get<{ events: TEvent[] }>(ctx.app, token, '/user/loginHistory');
    expect(res.statusCode, res.body).toBe(200);
    return json.data.events;
  };

  it('records successes and failures of every path with method, IP and device, newest first', async () => {
    const user = await signUp(ctx.app);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/h5Login',
      payload: { loginType: 'account', account: user.username, password: 'Wrong#123' },
      headers: { 'user-agent': UA.firefoxLinux },
      remoteAddress: '198.51.100.7',
    });
    expect(body(wrong).errcode).toBe(10006);
    tokenOf(await passwordLogin(ctx.app, user.username, user.password, UA.chromeWindows, '198.51.100.8'));
    // SMS code: a wrong one, then the right one
    await ctx.app.kv.del(`sms:cool:SMS:${user.mobile}`);
    expect((await sendCode(ctx.app, { mobile: user.mobile, smsType: 'LOGIN' })).statusCode).toBe(200);
    const code = await outboxCode(ctx.app, user.mobile);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/h5Login',
      payload: { loginType: 'mobile', mobile: user.mobile, code: code === '000000' ? '111111' : '000000' },
      remoteAddress: newIp(),
    });
    expect(body(bad).errcode).toBe(10007);
    const good = await ctx.app.inject({
      method: 'POST',
      url: '/h5Login',
      payload: { loginType: 'mobile', mobile: user.mobile, code },
      remoteAddress: newIp(),
    });
    expect(good.statusCode, good.body).toBe(200);
    // access key
    const key = body<{ accessKey: string }>(await ctx.app.inject({ url: '/accessKey', headers: { authorization: user.token } })).data
      .accessKey;
    expect((await ctx.app.inject({ url: `/tokenByAccessKeyV2?accessKey=${key}` })).statusCode).toBe(200);

    const events = await history(user.token);
    expect(events.map((event) => [event.method, event.success, event.failure])).toEqual([
      ['access_key', true, null],
      ['sms_code', true, null],
      ['sms_code', false, 'CODE_INVALID'],
      ['password', true, null],
      ['password', false, 'INVALID_CREDENTIALS'],
      ['signup', true, null],
    ]);
    expect(events[3]).toMatchObject({ ip: '198.51.100.8', browser: 'Chrome', os: 'Windows', userAgent: UA.chromeWindows });
    expect(events[4]).toMatchObject({ ip: '198.51.100.7', browser: 'Firefox' });
  });

  it('records the second step: a wrong authenticator code, then a backup code', async () => {
    const user = await signUp(ctx.app);
    const { secret, backupCodes } = await enableTotp(ctx.app, user.token);
    const answer = challengeOf(await passwordLogin(ctx.app, user.username, user.password));
    await post(ctx.app, null, '/h5Login/verifyTotp', { challengeId: answer.challengeId, code: totpCode(secret, Date.now() - 5 * 30_000) });
    expect(
      (await post(ctx.app, null, '/h5Login/verifyTotp', { challengeId: answer.challengeId, code: backupCodes[0] })).res.statusCode,
    ).toBe(200);
    const events = await history(user.token);
    expect(events.slice(0, 2).map((event) => [event.method, event.success, event.failure])).toEqual([
      ['backup_code', true, null],
      ['totp', false, 'TOTP_CODE_INVALID'],
    ]);
  });

  it('keeps the last 50', async () => {
    const user = await signUp(ctx.app);
    const userId = (await get<{ id: string }>(ctx.app, user.token, '/user/info')).json.data.id;
    const rows = Array.from({ length: 60 }, (_, i) => ({
      id: `0000000000${String(i).padStart(16, '0')}`,
      user_id: userId,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      success: 0,
      method: 'password',
      failure: 'INVALID_CREDENTIALS',
      ip: null,
      country_code: null,
      user_agent: null,
      device_key: null,
      new_device: 0,
    }));
    await ctx.database.db.insertInto('login_events').values(rows).execute();
    const events = await history(user.token);
    expect(events).toHaveLength(50);
    expect(events[0]?.method).toBe('signup'); // newest
    expect(events.filter((event) => event.failure === 'INVALID_CREDENTIALS')).toHaveLength(49);
  });

  it('a sign-in from a new device alerts by email once per device; a browser update is not a new device', async () => {
    // signed up with no user agent, by email: a verified contact (an email typed beside a phone is not alerted: ADR 0028)
    const user = await signUpByEmail(ctx.app);
    tokenOf(await passwordLogin(ctx.app, user.username, user.password, UA.chromeWindows));
    let alerts = await alertsTo(ctx.app, user.email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ channel: 'EMAIL', subject: 'LLK Remote：您的账号在新设备上登录' });
    expect(alerts[0]?.text).toContain('Chrome / Windows');
    tokenOf(await passwordLogin(ctx.app, user.username, user.password, UA.chromeWindowsNewer));
    expect(await alertsTo(ctx.app, user.email)).toHaveLength(1);
    // English caller, another device
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/h5Login',
      payload: { loginType: 'account', account: user.username, password: user.password },
      headers: { 'user-agent': UA.safariIphone, 'accept-language': 'en' },
      remoteAddress: '114.114.114.114',
    });
    expect(res.statusCode).toBe(200);
    alerts = await alertsTo(ctx.app, user.email);
    expect(alerts).toHaveLength(2);
    expect(alerts[0]?.subject).toBe('LLK Remote: new sign-in to your account');
    expect(alerts[0]?.text).toContain('Safari on iOS, IP 114.114.114.114, China');
    const events = await history(user.token);
    expect(events.slice(0, 3).map((event) => event.newDevice)).toEqual([true, false, true]);
    // a failed attempt from a new device does not alert
    await ctx.app.inject({
      method: 'POST',
      url: '/h5Login',
      payload: { loginType: 'account', account: user.username, password: 'Wrong#123' },
      headers: { 'user-agent': UA.firefoxLinux },
      remoteAddress: newIp(),
    });
    expect(await alertsTo(ctx.app, user.email)).toHaveLength(2);
  });

  it('alerts are on by default and can be switched off and on again', async () => {
    const user = await signUpByEmail(ctx.app);
    expect((await get(ctx.app, user.token, '/user/notificationSettings')).json.data).toEqual({ newDeviceAlerts: true });
    const off = await post(ctx.app, user.token, '/user/notificationSettings', { newDeviceAlerts: false });
    expect(off.json.data).toEqual({ newDeviceAlerts: false });
    expect((await get(ctx.app, user.token, '/user/notificationSettings')).json.data).toEqual({ newDeviceAlerts: false });
    tokenOf(await passwordLogin(ctx.app, user.username, user.password, UA.firefoxLinux));
    expect(await alertsTo(ctx.app, user.email)).toHaveLength(0);
    await post(ctx.app, user.token, '/user/notificationSettings', { newDeviceAlerts: true });
    tokenOf(await passwordLogin(ctx.app, user.username, user.password, UA.safariIphone));
    expect(await alertsTo(ctx.app, user.email)).toHaveLength(1);
    const bad = await post(ctx.app, user.token, '/user/notificationSettings', { newDeviceAlerts: 'yes' }, { 'accept-language': 'zh-tw' });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.json.errcode).toBe(40001);
    expect((await get(ctx.app, 'x'.repeat(43), '/user/notificationSettings')).res.statusCode).toBe(401);
  });

  it('an account without an email is alerted by SMS', async () => {
    const user = await signUp(ctx.app, {
      username: `noemail${Date.now() % 1e6}`,
      mobile: `137${String(Date.now() % 1e8).padStart(8, '0')}`,
      email: undefined as unknown as string,
      password: 'Secret#123',
    });
    tokenOf(await passwordLogin(ctx.app, user.username, user.password, UA.firefoxLinux));
    const alerts = await alertsTo(ctx.app, user.mobile);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ channel: 'SMS', subject: null });
    expect(alerts[0]?.text).toMatch(/^【LLK Remote】/);
  });
});

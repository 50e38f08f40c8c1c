import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { locales } from '@llk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { ConfigError, loadConfig } from '../../../src/composition/config';
import { ALIYUN_VARIABLE_MAX, smsNoticeEvents, smsNoticeTime } from '../../../src/infrastructure/delivery/sms-notices';
import { newIdentity, newIp, outboxCode } from '../../accounts';
import { buildTestApp, createTestDatabase, PRODUCTION_ENV, type TestDatabase } from '../../helper';
import { post, UA } from '../auth/support';

// Security alerts by SMS in production (ADR 0028): Aliyun sends only approved templates, so a
// notice goes as the route's notice template with a short event text and the time, in the
// template's language. Two local fakes of Dysmsapi (as in sms-international.test.ts) check the
// signatures and keep what they were asked to send.

const SECRET = 'mainland-secret';

interface Hit {
  endpoint: 'mainland' | 'intl';
  params: Record<string, string>;
}
const hits: Hit[] = [];

/** Signature v1, written out here independently of the adapter. */
function expectedSignature(params: Record<string, string>, secret: string): string {
  const enc = (value: string) =>
    encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = Object.entries(params)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${enc(key)}=${enc(value)}`)
    .join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`GET&${enc('/')}&${enc(query)}`)
    .digest('base64');
}

function fakeDysmsapi(endpoint: Hit['endpoint']): Server {
  return createServer((req, res) => {
    const { Signature: signature = '', ...signed } = Object.fromEntries(new URL(req.url ?? '/', 'http://fake').searchParams);
    const reply = (status: number, payload: Record<string, string>) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ RequestId: `fake-${endpoint}`, ...payload }));
    };
    if (signed.AccessKeyId !== 'LTAI-mainland')
      return reply(404, { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' });
    if (signature !== expectedSignature(signed, SECRET))
      return reply(400, { Code: 'SignatureDoesNotMatch', Message: 'signature mismatch' });
    if (signed.Action !== 'SendSms' || signed.Version !== '2017-05-25')
      return reply(400, { Code: 'isv.INVALID_PARAMETERS', Message: 'bad parameters' });
    hits.push({ endpoint, params: signed });
    return reply(200, { Code: 'OK', Message: 'OK', BizId: '1^0' });
  });
}

const mainland = fakeDysmsapi('mainland');
const intl = fakeDysmsapi('intl');
const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

let app: App;
let db: TestDatabase;
beforeAll(async () => {
  const env = {
    ALIYUN_SMS_ENDPOINT: `http://127.0.0.1:${await listen(mainland)}`,
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-mainland',
    ALIYUN_SMS_ACCESS_KEY_SECRET: SECRET,
    ALIYUN_SMS_SIGN_NAME: '领连科',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_CN_CODE',
    ALIYUN_SMS_NOTICE_TEMPLATE_CODE: 'SMS_CN_NOTICE',
    ALIYUN_SMS_INTL_ENDPOINT: `http://127.0.0.1:${await listen(intl)}`,
    ALIYUN_SMS_INTL_SIGN_NAME: 'LLK Remote',
    ALIYUN_SMS_INTL_TEMPLATE_CODE: 'SMS_INTL_CODE_EN',
    ALIYUN_SMS_INTL_TEMPLATE_CODES: 'es:SMS_INTL_CODE_ES',
    ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE: 'SMS_INTL_NOTICE_EN',
    ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODES: 'es:SMS_INTL_NOTICE_ES',
  };
  db = await createTestDatabase('sqlite');
  app = await buildTestApp(db.handle, { env });
});
afterAll(async () => {
  await app.close();
  await db.cleanup();
  await close(mainland);
  await close(intl);
});

const digitsOf = (phone: string) => (phone.startsWith('+86') ? phone.slice(3) : phone.slice(1));
const noticesTo = (phone: string) =>
  hits.filter((hit) => hit.params.PhoneNumbers === digitsOf(phone) && !hit.params.TemplateCode?.includes('_CODE'));

/** A phone-only account (no email at all), signed up with the code the fake received. */
async function phoneOnlyAccount(mobile: string, locale: string): Promise<{ username: string; password: string; token: string }> {
  const identity = newIdentity();
  const sent = await app.inject({
    method: 'POST',
    url: '/sms',
    payload: { mobile, smsType: 'SIGNUP' },
    remoteAddress: newIp(),
    headers: { 'accept-language': locale },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const hit = hits.findLast((h) => h.params.PhoneNumbers === digitsOf(mobile) && h.params.TemplateCode?.includes('_CODE'));
  const code = (JSON.parse(hit?.params.TemplateParam ?? '{}') as { code?: string }).code;
  const res = await app.inject({
    method: 'POST',
    url: '/signup',
    payload: { username: identity.username, mobile, code, password: identity.password, confirmPassword: identity.password },
    remoteAddress: newIp(),
    headers: { 'user-agent': UA.chromeWindows, 'accept-language': locale },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...identity, token: (res.json() as { data: { access_token: string } }).data.access_token };
}

async function signInFromNewDevice(account: string, password: string, locale: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/h5Login',
    payload: { loginType: 'account', account, password },
    headers: { 'user-agent': UA.firefoxLinux, 'accept-language': locale },
    remoteAddress: newIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('new-device alerts by SMS', () => {
  it('a +86 phone-only account hears of a sign-in from a new device by the mainland notice template, in Chinese', async () => {
    const mobile = newIdentity().mobile;
    const user = await phoneOnlyAccount(mobile, 'zh-CN');
    expect(noticesTo(mobile)).toEqual([]); // the sign-up's own device is no new device
    const before = new Date();
    await signInFromNewDevice(user.username, user.password, 'zh-CN');
    const [notice, ...more] = noticesTo(mobile);
    expect(more).toEqual([]);
    expect(notice?.endpoint).toBe('mainland');
    expect(notice?.params).toMatchObject({
      RegionId: 'cn-hangzhou',
      SignName: '领连科',
      TemplateCode: 'SMS_CN_NOTICE',
      PhoneNumbers: mobile.slice(3),
    });
    const param = JSON.parse(notice?.params.TemplateParam ?? '{}') as Record<string, string>;
    expect(Object.keys(param).sort()).toEqual(['event', 'time']);
    expect(param.event).toBe('在新设备上登录');
    expect([smsNoticeTime(before, 'zh-CN'), smsNoticeTime(new Date(before.getTime() + 60_000), 'zh-CN')]).toContain(param.time);
    expect(param.time).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}（UTC\+8）$/);
  });

  it('the mainland template is Chinese, so an English-speaking +86 account gets the Chinese text too', async () => {
    const mobile = newIdentity().mobile;
    const user = await phoneOnlyAccount(mobile, 'en');
    await signInFromNewDevice(user.username, user.password, 'en');
    const [notice] = noticesTo(mobile);
    expect(notice?.params.TemplateCode).toBe('SMS_CN_NOTICE');
    expect((JSON.parse(notice?.params.TemplateParam ?? '{}') as { event: string }).event).toBe('在新设备上登录');
  });

  it('a +34 account hears of it by the international route with the Spanish notice template and text', async () => {
    const mobile = '+34622100001';
    const user = await phoneOnlyAccount(mobile, 'es');
    await signInFromNewDevice(user.username, user.password, 'es');
    const [notice, ...more] = noticesTo(mobile);
    expect(more).toEqual([]);
    expect(notice?.endpoint).toBe('intl');
    expect(notice?.params).toMatchObject({
      RegionId: 'ap-southeast-1',
      SignName: 'LLK Remote',
      TemplateCode: 'SMS_INTL_NOTICE_ES',
      PhoneNumbers: '34622100001',
    });
    const param = JSON.parse(notice?.params.TemplateParam ?? '{}') as Record<string, string>;
    expect(param.event).toBe('acceso desde un dispositivo nuevo');
    expect(param.time).toMatch(/^\d{1,2} \S+ \d{4}, \d{1,2}:\d{2} \(UTC\+8\)$/);
    expect(hits.some((hit) => hit.endpoint === 'mainland' && hit.params.PhoneNumbers === '34622100001')).toBe(false);
  });

  it('a language without its own international notice template gets the default (English) template with the English text', async () => {
    const mobile = '+33622100001';
    const user = await phoneOnlyAccount(mobile, 'fr');
    await signInFromNewDevice(user.username, user.password, 'fr');
    const [notice] = noticesTo(mobile);
    expect(notice?.params.TemplateCode).toBe('SMS_INTL_NOTICE_EN');
    expect((JSON.parse(notice?.params.TemplateParam ?? '{}') as { event: string }).event).toBe('sign-in from a new device');
  });
});

describe('other security alerts by SMS', () => {
  it('a password change reaches a +34 phone-only account as the Spanish notice, once', async () => {
    const mobile = '+34622100002';
    const user = await phoneOnlyAccount(mobile, 'es');
    const changed = await post(
      app,
      user.token,
      '/user/changePassword',
      { oldPassword: user.password, password: 'Newer#2025', confirmPassword: 'Newer#2025' },
      { 'accept-language': 'es' },
    );
    expect(changed.res.statusCode, changed.res.body).toBe(200);
    const notices = noticesTo(mobile);
    expect(
      notices.map((hit) => [
        hit.endpoint,
        hit.params.TemplateCode,
        (JSON.parse(hit.params.TemplateParam ?? '{}') as { event: string }).event,
      ]),
    ).toEqual([['intl', 'SMS_INTL_NOTICE_ES', 'contraseña cambiada']]);
  });

  it('says the time on the account’s clock: the zone its browser last sent (docs/adr/0031)', async () => {
    const mobile = '+34622100003';
    const user = await phoneOnlyAccount(mobile, 'es');
    // the browser of a Spanish account travelling in Japan (no daylight saving time: always UTC+9)
    expect(
      (await app.inject({ url: '/user/info', headers: { authorization: user.token, cookie: 'llk-tz=Asia%2FTokyo' } })).statusCode,
    ).toBe(200);
    const changed = await post(
      app,
      user.token,
      '/user/changePassword',
      { oldPassword: user.password, password: 'Newer#2025', confirmPassword: 'Newer#2025' },
      { 'accept-language': 'es' },
    );
    expect(changed.res.statusCode, changed.res.body).toBe(200);
    const [notice] = noticesTo(mobile);
    expect((JSON.parse(notice?.params.TemplateParam ?? '{}') as { time: string }).time).toMatch(
      /^\d{1,2} \S+ \d{4}, \d{1,2}:\d{2} \(UTC\+9\)$/,
    );
  });

  it('a contact notice says the time on the account’s clock too', async () => {
    const mobile = '+34622100004';
    const user = await phoneOnlyAccount(mobile, 'es');
    expect(
      (await app.inject({ url: '/user/info', headers: { authorization: user.token, cookie: 'llk-tz=Asia%2FTokyo' } })).statusCode,
    ).toBe(200);
    // a first email: the phone on file hears of it
    const email = `${user.username.toLowerCase()}@example.com`;
    const sent = await app.inject({
      method: 'POST',
      url: '/sms',
      payload: { email, smsType: 'BIND_EMAIL' },
      headers: { authorization: user.token, 'accept-language': 'es' },
      remoteAddress: newIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const bound = await post(
      app,
      user.token,
      '/user/bindEmail',
      { email, code: await outboxCode(app, email) },
      { 'accept-language': 'es' },
    );
    expect(bound.res.statusCode, bound.res.body).toBe(200);
    const [notice] = noticesTo(mobile);
    const param = JSON.parse(notice?.params.TemplateParam ?? '{}') as { event: string; time: string };
    expect(param.event).toBe('correo añadido');
    expect(param.time).toMatch(/^\d{1,2} \S+ \d{4}, \d{1,2}:\d{2} \(UTC\+9\)$/);
  });
});

describe('without a notice template (outside production)', () => {
  it('sends no SMS notice, and the sign-in still succeeds', async () => {
    const bare = await createTestDatabase('sqlite');
    const other = await buildTestApp(bare.handle, {
      env: {
        ALIYUN_SMS_ENDPOINT: `http://127.0.0.1:${(mainland.address() as AddressInfo).port}`,
        ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-mainland',
        ALIYUN_SMS_ACCESS_KEY_SECRET: SECRET,
        ALIYUN_SMS_SIGN_NAME: '领连科',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_CN_CODE',
      },
    });
    try {
      const mobile = newIdentity().mobile;
      const identity = newIdentity();
      expect(
        (await other.inject({ method: 'POST', url: '/sms', payload: { mobile, smsType: 'SIGNUP' }, remoteAddress: newIp() })).statusCode,
      ).toBe(200);
      const code = (
        JSON.parse(hits.findLast((h) => h.params.PhoneNumbers === mobile.slice(3))?.params.TemplateParam ?? '{}') as { code?: string }
      ).code;
      const payload = { username: identity.username, mobile, code, password: identity.password, confirmPassword: identity.password };
      const signup = await other.inject({
        method: 'POST',
        url: '/signup',
        payload,
        remoteAddress: newIp(),
        headers: { 'user-agent': UA.chromeWindows },
      });
      expect(signup.statusCode, signup.body).toBe(200);
      const login = await other.inject({
        method: 'POST',
        url: '/h5Login',
        payload: { loginType: 'account', account: identity.username, password: identity.password },
        headers: { 'user-agent': UA.firefoxLinux },
        remoteAddress: newIp(),
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(hits.filter((h) => h.params.PhoneNumbers === mobile.slice(3)).map((h) => h.params.TemplateCode)).toEqual(['SMS_CN_CODE']);
    } finally {
      await other.close();
      await bare.cleanup();
    }
  });
});

describe('the notice texts', () => {
  it('keeps every variable within Aliyun’s 35 characters, in every language, for every kind', () => {
    expect(ALIYUN_VARIABLE_MAX).toBe(35);
    const kinds = Object.keys(smsNoticeEvents.en).sort();
    // the security alerts, the contact changes and the access alert
    expect(kinds).toHaveLength(11);
    const late = new Date('2026-12-31T15:59:00Z'); // 31 December, 23:59 China time: the longest dates
    for (const locale of locales) {
      expect(Object.keys(smsNoticeEvents[locale]).sort()).toEqual(kinds);
      for (const text of Object.values(smsNoticeEvents[locale])) expect([locale, text, text.length <= 35]).toEqual([locale, text, true]);
      const time = smsNoticeTime(late, locale);
      expect([locale, time, time.length <= 35]).toEqual([locale, time, true]);
      // the longest offsets of an account's own zone (docs/adr/0031): 31 December 23:59 there
      for (const [zone, at] of [
        ['America/St_Johns', '2027-01-01T03:29:00Z'],
        ['Asia/Kolkata', '2026-12-31T18:29:00Z'],
      ] as const) {
        const there = smsNoticeTime(new Date(at), locale, zone);
        expect([locale, there, there.length <= 35]).toEqual([locale, there, true]);
      }
    }
  });
});

describe('production', () => {
  it('refuses to start without the notice templates, naming both', () => {
    const complete = { ...PRODUCTION_ENV, DATABASE_URL: 'postgres://app@db/llk' };
    expect(loadConfig(complete).aliyunSms.noticeTemplateCode).toBe('SMS_000002');
    let problems: string[] = [];
    try {
      loadConfig({ ...complete, ALIYUN_SMS_NOTICE_TEMPLATE_CODE: '', ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE: ' ' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'ALIYUN_SMS_NOTICE_TEMPLATE_CODE',
      'ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE',
    ]);
    expect(() => loadConfig({ ...complete, ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODES: 'de:SMS_9' })).toThrow(
      /ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODES.*"de:SMS_9"/,
    );
  });
});

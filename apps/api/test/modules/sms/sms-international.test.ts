import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { loadConfig } from '../../../src/composition/config';
import { codeTexts } from '../../../src/infrastructure/delivery/templates';
import { newIdentity, newIp } from '../../accounts';
import { buildTestApp, createTestDatabase, PRODUCTION_ENV, type TestDatabase } from '../../helper';
import { messageOf } from '../../messages';

// SMS outside mainland China (ADR 0027): Aliyun's international route, the same
// SendSms protocol at its own endpoint with its own sign and a template per language; +86
// numbers keep the mainland route (11 digits). Two local fakes of Dysmsapi check signatures.

interface Envelope<T = Record<string, unknown>> {
  errcode: number;
  errmsg: string;
  data: T;
}
const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Envelope<T>;

const KEYS: Record<string, string> = { 'LTAI-mainland': 'mainland-secret', 'LTAI-intl': 'intl-secret' };

interface Hit {
  endpoint: 'mainland' | 'intl';
  params: Record<string, string>;
  code: string;
}
const hits: Hit[] = [];
/** When set, the intl fake answers this Aliyun error. */
let intlRefusal: string | null = null;

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
    const secret = KEYS[signed.AccessKeyId ?? ''];
    if (!secret) return reply(404, { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' });
    if (signature !== expectedSignature(signed, secret))
      return reply(400, { Code: 'SignatureDoesNotMatch', Message: 'signature mismatch' });
    if (signed.Action !== 'SendSms' || signed.Version !== '2017-05-25')
      return reply(400, { Code: 'isv.INVALID_PARAMETERS', Message: 'bad parameters' });
    if (endpoint === 'intl' && intlRefusal) return reply(400, { Code: intlRefusal, Message: 'refused by the fake' });
    hits.push({ endpoint, params: signed, code: (JSON.parse(signed.TemplateParam ?? '{}') as { code: string }).code });
    return reply(200, { Code: 'OK', Message: 'OK', BizId: '1^0' });
  });
}

const mainland = fakeDysmsapi('mainland');
const intl = fakeDysmsapi('intl');
const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

let mainlandUrl = '';
let intlUrl = '';
beforeAll(async () => {
  mainlandUrl = `http://127.0.0.1:${await listen(mainland)}`;
  intlUrl = `http://127.0.0.1:${await listen(intl)}`;
});
afterAll(async () => {
  await close(mainland);
  await close(intl);
});

const MAINLAND_ENV = () => ({
  ALIYUN_SMS_ENDPOINT: mainlandUrl,
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-mainland',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'mainland-secret',
  ALIYUN_SMS_SIGN_NAME: '领连科',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_CN_1',
});
const INTL_ENV = () => ({
  ALIYUN_SMS_INTL_ENDPOINT: intlUrl,
  ALIYUN_SMS_INTL_SIGN_NAME: 'LLK Remote',
  ALIYUN_SMS_INTL_TEMPLATE_CODE: 'SMS_INTL_EN',
  ALIYUN_SMS_INTL_TEMPLATE_CODES: 'es:SMS_INTL_ES, ja:SMS_INTL_JA, zh-TW:SMS_INTL_TW',
});

async function appWith(env: Record<string, string>): Promise<{ app: App; db: TestDatabase }> {
  const db = await createTestDatabase('sqlite');
  return { app: await buildTestApp(db.handle, { env }), db };
}

function send(app: App, mobile: string, locale: string) {
  return app.inject({
    method: 'POST',
    url: '/sms',
    payload: { mobile, smsType: 'SIGNUP' },
    remoteAddress: newIp(),
    headers: { 'accept-language': locale },
  });
}

describe('SMS by route', () => {
  let app: App;
  let db: TestDatabase;
  beforeAll(async () => {
    ({ app, db } = await appWith({ ...MAINLAND_ENV(), ...INTL_ENV() }));
  });
  afterAll(async () => {
    await app.close();
    await db.cleanup();
  });

  it('sends +34 by the international route with its sign and the Spanish template; the code signs the user up', async () => {
    const res = await send(app, '+34 622 000 001', 'es');
    expect(res.statusCode, res.body).toBe(200);
    const hit = hits.find((h) => h.params.PhoneNumbers === '34622000001');
    expect(hit?.endpoint).toBe('intl');
    expect(hit?.params).toMatchObject({
      AccessKeyId: 'LTAI-mainland',
      RegionId: 'ap-southeast-1',
      SignName: 'LLK Remote',
      TemplateCode: 'SMS_INTL_ES',
    });
    expect(hit?.code).toMatch(/^\d{6}$/);
    const identity = newIdentity();
    const signup = await app.inject({
      method: 'POST',
      url: '/signup',
      payload: {
        username: identity.username,
        mobile: '+34622000001',
        code: hit?.code,
        password: identity.password,
        confirmPassword: identity.password,
      },
      remoteAddress: newIp(),
    });
    expect(signup.statusCode, signup.body).toBe(200);
  });

  it('uses each language’s template, and the default one for a language without its own', async () => {
    expect((await send(app, '+81 90-1234-0001', 'ja')).statusCode).toBe(200);
    expect((await send(app, '+886 912 000 001', 'zh-tw')).statusCode).toBe(200);
    expect((await send(app, '+33 6 22 00 00 01', 'fr')).statusCode).toBe(200);
    const template = (phone: string) => hits.find((h) => h.params.PhoneNumbers === phone)?.params.TemplateCode;
    expect([template('819012340001'), template('886912000001'), template('33622000001')]).toEqual([
      'SMS_INTL_JA',
      'SMS_INTL_TW',
      'SMS_INTL_EN',
    ]);
  });

  it('keeps +86 on the mainland route, as 11 digits with the mainland sign and template', async () => {
    const { mobile } = newIdentity();
    expect((await send(app, mobile, 'en')).statusCode).toBe(200);
    const hit = hits.find((h) => h.params.PhoneNumbers === mobile.slice(3));
    expect(hit?.endpoint).toBe('mainland');
    expect(hit?.params).toMatchObject({ RegionId: 'cn-hangzhou', SignName: '领连科', TemplateCode: 'SMS_CN_1' });
    expect(hits.some((h) => h.endpoint === 'intl' && h.params.PhoneNumbers?.endsWith(mobile.slice(3)))).toBe(false);
  });

  it('answers DELIVERY_FAILED in the caller’s language when the international route refuses, and lets the user retry', async () => {
    intlRefusal = 'isv.BUSINESS_LIMIT_CONTROL';
    try {
      const res = await send(app, '+34 622 000 002', 'fr');
      expect([res.statusCode, body(res)]).toEqual([502, { errcode: 10016, errmsg: messageOf('fr', 'errors.deliveryFailed'), data: null }]);
    } finally {
      intlRefusal = null;
    }
    expect((await send(app, '+34 622 000 002', 'fr')).statusCode).toBe(200);
  });
});

describe('the international route’s own key pair, and the dev outbox without the route', () => {
  it('signs with ALIYUN_SMS_INTL_ACCESS_KEY_ID / _SECRET when they are set', async () => {
    const { app, db } = await appWith({
      ...MAINLAND_ENV(),
      ...INTL_ENV(),
      ALIYUN_SMS_INTL_ACCESS_KEY_ID: 'LTAI-intl',
      ALIYUN_SMS_INTL_ACCESS_KEY_SECRET: 'intl-secret',
    });
    try {
      expect((await send(app, '+34 622 000 003', 'en')).statusCode).toBe(200);
      expect(hits.find((h) => h.params.PhoneNumbers === '34622000003')?.params.AccessKeyId).toBe('LTAI-intl');
    } finally {
      await app.close();
      await db.cleanup();
    }
  });

  it('outside production, a number outside mainland China goes to the dev outbox (in the caller’s language) while the route is not set up', async () => {
    const { app, db } = await appWith(MAINLAND_ENV());
    try {
      const res = await send(app, '+34 622 000 004', 'es');
      expect(res.statusCode, res.body).toBe(200);
      expect(hits.some((h) => h.params.PhoneNumbers === '34622000004')).toBe(false);
      const [message] = body<{ messages: { code: string; text: string }[] }>(await app.inject({ url: '/dev/outbox?to=%2B34622000004' }))
        .data.messages;
      expect(message?.text).toBe(codeTexts.es.sms.replace('{code}', message?.code ?? '').replace('{minutes}', '5'));
    } finally {
      await app.close();
      await db.cleanup();
    }
  });

  it('production needs the international sign and template (the key pair may be shared)', () => {
    const complete = { ...PRODUCTION_ENV, DATABASE_URL: 'postgres://app@db/llk' };
    expect(loadConfig(complete).aliyunSmsIntl).toMatchObject({
      signName: 'LLK Remote',
      templateCode: 'SMS_000001',
      accessKeyId: undefined,
    });
    for (const name of ['ALIYUN_SMS_INTL_SIGN_NAME', 'ALIYUN_SMS_INTL_TEMPLATE_CODE']) {
      expect(() => loadConfig({ ...complete, [name]: '' })).toThrow(new RegExp(`${name}: required`));
    }
  });

  it('refuses malformed SMS settings at start, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_BLOCKED_COUNTRIES: 'NG,Nigeria' })).toThrow(
      /SMS_BLOCKED_COUNTRIES.*"NIGERIA" is not an ISO 3166 region/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_COUNTRY_LIMITS: 'ES=5' })).toThrow(
      /SMS_COUNTRY_LIMITS.*"ES=5" is not REGION=hourly\/daily/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', ALIYUN_SMS_INTL_TEMPLATE_CODES: 'de:SMS_9' })).toThrow(
      /ALIYUN_SMS_INTL_TEMPLATE_CODES.*"de:SMS_9"/,
    );
    expect(loadConfig({ NODE_ENV: 'test', SMS_BLOCKED_COUNTRIES: ' ng, PK,ng', SMS_COUNTRY_LIMITS: 'es=5/20, CN=1000/9000' }).sms).toEqual({
      blockedCountries: ['NG', 'PK'],
      countryDefault: { hourly: 100, daily: 500 },
      countryOverrides: { ES: { hourly: 5, daily: 20 }, CN: { hourly: 1000, daily: 9000 } },
    });
  });
});

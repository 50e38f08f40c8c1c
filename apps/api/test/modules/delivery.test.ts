import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { locales } from '@llk/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../src/composition/app';
import { toDbDate } from '../../src/infrastructure/db/dialect';
import { signRpc } from '../../src/infrastructure/delivery/aliyun-sms';
import { codeTexts } from '../../src/infrastructure/delivery/templates';
import { newIdentity, newIp, signUp } from '../accounts';
import { buildTestApp, createTestDatabase, PRODUCTION_ENV, useTestApp } from '../helper';
import { messageOf } from '../messages';

interface Envelope<T = Record<string, unknown>> {
  errcode: number;
  errmsg: string;
  data: T;
}
const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Envelope<T>;

// ---- A real SMTP server ------------------------------------------------------------------

interface Mail {
  to: string[];
  raw: string;
}
const mails: Mail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
      callback();
    });
  },
});

/** Header value with RFC 2047 encoded words decoded. */
function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(raw);
  return (match?.[1] ?? '')
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const text = raw.slice(split + 4);
  return /content-transfer-encoding: base64/i.test(raw.slice(0, split))
    ? Buffer.from(text.replace(/\s/g, ''), 'base64').toString('utf8')
    : decodeQuotedPrintable(text);
}

// ---- A fake Aliyun Dysmsapi endpoint -----------------------------------------------------

const ALIYUN_ID = 'LTAI-test-id';
const ALIYUN_SECRET = 'test-secret-for-the-fake';
interface SmsHit {
  phone: string;
  code: string;
  params: Record<string, string>;
}
const smsHits: SmsHit[] = [];

/** Signature v1, written out here independently of the adapter. */
function expectedSignature(params: Record<string, string>, secret: string): string {
  const enc = (value: string) =>
    encodeURIComponent(value).replace(/!/g, '%21').replace(/'/g, '%27').replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/\*/g, '%2A');
  const query = Object.entries(params)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${enc(key)}=${enc(value)}`)
    .join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`GET&${enc('/')}&${enc(query)}`)
    .digest('base64');
}

const aliyun: Server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  const params = Object.fromEntries(url.searchParams);
  const { Signature: signature = '', ...signed } = params;
  const reply = (status: number, payload: Record<string, string>) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ RequestId: 'fake-request', ...payload }));
  };
  if (signed.AccessKeyId !== ALIYUN_ID)
    return reply(404, { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' });
  if (signature !== expectedSignature(signed, ALIYUN_SECRET)) {
    return reply(400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' });
  }
  const complete =
    signed.Action === 'SendSms' &&
    signed.Version === '2017-05-25' &&
    signed.SignatureMethod === 'HMAC-SHA1' &&
    signed.SignatureVersion === '1.0' &&
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(signed.Timestamp ?? '') &&
    signed.SignName === 'LLK' &&
    signed.TemplateCode === 'SMS_123';
  if (!complete) return reply(400, { Code: 'isv.INVALID_PARAMETERS', Message: 'bad parameters' });
  smsHits.push({
    phone: signed.PhoneNumbers ?? '',
    code: (JSON.parse(signed.TemplateParam ?? '{}') as { code: string }).code,
    params: signed,
  });
  return reply(200, { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0' });
});

let smtpPort = 0;
let aliyunPort = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => aliyun.listen(0, '127.0.0.1', () => resolve()));
  aliyunPort = (aliyun.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => aliyun.close(() => resolve()));
});

describe('Aliyun signature v1', () => {
  it("matches the documented example (ECS DescribeRegions, secret 'testsecret')", () => {
    const params = {
      Timestamp: '2016-02-23T12:46:24Z',
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      Version: '2014-05-26',
      SignatureVersion: '1.0',
    };
    expect(signRpc('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });
});

describe('code texts', () => {
  it.each(locales)('%s has a subject, an email body and an SMS text, each with the code', (locale) => {
    const texts = codeTexts[locale];
    for (const text of [texts.subject, texts.body, texts.sms]) expect(text).toContain('{code}');
    expect(texts.body).toContain('{minutes}');
  });
});

/**
 * The email a phone sign-up typed, taken as verified without a code (proving it would send one
 * more mail): no RESET code goes to an unverified email (ADR 0028, email-unverified.test.ts).
 */
async function verifyEmail(target: App, email: string): Promise<void> {
  await target.db
    .updateTable('users')
    .set({ email_verified_at: toDbDate(new Date()) })
    .where('email', '=', email)
    .execute();
}

describe('codes by email over SMTP', () => {
  const ctx = useTestApp('sqlite', {
    env: { SMTP_URL: 'smtp://127.0.0.1:1', SMTP_FROM: 'LLK Remote <no-reply@llk.example>' },
  });
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const db = await createTestDatabase('sqlite');
    app = await buildTestApp(db.handle, {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SMTP_FROM: 'LLK Remote <no-reply@llk.example>' },
    });
    cleanup = async () => {
      await app.close();
      await db.cleanup();
    };
  });
  afterAll(() => cleanup());

  it('delivers a localized mail whose code resets the password', async () => {
    const user = await signUp(app); // SMS still goes to the dev outbox
    await verifyEmail(app, user.email);
    const res = await app.inject({
      method: 'POST',
      url: '/sms',
      payload: { email: user.email, smsType: 'RESET' },
      headers: { 'accept-language': 'ja' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = mails.find((m) => m.to.includes(user.email));
    expect(mail).toBeDefined();
    const raw = mail?.raw ?? '';
    expect(header(raw, 'From')).toContain('no-reply@llk.example');
    const subject = header(raw, 'Subject');
    const code = /(\d{6})/.exec(subject)?.[1] ?? '';
    expect(subject).toBe(codeTexts.ja.subject.replace('{code}', code));
    expect(mailText(raw)).toContain(codeTexts.ja.body.replace('{code}', code).replace('{minutes}', '5'));
    // the dev outbox does not get emails when SMTP is configured
    const outbox = await app.inject({ url: `/dev/outbox?to=${encodeURIComponent(user.email)}` });
    expect(body<{ messages: unknown[] }>(outbox).data.messages).toEqual([]);

    const reset = await app.inject({
      method: 'POST',
      url: '/modifyPwdByEmail',
      payload: { email: user.email, code, password: 'Smtp#reset1', confirmPassword: 'Smtp#reset1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('answers DELIVERY_FAILED (502 envelope) when the SMTP server is unreachable, and lets the user retry', async () => {
    const user = await signUp(ctx.app);
    await verifyEmail(ctx.app, user.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/sms',
      payload: { email: user.email, smsType: 'RESET' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(502);
    expect(body(res)).toEqual({ errcode: 10016, errmsg: messageOf('en', 'errors.deliveryFailed'), data: null });
    // no cooldown was left behind
    expect(body(await ctx.app.inject({ method: 'POST', url: '/sms', payload: { email: user.email, smsType: 'RESET' } })).errcode).toBe(
      10016,
    );
  });
});

describe('codes by SMS through Aliyun', () => {
  const env = (secret: string) => ({
    ALIYUN_SMS_ENDPOINT: `http://127.0.0.1:${aliyunPort}`,
    ALIYUN_SMS_ACCESS_KEY_ID: ALIYUN_ID,
    ALIYUN_SMS_ACCESS_KEY_SECRET: secret,
    ALIYUN_SMS_SIGN_NAME: 'LLK',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123',
  });
  const apps: { close(): Promise<unknown> }[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  async function appWith(secret: string, more: Record<string, string> = {}) {
    const db = await createTestDatabase('sqlite');
    const app = await buildTestApp(db.handle, { env: { ...env(secret), ...more } });
    apps.push(app);
    cleanups.push(() => db.cleanup());
    return app;
  }
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const cleanup of cleanups) await cleanup();
  });

  it('sends a signed SendSms request; the code it carries signs the user up', async () => {
    const app = await appWith(ALIYUN_SECRET);
    const identity = newIdentity();
    const sent = await app.inject({
      method: 'POST',
      url: '/sms',
      payload: { mobile: identity.mobile, smsType: 'SIGNUP' },
      remoteAddress: newIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // the mainland route takes a +86 number as its 11 digits
    const hit = smsHits.find((h) => `+86${h.phone}` === identity.mobile);
    expect(hit?.code).toMatch(/^\d{6}$/);
    expect(hit?.params).toMatchObject({ Format: 'JSON', RegionId: 'cn-hangzhou', TemplateParam: JSON.stringify({ code: hit?.code }) });
    const res = await app.inject({
      method: 'POST',
      url: '/signup',
      payload: { ...identity, code: hit?.code, confirmPassword: identity.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    // the SMS went to the provider, not to the dev outbox (which email still uses)
    const outbox = await app.inject({ url: `/dev/outbox?to=${identity.mobile}` });
    expect(body<{ messages: unknown[] }>(outbox).data.messages).toEqual([]);
  });

  it('sends international numbers with their country code and without the + (the international route: sms-international.test.ts)', async () => {
    const app = await appWith(ALIYUN_SECRET, {
      ALIYUN_SMS_INTL_ENDPOINT: `http://127.0.0.1:${aliyunPort}`,
      ALIYUN_SMS_INTL_SIGN_NAME: 'LLK',
      ALIYUN_SMS_INTL_TEMPLATE_CODE: 'SMS_123',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/sms',
      payload: { mobile: '+85261234567', smsType: 'SIGNUP' },
      remoteAddress: newIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(smsHits.find((h) => h.phone === '85261234567')?.params).toMatchObject({ RegionId: 'ap-southeast-1' });
  });

  it('surfaces a rejected signature as DELIVERY_FAILED, not a 500, and keeps no code', async () => {
    const app = await appWith('the-wrong-secret');
    const { mobile } = newIdentity();
    const res = await app.inject({
      method: 'POST',
      url: '/sms',
      payload: { mobile, smsType: 'SIGNUP' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(502);
    expect(body(res)).toEqual({ errcode: 10016, errmsg: messageOf('zh-CN', 'errors.deliveryFailed'), data: null });
    expect(smsHits.some((h) => h.phone === mobile)).toBe(false);
    expect(await app.kv.get(`code:SIGNUP:${mobile}`)).toBeNull(); // E.164, as every key (ADR 0027)
  });
});

describe('dev outbox', () => {
  it('lists messages newest first, filtered by address, with the localized text', async () => {
    const db = await createTestDatabase('sqlite');
    const app = await buildTestApp(db.handle);
    try {
      const { mobile } = newIdentity();
      await app.inject({ method: 'POST', url: '/sms', payload: { mobile, smsType: 'SIGNUP' }, headers: { 'accept-language': 'ko' } });
      await app.kv.del(`sms:cool:SMS:${mobile}`);
      await app.inject({ method: 'POST', url: '/sms', payload: { mobile, smsType: 'SIGNUP' }, headers: { 'accept-language': 'en' } });
      await app.inject({ method: 'POST', url: '/sms', payload: { mobile: newIdentity().mobile, smsType: 'SIGNUP' } });
      const res = await app.inject({ url: `/dev/outbox?to=${mobile}` });
      const messages = body<{ messages: { code: string; text: string; channel: string; purpose: string; to: string }[] }>(res).data
        .messages;
      expect(messages).toHaveLength(2);
      expect(messages.every((m) => m.to === mobile && m.channel === 'SMS' && m.purpose === 'SIGNUP')).toBe(true);
      // asked for as typed in the mainland (11 digits), the same messages
      expect(body<{ messages: unknown[] }>(await app.inject({ url: `/dev/outbox?to=${mobile.slice(3)}` })).data.messages).toEqual(messages);
      expect(messages[0]?.text).toBe(codeTexts.en.sms.replace('{code}', messages[0]?.code ?? '').replace('{minutes}', '5'));
      expect(messages[1]?.text).toBe(codeTexts.ko.sms.replace('{code}', messages[1]?.code ?? '').replace('{minutes}', '5'));
      expect(body<{ messages: unknown[] }>(await app.inject({ url: '/dev/outbox' })).data.messages).toHaveLength(3);
    } finally {
      await app.close();
      await db.cleanup();
    }
  });

  it('is absent in production, even for a loopback client; an unreachable provider fails the send', async () => {
    const db = await createTestDatabase('sqlite');
    const app = await buildTestApp(db.handle, { env: { ...PRODUCTION_ENV } });
    try {
      expect((await app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
      const res = await app.inject({ method: 'POST', url: '/sms', payload: { mobile: newIdentity().mobile, smsType: 'SIGNUP' } });
      expect(res.statusCode).toBe(502);
      expect(body(res).errcode).toBe(10016);
    } finally {
      await app.close();
      await db.cleanup();
    }
  });

  it('is absent when both channels have providers', async () => {
    const db = await createTestDatabase('sqlite');
    const app = await buildTestApp(db.handle, {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        ALIYUN_SMS_ENDPOINT: `http://127.0.0.1:${aliyunPort}`,
        ALIYUN_SMS_ACCESS_KEY_ID: 'a',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'b',
        ALIYUN_SMS_SIGN_NAME: 'c',
        ALIYUN_SMS_TEMPLATE_CODE: 'd',
        ALIYUN_SMS_INTL_SIGN_NAME: 'e',
        ALIYUN_SMS_INTL_TEMPLATE_CODE: 'f',
      },
    });
    try {
      expect((await app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await db.cleanup();
    }
  });

  it('production refuses to start without CODE_SECRET', async () => {
    const db = await createTestDatabase('sqlite');
    try {
      await expect(buildTestApp(db.handle, { env: { NODE_ENV: 'production' } })).rejects.toThrow(/CODE_SECRET/);
    } finally {
      await db.cleanup();
    }
  });
});

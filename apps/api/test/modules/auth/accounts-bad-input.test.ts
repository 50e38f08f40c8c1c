import { describe, expect, it } from 'vitest';
import { newIp, signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';

// Every account call against hostile input: missing fields, wrong types, huge strings,
// unicode, SQL and script fragments, arrays and objects in place of strings. Each answer is a
// well-formed envelope with a 4xx (or a legitimate 200), never a 500.

interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  /** a body (POST) or query (GET) that passes validation */
  valid: Record<string, unknown>;
  auth?: boolean;
}

const endpoints: Endpoint[] = [
  { method: 'POST', url: '/sms', valid: { mobile: '13800138000', smsType: 'SIGNUP' } },
  { method: 'POST', url: '/sms/sendByAccount', valid: { account: 'someone', channel: 'SMS', smsType: 'RESET' } },
  { method: 'POST', url: '/user/check', valid: { type: 'MOBILE', value: '13800138000' } },
  {
    method: 'POST',
    url: '/signup',
    valid: { username: 'abcdef1', mobile: '13800138001', code: '123456', password: 'Secret#1', confirmPassword: 'Secret#1' },
  },
  { method: 'POST', url: '/h5Login', valid: { loginType: 'account', account: 'abcdef1', password: 'Secret#1' } },
  { method: 'POST', url: '/h5Login', valid: { loginType: 'mobile', mobile: '13800138000', code: '123456' } },
  {
    method: 'POST',
    url: '/modifyPwdByMobile',
    valid: { mobile: '13800138000', code: '123456', password: 'Secret#1', confirmPassword: 'Secret#1' },
  },
  {
    method: 'POST',
    url: '/modifyPwdByEmail',
    valid: { email: 'a@example.com', code: '123456', password: 'Secret#1', confirmPassword: 'Secret#1' },
  },
  {
    method: 'POST',
    url: '/modifyPwdByAccount',
    valid: { account: 'abcdef1', channel: 'EMAIL', code: '123456', password: 'Secret#1', confirmPassword: 'Secret#1' },
  },
  {
    method: 'POST',
    url: '/user/changePassword',
    valid: { oldPassword: 'Secret#1', password: 'Secret#2', confirmPassword: 'Secret#2' },
    auth: true,
  },
  { method: 'GET', url: '/tokenByAccessKeyV2', valid: { accessKey: 'x'.repeat(43) } },
  { method: 'GET', url: '/dev/outbox', valid: { to: '13800138000' } },
];

const huge = 'a'.repeat(100 * 1024);
/** Values that are not strings: always a validation error (40001). */
const wrongTypes: [string, unknown][] = [
  ['a number', 12345678901],
  ['an array', ['13800138000']],
  ['an object', { $ne: null }],
  ['a boolean', true],
  ['null', null],
];
/** Strings no field expects: any 4xx (or 200 where the value is merely unknown), never 500. */
const strangeStrings: [string, string][] = [
  ['100 KB', huge],
  ['empty', ''],
  ['unicode', '用户名😀\u202e\u0000'],
  ['SQL', "' OR 1=1; DROP TABLE users; --"],
  ['script', '<script>alert(1)</script>'],
  ['whitespace', '   \t\n'],
  ['NUL in an address', 'a\u0000b@example.com'],
];

interface Envelope {
  errcode: number;
  errmsg: string;
  data: unknown;
}

describe.each(testDialects())('bad input to account calls on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { CODE_IP_HOURLY_LIMIT: '100000', CODE_IP_DAILY_LIMIT: '100000' } });

  let token = '';
  async function call(endpoint: Endpoint, input: unknown, extra: Record<string, string> = {}) {
    if (endpoint.auth && !token) token = (await signUp(ctx.app)).token;
    const headers = endpoint.auth ? { authorization: token, ...extra } : extra;
    if (endpoint.method === 'GET') {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
        for (const item of [value].flat()) params.append(key, typeof item === 'string' ? item : JSON.stringify(item));
      }
      return ctx.app.inject({ method: 'GET', url: `${endpoint.url}?${params}`, headers, remoteAddress: newIp() });
    }
    return ctx.app.inject({ method: 'POST', url: endpoint.url, payload: input as object, headers, remoteAddress: newIp() });
  }

  function expectEnvelope(res: { statusCode: number; body: string; json(): unknown }, what: string) {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    const envelope = res.json() as Envelope;
    expect(typeof envelope.errcode, what).toBe('number');
    expect(typeof envelope.errmsg, what).toBe('string');
    expect(envelope.errmsg.length, what).toBeGreaterThan(0);
    expect(envelope.errmsg.length, what).toBeLessThan(500); // nothing echoed back wholesale
    if (res.statusCode === 200) expect(envelope.errcode, what).toBe(0);
    else expect(envelope.errcode, what).not.toBe(0);
    return envelope;
  }

  it.each(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.url} ${Object.keys(endpoint.valid)[0]}`, endpoint] as const))(
    '%s: every field missing, mistyped or strange',
    async (_name, endpoint) => {
      for (const field of Object.keys(endpoint.valid)) {
        const { [field]: _dropped, ...without } = endpoint.valid;
        const missing = expectEnvelope(await call(endpoint, without), `${field} missing`);
        if (endpoint.url !== '/dev/outbox') expect(missing.errcode, `${field} missing`).toBe(40001);

        for (const [label, value] of wrongTypes) {
          const res = await call(endpoint, { ...endpoint.valid, [field]: value });
          const envelope = expectEnvelope(res, `${field} = ${label}`);
          if (endpoint.method === 'POST') {
            expect(res.statusCode, `${field} = ${label}`).toBe(400);
            expect(envelope.errcode, `${field} = ${label}`).toBe(40001);
          }
        }
        for (const [label, value] of strangeStrings)
          expectEnvelope(await call(endpoint, { ...endpoint.valid, [field]: value }), `${field} = ${label}`);
      }
    },
  );

  it.each(endpoints.filter((endpoint) => endpoint.method === 'POST').map((endpoint) => [`${endpoint.url}`, endpoint] as const))(
    '%s: bodies that are not objects',
    async (_name, endpoint) => {
      for (const payload of [[], ['a'], 'text', 42]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: endpoint.url,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json', ...(endpoint.auth ? { authorization: (await signUp(ctx.app)).token } : {}) },
          remoteAddress: newIp(),
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expectEnvelope(res, JSON.stringify(payload));
      }
      // (without a session, an authenticated call answers 401 before it reads the body: session-rules.test.ts)
      const session = endpoint.auth ? { authorization: (await signUp(ctx.app)).token } : {};
      const broken = await ctx.app.inject({
        method: 'POST',
        url: endpoint.url,
        payload: '{"mobile":',
        headers: { 'content-type': 'application/json', ...session },
      });
      expect((broken.json() as Envelope).errcode).toBe(40002);
      const empty = await ctx.app.inject({ method: 'POST', url: endpoint.url, headers: session });
      expect(empty.statusCode).toBe(400);
      expectEnvelope(empty, 'no body');
    },
  );

  it('garbage tokens on authenticated calls answer 401, never 500', async () => {
    const user = await signUp(ctx.app);
    const tokens = [huge, '用户😀', "' OR 1=1 --", '<script>', 'Bearer', 'Bearer ', `Bearer ${user.token} extra`, `${user.token}\u0000`];
    for (const url of ['/user/info', '/user/currentMemberLevel', '/user/queryManageCount', '/user/queryMonitorAndQuality', '/accessKey']) {
      for (const token of tokens) {
        const res = await ctx.app.inject({ url, headers: { authorization: encodeURI(token).slice(0, 8000) } });
        expect(res.statusCode, `${url} ${token.slice(0, 20)}`).toBe(401);
        expectEnvelope(res, url);
      }
      const cookie = await ctx.app.inject({ url, cookies: { llk_session: "' OR 1=1 --" } });
      expect(cookie.statusCode).toBe(401);
    }
  });
});

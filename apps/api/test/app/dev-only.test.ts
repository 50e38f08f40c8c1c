import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, type TEnvelope } from '@llk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../src/composition/app';
import { devSurfaceAllowed, devSurfaceOf, mightReachDevSurface, isLoopbackAddress } from '../../src/composition/plugins/dev-only';
import { type TGatewayMethod } from '../../src/modules/payments/provider';
import { SANDBOX_TEXTS } from '../../src/modules/payments/sandbox/confirm-page';
import { buildTestApp, createTestDatabase, PRODUCTION_ENV, type TestDatabase } from '../helper';

// The two ways in that a neighbour on the same network used to have: reading a log-in code
// from the dev outbox, and confirming a sandbox payment. Both answer only a loopback client
// outside production; everyone else gets what an unknown path gets.

const NEIGHBOUR = '192.0.2.10';
const PUBLIC_BASE = 'http://localhost:3000/api';

describe('which requests reach a development-only surface (pure)', () => {
  it('recognises the surfaces however the path is spelled', () => {
    expect(devSurfaceOf('/dev/outbox?to=138')).toBe('outbox');
    expect(devSurfaceOf('/%64ev/outbox')).toBe('outbox');
    expect(devSurfaceOf('/DEV/outbox')).toBe('outbox');
    expect(devSurfaceOf('/./dev/outbox')).toBe('outbox');
    expect(devSurfaceOf('/x/../sandbox/pay/ZFB/1?t=a')).toBe('sandbox');
    expect(devSurfaceOf('/sandbox')).toBe('sandbox');
    expect(devSurfaceOf('/download/list')).toBeNull();
    expect(devSurfaceOf('/developer')).toBeNull();
    expect(devSurfaceOf('/%zz/outbox')).toBeNull();
  });

  it('lets only paths that cannot name a surface skip the parse (the hot path of every request)', () => {
    const spellings = [
      '/dev/outbox',
      '/%64ev/outbox',
      '/DEV/outbox',
      '/./dev/outbox',
      '/x/../sandbox/pay',
      '/Sandbox',
      '/d%65v/outbox',
      '\\dev\\outbox',
      '/x/..\\dev/outbox',
    ];
    for (const url of spellings) expect({ url, might: mightReachDevSurface(url) }).toEqual({ url, might: true });
    expect(spellings.map((url) => devSurfaceOf(url)).filter((surface) => surface === null)).toEqual([]);
    for (const url of ['/news/list?page=1', '/user/info', '/download/list', '/health'])
      expect({ url, might: mightReachDevSurface(url) }).toEqual({ url, might: false });
  });

  it('knows loopback addresses, IPv4-mapped ones included', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['192.0.2.10', '::ffff:192.0.2.10', '10.0.0.1', 'fd00::2', '', undefined])
      expect(isLoopbackAddress(address)).toBe(false);
  });

  it('needs development mode and a loopback socket peer and client, or the production sandbox opt-in', () => {
    const base = { production: false, sandboxPublic: false, peer: '127.0.0.1', client: '127.0.0.1' } as const;
    expect(devSurfaceAllowed({ ...base, surface: 'outbox' })).toBe(true);
    expect(devSurfaceAllowed({ ...base, surface: 'sandbox', peer: '::1', client: '::1' })).toBe(true);
    // a visitor forwarded by the web: loopback socket, their own address as the client
    expect(devSurfaceAllowed({ ...base, surface: 'outbox', client: NEIGHBOUR })).toBe(false);
    // a client address believed from X-Forwarded-For never makes a remote socket local
    expect(devSurfaceAllowed({ ...base, surface: 'sandbox', peer: NEIGHBOUR })).toBe(false);
    expect(devSurfaceAllowed({ ...base, surface: 'outbox', production: true })).toBe(false);
    expect(devSurfaceAllowed({ ...base, surface: 'sandbox', production: true })).toBe(false);
    expect(devSurfaceAllowed({ surface: 'sandbox', production: true, sandboxPublic: true, peer: NEIGHBOUR, client: NEIGHBOUR })).toBe(true);
    expect(devSurfaceAllowed({ surface: 'outbox', production: true, sandboxPublic: true, peer: '127.0.0.1', client: '127.0.0.1' })).toBe(
      false,
    );
  });
});

describe('development-only surfaces of the API (development mode)', () => {
  let database: TestDatabase;
  let app: App;
  let unknownPath: { status: number; body: unknown };

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    app = await buildTestApp(database.handle, { env: { TRUST_PROXY: 'loopback', NODE_ENV: 'development' } });
    const res = await app.inject({ url: '/no-such-path', headers: { 'accept-language': 'ja' } });
    unknownPath = { status: res.statusCode, body: res.json() };
  });
  afterAll(async () => {
    await app.close();
    await database.cleanup();
  });

  async function sendCode(mobile: string) {
    const sent = await app.inject({ method: 'POST', url: '/sms', payload: { mobile, smsType: 'SIGNUP' } });
    expect(sent.statusCode).toBe(200);
  }

  it('a loopback client reads the outbox', async () => {
    await sendCode('13800000001');
    for (const remoteAddress of ['127.0.0.1', '::1']) {
      const res = await app.inject({ url: '/dev/outbox?to=13800000001', remoteAddress });
      expect(res.statusCode).toBe(200);
      expect(res.json<TEnvelope<{ messages: { code: string }[] }>>().data.messages[0]?.code).toMatch(/^\d{6}$/);
    }
  });

  it('a neighbour on the network gets the 404 of an unknown path, however they ask', async () => {
    await sendCode('13800000002');
    expect(unknownPath).toEqual({ status: 404, body: { errcode: ErrorCode.ROUTE_NOT_FOUND, errmsg: expect.any(String), data: null } });
    const attempts = [
      { url: '/dev/outbox?to=13800000002', remoteAddress: NEIGHBOUR },
      { url: '/%64ev/outbox?to=13800000002', remoteAddress: NEIGHBOUR },
      // through the web's /api forward: loopback socket, the visitor's address in X-Forwarded-For
      { url: '/dev/outbox?to=13800000002', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': NEIGHBOUR } },
      // another method must not reveal that the path exists (405 + Allow)
      { url: '/dev/outbox', remoteAddress: NEIGHBOUR, method: 'POST' as const },
    ];
    for (const attempt of attempts) {
      const res = await app.inject({ method: 'GET', ...attempt, headers: { 'accept-language': 'ja', ...attempt.headers } });
      expect({ status: res.statusCode, body: res.json() }, attempt.url).toEqual(unknownPath);
      expect(res.headers.allow).toBeUndefined();
    }
  });

  async function sandboxCharge(method: TGatewayMethod) {
    const paymentNo = `DEVONLY${method}${Date.now().toString(36)}`;
    const result = await app.paymentProviders[method].create({
      paymentNo,
      amountFen: 36800,
      subject: 'LLK 年度会员',
      client: 'WEB',
      notifyUrl: `${PUBLIC_BASE}/pay/notify/${method === 'ZFB' ? 'alipay' : 'wechat'}`,
      expiresAt: new Date(Date.now() + 30 * 60 * 1000),
    });
    if (result.kind !== 'qr') throw new Error('expected a QR charge');
    return { paymentNo, pagePath: result.codeUrl.slice(PUBLIC_BASE.length) };
  }

  const confirm = (pagePath: string, remoteAddress: string, headers: Record<string, string> = {}) => {
    const [pathname, query] = pagePath.split('?');
    return app.inject({
      method: 'POST',
      url: pathname,
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: query,
    });
  };

  it('a neighbour with a confirm link cannot mark the payment paid; a loopback client can', async () => {
    const { paymentNo, pagePath } = await sandboxCharge('ZFB');
    const sandbox = await app.paymentSandbox!.get();
    for (const [remoteAddress, headers] of [
      [NEIGHBOUR, {}],
      ['127.0.0.1', { 'x-forwarded-for': NEIGHBOUR }],
    ] as const) {
      const page = await app.inject({ url: pagePath, remoteAddress, headers: { ...headers, 'accept-language': 'ja' } });
      expect({ status: page.statusCode, body: page.json() }).toEqual(unknownPath);
      const refused = await confirm(pagePath, remoteAddress, { ...headers, 'accept-language': 'ja' });
      expect({ status: refused.statusCode, body: refused.json() }).toEqual(unknownPath);
    }
    expect((await sandbox.charge('ZFB', paymentNo))?.state).toBe('WAITING');

    const page = await app.inject({ url: pagePath, remoteAddress: '127.0.0.1', headers: { 'accept-language': 'ja' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toContain(SANDBOX_TEXTS.ja.production);
    await confirm(pagePath, '::1');
    expect((await sandbox.charge('ZFB', paymentNo))?.state).toBe('PAID');
  });
});

describe('development-only surfaces of the API (production)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await database.cleanup();
  });

  it('neither surface exists for anybody, loopback included', async () => {
    const app = await buildTestApp(database.handle, { env: { ...PRODUCTION_ENV } });
    try {
      for (const url of ['/dev/outbox', '/sandbox/pay/ZFB/P1?t=x']) {
        const res = await app.inject({ url, remoteAddress: '127.0.0.1' });
        expect(res.statusCode).toBe(404);
        expect(res.json<TEnvelope<unknown>>().errcode).toBe(ErrorCode.ROUTE_NOT_FOUND);
      }
    } finally {
      await app.close();
    }
  });

  it('with the sandbox opted in, every visitor may pay in it, and every page it renders says what it is', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'llk-sandbox-'));
    const app = await buildTestApp(database.handle, {
      env: {
        ...PRODUCTION_ENV,
        PAYMENT_SANDBOX: 'true',
        PAYMENT_SANDBOX_I_UNDERSTAND: 'anyone-can-pay-for-free',
        PAYMENT_SANDBOX_DIR: dir,
        PAYMENT_PUBLIC_BASE: PUBLIC_BASE,
      },
    });
    try {
      const paymentNo = `DEVONLYPROD${Date.now().toString(36)}`;
      const created = await app.paymentProviders.WX.create({
        paymentNo,
        amountFen: 100,
        subject: 'LLK',
        client: 'WEB',
        notifyUrl: `${PUBLIC_BASE}/pay/notify/wechat`,
        expiresAt: new Date(Date.now() + 30 * 60 * 1000),
      });
      if (created.kind !== 'qr') throw new Error('expected a QR charge');
      const pagePath = created.codeUrl.slice(PUBLIC_BASE.length);
      for (const locale of ['ja', 'zh-CN', 'fr'] as const) {
        const page = await app.inject({ url: pagePath, remoteAddress: NEIGHBOUR, headers: { 'accept-language': locale } });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain(`<p class="production" role="alert">${SANDBOX_TEXTS[locale].production}</p>`);
      }
      const invalid = await app.inject({ url: '/sandbox/pay/WX/NOPE?t=x', remoteAddress: NEIGHBOUR, headers: { 'accept-language': 'ko' } });
      expect(invalid.statusCode).toBe(404);
      expect(invalid.body).toContain(SANDBOX_TEXTS.ko.production);
      const [pathname, query] = pagePath.split('?');
      const paid = await app.inject({
        method: 'POST',
        url: pathname,
        remoteAddress: NEIGHBOUR,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
        payload: query,
      });
      expect(paid.body).toContain(SANDBOX_TEXTS.en.production);
      expect((await (await app.paymentSandbox!.get()).charge('WX', paymentNo))?.state).toBe('PAID');
      // the outbox still does not exist
      expect((await app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

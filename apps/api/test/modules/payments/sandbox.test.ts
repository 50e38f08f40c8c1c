import { createVerify } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, type TEnvelope } from '@llk/contracts';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { ConfigError, loadConfig } from '../../../src/composition/config';
import { AppError } from '../../../src/infrastructure/http/app-error';
import { NotificationRejected, type TGatewayMethod, type VerifiedNotification } from '../../../src/modules/payments/provider';
import { SANDBOX_TEXTS } from '../../../src/modules/payments/sandbox/confirm-page';
import { FakeGateways, startFakeGatewayServer, type FakeGatewayServer } from '../../support/fake-gateways';
import { generateSandboxKeys, loadOrCreateSandboxKeys } from '../../../src/modules/payments/sandbox/keys';
import { buildTestApp, createTestDatabase, PRODUCTION_ENV, testDialects, type TestDatabase } from '../../helper';
import { sandboxPayer } from '../../../src/modules/payments/sandbox/signer';

// The built-in sandbox: charges in the key-value store, the confirm page, and the signed
// notification delivered to the notify URL in-process and verified by the real adapters.

const PUBLIC_BASE = 'http://localhost:3000/api';

describe.each(testDialects())('payment sandbox ($dialect)', ({ dialect }) => {
  let database: TestDatabase;
  let app: App;
  /** what the test notify routes received and verified */
  const received: { method: TGatewayMethod; verified?: VerifiedNotification; rejected?: string }[] = [];
  let refuseNext = false;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    app = await buildTestApp(database.handle, {
      routes: (root) =>
        root.register(async (scope) => {
          // Stand-ins for the orders module's notify routes: verify, record, answer.
          scope.removeAllContentTypeParsers();
          scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
          for (const method of ['ZFB', 'WX'] as const) {
            scope.post(`/test-notify/${method}`, async (request, reply) => {
              const provider = root.paymentProviders[method];
              try {
                const verified = await provider.verifyNotification({ headers: request.headers, rawBody: request.body as string });
                received.push({ method, verified });
                const answer = refuseNext ? provider.refuse() : provider.acknowledge();
                return reply.code(answer.status).type(answer.contentType).send(answer.body);
              } catch (error) {
                received.push({ method, rejected: (error as Error).message });
                const answer = provider.refuse();
                return reply.code(answer.status).type(answer.contentType).send(answer.body);
              }
            });
          }
        }),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.cleanup();
  });

  let counter = 0;
  async function charge(method: TGatewayMethod, amountFen = 36800, expiresAt = new Date(Date.now() + 30 * 60 * 1000)) {
    counter += 1;
    const paymentNo = `SBX${dialect[0]}${Date.now().toString(36)}${counter}`;
    const result = await app.paymentProviders[method].create({
      paymentNo,
      amountFen,
      subject: 'LLK 年度会员',
      client: 'WEB',
      notifyUrl: `${PUBLIC_BASE}/test-notify/${method}`,
      expiresAt,
    });
    if (result.kind !== 'qr') throw new Error('expected a QR charge');
    expect(result.codeUrl.startsWith(`${PUBLIC_BASE}/sandbox/pay/${method}/${paymentNo}?t=`)).toBe(true);
    return { paymentNo, pagePath: result.codeUrl.slice(PUBLIC_BASE.length) };
  }

  it('uses the sandbox for both methods outside production', () => {
    expect(app.paymentSandbox).not.toBeNull();
    expect((app.paymentProviders.ZFB as { sandbox?: boolean }).sandbox).toBe(true);
    expect((app.paymentProviders.WX as { sandbox?: boolean }).sandbox).toBe(true);
    expect(app.paymentProviders.WX.clients).toEqual(['WEB', 'H5', 'JS_API']);
    expect(app.paymentProviders.ZFB.clients).toEqual(['WEB', 'H5']);
  });

  it.each(['ZFB', 'WX'] as const)('%s: the confirm page shows amount and item in the caller language', async (method) => {
    const { paymentNo, pagePath } = await charge(method);
    const res = await app.inject({ url: pagePath, headers: { 'accept-language': 'ja,en;q=0.5' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<html lang="ja">');
    expect(res.body).toContain(SANDBOX_TEXTS.ja.title);
    expect(res.body).toContain('<dd class="amount">368元</dd>'); // Japanese writes the unit after the number
    expect(res.body).toContain('LLK 年度会员');
    expect(res.body).toContain(paymentNo);
    expect(res.body).toContain(`<button type="submit">${SANDBOX_TEXTS.ja.confirm}</button>`);
    const korean = await app.inject({ url: `${pagePath}&lang=ko`, headers: { 'accept-language': 'ja' } });
    expect(korean.body).toContain('<html lang="ko">');
    expect(korean.body).toContain(SANDBOX_TEXTS.ko.confirm);
  });

  it('has every text in all seven languages', () => {
    const keys = Object.keys(SANDBOX_TEXTS.en).sort();
    for (const texts of Object.values(SANDBOX_TEXTS)) {
      expect(Object.keys(texts).sort()).toEqual(keys);
      for (const value of Object.values(texts))
        expect(typeof value === 'string' ? value.length : Object.keys(value).length).toBeGreaterThan(0);
    }
    expect(Object.keys(SANDBOX_TEXTS).sort()).toEqual(['en', 'es', 'fr', 'ja', 'ko', 'zh-CN', 'zh-tw']);
  });

  it.each(['ZFB', 'WX'] as const)('%s: Confirm pays and sends a notification that verifies through the real adapter', async (method) => {
    const { paymentNo, pagePath } = await charge(method, 1990);
    const token = new URL(pagePath, 'http://x').searchParams.get('t') ?? '';
    const before = received.length;
    const res = await app.inject({
      method: 'POST',
      url: pagePath.split('?')[0] ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: new URLSearchParams({ t: token, lang: 'fr' }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(SANDBOX_TEXTS.fr.paid);
    expect(received.slice(before)).toEqual([
      {
        method,
        verified: {
          paymentNo,
          gatewayTradeNo: expect.any(String) as string,
          amountFen: 1990,
          success: true,
          paidAt: expect.any(Date) as Date,
          payerAccount: method === 'ZFB' ? sandboxPayer('2088', paymentNo, 12) : sandboxPayer('oSandbox', paymentNo, 20),
        },
      },
    ]);
    expect(await app.paymentProviders[method].query(paymentNo)).toMatchObject({ state: 'PAID', amountFen: 1990 });

    // Confirming again re-sends the notification (a gateway retry) and says it is already paid.
    const again = await app.inject({
      method: 'POST',
      url: pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `t=${token}&lang=en`,
    });
    expect(again.body).toContain(SANDBOX_TEXTS.en.alreadyPaid);
    expect(received.slice(before)).toHaveLength(2);
    const page = await app.inject({ url: `${pagePath}&lang=en` });
    expect(page.body).toContain(SANDBOX_TEXTS.en.alreadyPaid);
    expect(page.body).not.toContain('<form');
  });

  it.each(['ZFB', 'WX'] as const)(
    '%s H5: the phone opens the confirm page itself and is sent back to the shop once it paid',
    async (method) => {
      counter += 1;
      const paymentNo = `SBH${dialect[0]}${Date.now().toString(36)}${counter}`;
      const returnUrl = 'http://localhost:3000/zh-tw/order?orderId=O1&paid=1';
      const result = await app.paymentProviders[method].create({
        paymentNo,
        amountFen: 2990,
        subject: 'LLK 月度会员',
        client: 'H5',
        returnUrl,
        payerIp: '203.0.113.9',
        notifyUrl: `${PUBLIC_BASE}/test-notify/${method}`,
        expiresAt: new Date(Date.now() + 30 * 60 * 1000),
      });
      assert(result.kind === 'redirect');
      const pagePath = result.url.slice(PUBLIC_BASE.length);
      expect(pagePath.startsWith(`/sandbox/pay/${method}/${paymentNo}?t=`)).toBe(true);
      const token = new URL(pagePath, 'http://x').searchParams.get('t') ?? '';
      const paid = await app.inject({
        method: 'POST',
        url: pagePath.split('?')[0] ?? '',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ t: token, lang: 'zh-tw' }).toString(),
      });
      expect(paid.statusCode).toBe(200);
      expect(paid.body).toContain(SANDBOX_TEXTS['zh-tw'].paid);
      expect(paid.body).toContain(
        `<a class="return" href="${returnUrl.replaceAll('&', '&#38;')}">${SANDBOX_TEXTS['zh-tw'].returnToShop}</a>`,
      );
      // the address comes from the charge our server made, not from the link
      const forged = await app.inject({ url: `${pagePath}&returnUrl=https%3A%2F%2Fevil.test%2F&lang=en` });
      expect(forged.body).not.toContain('evil.test');
    },
  );

  it('shows when the notify URL refuses the notification', async () => {
    const { pagePath } = await charge('WX');
    const token = new URL(pagePath, 'http://x').searchParams.get('t') ?? '';
    refuseNext = true;
    try {
      const res = await app.inject({
        method: 'POST',
        url: pagePath,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `t=${token}&lang=en`,
      });
      expect(res.statusCode).toBe(502);
      expect(res.body).toContain(SANDBOX_TEXTS.en.refused.replace('{status}', '500'));
    } finally {
      refuseNext = false;
    }
  });

  it('refuses a link without the right token, and unknown charges, with a 404 page', async () => {
    const { paymentNo, pagePath } = await charge('ZFB');
    for (const url of [
      `/sandbox/pay/ZFB/${paymentNo}`,
      `/sandbox/pay/ZFB/${paymentNo}?t=AAAAAAAAAAAAAAAAAAAAAA`,
      pagePath.replace('/ZFB/', '/WX/'),
      `/sandbox/pay/ZFB/NOPE?t=x`,
    ]) {
      const res = await app.inject({ url, headers: { 'accept-language': 'zh-CN' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain(SANDBOX_TEXTS['zh-CN'].notFound);
    }
    const before = received.length;
    const post = await app.inject({
      method: 'POST',
      url: `/sandbox/pay/ZFB/${paymentNo}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 't=wrong',
    });
    expect(post.statusCode).toBe(404);
    expect(received.length).toBe(before);
    expect((await app.paymentProviders.ZFB.query(paymentNo)).state).not.toBe('PAID');
  });

  it('will not pay an expired charge', async () => {
    const { pagePath } = await charge('WX', 100, new Date(Date.now() - 1));
    const token = new URL(pagePath, 'http://x').searchParams.get('t') ?? '';
    const page = await app.inject({ url: `${pagePath}&lang=es` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(SANDBOX_TEXTS.es.expired);
    const res = await app.inject({
      method: 'POST',
      url: pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `t=${token}&lang=es`,
    });
    expect(res.statusCode).toBe(410);
  });

  it('refunds a paid charge once per refund number and never more than was paid', async () => {
    const { paymentNo, pagePath } = await charge('ZFB', 1000);
    const token = new URL(pagePath, 'http://x').searchParams.get('t') ?? '';
    await app.inject({
      method: 'POST',
      url: pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `t=${token}`,
    });
    const provider = app.paymentProviders.ZFB;
    const refund = (refundNo: string, amountFen: number) =>
      provider.requestRefund({ paymentNo, refundNo, amountFen, totalFen: 1000, reason: 'test' });
    expect((await refund('R1', 600)).kind).toBe('refunded');
    expect((await refund('R1', 600)).kind).toBe('refunded'); // a retry of the same refund
    expect((await refund('R2', 600)).kind).toBe('refused'); // 1200 > 1000
    expect((await refund('R3', 400)).kind).toBe('refunded');
    expect(
      (await provider.requestRefund({ paymentNo: 'NEVER-PAID', refundNo: 'R4', amountFen: 1, totalFen: 1, reason: 'test' })).kind,
    ).toBe('refused');
  });

  it('closes an unpaid charge, which can then not be paid; a paid one cannot be closed', async () => {
    const open = await charge('WX', 500);
    await app.paymentProviders.WX.close(open.paymentNo);
    expect((await app.paymentProviders.WX.query(open.paymentNo)).state).toBe('CLOSED');
    const token = new URL(open.pagePath, 'http://x').searchParams.get('t') ?? '';
    const confirm = await app.inject({
      method: 'POST',
      url: open.pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `t=${token}&lang=en`,
    });
    expect(confirm.statusCode).toBe(410);
    expect(confirm.body).toContain(SANDBOX_TEXTS.en.closed);
    await expect(app.paymentProviders.WX.close('NOT-THERE')).resolves.toBeUndefined();

    const paid = await charge('WX', 500);
    const paidToken = new URL(paid.pagePath, 'http://x').searchParams.get('t') ?? '';
    await app.inject({
      method: 'POST',
      url: paid.pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `t=${paidToken}`,
    });
    await expect(app.paymentProviders.WX.close(paid.paymentNo)).rejects.toThrow(/already paid/);
    await expect(
      app.paymentProviders.WX.create({
        paymentNo: paid.paymentNo,
        amountFen: 500,
        subject: 's',
        client: 'WEB',
        notifyUrl: `${PUBLIC_BASE}/test-notify/WX`,
        expiresAt: new Date(Date.now() + 60_000),
      }),
    ).rejects.toThrow(/already paid/);
  });

  it('WeChat JS_API: the sheet parameters are signed with the merchant key, like WeChat Pay’s', async () => {
    const paymentNo = `SBXJS${dialect[0]}${Date.now().toString(36)}`;
    const created = await app.paymentProviders.WX.create({
      paymentNo,
      amountFen: 100,
      subject: 's',
      client: 'JS_API',
      openid: 'oPayer',
      notifyUrl: `${PUBLIC_BASE}/test-notify/WX`,
      expiresAt: new Date(Date.now() + 60_000),
    });
    assert(created.kind === 'jsapi', 'expected JSAPI parameters');
    const { appId, timeStamp, nonceStr, package: pkg, signType, paySign } = created.params;
    const keys = (await app.paymentSandbox!.get()).keys.wechat;
    expect(appId).toBe(keys.appId);
    expect(signType).toBe('RSA');
    expect(pkg).toMatch(/^prepay_id=wx\w+$/);
    const signed = createVerify('RSA-SHA256')
      .update(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
      .verify(keys.merchantPublicKey, paySign ?? '', 'base64');
    expect(signed).toBe(true);
    await expect(
      app.paymentProviders.WX.create({
        paymentNo: `${paymentNo}X`,
        amountFen: 100,
        subject: 's',
        client: 'JS_API',
        notifyUrl: 'https://x.test/n',
        expiresAt: new Date(Date.now() + 60_000),
      }),
    ).rejects.toThrow(/openid/);
  });

  it('answers a bad method in the path with the envelope', async () => {
    const res = await app.inject({ url: '/sandbox/pay/PAYPAL/x?t=y' });
    expect(res.statusCode).toBe(400);
    expect(res.json<TEnvelope<unknown>>().errcode).toBe(ErrorCode.VALIDATION_FAILED);
  });
});

describe.each(testDialects())('payment configuration ($dialect)', ({ dialect }) => {
  let database: TestDatabase;
  let server: FakeGatewayServer;
  const keys = generateSandboxKeys();
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startFakeGatewayServer(new FakeGateways({ keys }));
  });
  afterAll(async () => {
    await server.close();
    await database.cleanup();
  });

  it('production without credentials has no sandbox: paying answers PAYMENT_NOT_CONFIGURED, notifications are refused', async () => {
    const app = await buildTestApp(database.handle, { env: { ...PRODUCTION_ENV } });
    try {
      expect(app.paymentSandbox).toBeNull();
      const error = await app.paymentProviders.ZFB.create({
        paymentNo: 'P1',
        amountFen: 1,
        subject: 's',
        client: 'WEB',
        notifyUrl: 'https://x.test/n',
        expiresAt: new Date(),
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).errcode).toBe(ErrorCode.PAYMENT_NOT_CONFIGURED);
      expect((error as AppError).statusCode).toBe(503);
      await expect(app.paymentProviders.WX.verifyNotification({ headers: {}, rawBody: '{}' })).rejects.toBeInstanceOf(NotificationRejected);
      const page = await app.inject({ url: '/sandbox/pay/ZFB/P1?t=x' });
      expect(page.statusCode).toBe(404);
      expect(page.json<TEnvelope<unknown>>().errcode).toBe(ErrorCode.ROUTE_NOT_FOUND);
    } finally {
      await app.close();
    }
  });

  it('production may opt in to the sandbox explicitly', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'llk-sandbox-'));
    const app = await buildTestApp(database.handle, {
      env: {
        ...PRODUCTION_ENV,
        PAYMENT_SANDBOX: 'true',
        PAYMENT_SANDBOX_I_UNDERSTAND: 'anyone-can-pay-for-free',
        PAYMENT_SANDBOX_DIR: dir,
      },
    });
    try {
      expect(app.paymentSandbox).not.toBeNull();
      // keys generated at first start, kept under the sandbox directory, private to the owner
      const file = path.join(dir, 'keys.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadOrCreateSandboxKeys(dir).alipay.appId).toBe((await app.paymentSandbox?.get())?.keys.alipay.appId);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with credentials, the real adapters talk to the configured gateways and no sandbox runs', async () => {
    const app = await buildTestApp(database.handle, {
      env: {
        ALIPAY_GATEWAY: server.alipayGateway,
        ALIPAY_APP_ID: keys.alipay.appId,
        ALIPAY_PRIVATE_KEY: keys.alipay.appPrivateKey.replaceAll('\n', '\\n'),
        ALIPAY_PUBLIC_KEY: keys.alipay.alipayPublicKey.replace(/-----[A-Z ]+-----|\s/g, ''),
        ALIPAY_SELLER_ID: keys.alipay.sellerId,
        WECHATPAY_BASE_URL: server.wechatBaseUrl,
        WECHATPAY_MCHID: keys.wechat.mchid,
        WECHATPAY_APP_ID: keys.wechat.appId,
        WECHATPAY_PRIVATE_KEY: keys.wechat.merchantPrivateKey,
        WECHATPAY_SERIAL: keys.wechat.merchantSerial,
        WECHATPAY_API_V3_KEY: keys.wechat.apiV3Key,
        WECHATPAY_PLATFORM_PUBLIC_KEY: keys.wechat.platformPublicKey,
        WECHATPAY_PLATFORM_SERIAL: keys.wechat.platformSerial,
        // cards would use the sandbox without Stripe keys (ADR 0029)
        PAYMENT_CARD: 'false',
      },
    });
    try {
      expect(app.paymentSandbox).toBeNull();
      for (const method of ['ZFB', 'WX'] as const) {
        expect((app.paymentProviders[method] as { sandbox?: boolean }).sandbox).toBe(false);
        const result = await app.paymentProviders[method].create({
          paymentNo: `REAL${method}${Date.now()}`,
          amountFen: 100,
          subject: 's',
          client: 'WEB',
          notifyUrl: 'https://x.test/n',
          expiresAt: new Date(Date.now() + 60_000),
        });
        expect(result.kind).toBe('qr');
      }
    } finally {
      await app.close();
    }
  });
});

describe('payment configuration keys', () => {
  const base = { NODE_ENV: 'test', DATABASE_URL: ':memory:' };

  it('refuses a half-configured gateway at start, naming what is missing and never echoing keys', () => {
    const attempt = () => loadConfig({ ...base, ALIPAY_APP_ID: '2021000000000000', ALIPAY_PRIVATE_KEY: 'SECRET-KEY-MATERIAL' });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain('ALIPAY_PUBLIC_KEY');
    expect(message).toContain('ALIPAY_SELLER_ID');
    expect(message).not.toContain('SECRET-KEY-MATERIAL');
    expect(() => loadConfig({ ...base, WECHATPAY_API_V3_KEY: 'too-short' })).toThrow(/WECHATPAY_API_V3_KEY: must be exactly 32 bytes/);
  });

  it('defaults: sandbox outside production only, public and notify bases from WEB_ORIGIN, 10 s timeout', () => {
    const dev = loadConfig({ ...base, NODE_ENV: 'development', WEB_ORIGIN: 'https://www.llk.test' }).payments;
    expect(dev).toMatchObject({
      sandbox: true,
      publicBase: 'https://www.llk.test/api',
      notifyBase: 'https://www.llk.test/api',
      timeoutMs: 10_000,
      alipay: undefined,
      wechat: undefined,
    });
    expect(loadConfig({ ...base, ...PRODUCTION_ENV }).payments.sandbox).toBe(false);
    expect(
      loadConfig({ ...base, ...PRODUCTION_ENV, PAYMENT_SANDBOX: 'true', PAYMENT_SANDBOX_I_UNDERSTAND: 'anyone-can-pay-for-free' }).payments
        .sandbox,
    ).toBe(true);
    const custom = loadConfig({
      ...base,
      PAYMENT_PUBLIC_BASE: 'https://pay.llk.test/api/',
      PAYMENT_NOTIFY_BASE: 'https://notify.llk.test',
      PAYMENT_TIMEOUT_MS: '2500',
    }).payments;
    expect(custom).toMatchObject({ publicBase: 'https://pay.llk.test/api', notifyBase: 'https://notify.llk.test', timeoutMs: 2500 });
  });
});

import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { AlipayProvider } from '../../../src/modules/payments/alipay.provider';
import {
  GatewayError,
  GatewayTimeout,
  NotificationRejected,
  type PaymentProvider,
  type TGatewayMethod,
} from '../../../src/modules/payments/provider';
import { alipayAdapter, uniquePaymentNo, useFakeGatewayServers, wechatAdapter } from '../../support/adapter-harness';
import {
  FakeGateways,
  startFakeGatewayServer,
  type FakeGatewayServer,
  type NotificationMessage,
  type NotificationTamper,
} from '../../support/fake-gateways';
import { generateSandboxKeys, type SandboxKeys } from '../../../src/modules/payments/sandbox/keys';
import { WechatPayProvider } from '../../../src/modules/payments/wechat.provider';
import { sandboxPayer } from '../../../src/modules/payments/sandbox/signer';

// Each adapter against a local fake gateway that speaks its protocol with keys generated here.

const keys: SandboxKeys = generateSandboxKeys();
const delivered: NotificationMessage[] = [];
const fakes = new FakeGateways({
  keys,
  deliver: async (message) => {
    delivered.push(message);
    return { status: 200, body: 'success' };
  },
});
const servers = useFakeGatewayServers(fakes);

const inOneHour = () => new Date(Date.now() + 60 * 60 * 1000);

const wechatJson = (body: string) => JSON.parse(body) as { code?: unknown; message?: unknown };
/** How each gateway's documentation asks to be answered: accepted, and refused so it retries. */
const documentedAnswers = {
  ZFB: { ack: { status: 200, body: 'success' }, refuse: { status: 200, body: 'failure' } },
  WX: {
    ack: {
      status: expect.toBeOneOf([204, 200]) as number,
      body: expect.toSatisfy((body: string) => body === '' || wechatJson(body).code === 'SUCCESS') as string,
    },
    refuse: {
      status: expect.toSatisfy((status: number) => status >= 400) as number,
      body: expect.toSatisfy((body: string) => wechatJson(body).code === 'FAIL' && typeof wechatJson(body).message === 'string') as string,
    },
  },
};

const cases: { method: Exclude<TGatewayMethod, 'CARD'>; make: () => PaymentProvider; slow: () => PaymentProvider; codePattern: RegExp }[] =
  [
    {
      method: 'ZFB',
      make: () => alipayAdapter(keys, servers.server.alipayGateway),
      slow: () => alipayAdapter(keys, `${servers.hanging.base}/alipay/gateway.do`, 400),
      codePattern: /^https:\/\/qr\.alipay\.test\//,
    },
    {
      method: 'WX',
      make: () => wechatAdapter(keys, servers.server.wechatBaseUrl),
      slow: () => wechatAdapter(keys, `${servers.hanging.base}/wechat`, 400),
      codePattern: /^weixin:\/\/wxpay\/bizpayurl\?pr=/,
    },
  ];

describe.each(cases)('$method adapter against the fake gateway', ({ method, make, slow, codePattern }) => {
  let provider: PaymentProvider;
  beforeAll(() => {
    provider = make();
  });

  async function created(amountFen = 8800) {
    const no = uniquePaymentNo(method);
    const result = await provider.create({
      paymentNo: no,
      amountFen,
      subject: '年度会员 Annual membership',
      client: 'WEB',
      notifyUrl: 'https://llk.test/api/pay/notify',
      expiresAt: inOneHour(),
    });
    return { no, result };
  }

  async function paidNotification(no: string): Promise<NotificationMessage> {
    const outcome = await fakes.pay(method, no);
    expect(outcome.result).toBe('delivered');
    const message = delivered.at(-1);
    if (!message) throw new Error('nothing delivered');
    return message;
  }

  it('creates a QR charge and verifies a genuine notification to the right fields', async () => {
    const { no, result } = await created(12345);
    expect(result).toMatchObject({ kind: 'qr', codeUrl: expect.stringMatching(codePattern) as string });
    const message = await paidNotification(no);
    expect(message.url).toBe('https://llk.test/api/pay/notify');
    const verified = await provider.verifyNotification({ headers: message.headers, rawBody: message.body });
    const charge = await fakes.charge(method, no);
    expect(verified).toEqual({
      paymentNo: no,
      gatewayTradeNo: charge?.tradeNo,
      amountFen: 12345,
      success: true,
      paidAt: expect.any(Date) as Date,
      payerAccount: method === 'ZFB' ? sandboxPayer('2088', no, 12) : sandboxPayer('oSandbox', no, 20),
    });
    expect(Math.abs((verified.paidAt?.getTime() ?? 0) - Date.parse(charge?.paidAt ?? ''))).toBeLessThan(1000);
  });

  it.each(['signature', 'amount', 'appId', 'merchant', ...(method === 'WX' ? ['stale'] : ['merchantMissing'])] as NotificationTamper[])(
    'rejects a notification with a tampered %s',
    async (tamper) => {
      const { no } = await created();
      await fakes.payWithoutNotifying(method, no);
      const charge = await fakes.charge(method, no);
      assert(charge, 'no charge');
      const forged = await fakes.forged(charge, tamper);
      await expect(provider.verifyNotification({ headers: forged.headers, rawBody: forged.body })).rejects.toBeInstanceOf(
        NotificationRejected,
      );
    },
  );

  it('rejects an unsigned or garbled notification', async () => {
    await expect(provider.verifyNotification({ headers: {}, rawBody: '' })).rejects.toBeInstanceOf(NotificationRejected);
    await expect(
      provider.verifyNotification({ headers: { 'content-type': 'application/json' }, rawBody: '{"a":1}' }),
    ).rejects.toBeInstanceOf(NotificationRejected);
  });

  it('reports a signed non-success state as not successful, and a signed other amount as it is', async () => {
    const { no } = await created(500);
    await fakes.payWithoutNotifying(method, no);
    const charge = await fakes.charge(method, no);
    assert(charge, 'no charge');
    const closed = fakes.notification(charge, 'state');
    expect(await provider.verifyNotification({ headers: closed.headers, rawBody: closed.body })).toMatchObject({
      paymentNo: no,
      success: false,
      paidAt: null,
    });
    const other = fakes.notification(charge, 'amountSigned');
    expect(await provider.verifyNotification({ headers: other.headers, rawBody: other.body })).toMatchObject({
      paymentNo: no,
      amountFen: 501,
      success: true,
    });
  });

  it('queries: unknown, pending, then PAID after payment with amount and trade number', async () => {
    expect(await provider.query(uniquePaymentNo(method))).toEqual({ state: 'NOT_FOUND' });
    const { no } = await created(9900);
    await fakes.scan(method, no);
    expect((await provider.query(no)).state).toBe('PENDING');
    await fakes.payWithoutNotifying(method, no);
    const charge = await fakes.charge(method, no);
    expect(await provider.query(no)).toEqual({
      state: 'PAID',
      amountFen: 9900,
      gatewayTradeNo: charge?.tradeNo,
      paidAt: expect.any(Date) as Date,
    });
  });

  it('refunds part and then the rest, idempotently by refund number, and never more than paid', async () => {
    const { no } = await created(1000);
    await fakes.payWithoutNotifying(method, no);
    expect(
      (await provider.requestRefund({ paymentNo: no, refundNo: `${no}R1`, amountFen: 300, totalFen: 1000, reason: 'test' })).kind,
    ).toBe('refunded');
    expect(
      (await provider.requestRefund({ paymentNo: no, refundNo: `${no}R1`, amountFen: 300, totalFen: 1000, reason: 'test' })).kind,
    ).toBe('refunded');
    expect((await fakes.charge(method, no))?.refundedFen).toBe(300);
    expect(
      (await provider.requestRefund({ paymentNo: no, refundNo: `${no}R2`, amountFen: 800, totalFen: 1000, reason: 'test' })).kind,
    ).toBe('refused');
    expect(
      (await provider.requestRefund({ paymentNo: no, refundNo: `${no}R3`, amountFen: 700, totalFen: 1000, reason: 'test' })).kind,
    ).toBe('refunded');
    expect((await fakes.charge(method, no))?.refundedFen).toBe(1000);
  });

  it('refuses to refund an unpaid charge', async () => {
    const { no } = await created(1000);
    await fakes.scan(method, no);
    expect(
      (await provider.requestRefund({ paymentNo: no, refundNo: `${no}R1`, amountFen: 100, totalFen: 1000, reason: 'test' })).kind,
    ).toBe('refused');
  });

  it('closes an unpaid charge (which can then not be paid) and accepts closing a missing one', async () => {
    const { no } = await created();
    await fakes.scan(method, no);
    await provider.close(no);
    expect((await fakes.charge(method, no))?.state).toBe('CLOSED');
    expect((await fakes.pay(method, no)).result).toBe('closed');
    expect((await provider.query(no)).state).toBe('CLOSED');
    await expect(provider.close(uniquePaymentNo(method))).resolves.toBeUndefined();
  });

  it('fails to close a paid charge with a GatewayError', async () => {
    const { no } = await created();
    await fakes.payWithoutNotifying(method, no);
    await expect(provider.close(no)).rejects.toBeInstanceOf(GatewayError);
  });

  it('answers the gateway as its documentation asks', () => {
    expect({ ack: provider.acknowledge(), refuse: provider.refuse() }).toMatchObject(documentedAnswers[method]);
  });

  it('fails with GatewayTimeout when the gateway hangs', async () => {
    const hung = slow();
    await expect(
      hung.create({
        paymentNo: uniquePaymentNo(method),
        amountFen: 100,
        subject: 'x',
        client: 'WEB',
        notifyUrl: 'https://llk.test/n',
        expiresAt: inOneHour(),
      }),
    ).rejects.toBeInstanceOf(GatewayTimeout);
    await expect(hung.query(uniquePaymentNo(method))).rejects.toBeInstanceOf(GatewayTimeout);
  });

  it('reports a gateway that is not there as a GatewayError, not a timeout', async () => {
    const offline =
      method === 'ZFB' ? alipayAdapter(keys, 'http://127.0.0.1:1/alipay/gateway.do') : wechatAdapter(keys, 'http://127.0.0.1:1/wechat');
    await expect(offline.query(uniquePaymentNo(method))).rejects.toBeInstanceOf(GatewayError);
  });
});

const RETURN_URL = 'https://www.llk.test/zh-CN/order?paid=1';
const h5Cases: { method: TGatewayMethod; make: () => PaymentProvider; checkUrl: (url: string) => Promise<void> }[] = [
  {
    method: 'ZFB',
    make: () => alipayAdapter(keys, servers.server.alipayGateway),
    // the signed link is the whole request: opening it (as the phone does) makes the trade; a changed link is refused
    checkUrl: async (link) => {
      const url = new URL(link);
      expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
      expect(url.searchParams.get('return_url')).toBe(RETURN_URL);
      expect(JSON.parse(url.searchParams.get('biz_content') ?? '{}')).toMatchObject({
        total_amount: '99.00',
        product_code: 'QUICK_WAP_WAY',
        quit_url: RETURN_URL,
      });
      expect((await fetch(link)).status).toBe(200);
      url.searchParams.set('return_url', 'https://evil.test/');
      expect(await (await fetch(url)).text()).toContain('isv.invalid-signature');
    },
  },
  {
    method: 'WX',
    make: () => wechatAdapter(keys, servers.server.wechatBaseUrl),
    checkUrl: async (link) => {
      const url = new URL(link);
      expect(url.host).toBe('wx.tenpay.test');
      expect(url.searchParams.get('redirect_url')).toBe(RETURN_URL);
      expect(fakes.requests.at(-1)).toEqual({ method: 'WX', operation: 'h5' });
    },
  },
];

describe.each(h5Cases)('$method H5 (a phone outside WeChat)', ({ method, make, checkUrl }) => {
  it('a mobile-web payment page that sends the payer back to our site, paid like any charge', async () => {
    const provider = make();
    const no = uniquePaymentNo(method);
    const result = await provider.create({
      paymentNo: no,
      amountFen: 9900,
      subject: '月度会员',
      client: 'H5',
      returnUrl: RETURN_URL,
      payerIp: '203.0.113.7',
      notifyUrl: 'https://llk.test/api/pay/notify',
      expiresAt: inOneHour(),
    });
    assert(result.kind === 'redirect');
    await checkUrl(result.url);
    expect((await fakes.charge(method, no))?.kind).toBe('H5');
    expect((await fakes.pay(method, no)).result).toBe('delivered');
    const notification = delivered.at(-1)!;
    expect(await provider.verifyNotification({ headers: notification.headers, rawBody: notification.body })).toMatchObject({
      paymentNo: no,
      amountFen: 9900,
      success: true,
    });
  });
});

describe('adapters refuse answers not signed by the gateway', () => {
  const otherKeys = generateSandboxKeys();
  const impostor = new FakeGateways({
    keys: {
      ...otherKeys,
      alipay: { ...otherKeys.alipay, appId: keys.alipay.appId, appPublicKey: keys.alipay.appPublicKey },
      wechat: {
        ...otherKeys.wechat,
        mchid: keys.wechat.mchid,
        appId: keys.wechat.appId,
        merchantPublicKey: keys.wechat.merchantPublicKey,
        merchantSerial: keys.wechat.merchantSerial,
        platformSerial: keys.wechat.platformSerial,
      },
    },
  });
  let impostorServer: FakeGatewayServer;
  beforeAll(async () => {
    impostorServer = await startFakeGatewayServer(impostor);
  });
  afterAll(async () => {
    await impostorServer.close();
  });

  it.each(['ZFB', 'WX'] as const)('%s: a response signed with another key is a GatewayError', async (method) => {
    const provider =
      method === 'ZFB' ? alipayAdapter(keys, impostorServer.alipayGateway) : wechatAdapter(keys, impostorServer.wechatBaseUrl);
    await expect(
      provider.create({
        paymentNo: uniquePaymentNo(method),
        amountFen: 100,
        subject: 'x',
        client: 'WEB',
        notifyUrl: 'https://llk.test/n',
        expiresAt: inOneHour(),
      }),
    ).rejects.toBeInstanceOf(GatewayError);
  });
});

describe('WeChat JSAPI', () => {
  it('returns getBrandWCPayRequest parameters whose paySign verifies with the merchant key', async () => {
    const { createVerify } = await import('node:crypto');
    const provider = wechatAdapter(keys, servers.server.wechatBaseUrl);
    const no = uniquePaymentNo('JS');
    const result = await provider.create({
      paymentNo: no,
      amountFen: 100,
      subject: 'x',
      client: 'JS_API',
      openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      notifyUrl: 'https://llk.test/n',
      expiresAt: inOneHour(),
    });
    assert(result.kind === 'jsapi', `a ${result.kind} answer`);
    const { appId, timeStamp, nonceStr, package: pkg, signType, paySign } = result.params;
    expect(appId).toBe(keys.wechat.appId);
    expect(pkg).toMatch(/^prepay_id=wx/);
    expect(signType).toBe('RSA');
    expect(Math.abs(Number(timeStamp) - Date.now() / 1000)).toBeLessThan(5);
    expect(
      createVerify('RSA-SHA256')
        .update(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
        .verify(keys.wechat.merchantPublicKey, paySign ?? '', 'base64'),
    ).toBe(true);
    expect((await fakes.charge('WX', no))?.openid).toBe('oUpF8uMuAJO_M2pxb1Q9zNjWeS6o');
  });

  it('needs an openid', async () => {
    const provider = wechatAdapter(keys, servers.server.wechatBaseUrl);
    await expect(
      provider.create({
        paymentNo: uniquePaymentNo('JS'),
        amountFen: 100,
        subject: 'x',
        client: 'JS_API',
        notifyUrl: 'https://llk.test/n',
        expiresAt: inOneHour(),
      }),
    ).rejects.toBeInstanceOf(GatewayError);
  });
});

describe('the fake gateways check our request signatures', () => {
  it.each(['ZFB', 'WX'] as const)('%s: a request signed with another merchant key is refused', async (method) => {
    const other = generateSandboxKeys();
    const provider =
      method === 'ZFB'
        ? new AlipayProvider({
            gateway: servers.server.alipayGateway,
            appId: keys.alipay.appId,
            privateKey: other.alipay.appPrivateKey,
            alipayPublicKey: keys.alipay.alipayPublicKey,
            sellerId: keys.alipay.sellerId,
            timeoutMs: 5_000,
          })
        : new WechatPayProvider({
            baseUrl: servers.server.wechatBaseUrl,
            mchid: keys.wechat.mchid,
            appId: keys.wechat.appId,
            privateKey: other.wechat.merchantPrivateKey,
            serial: keys.wechat.merchantSerial,
            apiV3Key: keys.wechat.apiV3Key,
            platformPublicKey: keys.wechat.platformPublicKey,
            platformSerial: keys.wechat.platformSerial,
            timeoutMs: 5_000,
          });
    const no = uniquePaymentNo(method);
    await expect(
      provider.create({
        paymentNo: no,
        amountFen: 100,
        subject: 'x',
        client: 'WEB',
        notifyUrl: 'https://llk.test/n',
        expiresAt: inOneHour(),
      }),
    ).rejects.toThrow(/signature|SIGN_ERROR/);
    expect(await fakes.charge(method, no)).toBeUndefined();
  });
});

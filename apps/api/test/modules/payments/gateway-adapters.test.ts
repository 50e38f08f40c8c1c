import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { parseYuan, readZip } from '../../../src/modules/payments/bills';
import { BillNotAvailable, GatewayError, type PaymentProvider, type TGatewayMethod } from '../../../src/modules/payments/provider';
import { generateSandboxKeys, type SandboxKeys } from '../../../src/modules/payments/sandbox/keys';
import { SandboxProvider } from '../../../src/modules/payments/sandbox/sandbox.provider';
import { UnconfiguredProvider } from '../../../src/modules/payments/unconfigured.provider';
import { alipayBillZip, beijingDay } from '../../support/fake-bills';
import { alipayAdapter, uniquePaymentNo, useFakeGatewayServers, wechatAdapter } from '../../support/adapter-harness';
import { FakeGateways, MemoryChargeStore, startFakeGatewayServer, type FakeGatewayServer } from '../../support/fake-gateways';

// Refund outcomes, refund queries and daily bills of each adapter against the fake gateways,
// which answer as configured: at once, PROCESSING first, refusals final and passing, and the
// answers nobody can trust (5xx, 429, a reset connection, a foreign signature, no answer).

const keys: SandboxKeys = generateSandboxKeys();
const fakes = new FakeGateways({ keys, deliver: async () => ({ status: 200, body: 'success' }) });
const servers = useFakeGatewayServers(fakes);

async function paid(
  gateways: FakeGateways,
  provider: PaymentProvider,
  amountFen: number,
  subject = '年度会员 Annual membership',
): Promise<string> {
  const no = uniquePaymentNo(provider.method);
  await provider.create({
    paymentNo: no,
    amountFen,
    subject,
    client: 'WEB',
    notifyUrl: 'https://llk.test/api/pay/notify',
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  await gateways.payWithoutNotifying(provider.method, no);
  return no;
}

// Where the gateways differ: Alipay's refund request already asks the query once (fund_change N),
// WeChat answers PROCESSING to one more query; a frequency refusal is a signed WeChat answer but an
// unsigned HTTP error at Alipay; alipay-sdk's HTTP client sends again once after a reset socket.
const cases: {
  method: TGatewayMethod;
  make: () => PaymentProvider;
  slow: () => PaymentProvider;
  processingQueries: number;
  frequencyOutcome: object;
  resetSends: number;
}[] = [
  {
    method: 'ZFB',
    make: () => alipayAdapter(keys, servers.server.alipayGateway),
    slow: () => alipayAdapter(keys, `${servers.hanging.base}/alipay/gateway.do`, 400),
    processingQueries: 0,
    frequencyOutcome: { kind: 'unknown', reason: 'http-status' },
    resetSends: 2,
  },
  {
    method: 'WX',
    make: () => wechatAdapter(keys, servers.server.wechatBaseUrl),
    slow: () => wechatAdapter(keys, `${servers.hanging.base}/wechat`, 400),
    processingQueries: 1,
    frequencyOutcome: { kind: 'retryable', code: 'FREQUENCY_LIMITED' },
    resetSends: 1,
  },
];

describe.each(cases)('$method refund outcomes', ({ method, make, slow, processingQueries, frequencyOutcome, resetSends }) => {
  let provider: PaymentProvider;
  beforeAll(() => {
    provider = make();
  });
  const refundOf = (no: string, amountFen: number, totalFen: number, suffix = 'R1') => ({
    paymentNo: no,
    refundNo: `${no}${suffix}`,
    amountFen,
    totalFen,
    reason: 'test',
  });
  const refundedFen = async (no: string) => (await fakes.charge(method, no))?.refundedFen;

  it('refunded: the gateway returned the money, and the query says so with the amount', async () => {
    const no = await paid(fakes, provider, 1000);
    expect(await provider.requestRefund(refundOf(no, 300, 1000))).toMatchObject({
      kind: 'refunded',
      gatewayRefundNo: expect.any(String) as string,
    });
    expect(await provider.queryRefund({ outTradeNo: no, outRefundNo: `${no}R1` })).toMatchObject({
      kind: 'refunded',
      refundedFen: 300,
      at: expect.any(Date) as Date,
    });
    // the same refund number again: still refunded, counted once
    expect((await provider.requestRefund(refundOf(no, 300, 1000))).kind).toBe('refunded');
    expect(await refundedFen(no)).toBe(300);
  });

  it('processing: accepted, not final, until the gateway finishes it', async () => {
    const no = await paid(fakes, provider, 1000);
    fakes.queueRefund(method, { kind: 'processing', queries: 1 });
    expect((await provider.requestRefund(refundOf(no, 1000, 1000))).kind).toBe('processing');
    for (let query = 0; query < processingQueries; query += 1) {
      expect((await provider.queryRefund({ outTradeNo: no, outRefundNo: `${no}R1` })).kind).toBe('processing');
    }
    expect(await provider.queryRefund({ outTradeNo: no, outRefundNo: `${no}R1` })).toMatchObject({ kind: 'refunded', refundedFen: 1000 });
  });

  it('refused: an explicit final refusal with the gateway code; nothing recorded', async () => {
    const no = await paid(fakes, provider, 1000);
    fakes.queueRefund(method, { kind: 'refuse' });
    expect(await provider.requestRefund(refundOf(no, 100, 1000))).toEqual({
      kind: 'refused',
      code: method === 'ZFB' ? 'ACQ.TRADE_NOT_ALLOW_REFUND' : 'INVALID_REQUEST',
      message: expect.any(String) as string,
    });
    expect(await provider.queryRefund({ outTradeNo: no, outRefundNo: `${no}R1` })).toEqual({ kind: 'not_found' });
    // more than what is left is refused too
    expect((await provider.requestRefund(refundOf(no, 1001, 1000, 'R2'))).kind).toBe('refused');
    expect(await refundedFen(no)).toBe(0);
  });

  it('retryable: merchant balance not enough, then the same request succeeds', async () => {
    const no = await paid(fakes, provider, 1000);
    fakes.queueRefund(method, { kind: 'balance' });
    expect(await provider.requestRefund(refundOf(no, 500, 1000))).toEqual({
      kind: 'retryable',
      code: method === 'ZFB' ? 'ACQ.SELLER_BALANCE_NOT_ENOUGH' : 'NOT_ENOUGH',
      message: expect.any(String) as string,
    });
    expect(await refundedFen(no)).toBe(0);
    expect((await provider.requestRefund(refundOf(no, 500, 1000))).kind).toBe('refunded');
    expect(await refundedFen(no)).toBe(500);
  });

  it('429: WeChat FREQUENCY_LIMITED is retryable; a bare 429 (Alipay front) is unknown', async () => {
    const no = await paid(fakes, provider, 1000);
    fakes.queueRefund(method, { kind: 'frequency' });
    const outcome = await provider.requestRefund(refundOf(no, 500, 1000));
    expect(outcome).toMatchObject(frequencyOutcome);
    expect(await refundedFen(no)).toBe(0);
  });

  it.each([
    ['server-error', 'http-status'],
    ['reset', 'transport'],
    ['bad-signature', 'signature'],
  ] as const)(
    'unknown after the gateway recorded the refund: %s → %s; the query finds it, a resend does not double it',
    async (kind, reason) => {
      const no = await paid(fakes, provider, 1000);
      const sends = { 'server-error': 1, reset: resetSends, 'bad-signature': 1 }[kind];
      for (let send = 0; send < sends; send += 1) fakes.queueRefund(method, { kind });
      expect(await provider.requestRefund(refundOf(no, 400, 1000))).toMatchObject({ kind: 'unknown', reason });
      expect((await provider.queryRefund({ outTradeNo: no, outRefundNo: `${no}R1` })).kind).toBe('refunded');
      expect((await provider.requestRefund(refundOf(no, 400, 1000))).kind).toBe('refunded');
      expect(await refundedFen(no)).toBe(400);
    },
  );

  it('a gateway that does not answer in time: unknown timeout', async () => {
    const no = await paid(fakes, provider, 1000);
    expect(await slow().requestRefund(refundOf(no, 100, 1000, 'R9'))).toMatchObject({ kind: 'unknown', reason: 'timeout' });
  });

  it('a gateway that is not there: unknown transport', async () => {
    const offline =
      method === 'ZFB' ? alipayAdapter(keys, 'http://127.0.0.1:1/alipay/gateway.do') : wechatAdapter(keys, 'http://127.0.0.1:1/wechat');
    expect(await offline.requestRefund(refundOf('P1', 100, 1000))).toMatchObject({ kind: 'unknown', reason: 'transport' });
    expect(await offline.queryRefund({ outTradeNo: 'P1', outRefundNo: 'P1R1' })).toMatchObject({ kind: 'unknown', reason: 'transport' });
  });

  it('queries: not_found for a refund never made, and untrustworthy answers are unknown', async () => {
    const no = await paid(fakes, provider, 1000);
    expect(await provider.queryRefund({ outTradeNo: no, outRefundNo: `${no}NONE` })).toEqual({ kind: 'not_found' });
    expect(await provider.queryRefund({ outTradeNo: uniquePaymentNo(method), outRefundNo: 'NONE' })).toEqual({ kind: 'not_found' });
    await provider.requestRefund(refundOf(no, 100, 1000));
    // alipay-sdk's HTTP client sends again once after a reset socket: cut that one too
    fakes.queueRefundQuery(
      method,
      { kind: 'server-error' },
      { kind: 'bad-signature' },
      { kind: 'frequency' },
      { kind: 'reset' },
      ...(method === 'ZFB' ? [{ kind: 'reset' as const }] : []),
    );
    const query = () => provider.queryRefund({ outTradeNo: no, outRefundNo: `${no}R1` });
    expect(await query()).toMatchObject({ kind: 'unknown', reason: 'http-status' });
    expect(await query()).toMatchObject({ kind: 'unknown', reason: 'signature' });
    expect(await query()).toMatchObject(
      method === 'WX' ? { kind: 'retryable', code: 'FREQUENCY_LIMITED' } : { kind: 'unknown', reason: 'http-status' },
    );
    expect(await query()).toMatchObject({ kind: 'unknown', reason: 'transport' });
    expect((await query()).kind).toBe('refunded');
  });

  it('a refund made in the merchant console is found by its number', async () => {
    const no = await paid(fakes, provider, 1000);
    const { refundNo } = await fakes.consoleRefund(method, no, 250);
    expect(await provider.queryRefund({ outTradeNo: no, outRefundNo: refundNo })).toMatchObject({ kind: 'refunded', refundedFen: 250 });
  });
});

describe('WeChat refund states a query can show', () => {
  it('ABNORMAL stays processing and asks for attention; CLOSED is refused', async () => {
    const provider = wechatAdapter(keys, servers.server.wechatBaseUrl);
    const no = await paid(fakes, provider, 1000);
    fakes.queueRefund('WX', { kind: 'abnormal' }, { kind: 'closed' });
    expect((await provider.requestRefund({ paymentNo: no, refundNo: `${no}A`, amountFen: 100, totalFen: 1000, reason: 'test' })).kind).toBe(
      'processing',
    );
    expect(await provider.queryRefund({ outTradeNo: no, outRefundNo: `${no}A` })).toMatchObject({
      kind: 'processing',
      attention: expect.stringMatching(/^ABNORMAL/) as string,
    });
    expect((await provider.requestRefund({ paymentNo: no, refundNo: `${no}C`, amountFen: 100, totalFen: 1000, reason: 'test' })).kind).toBe(
      'processing',
    );
    expect(await provider.queryRefund({ outTradeNo: no, outRefundNo: `${no}C` })).toEqual({
      kind: 'refused',
      code: 'CLOSED',
      message: 'refund closed',
    });
  });
});

describe('daily bills', () => {
  // A gateway of its own, so that the day's bill holds exactly what these tests did.
  const billing = new FakeGateways({ keys, deliver: async () => ({ status: 200, body: 'success' }) });
  let billServer: FakeGatewayServer;
  beforeAll(async () => {
    billServer = await startFakeGatewayServer(billing);
  });
  afterAll(async () => {
    await billServer.close();
  });

  const makers: { method: TGatewayMethod; make: () => PaymentProvider }[] = [
    { method: 'ZFB', make: () => alipayAdapter(keys, billServer.alipayGateway) },
    { method: 'WX', make: () => wechatAdapter(keys, billServer.wechatBaseUrl) },
  ];

  it.each(makers)('$method: payments, an API refund and a console refund, to the fen', async ({ method, make }) => {
    const provider = make();
    const small = await paid(billing, provider, 10);
    const large = await paid(billing, provider, 29900, '云电脑 年度会员');
    expect(
      (await provider.requestRefund({ paymentNo: large, refundNo: `${large}R1`, amountFen: 10010, totalFen: 29900, reason: 'test' })).kind,
    ).toBe('refunded');
    const { refundNo: consoleNo } = await billing.consoleRefund(method, small, 10);
    const day = beijingDay(billing.ledger.at(-1)?.at ?? new Date());

    const bill = await provider.downloadBill({ date: day });
    expect(bill.gateway).toBe(method);
    expect(bill.date).toBe(day);
    const byKey = Object.fromEntries(bill.rows.map((row) => [`${row.kind}:${row.outRefundNo ?? row.outTradeNo}`, row]));
    expect(byKey[`payment:${small}`]).toMatchObject({ gateway: method, outTradeNo: small, kind: 'payment', amountFen: 10, feeFen: 0 });
    expect(byKey[`payment:${large}`]).toMatchObject({
      outTradeNo: large,
      kind: 'payment',
      amountFen: 29900,
      feeFen: 179,
      gatewayTradeNo: (await billing.charge(method, large))?.tradeNo,
    });
    expect(byKey[`refund:${large}R1`]).toMatchObject({
      outTradeNo: large,
      kind: 'refund',
      amountFen: 10010,
      feeFen: -60,
      outRefundNo: `${large}R1`,
    });
    expect(byKey[`refund:${consoleNo}`]).toMatchObject({ outTradeNo: small, kind: 'refund', amountFen: 10, feeFen: 0 });
    for (const row of bill.rows) {
      expect(Number.isSafeInteger(row.amountFen) && Number.isSafeInteger(row.feeFen)).toBe(true);
      expect(beijingDay(row.at)).toBe(day);
    }
    expect(bill.totals).toEqual({ paymentCount: 2, paymentFen: 29910, refundCount: 2, refundFen: 10020, feeFen: 119 });
  });

  it('Alipay: the zip carries GBK names and text, read back exactly', async () => {
    const provider = alipayAdapter(keys, billServer.alipayGateway);
    await paid(billing, provider, 100, '远程桌面 月度会员');
    const day = beijingDay(billing.ledger.at(-1)?.at ?? new Date());
    // the bill as the fake serves it, decoded by hand: the GBK name and subject survive
    const entries = readZip(alipayBillZip(billing.billEntries('ZFB', day), day, keys.alipay.sellerId));
    const gbk = new TextDecoder('gbk');
    expect(entries.map((entry) => gbk.decode(entry.name))).toEqual([
      `${keys.alipay.sellerId}_${day.replaceAll('-', '')}_业务明细.csv`,
      `${keys.alipay.sellerId}_${day.replaceAll('-', '')}_业务明细(汇总).csv`,
    ]);
    expect(gbk.decode(entries[0]?.data)).toContain('远程桌面 月度会员');
    expect(entries[0]?.data.includes(Buffer.from('远程桌面', 'utf8'))).toBe(false);
    expect((await provider.downloadBill({ date: day })).rows.some((row) => row.amountFen === 100)).toBe(true);
  });

  it('WeChat: a file that does not match the signed SHA1 is refused', async () => {
    const provider = wechatAdapter(keys, billServer.wechatBaseUrl);
    await paid(billing, provider, 100);
    const day = beijingDay(billing.ledger.at(-1)?.at ?? new Date());
    billing.billTamper = 'hash';
    try {
      await expect(provider.downloadBill({ date: day })).rejects.toThrow(/SHA1 mismatch/);
    } finally {
      billing.billTamper = null;
    }
    expect((await provider.downloadBill({ date: day })).rows.length).toBeGreaterThan(0);
  });

  it.each(makers)('$method: a day without trades has no bill', async ({ make }) => {
    await expect(make().downloadBill({ date: '2020-01-01' })).rejects.toBeInstanceOf(BillNotAvailable);
  });
});

describe('money in bills', () => {
  it('reads yuan text to whole fen exactly, rounding only fees', () => {
    expect(parseYuan('0.10')).toBe(10);
    expect(parseYuan('299.00')).toBe(29900);
    expect(parseYuan('0.1')).toBe(10);
    expect(parseYuan('-3.00')).toBe(-300);
    expect(parseYuan('1.005')).toBeNull();
    expect(parseYuan('1e3')).toBeNull();
    expect(parseYuan('')).toBeNull();
    expect(parseYuan('0.00600', true)).toBe(1);
    expect(parseYuan('1.79400', true)).toBe(179);
    expect(parseYuan('-0.60060', true)).toBe(-60);
    expect(parseYuan('0.00600')).toBeNull();
  });
});

describe('providers without a gateway', () => {
  it('unconfigured: refunds are unknown (nothing to conclude), bills fail', async () => {
    const provider = new UnconfiguredProvider('WX');
    expect(await provider.requestRefund()).toMatchObject({ kind: 'unknown', reason: 'unconfigured' });
    expect(await provider.queryRefund()).toMatchObject({ kind: 'unknown', reason: 'unconfigured' });
    await expect(provider.downloadBill()).rejects.toBeInstanceOf(GatewayError);
  });

  it('sandbox: refunds at once, refuses what a gateway refuses, queries, keeps no bills', async () => {
    const store = new MemoryChargeStore();
    const provider = new SandboxProvider({
      method: 'ZFB',
      store,
      codeUrl: () => 'https://llk.test/confirm',
      adapter: alipayAdapter(keys, 'https://sandbox.invalid'),
    });
    await provider.create({
      paymentNo: 'SBX1',
      amountFen: 1000,
      subject: 's',
      client: 'WEB',
      notifyUrl: 'https://llk.test/n',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const charge = await store.get('ZFB:SBX1');
    assert(charge, 'no charge');
    await store.set('ZFB:SBX1', { ...charge, state: 'PAID', paidAt: new Date().toISOString() });
    expect(
      await provider.requestRefund({ paymentNo: 'SBX1', refundNo: 'SBX1R1', amountFen: 400, totalFen: 1000, reason: 't' }),
    ).toMatchObject({ kind: 'refunded', refundedFen: 400 });
    expect(
      await provider.requestRefund({ paymentNo: 'SBX1', refundNo: 'SBX1R2', amountFen: 601, totalFen: 1000, reason: 't' }),
    ).toMatchObject({ kind: 'refused', code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' });
    expect(await provider.queryRefund({ outTradeNo: 'SBX1', outRefundNo: 'SBX1R1' })).toMatchObject({ kind: 'refunded', refundedFen: 400 });
    expect(await provider.queryRefund({ outTradeNo: 'SBX1', outRefundNo: 'SBX1R2' })).toEqual({ kind: 'not_found' });
    expect(
      await provider.requestRefund({ paymentNo: 'SBX1', refundNo: 'SBX1R1', amountFen: 400, totalFen: 1000, reason: 't' }),
    ).toMatchObject({ kind: 'refunded' });
    await expect(provider.downloadBill({ date: '2026-01-01' })).rejects.toBeInstanceOf(BillNotAvailable);
  });
});

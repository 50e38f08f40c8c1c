import { createHash, randomBytes, randomUUID, createVerify } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { fenToYuan, fromBeijingTime, toBeijingTime, toRfc3339Beijing, yuanToFen } from '../../src/modules/payments/money';
import { type TGatewayMethod } from '../../src/modules/payments/provider';
import { type ChargeStore, type SandboxCharge } from '../../src/modules/payments/sandbox/charges';
import { type SandboxKeys } from '../../src/modules/payments/sandbox/keys';
import { deliverByFetch, type Deliver } from '../../src/modules/payments/sandbox/sandbox';
import {
  alipayMessage,
  alipayNotificationParams,
  alipaySignContent,
  rsaSha256,
  signAlipayParams,
  wechatEnvelope,
  wechatHeaders,
  wechatSignContent,
  wechatTransaction,
  encryptWechatResource,
  type NotificationMessage,
} from '../../src/modules/payments/sandbox/signer';

import { alipayBillZip, beijingDay, wechatBillText, type FakeLedgerEntry } from './fake-bills';

export { deliverByFetch, type Deliver, type DeliveryResult } from '../../src/modules/payments/sandbox/sandbox';
export { type FakeLedgerEntry } from './fake-bills';
export { alipaySignContent, type NotificationMessage } from '../../src/modules/payments/sandbox/signer';

// Local stand-ins for Alipay's classic gateway and WeChat Pay API v3 for the adapter and
// orders tests, speaking their real protocols with locally generated keys: they check our
// request signatures, sign their answers the way alipay-sdk and wechatpay-axios-plugin verify
// them, keep charges, and "pay" one by sending the notification of the product's sandbox
// signer to its notify URL. They also forge notifications that must be refused, record the
// requests they got, and can be served by a server that never answers.

export interface FakeHttpRequest {
  method: string;
  /** path and query, e.g. /alipay/gateway.do?method=… */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeHttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  /** the server resets the connection instead of answering */
  reset?: boolean;
}

export type TFakeRefundStatus = 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';

export interface FakeRefund {
  amountFen: number;
  status: TFakeRefundStatus;
  refundId: string;
  createdAt: string;
  successAt: string | null;
  /** PROCESSING: queries still answered PROCESSING before it succeeds */
  queriesLeft: number;
  /** made in the merchant console, not through the API */
  console: boolean;
}

export interface FakeCharge extends SandboxCharge {
  /** Alipay: a precreated trade exists at the gateway only once the buyer scanned it. */
  scanned: boolean;
  /** refund number → the refund as the gateway keeps it (refunds/refundedFen stay the amounts) */
  refundStates?: Record<string, FakeRefund>;
}

/**
 * How the fake answers the next refund request of a method (default: succeed at once).
 * Alipay has no PROCESSING: 'processing' answers code 10000 with fund_change N and its query
 * shows no refund_status until the refund succeeds.
 */
export type FakeRefundBehaviour =
  | { kind: 'succeed' }
  /** accepted; queries answer PROCESSING `queries` times, then SUCCESS */
  | { kind: 'processing'; queries: number }
  /** WeChat only: accepted, then ABNORMAL (the buyer's card refused the money) */
  | { kind: 'abnormal' }
  /** WeChat only: accepted, then CLOSED */
  | { kind: 'closed' }
  /** an explicit final refusal; nothing recorded */
  | { kind: 'refuse'; code?: string; message?: string }
  /** merchant balance not enough (Alipay ACQ.SELLER_BALANCE_NOT_ENOUGH, WeChat 403 NOT_ENOUGH); nothing recorded */
  | { kind: 'balance' }
  /** HTTP 429 (WeChat: signed FREQUENCY_LIMITED; Alipay: a bare 429 from its front); nothing recorded */
  | { kind: 'frequency' }
  /** the refund is recorded, then the gateway answers HTTP 5xx */
  | { kind: 'server-error' }
  /** the refund is recorded, then the connection is reset */
  | { kind: 'reset' }
  /** the refund is recorded, the answer is signed with another key */
  | { kind: 'bad-signature' }
  /**
   * the refund is recorded, then the answer is held (events: 'refund-held' { method, refundNo })
   * until releaseHeld(), which resets the connection: a caller killed while waiting
   */
  | { kind: 'hold' };

/** How the fake answers the next refund query of a method (default: the truth). */
export type FakeQueryBehaviour = { kind: 'server-error' } | { kind: 'reset' } | { kind: 'bad-signature' } | { kind: 'frequency' };

export class MemoryChargeStore implements ChargeStore<FakeCharge> {
  private readonly charges = new Map<string, FakeCharge>();
  async get(key: string) {
    const charge = this.charges.get(key);
    return charge ? structuredClone(charge) : undefined;
  }
  async set(key: string, charge: FakeCharge) {
    this.charges.set(key, structuredClone(charge));
  }
}

export type NotificationTamper =
  /** signature made with another key */
  | 'signature'
  /** the amount changed after signing */
  | 'amount'
  /** correctly signed, but the gateway reports a different amount (orders must compare) */
  | 'amountSigned'
  /** correctly signed, another app id */
  | 'appId'
  /** correctly signed, another merchant (Alipay seller_id, WeChat mchid) */
  | 'merchant'
  /** correctly signed, no merchant at all (Alipay: seller_id left out; Alipay only) */
  | 'merchantMissing'
  /** correctly signed six minutes ago (WeChat: Wechatpay-Timestamp) */
  | 'stale'
  /** correctly signed, trade not successful (Alipay TRADE_CLOSED, WeChat CLOSED) */
  | 'state';

export interface FakeGatewaysOptions {
  keys: SandboxKeys;
  store?: ChargeStore<FakeCharge>;
  deliver?: Deliver;
  /** What an Alipay precreate / WeChat Native answer carries as the QR text. */
  codeUrl?: (method: TGatewayMethod, paymentNo: string) => string;
  now?: () => number;
}

export type PayOutcome =
  | { result: 'delivered'; delivery: { status: number; body: string }; charge: FakeCharge }
  | { result: 'not-found' }
  | { result: 'closed'; charge: FakeCharge }
  | { result: 'expired'; charge: FakeCharge }
  | { result: 'delivery-failed'; error: string; charge: FakeCharge };

const ALIPAY_PATH = '/alipay/gateway.do';
const WECHAT_PREFIX = '/wechat';
/** where the Alipay bill download links point (Alipay's own file host in real life) */
const ALIPAY_BILL_PATH = '/alipay/billfile';

/** A gateway's front answering 5xx / 429 in plain HTML. */
const htmlStatus = (status: number, text: string): FakeHttpResponse => ({
  status,
  headers: { 'content-type': 'text/html' },
  body: `<html><body>${status} ${text}</body></html>`,
});

function sha256Verify(message: string, signature: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

function headerOf(headers: FakeHttpRequest['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

const OTHER_KEY = (() => {
  let cached: string | undefined;
  return async () => {
    if (!cached) {
      const { generateKeyPairSync } = await import('node:crypto');
      cached = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    }
    return cached;
  };
})();

export class FakeGateways {
  readonly keys: SandboxKeys;
  private readonly store: ChargeStore<FakeCharge>;
  private readonly deliver: Deliver;
  private readonly codeUrl: (method: TGatewayMethod, paymentNo: string) => string;
  private readonly now: () => number;
  /** The last requests the gateways received (tests assert on them; capped for the long-running sandbox). */
  readonly requests: { method: TGatewayMethod; operation: string }[] = [];
  /** Payments and refunds as they enter the day's bills. */
  readonly ledger: FakeLedgerEntry[] = [];
  /** 'refund-held' { method, refundNo }: a refund answered 'hold' was recorded and its answer is held. */
  readonly events = new EventEmitter();
  private held: (() => void)[] = [];
  /** 'hash': WeChat serves a bill file that differs from the one it hashed. */
  billTamper: 'hash' | null = null;
  private readonly refundQueue: Record<TGatewayMethod, FakeRefundBehaviour[]> = { ZFB: [], WX: [], CARD: [] };
  private readonly queryQueue: Record<TGatewayMethod, FakeQueryBehaviour[]> = { ZFB: [], WX: [], CARD: [] };
  /** refund number → payment number (WeChat queries a refund by its number alone) */
  private readonly refundOwners = new Map<string, string>();
  private readonly billFiles = new Map<string, Buffer>();

  constructor(options: FakeGatewaysOptions) {
    this.keys = options.keys;
    this.store = options.store ?? new MemoryChargeStore();
    this.deliver = options.deliver ?? deliverByFetch();
    this.codeUrl =
      options.codeUrl ??
      ((method, paymentNo) => (method === 'ZFB' ? `https://qr.alipay.test/${paymentNo}` : `weixin://wxpay/bizpayurl?pr=${paymentNo}`));
    this.now = options.now ?? Date.now;
  }

  private record(request: { method: TGatewayMethod; operation: string }): void {
    this.requests.push(request);
    if (this.requests.length > 1000) this.requests.splice(0, this.requests.length - 1000);
  }

  static chargeKey(method: TGatewayMethod, paymentNo: string): string {
    return `${method}:${paymentNo}`;
  }

  async charge(method: TGatewayMethod, paymentNo: string): Promise<FakeCharge | undefined> {
    const charge = await this.store.get(FakeGateways.chargeKey(method, paymentNo));
    if (charge && charge.state === 'WAITING' && Date.parse(charge.expiresAt) <= this.now()) {
      charge.state = 'CLOSED';
      await this.save(charge);
    }
    return charge;
  }

  private save(charge: FakeCharge): Promise<void> {
    return this.store.set(FakeGateways.chargeKey(charge.method, charge.paymentNo), charge);
  }

  /** The buyer opened the QR (Alipay: the trade now exists for trade.query). */
  async scan(method: TGatewayMethod, paymentNo: string): Promise<FakeCharge | undefined> {
    const charge = await this.charge(method, paymentNo);
    if (charge && !charge.scanned) {
      charge.scanned = true;
      await this.save(charge);
    }
    return charge;
  }

  /**
   * The buyer pays: the charge becomes PAID (once) and its notification is delivered (again on
   * every call, as a gateway retrying would).
   */
  async pay(method: TGatewayMethod, paymentNo: string): Promise<PayOutcome> {
    const charge = await this.charge(method, paymentNo);
    if (!charge) return { result: 'not-found' };
    if (charge.state === 'CLOSED')
      return Date.parse(charge.expiresAt) <= this.now() ? { result: 'expired', charge } : { result: 'closed', charge };
    if (charge.state === 'WAITING') {
      charge.state = 'PAID';
      charge.scanned = true;
      charge.paidAt = new Date(this.now()).toISOString();
      await this.save(charge);
      this.enterPayment(charge);
    }
    try {
      const delivery = await this.deliver(this.notification(charge));
      return { result: 'delivered', delivery, charge };
    } catch (error) {
      return { result: 'delivery-failed', error: (error as Error).message, charge };
    }
  }

  /** Marks a charge paid without notifying anybody (a notification lost on the way). */
  async payWithoutNotifying(method: TGatewayMethod, paymentNo: string): Promise<FakeCharge | undefined> {
    const charge = await this.charge(method, paymentNo);
    if (!charge || charge.state !== 'WAITING') return charge;
    charge.state = 'PAID';
    charge.scanned = true;
    charge.paidAt = new Date(this.now()).toISOString();
    await this.save(charge);
    this.enterPayment(charge);
    return charge;
  }

  private enterPayment(charge: FakeCharge): void {
    this.ledger.push({
      method: charge.method,
      kind: 'payment',
      paymentNo: charge.paymentNo,
      tradeNo: charge.tradeNo,
      subject: charge.subject,
      amountFen: charge.amountFen,
      at: new Date(charge.paidAt ?? this.now()),
    });
  }

  private enterRefund(charge: FakeCharge, refundNo: string, refund: FakeRefund, at: Date): void {
    this.ledger.push({
      method: charge.method,
      kind: 'refund',
      paymentNo: charge.paymentNo,
      tradeNo: charge.tradeNo,
      subject: charge.subject,
      amountFen: refund.amountFen,
      refundNo,
      refundId: refund.refundId,
      at,
    });
  }

  /** The next refund requests of `method` are answered so, in order (then: succeed). */
  queueRefund(method: TGatewayMethod, ...behaviours: FakeRefundBehaviour[]): void {
    this.refundQueue[method].push(...behaviours);
  }

  /** The next refund queries of `method` are answered so, in order (then: the truth). */
  queueRefundQuery(method: TGatewayMethod, ...behaviours: FakeQueryBehaviour[]): void {
    this.queryQueue[method].push(...behaviours);
  }

  /** Lets every held refund answer go: the connection is reset. */
  releaseHeld(): void {
    for (const release of this.held.splice(0)) release();
  }

  private async hold(method: TGatewayMethod, refundNo: string): Promise<FakeHttpResponse> {
    await new Promise<void>((resolve) => {
      this.held.push(resolve);
      this.events.emit('refund-held', { method, refundNo });
    });
    return { status: 0, headers: {}, body: '', reset: true };
  }

  private static refundIdFor(method: TGatewayMethod, refundNo: string): string {
    const digits = createHash('sha256').update(refundNo).digest('hex').replace(/\D/g, '').padEnd(24, '1').slice(0, 24);
    return method === 'WX' ? `50000${digits}` : `RF${digits}`;
  }

  /**
   * Records a refund of a paid charge (for API requests, and for the merchant console).
   * Returns null when more than what is left would be refunded.
   */
  private async recordRefund(
    charge: FakeCharge,
    refundNo: string,
    amountFen: number,
    status: TFakeRefundStatus,
    options: { queries?: number; console?: boolean } = {},
  ): Promise<FakeRefund | null> {
    if (status !== 'CLOSED' && charge.refundedFen + amountFen > charge.amountFen) return null;
    const now = new Date(this.now());
    const refund: FakeRefund = {
      amountFen,
      status,
      refundId: FakeGateways.refundIdFor(charge.method, refundNo),
      createdAt: now.toISOString(),
      successAt: status === 'SUCCESS' ? now.toISOString() : null,
      queriesLeft: options.queries ?? 0,
      console: options.console ?? false,
    };
    charge.refundStates = { ...charge.refundStates, [refundNo]: refund };
    if (status !== 'CLOSED') {
      charge.refunds[refundNo] = amountFen;
      charge.refundedFen += amountFen;
    }
    await this.save(charge);
    this.refundOwners.set(`${charge.method}:${refundNo}`, charge.paymentNo);
    // WeChat bills a refund when it accepts it, Alipay when it succeeded.
    if (charge.method === 'WX' ? status !== 'CLOSED' : status === 'SUCCESS') this.enterRefund(charge, refundNo, refund, now);
    return refund;
  }

  /** A refund made in the merchant console: the gateway has it, we never asked for it. */
  async consoleRefund(method: TGatewayMethod, paymentNo: string, amountFen: number): Promise<{ refundNo: string; refund: FakeRefund }> {
    const charge = await this.charge(method, paymentNo);
    if (!charge || charge.state !== 'PAID') throw new Error(`console refund: ${method} ${paymentNo} is not paid`);
    const refundNo = method === 'WX' ? `${Date.now()}${randomBytes(4).toString('hex')}` : `HZ${randomBytes(6).toString('hex')}`;
    const refund = await this.recordRefund(charge, refundNo, amountFen, 'SUCCESS', { console: true });
    if (!refund) throw new Error('console refund: more than refundable');
    return { refundNo, refund };
  }

  /** A refund as the gateway answers a query now: a PROCESSING one moves on after its queries. */
  private async refundNow(charge: FakeCharge, refundNo: string): Promise<FakeRefund | undefined> {
    const refund = charge.refundStates?.[refundNo];
    if (!refund || refund.status !== 'PROCESSING') return refund;
    if (refund.queriesLeft > 0) {
      refund.queriesLeft -= 1;
    } else {
      refund.status = 'SUCCESS';
      refund.successAt = new Date(this.now()).toISOString();
      if (charge.method === 'ZFB') this.enterRefund(charge, refundNo, refund, new Date(refund.successAt));
    }
    charge.refundStates = { ...charge.refundStates, [refundNo]: refund };
    await this.save(charge);
    return refund;
  }

  private static seenRefund(charge: FakeCharge | undefined, refundNo: string): FakeRefund | undefined {
    if (!charge) return undefined;
    const state = charge.refundStates?.[refundNo];
    if (state) return state;
    const amount = charge.refunds[refundNo];
    return amount === undefined
      ? undefined
      : {
          amountFen: amount,
          status: 'SUCCESS',
          refundId: FakeGateways.refundIdFor(charge.method, refundNo),
          createdAt: charge.paidAt ?? '',
          successAt: charge.paidAt,
          queriesLeft: 0,
          console: false,
        };
  }

  /** The day's bill entries of a method (Beijing day). */
  billEntries(method: TGatewayMethod, day: string): FakeLedgerEntry[] {
    return this.ledger.filter((entry) => entry.method === method && beijingDay(entry.at) === day);
  }

  private static hostOf(request: FakeHttpRequest): string {
    return `http://${headerOf(request.headers, 'host') ?? '127.0.0.1'}`;
  }

  /** The notification for a charge, genuine or forged. */
  notification(charge: FakeCharge, tamper?: NotificationTamper): NotificationMessage {
    return charge.method === 'ZFB' ? this.alipayNotification(charge, tamper) : this.wechatNotification(charge, tamper);
  }

  /** A forged notification needs a second key for 'signature': load it first (async). */
  async forged(charge: FakeCharge, tamper: NotificationTamper): Promise<NotificationMessage> {
    if (tamper !== 'signature') return this.notification(charge, tamper);
    const otherKey = await OTHER_KEY();
    return charge.method === 'ZFB' ? this.alipayNotification(charge, tamper, otherKey) : this.wechatNotification(charge, tamper, otherKey);
  }

  // ---------------------------------------------------------------- HTTP entry

  /** Routes /alipay/gateway.do and /wechat/v3/… */
  async handle(request: FakeHttpRequest): Promise<FakeHttpResponse> {
    const url = new URL(request.url, 'http://fake.invalid');
    if (url.pathname === ALIPAY_PATH) return this.handleAlipay(request, url);
    if (url.pathname === ALIPAY_BILL_PATH) {
      const file = this.billFiles.get(`ZFB:${url.searchParams.get('token') ?? ''}`);
      return file
        ? { status: 200, headers: { 'content-type': 'application/oct-stream' }, body: file }
        : { status: 404, headers: { 'content-type': 'text/plain' }, body: 'expired' };
    }
    if (url.pathname.startsWith(`${WECHAT_PREFIX}/v3/`)) return this.handleWechat(request, url);
    return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
  }

  // ---------------------------------------------------------------- Alipay

  private alipayAnswer(method: string, content: Record<string, unknown>, signingKey = this.keys.alipay.alipayPrivateKey): FakeHttpResponse {
    const inner = JSON.stringify(content);
    const sign = rsaSha256(inner, signingKey);
    return {
      status: 200,
      headers: { 'content-type': 'text/html;charset=utf-8', trace_id: randomUUID().replaceAll('-', '') },
      body: `{"${method.replaceAll('.', '_')}_response":${inner},"sign":"${sign}"}`,
    };
  }

  private async handleAlipay(request: FakeHttpRequest, url: URL): Promise<FakeHttpResponse> {
    const params: Record<string, string> = {};
    for (const [key, value] of url.searchParams) params[key] = value;
    const type = headerOf(request.headers, 'content-type') ?? '';
    if (request.body && type.includes('application/json')) {
      Object.assign(params, JSON.parse(request.body) as Record<string, string>);
    } else if (request.body) {
      for (const [key, value] of new URLSearchParams(request.body)) params[key] = value;
    }
    const method = params.method ?? 'unknown';
    const fail = (code: string, msg: string, subCode: string, subMsg: string) =>
      this.alipayAnswer(method, { code, msg, sub_code: subCode, sub_msg: subMsg });
    // The gateway signs with sign_type included; only sign is left out.
    if (!params.sign || !sha256Verify(alipaySignContent(params, ['sign']), params.sign, this.keys.alipay.appPublicKey)) {
      return fail('40002', 'Invalid Arguments', 'isv.invalid-signature', '验签出错');
    }
    if (params.app_id !== this.keys.alipay.appId) return fail('40002', 'Invalid Arguments', 'isv.invalid-app-id', '无效的AppID参数');
    let biz: Record<string, string>;
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    } catch {
      return fail('40002', 'Invalid Arguments', 'isv.invalid-parameter', 'biz_content');
    }
    const paymentNo = biz.out_trade_no ?? '';
    this.record({ method: 'ZFB', operation: method });
    const notExist = () => fail('40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', '交易不存在');

    switch (method) {
      case 'alipay.trade.precreate': {
        const amountFen = yuanToFen(biz.total_amount ?? '');
        const expiresAt = fromBeijingTime(biz.time_expire);
        if (!paymentNo || amountFen === null || amountFen <= 0 || !biz.subject || !params.notify_url) {
          return fail('40002', 'Invalid Arguments', 'isv.missing-parameter', 'out_trade_no, total_amount, subject, notify_url');
        }
        const existing = await this.charge('ZFB', paymentNo);
        if (existing) {
          if (existing.state === 'PAID') return fail('40004', 'Business Failed', 'ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
          if (existing.amountFen !== amountFen) return fail('40004', 'Business Failed', 'ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
        }
        const charge: FakeCharge = existing ?? {
          method: 'ZFB',
          paymentNo,
          amountFen,
          subject: biz.subject,
          notifyUrl: params.notify_url,
          expiresAt: (expiresAt ?? new Date(this.now() + 2 * 60 * 60 * 1000)).toISOString(),
          state: 'WAITING',
          scanned: false,
          tradeNo: `${toBeijingTime(new Date(this.now())).replace(/\D/g, '').slice(0, 8)}22${randomBytes(10).toString('hex').replace(/\D/g, '').padEnd(18, '0').slice(0, 18)}`,
          paidAt: null,
          refundedFen: 0,
          refunds: {},
          kind: 'QR',
          openid: null,
        };
        await this.save(charge);
        return this.alipayAnswer(method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: paymentNo,
          qr_code: this.codeUrl('ZFB', paymentNo),
        });
      }
      case 'alipay.trade.wap.pay': {
        // what the phone opens: the signed link itself (GET); the trade exists from here on
        const amountFen = yuanToFen(biz.total_amount ?? '');
        if (
          !paymentNo ||
          amountFen === null ||
          amountFen <= 0 ||
          !biz.subject ||
          !params.notify_url ||
          !params.return_url ||
          biz.product_code !== 'QUICK_WAP_WAY'
        ) {
          return fail(
            '40002',
            'Invalid Arguments',
            'isv.missing-parameter',
            'out_trade_no, total_amount, subject, notify_url, return_url, product_code',
          );
        }
        const existing = await this.charge('ZFB', paymentNo);
        if (existing?.state === 'PAID') return fail('40004', 'Business Failed', 'ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
        const expiresAt = fromBeijingTime(biz.time_expire);
        await this.save(
          existing ?? {
            method: 'ZFB',
            paymentNo,
            amountFen,
            subject: biz.subject,
            notifyUrl: params.notify_url,
            expiresAt: (expiresAt ?? new Date(this.now() + 2 * 60 * 60 * 1000)).toISOString(),
            state: 'WAITING',
            scanned: true,
            tradeNo: `${toBeijingTime(new Date(this.now())).replace(/\D/g, '').slice(0, 8)}22${randomBytes(10).toString('hex').replace(/\D/g, '').padEnd(18, '0').slice(0, 18)}`,
            paidAt: null,
            refundedFen: 0,
            refunds: {},
            kind: 'H5',
            openid: null,
            returnUrl: params.return_url,
          },
        );
        return {
          status: 200,
          headers: { 'content-type': 'text/html;charset=utf-8' },
          body: `<!doctype html><title>支付宝</title><p>${biz.subject} ¥${biz.total_amount}</p>`,
        };
      }
      case 'alipay.trade.query': {
        const charge = await this.charge('ZFB', paymentNo);
        if (!charge || !charge.scanned) return notExist();
        const status = charge.state === 'PAID' ? 'TRADE_SUCCESS' : charge.state === 'CLOSED' ? 'TRADE_CLOSED' : 'WAIT_BUYER_PAY';
        return this.alipayAnswer(method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: paymentNo,
          trade_no: charge.tradeNo,
          trade_status: status,
          total_amount: fenToYuan(charge.amountFen),
          ...(charge.paidAt ? { send_pay_date: toBeijingTime(new Date(charge.paidAt)) } : {}),
        });
      }
      case 'alipay.trade.refund': {
        const charge = await this.charge('ZFB', paymentNo);
        if (!charge || !charge.scanned) return notExist();
        if (charge.state !== 'PAID') return fail('40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        const refundFen = yuanToFen(biz.refund_amount ?? '');
        const requestNo = biz.out_request_no ?? paymentNo;
        if (refundFen === null || refundFen <= 0) return fail('40002', 'Invalid Arguments', 'isv.invalid-parameter', 'refund_amount');
        const answer = (fundChange: 'Y' | 'N', signingKey?: string) =>
          this.alipayAnswer(
            method,
            {
              code: '10000',
              msg: 'Success',
              out_trade_no: paymentNo,
              trade_no: charge.tradeNo,
              refund_fee: fenToYuan(charge.refundedFen),
              fund_change: fundChange,
            },
            signingKey,
          );
        const already = FakeGateways.seenRefund(charge, requestNo);
        // A queued reset also cuts a repeat (alipay-sdk's HTTP client retries a reset socket once).
        if (already && this.refundQueue.ZFB[0]?.kind === 'reset') {
          this.refundQueue.ZFB.shift();
          return { status: 0, headers: {}, body: '', reset: true };
        }
        if (already) return answer('N');
        const behaviour = this.refundQueue.ZFB.shift() ?? { kind: 'succeed' };
        switch (behaviour.kind) {
          case 'refuse':
            return fail(
              '40004',
              'Business Failed',
              behaviour.code ?? 'ACQ.TRADE_NOT_ALLOW_REFUND',
              behaviour.message ?? '当前交易不允许退款',
            );
          case 'balance':
            return fail('40004', 'Business Failed', 'ACQ.SELLER_BALANCE_NOT_ENOUGH', '卖家余额不足');
          case 'frequency':
            return htmlStatus(429, 'Too Many Requests');
          default:
            break;
        }
        const processing = behaviour.kind === 'processing';
        const recorded = await this.recordRefund(
          charge,
          requestNo,
          refundFen,
          processing ? 'PROCESSING' : 'SUCCESS',
          processing ? { queries: behaviour.queries } : {},
        );
        if (!recorded) return fail('40004', 'Business Failed', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
        if (behaviour.kind === 'server-error') return htmlStatus(502, 'Bad Gateway');
        if (behaviour.kind === 'reset') return { status: 0, headers: {}, body: '', reset: true };
        if (behaviour.kind === 'hold') return this.hold('ZFB', requestNo);
        if (behaviour.kind === 'bad-signature') return answer('Y', await OTHER_KEY());
        return answer(processing ? 'N' : 'Y');
      }
      case 'alipay.trade.fastpay.refund.query': {
        const behaviour = this.queryQueue.ZFB.shift();
        if (behaviour?.kind === 'server-error') return htmlStatus(502, 'Bad Gateway');
        if (behaviour?.kind === 'frequency') return htmlStatus(429, 'Too Many Requests');
        if (behaviour?.kind === 'reset') return { status: 0, headers: {}, body: '', reset: true };
        const charge = await this.charge('ZFB', paymentNo);
        if (!charge || !charge.scanned) return notExist();
        const requestNo = biz.out_request_no ?? '';
        if (!requestNo) return fail('40002', 'Invalid Arguments', 'isv.missing-parameter', 'out_request_no');
        const refund = FakeGateways.seenRefund(charge, requestNo) && (await this.refundNow(charge, requestNo));
        const base = { code: '10000', msg: 'Success', out_trade_no: paymentNo, trade_no: charge.tradeNo, out_request_no: requestNo };
        const options = (biz as { query_options?: unknown }).query_options;
        const content =
          refund && refund.status === 'SUCCESS'
            ? {
                ...base,
                total_amount: fenToYuan(charge.amountFen),
                refund_amount: fenToYuan(refund.amountFen),
                refund_status: 'REFUND_SUCCESS',
                ...(Array.isArray(options) && options.includes('gmt_refund_pay') && refund.successAt
                  ? { gmt_refund_pay: toBeijingTime(new Date(refund.successAt)) }
                  : {}),
              }
            : base;
        return this.alipayAnswer(method, content, behaviour?.kind === 'bad-signature' ? await OTHER_KEY() : undefined);
      }
      case 'alipay.data.dataservice.bill.downloadurl.query': {
        const day = biz.bill_date ?? '';
        if (biz.bill_type !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(day))
          return fail('40002', 'Invalid Arguments', 'isv.invalid-parameter', 'bill_type, bill_date');
        const entries = this.billEntries('ZFB', day);
        if (entries.length === 0) return fail('40004', 'Business Failed', 'isp.bill_not_exist', '账单不存在');
        const token = randomBytes(12).toString('hex');
        this.billFiles.set(`ZFB:${token}`, alipayBillZip(entries, day, this.keys.alipay.sellerId));
        return this.alipayAnswer(method, {
          code: '10000',
          msg: 'Success',
          bill_download_url: `${FakeGateways.hostOf(request)}${ALIPAY_BILL_PATH}?token=${token}&fileType=csv.zip`,
        });
      }
      case 'alipay.trade.close': {
        const charge = await this.charge('ZFB', paymentNo);
        if (!charge || !charge.scanned) {
          // An unscanned precreate is simply dropped: nobody can pay it any more.
          if (charge) {
            charge.state = 'CLOSED';
            await this.save(charge);
          }
          return notExist();
        }
        if (charge.state === 'PAID') return fail('40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        charge.state = 'CLOSED';
        await this.save(charge);
        return this.alipayAnswer(method, { code: '10000', msg: 'Success', out_trade_no: paymentNo, trade_no: charge.tradeNo });
      }
      default:
        return fail('40004', 'Business Failed', 'isv.invalid-method', `不支持的方法 ${method}`);
    }
  }

  private alipayNotification(charge: FakeCharge, tamper?: NotificationTamper, otherKey?: string): NotificationMessage {
    const now = new Date(this.now());
    const overrides: Record<string, string> = {};
    if (tamper === 'amountSigned') {
      const amount = fenToYuan(charge.amountFen + 1);
      Object.assign(overrides, { invoice_amount: amount, receipt_amount: amount, buyer_pay_amount: amount, total_amount: amount });
    }
    if (tamper === 'state') overrides.trade_status = 'TRADE_CLOSED';
    if (tamper === 'appId') overrides.app_id = '2021000000000001';
    if (tamper === 'merchant') overrides.seller_id = '2088000000000001';
    if (tamper === 'stale') overrides.notify_time = toBeijingTime(new Date(now.getTime() - 6 * 60 * 1000));
    const params = alipayNotificationParams(charge, this.keys, now, overrides);
    if (tamper === 'merchantMissing') delete params.seller_id;
    const signed = signAlipayParams(params, otherKey ?? this.keys.alipay.alipayPrivateKey);
    if (tamper === 'amount') {
      signed.total_amount = fenToYuan(charge.amountFen + 100);
      signed.receipt_amount = signed.total_amount;
    }
    return alipayMessage(charge.notifyUrl, signed);
  }

  // ---------------------------------------------------------------- WeChat Pay v3

  private wechatAnswer(status: number, body: object | null, signingKey = this.keys.wechat.platformPrivateKey): FakeHttpResponse {
    const text = body === null ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(this.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      status,
      headers: {
        ...(body === null ? {} : { 'content-type': 'application/json; charset=utf-8' }),
        'request-id': randomUUID(),
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': this.keys.wechat.platformSerial,
        'wechatpay-signature': rsaSha256(`${timestamp}\n${nonce}\n${text}\n`, signingKey),
      },
      body: text,
    };
  }

  private wechatFail(status: number, code: string, message: string): FakeHttpResponse {
    return this.wechatAnswer(status, { code, message });
  }

  /** Checks Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,serial_no=…,timestamp=…,nonce_str=…,signature=… */
  private wechatAuthorized(request: FakeHttpRequest, pathWithQuery: string): string | null {
    const authorization = headerOf(request.headers, 'authorization') ?? '';
    if (!authorization.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return 'no WECHATPAY2-SHA256-RSA2048 authorization';
    const fields: Record<string, string> = {};
    for (const match of authorization.slice(26).matchAll(/(\w+)="([^"]*)"/g)) fields[match[1] ?? ''] = match[2] ?? '';
    if (fields.mchid !== this.keys.wechat.mchid) return 'mchid mismatch';
    if (fields.serial_no !== this.keys.wechat.merchantSerial) return 'unknown merchant certificate serial';
    if (Math.abs(Math.floor(this.now() / 1000) - Number(fields.timestamp)) > 300) return 'timestamp expired';
    const message = `${request.method.toUpperCase()}\n${pathWithQuery}\n${fields.timestamp}\n${fields.nonce_str}\n${request.body}\n`;
    if (!sha256Verify(message, fields.signature ?? '', this.keys.wechat.merchantPublicKey)) return 'signature mismatch';
    return null;
  }

  private async handleWechat(request: FakeHttpRequest, url: URL): Promise<FakeHttpResponse> {
    const problem = this.wechatAuthorized(request, `${url.pathname}${url.search}`);
    if (problem) return this.wechatFail(401, 'SIGN_ERROR', problem);
    const path = url.pathname.slice(WECHAT_PREFIX.length);
    const method = request.method.toUpperCase();
    let body: Record<string, unknown> = {};
    if (request.body) {
      try {
        body = JSON.parse(request.body) as Record<string, unknown>;
      } catch {
        return this.wechatFail(400, 'PARAM_ERROR', 'body is not JSON');
      }
    }

    const transactionMatch = /^\/v3\/pay\/transactions\/(native|jsapi|h5)$/.exec(path);
    if (transactionMatch && method === 'POST') {
      this.record({ method: 'WX', operation: transactionMatch[1] ?? '' });
      const amount = body.amount as { total?: unknown } | undefined;
      const total = amount?.total;
      const paymentNo = typeof body.out_trade_no === 'string' ? body.out_trade_no : '';
      if (body.mchid !== this.keys.wechat.mchid || body.appid !== this.keys.wechat.appId)
        return this.wechatFail(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      if (
        !paymentNo ||
        typeof total !== 'number' ||
        !Number.isSafeInteger(total) ||
        total <= 0 ||
        typeof body.description !== 'string' ||
        typeof body.notify_url !== 'string'
      ) {
        return this.wechatFail(400, 'PARAM_ERROR', '参数错误');
      }
      const jsapi = transactionMatch[1] === 'jsapi';
      const h5 = transactionMatch[1] === 'h5';
      const openid = (body.payer as { openid?: unknown } | undefined)?.openid;
      if (jsapi && typeof openid !== 'string') return this.wechatFail(400, 'PARAM_ERROR', '缺少payer.openid');
      const scene = body.scene_info as { payer_client_ip?: unknown; h5_info?: { type?: unknown } } | undefined;
      if (h5 && (typeof scene?.payer_client_ip !== 'string' || scene.h5_info?.type !== 'Wap'))
        return this.wechatFail(400, 'PARAM_ERROR', '缺少scene_info');
      const existing = await this.charge('WX', paymentNo);
      if (existing) {
        if (existing.state === 'PAID') return this.wechatFail(400, 'ORDERPAID', '该订单已支付');
        if (existing.state === 'CLOSED') return this.wechatFail(400, 'ORDERCLOSED', '当前订单已关闭');
        if (existing.amountFen !== total) return this.wechatFail(400, 'OUT_TRADE_NO_USED', '商户订单号重复');
      }
      const expiresAt = typeof body.time_expire === 'string' ? new Date(body.time_expire) : new Date(this.now() + 2 * 60 * 60 * 1000);
      const charge: FakeCharge = existing ?? {
        method: 'WX',
        paymentNo,
        amountFen: total,
        subject: body.description,
        notifyUrl: body.notify_url,
        expiresAt: (Number.isNaN(expiresAt.getTime()) ? new Date(this.now() + 2 * 60 * 60 * 1000) : expiresAt).toISOString(),
        state: 'WAITING',
        scanned: true,
        tradeNo: `4200${randomBytes(12).toString('hex').replace(/\D/g, '').padEnd(24, '7').slice(0, 24)}`,
        paidAt: null,
        refundedFen: 0,
        refunds: {},
        kind: jsapi ? 'JSAPI' : h5 ? 'H5' : 'QR',
        openid: typeof openid === 'string' ? openid : null,
      };
      await this.save(charge);
      if (h5)
        return this.wechatAnswer(200, {
          h5_url: `https://wx.tenpay.test/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${randomBytes(14).toString('hex')}&package=${randomBytes(4).readUInt32BE()}`,
        });
      return this.wechatAnswer(
        200,
        jsapi ? { prepay_id: `wx${randomBytes(14).toString('hex')}` } : { code_url: this.codeUrl('WX', paymentNo) },
      );
    }

    const queryMatch = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
    if (queryMatch && method === 'GET') {
      this.record({ method: 'WX', operation: 'query' });
      if (url.searchParams.get('mchid') !== this.keys.wechat.mchid) return this.wechatFail(400, 'PARAM_ERROR', 'mchid');
      const charge = await this.charge('WX', decodeURIComponent(queryMatch[1] ?? ''));
      if (!charge) return this.wechatFail(404, 'ORDER_NOT_EXIST', '订单不存在');
      return this.wechatAnswer(200, wechatTransaction(charge, this.keys));
    }

    const closeMatch = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path);
    if (closeMatch && method === 'POST') {
      this.record({ method: 'WX', operation: 'close' });
      const charge = await this.charge('WX', decodeURIComponent(closeMatch[1] ?? ''));
      if (!charge) return this.wechatFail(404, 'ORDER_NOT_EXIST', '订单不存在');
      if (charge.state === 'PAID') return this.wechatFail(400, 'ORDERPAID', '该订单已支付');
      charge.state = 'CLOSED';
      await this.save(charge);
      return this.wechatAnswer(204, null);
    }

    if (path === '/v3/refund/domestic/refunds' && method === 'POST') {
      this.record({ method: 'WX', operation: 'refund' });
      const paymentNo = typeof body.out_trade_no === 'string' ? body.out_trade_no : '';
      const refundNo = typeof body.out_refund_no === 'string' ? body.out_refund_no : '';
      const amount = body.amount as { refund?: unknown; total?: unknown } | undefined;
      const charge = await this.charge('WX', paymentNo);
      if (!charge) return this.wechatFail(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      if (charge.state !== 'PAID') return this.wechatFail(400, 'INVALID_REQUEST', '订单未支付');
      if (
        typeof amount?.refund !== 'number' ||
        !Number.isSafeInteger(amount.refund) ||
        amount.refund <= 0 ||
        amount.total !== charge.amountFen ||
        !refundNo
      ) {
        return this.wechatFail(400, 'PARAM_ERROR', '退款金额或订单金额不正确');
      }
      const already = FakeGateways.seenRefund(charge, refundNo);
      if (already) return this.wechatAnswer(200, this.wechatRefund(charge, refundNo, already));
      const behaviour = this.refundQueue.WX.shift() ?? { kind: 'succeed' };
      switch (behaviour.kind) {
        case 'refuse':
          return this.wechatFail(400, behaviour.code ?? 'INVALID_REQUEST', behaviour.message ?? '订单已全额退款');
        case 'balance':
          return this.wechatFail(403, 'NOT_ENOUGH', '基本账户余额不足，请充值后重新发起');
        case 'frequency':
          return this.wechatFail(429, 'FREQUENCY_LIMITED', '请求频率超限');
        default:
          break;
      }
      const status: TFakeRefundStatus =
        behaviour.kind === 'processing'
          ? 'PROCESSING'
          : behaviour.kind === 'abnormal'
            ? 'ABNORMAL'
            : behaviour.kind === 'closed'
              ? 'CLOSED'
              : 'SUCCESS';
      // Real refunds are PROCESSING first; 'succeed' answers SUCCESS at once, as small refunds to change do.
      const refund = await this.recordRefund(
        charge,
        refundNo,
        amount.refund,
        status,
        behaviour.kind === 'processing' ? { queries: behaviour.queries } : {},
      );
      if (!refund) return this.wechatFail(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
      if (behaviour.kind === 'server-error') return this.wechatFail(500, 'SYSTEM_ERROR', '系统错误');
      if (behaviour.kind === 'reset') return { status: 0, headers: {}, body: '', reset: true };
      if (behaviour.kind === 'hold') return this.hold('WX', refundNo);
      // ABNORMAL and CLOSED are what a query shows later; the request itself was accepted as PROCESSING.
      const answered = status === 'ABNORMAL' || status === 'CLOSED' ? { ...refund, status: 'PROCESSING' as const } : refund;
      return this.wechatAnswer(
        200,
        this.wechatRefund(charge, refundNo, answered),
        behaviour.kind === 'bad-signature' ? await OTHER_KEY() : undefined,
      );
    }

    const refundQueryMatch = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (refundQueryMatch && method === 'GET') {
      this.record({ method: 'WX', operation: 'refund query' });
      const behaviour = this.queryQueue.WX.shift();
      if (behaviour?.kind === 'server-error') return this.wechatFail(500, 'SYSTEM_ERROR', '系统错误');
      if (behaviour?.kind === 'frequency') return this.wechatFail(429, 'FREQUENCY_LIMITED', '请求频率超限');
      if (behaviour?.kind === 'reset') return { status: 0, headers: {}, body: '', reset: true };
      const refundNo = decodeURIComponent(refundQueryMatch[1] ?? '');
      const owner = this.refundOwners.get(`WX:${refundNo}`);
      const charge = owner ? await this.charge('WX', owner) : undefined;
      const refund = charge && FakeGateways.seenRefund(charge, refundNo) ? await this.refundNow(charge, refundNo) : undefined;
      if (!charge || !refund) return this.wechatFail(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return this.wechatAnswer(
        200,
        this.wechatRefund(charge, refundNo, refund),
        behaviour?.kind === 'bad-signature' ? await OTHER_KEY() : undefined,
      );
    }

    if (path === '/v3/bill/tradebill' && method === 'GET') {
      this.record({ method: 'WX', operation: 'bill' });
      const day = url.searchParams.get('bill_date') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || (url.searchParams.get('bill_type') ?? 'ALL') !== 'ALL')
        return this.wechatFail(400, 'PARAM_ERROR', 'bill_date');
      const entries = this.billEntries('WX', day);
      if (entries.length === 0) return this.wechatFail(400, 'NO_STATEMENT_EXIST', '账单文件不存在');
      const file = Buffer.from(wechatBillText(entries, this.keys.wechat.appId, this.keys.wechat.mchid), 'utf8');
      const token = randomBytes(12).toString('base64url');
      const served = this.billTamper === 'hash' ? Buffer.from(file.toString('utf8').replace('`0.60%', '`0.06%'), 'utf8') : file;
      this.billFiles.set(`WX:${token}`, served);
      return this.wechatAnswer(200, {
        hash_type: 'SHA1',
        hash_value: createHash('sha1').update(file).digest('hex'),
        download_url: `${FakeGateways.hostOf(request)}${WECHAT_PREFIX}/v3/billdownload/file?token=${token}`,
      });
    }

    if (path === '/v3/billdownload/file' && method === 'GET') {
      this.record({ method: 'WX', operation: 'bill download' });
      const file = this.billFiles.get(`WX:${url.searchParams.get('token') ?? ''}`);
      if (!file) return this.wechatFail(400, 'INVALID_REQUEST', 'token expired');
      // The file itself is not signed: the hash in the signed tradebill answer covers it.
      return { status: 200, headers: { 'content-type': 'application/octet-stream' }, body: file };
    }

    return this.wechatFail(404, 'NOT_FOUND', `${method} ${path}`);
  }

  /** The v3 refund object (answer of the request and of the query). */
  private wechatRefund(charge: FakeCharge, refundNo: string, refund: FakeRefund) {
    return {
      refund_id: refund.refundId,
      out_refund_no: refundNo,
      transaction_id: charge.tradeNo,
      out_trade_no: charge.paymentNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      status: refund.status,
      create_time: toRfc3339Beijing(new Date(refund.createdAt || this.now())),
      ...(refund.successAt ? { success_time: toRfc3339Beijing(new Date(refund.successAt)) } : {}),
      funds_account: 'AVAILABLE',
      amount: {
        total: charge.amountFen,
        refund: refund.amountFen,
        payer_total: charge.amountFen,
        payer_refund: refund.amountFen,
        settlement_refund: refund.amountFen,
        settlement_total: charge.amountFen,
        discount_refund: 0,
        currency: 'CNY',
      },
    };
  }

  private wechatNotification(charge: FakeCharge, tamper?: NotificationTamper, otherKey?: string): NotificationMessage {
    const now = new Date(this.now());
    const transaction = wechatTransaction({ ...charge, state: 'PAID', paidAt: charge.paidAt ?? now.toISOString() }, this.keys, {
      tradeState: tamper === 'state' ? 'CLOSED' : 'SUCCESS',
      ...(tamper === 'amountSigned' ? { amountFen: charge.amountFen + 1 } : {}),
      ...(tamper === 'appId' ? { appId: 'wx0000000000000001' } : {}),
      ...(tamper === 'merchant' ? { mchid: '1900000001' } : {}),
    });
    const envelope = wechatEnvelope(transaction, this.keys.wechat.apiV3Key, now);
    const body = JSON.stringify(envelope);
    const timestamp = String(Math.floor(now.getTime() / 1000) - (tamper === 'stale' ? 6 * 60 : 0));
    const nonce = randomBytes(16).toString('hex');
    const signature = rsaSha256(wechatSignContent(timestamp, nonce, body), otherKey ?? this.keys.wechat.platformPrivateKey);
    // 'amount': re-encrypted with another amount under the old signature, so the body no longer matches
    const sent =
      tamper === 'amount'
        ? JSON.stringify({
            ...envelope,
            resource: encryptWechatResource(
              this.keys.wechat.apiV3Key,
              JSON.stringify({ ...transaction, amount: { ...transaction.amount, total: charge.amountFen + 100 } }),
            ),
          })
        : body;
    return { url: charge.notifyUrl, headers: wechatHeaders(this.keys, timestamp, nonce, signature), body: sent };
  }
}

// ---------------------------------------------------------------- standalone HTTP server

export interface FakeGatewayServer {
  /** e.g. http://127.0.0.1:41234 — Alipay at <base>/alipay/gateway.do, WeChat at <base>/wechat/ */
  base: string;
  alipayGateway: string;
  wechatBaseUrl: string;
  server: Server;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * Serves the fakes on 127.0.0.1 (any free port). `hang: true` accepts connections and never
 * answers: a gateway that times out.
 */
export async function startFakeGatewayServer(gateways: FakeGateways | null, options: { hang?: boolean } = {}): Promise<FakeGatewayServer> {
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    if (options.hang || !gateways) {
      open.add(response);
      response.on('close', () => open.delete(response));
      return;
    }
    void (async () => {
      try {
        const body = await readBody(request);
        const answer = await gateways.handle({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers, body });
        if (answer.reset) {
          request.socket.resetAndDestroy();
          return;
        }
        response.writeHead(answer.status, answer.headers);
        response.end(answer.body);
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      }
    })();
  });
  // idle keep-alive sockets outlive the clients' own (Node's agents drop theirs after 5 s): with
  // the server's default of 5 s too, a busy machine let a request meet a socket the server had
  // just closed, and the test read ECONNRESET instead of the gateway's answer
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    alipayGateway: `${base}${ALIPAY_PATH}`,
    wechatBaseUrl: `${base}${WECHAT_PREFIX}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

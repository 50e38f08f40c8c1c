import { randomBytes, randomUUID, createVerify } from 'node:crypto';
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

export { deliverByFetch, type Deliver, type DeliveryResult } from '../../src/modules/payments/sandbox/sandbox';
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
  body: string;
}

export interface FakeCharge extends SandboxCharge {
  /** Alipay: a precreated trade exists at the gateway only once the buyer scanned it. */
  scanned: boolean;
}

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

  constructor(options: FakeGatewaysOptions) {
    this.keys = options.keys;
    this.store = options.store ?? new MemoryChargeStore();
    this.deliver = options.deliver ?? deliverByFetch();
    this.codeUrl = options.codeUrl ?? ((method, paymentNo) => (method === 'ZFB' ? `https://qr.alipay.test/${paymentNo}` : `weixin://wxpay/bizpayurl?pr=${paymentNo}`));
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
    if (charge.state === 'CLOSED') return Date.parse(charge.expiresAt) <= this.now() ? { result: 'expired', charge } : { result: 'closed', charge };
    if (charge.state === 'WAITING') {
      charge.state = 'PAID';
      charge.scanned = true;
      charge.paidAt = new Date(this.now()).toISOString();
      await this.save(charge);
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
    return charge;
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
    if (url.pathname.startsWith(`${WECHAT_PREFIX}/v3/`)) return this.handleWechat(request, url);
    return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
  }

  // ---------------------------------------------------------------- Alipay

  private alipayAnswer(method: string, content: Record<string, unknown>): FakeHttpResponse {
    const inner = JSON.stringify(content);
    const sign = rsaSha256(inner, this.keys.alipay.alipayPrivateKey);
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
    const fail = (code: string, msg: string, subCode: string, subMsg: string) => this.alipayAnswer(method, { code, msg, sub_code: subCode, sub_msg: subMsg });
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
        return this.alipayAnswer(method, { code: '10000', msg: 'Success', out_trade_no: paymentNo, qr_code: this.codeUrl('ZFB', paymentNo) });
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
        const already = charge.refunds[requestNo];
        if (already === undefined) {
          if (charge.refundedFen + refundFen > charge.amountFen) return fail('40004', 'Business Failed', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
          charge.refunds[requestNo] = refundFen;
          charge.refundedFen += refundFen;
          await this.save(charge);
        }
        return this.alipayAnswer(method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: paymentNo,
          trade_no: charge.tradeNo,
          refund_fee: fenToYuan(charge.refundedFen),
          fund_change: already === undefined ? 'Y' : 'N',
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

  private wechatAnswer(status: number, body: object | null): FakeHttpResponse {
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
        'wechatpay-signature': rsaSha256(`${timestamp}\n${nonce}\n${text}\n`, this.keys.wechat.platformPrivateKey),
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

    const transactionMatch = /^\/v3\/pay\/transactions\/(native|jsapi)$/.exec(path);
    if (transactionMatch && method === 'POST') {
      this.record({ method: 'WX', operation: transactionMatch[1] ?? '' });
      const amount = body.amount as { total?: unknown } | undefined;
      const total = amount?.total;
      const paymentNo = typeof body.out_trade_no === 'string' ? body.out_trade_no : '';
      if (body.mchid !== this.keys.wechat.mchid || body.appid !== this.keys.wechat.appId) return this.wechatFail(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      if (!paymentNo || typeof total !== 'number' || !Number.isSafeInteger(total) || total <= 0 || typeof body.description !== 'string' || typeof body.notify_url !== 'string') {
        return this.wechatFail(400, 'PARAM_ERROR', '参数错误');
      }
      const jsapi = transactionMatch[1] === 'jsapi';
      const openid = (body.payer as { openid?: unknown } | undefined)?.openid;
      if (jsapi && typeof openid !== 'string') return this.wechatFail(400, 'PARAM_ERROR', '缺少payer.openid');
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
        kind: jsapi ? 'JSAPI' : 'QR',
        openid: typeof openid === 'string' ? openid : null,
      };
      await this.save(charge);
      return this.wechatAnswer(200, jsapi ? { prepay_id: `wx${randomBytes(14).toString('hex')}` } : { code_url: this.codeUrl('WX', paymentNo) });
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
      if (typeof amount?.refund !== 'number' || amount.refund <= 0 || amount.total !== charge.amountFen || !refundNo) {
        return this.wechatFail(400, 'PARAM_ERROR', '退款金额或订单金额不正确');
      }
      const already = charge.refunds[refundNo];
      if (already === undefined) {
        if (charge.refundedFen + amount.refund > charge.amountFen) return this.wechatFail(403, 'NOT_ENOUGH', '退款金额超过可退金额');
        charge.refunds[refundNo] = amount.refund;
        charge.refundedFen += amount.refund;
        await this.save(charge);
      }
      return this.wechatAnswer(200, {
        refund_id: `50000${Buffer.from(refundNo).toString('hex').replace(/\D/g, '').padEnd(24, '1').slice(0, 24)}`,
        out_refund_no: refundNo,
        transaction_id: charge.tradeNo,
        out_trade_no: paymentNo,
        channel: 'ORIGINAL',
        status: 'SUCCESS',
        create_time: toRfc3339Beijing(new Date(this.now())),
        amount: { total: charge.amountFen, refund: charge.refunds[refundNo], payer_total: charge.amountFen, payer_refund: charge.refunds[refundNo], currency: 'CNY' },
      });
    }

    return this.wechatFail(404, 'NOT_FOUND', `${method} ${path}`);
  }

  private wechatNotification(charge: FakeCharge, tamper?: NotificationTamper, otherKey?: string): NotificationMessage {
    const now = new Date(this.now());
    const transaction = wechatTransaction(
      { ...charge, state: 'PAID', paidAt: charge.paidAt ?? now.toISOString() },
      this.keys,
      {
        tradeState: tamper === 'state' ? 'CLOSED' : 'SUCCESS',
        ...(tamper === 'amountSigned' ? { amountFen: charge.amountFen + 1 } : {}),
        ...(tamper === 'appId' ? { appId: 'wx0000000000000001' } : {}),
        ...(tamper === 'merchant' ? { mchid: '1900000001' } : {}),
      },
    );
    const envelope = wechatEnvelope(transaction, this.keys.wechat.apiV3Key, now);
    const body = JSON.stringify(envelope);
    const timestamp = String(Math.floor(now.getTime() / 1000) - (tamper === 'stale' ? 6 * 60 : 0));
    const nonce = randomBytes(16).toString('hex');
    const signature = rsaSha256(wechatSignContent(timestamp, nonce, body), otherKey ?? this.keys.wechat.platformPrivateKey);
    // 'amount': re-encrypted with another amount under the old signature, so the body no longer matches
    const sent =
      tamper === 'amount'
        ? JSON.stringify({ ...envelope, resource: encryptWechatResource(this.keys.wechat.apiV3Key, JSON.stringify({ ...transaction, amount: { ...transaction.amount, total: charge.amountFen + 100 } })) })
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
        response.writeHead(answer.status, answer.headers);
        response.end(answer.body);
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      }
    })();
  });
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

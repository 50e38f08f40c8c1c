import { randomBytes } from 'node:crypto';
import { type AlipayProvider } from '../alipay.provider';
import { type StripeProvider } from '../stripe.provider';
import { toBeijingTime } from '../money';
import {
  BillNotAvailable,
  GatewayError,
  type CreateChargeInput,
  type CreateChargeResult,
  type NotificationAnswer,
  type NotificationRequest,
  type PaymentProvider,
  type QueryResult,
  type RefundInput,
  type RefundOutcome,
  type RefundQueryInput,
  type RefundQueryOutcome,
  type TGatewayClient,
  type TGatewayMethod,
  type VerifiedNotification,
} from '../provider';
import { type WechatPayProvider } from '../wechat.provider';
import { chargeKey, findCharge, type ChargeStore, type SandboxCharge } from './charges';

// A payment method in the built-in sandbox. Charges are kept in the store instead of at a
// gateway, and the QR code is the charge's confirm page. What comes back from a "gateway" goes
// through the real adapter, configured with the sandbox's keys: it verifies the signer's
// notifications and signs the JSAPI sheet exactly as it does for Alipay and WeChat Pay.

export interface SandboxProviderOptions {
  method: TGatewayMethod;
  store: ChargeStore;
  /** the confirm page of a charge (with its token) */
  codeUrl: (method: TGatewayMethod, paymentNo: string) => string;
  adapter: AlipayProvider | WechatPayProvider | StripeProvider;
  now?: () => number;
}

function tradeNo(method: TGatewayMethod, now: number): string {
  const digits = (count: number) => Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');
  if (method === 'CARD') return `pi_test_${randomBytes(12).toString('hex')}`;
  return method === 'ZFB' ? `${toBeijingTime(new Date(now)).replace(/\D/g, '').slice(0, 8)}22${digits(18)}` : `4200${digits(24)}`;
}

export class SandboxProvider implements PaymentProvider {
  readonly sandbox = true;
  readonly method: TGatewayMethod;
  readonly clients: readonly TGatewayClient[];
  private readonly now: () => number;

  constructor(private readonly options: SandboxProviderOptions) {
    this.method = options.method;
    this.clients = options.adapter.clients;
    this.now = options.now ?? Date.now;
  }

  private find(paymentNo: string) {
    return findCharge(this.options.store, this.method, paymentNo, this.now());
  }

  private save(charge: SandboxCharge) {
    return this.options.store.set(chargeKey(charge.method, charge.paymentNo), charge);
  }

  async create(input: CreateChargeInput): Promise<CreateChargeResult> {
    const jsapi = input.client === 'JS_API';
    if (!this.clients.includes(input.client)) throw new GatewayError(this.method, 'create', `${input.client} is not supported`);
    if (jsapi && !input.openid) throw new GatewayError(this.method, 'create', 'JSAPI needs the payer openid');
    const existing = await this.find(input.paymentNo);
    if (existing?.state === 'PAID') throw new GatewayError(this.method, 'create', 'already paid');
    if (existing?.state === 'CLOSED') throw new GatewayError(this.method, 'create', 'closed');
    if (existing && existing.amountFen !== input.amountFen)
      throw new GatewayError(this.method, 'create', 'payment number used with another amount');
    await this.save(
      existing ?? {
        method: this.method,
        paymentNo: input.paymentNo,
        amountFen: input.amountFen,
        subject: input.subject,
        notifyUrl: input.notifyUrl,
        expiresAt: input.expiresAt.toISOString(),
        state: 'WAITING',
        tradeNo: tradeNo(this.method, this.now()),
        paidAt: null,
        refundedFen: 0,
        refunds: {},
        kind: jsapi ? 'JSAPI' : input.client === 'H5' ? 'H5' : 'QR',
        openid: input.openid ?? null,
        returnUrl: input.client === 'H5' || this.method === 'CARD' ? (input.returnUrl ?? null) : null,
      },
    );
    // H5: the phone opens the confirm page itself, which sends it back to returnUrl once confirmed
    // CARD: like Stripe Checkout, a hosted page on every client
    if (input.client === 'H5' || this.method === 'CARD')
      return { kind: 'redirect', url: this.options.codeUrl(this.method, input.paymentNo) };
    if (jsapi)
      return { kind: 'jsapi', params: (this.options.adapter as WechatPayProvider).jsapiParams(`wx${randomBytes(14).toString('hex')}`) };
    return { kind: 'qr', codeUrl: this.options.codeUrl(this.method, input.paymentNo) };
  }

  verifyNotification(request: NotificationRequest): Promise<VerifiedNotification> {
    return this.options.adapter.verifyNotification(request);
  }

  acknowledge(): NotificationAnswer {
    return this.options.adapter.acknowledge();
  }

  refuse(): NotificationAnswer {
    return this.options.adapter.refuse();
  }

  async query(paymentNo: string): Promise<QueryResult> {
    const charge = await this.find(paymentNo);
    if (!charge) return { state: 'NOT_FOUND' };
    const base = { amountFen: charge.amountFen, gatewayTradeNo: charge.tradeNo };
    if (charge.state === 'PAID') return { state: 'PAID', ...base, ...(charge.paidAt ? { paidAt: new Date(charge.paidAt) } : {}) };
    return { state: charge.state === 'CLOSED' ? 'CLOSED' : 'PENDING', ...base };
  }

  /** The sandbox refunds at once; refusals carry the codes Alipay and WeChat Pay would use. */
  async requestRefund(input: RefundInput): Promise<RefundOutcome> {
    const charge = await this.find(input.paymentNo);
    const alipay = this.method === 'ZFB';
    if (!charge)
      return {
        kind: 'refused',
        code: alipay ? 'ACQ.TRADE_NOT_EXIST' : this.method === 'CARD' ? 'resource_missing' : 'RESOURCE_NOT_EXISTS',
        message: 'no such trade',
      };
    if (charge.state !== 'PAID' || input.amountFen <= 0)
      return {
        kind: 'refused',
        code: alipay ? 'ACQ.TRADE_STATUS_ERROR' : 'INVALID_REQUEST',
        message: 'trade not paid or amount not positive',
      };
    const gatewayRefundNo = `${charge.tradeNo}-${input.refundNo}`;
    const refunded = charge.refunds[input.refundNo];
    if (refunded !== undefined) return { kind: 'refunded', gatewayRefundNo, refundedFen: refunded };
    if (charge.refundedFen + input.amountFen > charge.amountFen) {
      return {
        kind: 'refused',
        code: alipay ? 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' : 'INVALID_REQUEST',
        message: 'refund exceeds what is refundable',
      };
    }
    charge.refunds[input.refundNo] = input.amountFen;
    charge.refundedFen += input.amountFen;
    await this.save(charge);
    return { kind: 'refunded', gatewayRefundNo, refundedFen: input.amountFen };
  }

  async queryRefund(input: RefundQueryInput): Promise<RefundQueryOutcome> {
    const charge = await this.find(input.outTradeNo);
    const refunded = charge?.refunds[input.outRefundNo];
    if (!charge || refunded === undefined) return { kind: 'not_found' };
    return { kind: 'refunded', gatewayRefundNo: `${charge.tradeNo}-${input.outRefundNo}`, refundedFen: refunded };
  }

  /** The sandbox keeps no day books: no money moves, so there is nothing to reconcile. */
  async downloadBill(input: { date: string }): Promise<never> {
    throw new BillNotAvailable(this.method, input.date, 'SANDBOX', 'the sandbox keeps no bills');
  }

  async close(paymentNo: string): Promise<void> {
    const charge = await this.find(paymentNo);
    if (!charge || charge.state === 'CLOSED') return;
    if (charge.state === 'PAID') throw new GatewayError(this.method, 'close', 'already paid');
    charge.state = 'CLOSED';
    await this.save(charge);
  }
}

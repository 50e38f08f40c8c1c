// The seam between orders and payment gateways. Orders (modules/orders) decide WHAT to charge
// and apply verified results exactly once; providers (this module) speak one gateway's protocol:
// create a charge, verify a notification, answer it, query and refund. A provider never touches
// the database. Amounts are integer fen on both sides of this interface.
//
// Refunds: requestRefund and queryRefund classify every answer (RefundOutcome) and leave the
// decision to the caller (refunds.service.ts). downloadBill
// reads a day's trade bill into rows (bills.ts) for reconciliation.
//
// Changes by gateways (compatible):
// - PaymentProvider.sandbox?: true for the built-in sandbox (the web shows a plain link to the
//   confirm page besides the QR); false/absent for real gateways.
// - Errors: create() of a method with neither credentials nor sandbox (production without
//   PAYMENT_SANDBOX=true) throws AppError PAYMENT_NOT_CONFIGURED (503, 20101): let it through.
//   GatewayTimeout → 50400, GatewayError → PAYMENT_GATEWAY_ERROR as orders already does.
// - verifyNotification() returns success:false (never throws) for a genuine notification with
//   a non-success state (Alipay TRADE_CLOSED, WeChat CLOSED): acknowledge it, change nothing.
//   A signed notification may carry another amount than ours: compare amountFen.
// - Alipay has no timestamp to check (its retries span 25 h): replays are harmless only because
//   application is exactly-once (orders).
// - Notify URL: `${app.config.payments.notifyBase}/pay/notify/alipay|wechat|stripe`.
// - CARD (Stripe Checkout, ADR 0029): create() answers a redirect for WEB and H5 and needs
//   returnUrl for both; its `reference` (the session id) is stored with the payment.

export type TGatewayMethod = 'ZFB' | 'WX' | 'CARD';
export type TGatewayClient = 'WEB' | 'H5' | 'JS_API';

export interface CreateChargeInput {
  /** Our id of this payment attempt (Alipay out_trade_no, WeChat out_trade_no); unique, ≤ 32 chars, [A-Za-z0-9_-]. */
  paymentNo: string;
  amountFen: number;
  /** What the payer's wallet shows (Alipay subject, WeChat description), ≤ 127 bytes. */
  subject: string;
  client: TGatewayClient;
  /** WeChat JSAPI only: the payer's openid in our official account. */
  openid?: string;
  /** H5 only: where the gateway sends the payer back (an absolute URL of our site). */
  returnUrl?: string;
  /** H5 only: the payer's address (WeChat Pay H5 requires it: scene_info.payer_client_ip). */
  payerIp?: string;
  /** Absolute URL the gateway posts its asynchronous notification to. */
  notifyUrl: string;
  /** After this the gateway must refuse payment (Alipay time_expire, WeChat time_expire). */
  expiresAt: Date;
}

export type CreateChargeResult =
  /** WEB: the text to render as a QR code (Alipay qr_code, WeChat code_url). */
  | { kind: 'qr'; codeUrl: string }
  /**
   * H5: the gateway's mobile-web page (Alipay alipay.trade.wap.pay, WeChat Pay h5_url), opened in the same tab.
   * CARD (every client): Stripe's hosted Checkout page; `reference` is the session id (cs_…), kept as payments.gateway_ref.
   */
  | { kind: 'redirect'; url: string; reference?: string }
  /** JS_API: the parameters for WeixinJSBridge getBrandWCPayRequest (appId, timeStamp, nonceStr, package, signType, paySign). */
  | { kind: 'jsapi'; params: Record<string, string> };

/** A notification whose signature, app id / merchant id and freshness were checked. */
export interface VerifiedNotification {
  paymentNo: string;
  gatewayTradeNo: string;
  /** What the gateway says was paid; orders compare it with the payment record. */
  amountFen: number;
  /** true only for a final success state (TRADE_SUCCESS / TRADE_FINISHED, SUCCESS). */
  success: boolean;
  paidAt: Date | null;
  /** The payer's account at the gateway (Alipay buyer_id, WeChat payer.openid), when it says. */
  payerAccount?: string;
}

export interface NotificationRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received (signatures cover the raw bytes). */
  rawBody: string;
}

/** The HTTP answer the gateway expects. */
export interface NotificationAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface QueryResult {
  state: 'PAID' | 'PENDING' | 'CLOSED' | 'NOT_FOUND';
  amountFen?: number;
  gatewayTradeNo?: string;
  paidAt?: Date;
}

export interface RefundInput {
  paymentNo: string;
  /** Our id of this refund (Alipay out_request_no, WeChat out_refund_no). */
  refundNo: string;
  amountFen: number;
  totalFen: number;
  reason: string;
}

/**
 * How a refund stands at the gateway, as far as one answer tells (requestRefund, queryRefund).
 * Only an answer whose signature verified can say refunded, processing, refused or retryable;
 * anything else is unknown. Refund numbers are idempotent at both gateways, so after unknown or
 * retryable the same request may be sent again; after unknown, ask queryRefund first.
 */
export type RefundOutcome =
  /** The money went back (Alipay code 10000 with fund_change Y or REFUND_SUCCESS, WeChat SUCCESS). */
  | { kind: 'refunded'; gatewayRefundNo?: string; refundedFen?: number; at?: Date }
  /**
   * Accepted, not final (WeChat PROCESSING): ask queryRefund later. `attention` is set for WeChat
   * ABNORMAL: the money left the merchant account but could not reach the buyer (closed card);
   * it stays so until somebody handles it in the merchant console, so keep asking and alert.
   */
  | { kind: 'processing'; gatewayRefundNo?: string; attention?: string }
  /** Refused for good (no such trade, amount above what is refundable, refund CLOSED): no money moves under this refund number. */
  | { kind: 'refused'; code: string; message: string }
  /** Refused for now (merchant balance not enough, frequency limit, gateway system error): nothing happened; the same request may succeed later. */
  | { kind: 'retryable'; code: string; message: string }
  /** No trustworthy answer: the refund may or may not exist at the gateway. */
  | { kind: 'unknown'; reason: TUnknownReason; detail: string };

export type TUnknownReason =
  /** no answer in time */
  | 'timeout'
  /** connection refused or reset, DNS, TLS: the request may have arrived */
  | 'transport'
  /** HTTP 5xx, 429 without a signed body, or another status the protocol does not define */
  | 'http-status'
  /** the answer's signature did not verify (or was missing where the protocol requires it) */
  | 'signature'
  /** the body could not be read as the protocol's answer */
  | 'unparsable'
  /** a signed answer that says nothing about the refund (a query refused for bad parameters, an unknown status) */
  | 'unexpected'
  /** the method has no gateway configured */
  | 'unconfigured';

/** queryRefund: besides the outcomes of a request, the gateway may know no refund under this number (Alipay: none succeeded). */
export type RefundQueryOutcome = RefundOutcome | { kind: 'not_found' };

export interface RefundQueryInput {
  /** our payment number (paymentNo) */
  outTradeNo: string;
  /** our refund number (refundNo) */
  outRefundNo: string;
}

export interface BillInput {
  /** the gateway's business day (Beijing time), YYYY-MM-DD */
  date: string;
}

/** One line of a gateway's daily trade bill. Amounts are positive whole fen; the kind says which way money went. */
export interface BillRow {
  gateway: TGatewayMethod;
  /** our payment number */
  outTradeNo: string;
  gatewayTradeNo: string;
  kind: 'payment' | 'refund';
  /** payment: the order amount (WeChat 订单金额, Alipay 订单金额); refund: the amount asked back (WeChat 申请退款金额, Alipay 订单金额) */
  amountFen: number;
  /**
   * The gateway's fee for this line in whole fen, rounded half up from the bill's text: positive
   * when charged (payment), negative when given back (refund). WeChat states fees to 1/1000 fen.
   */
  feeFen: number;
  /** refund lines: our refund number (WeChat 商户退款单号, Alipay 退款批次号/请求号) */
  outRefundNo?: string;
  /** refund lines: the gateway's refund number (WeChat only) */
  gatewayRefundNo?: string;
  /** payment: when paid; refund: when the gateway accepted it (WeChat) / completed it (Alipay) */
  at: Date;
}

export interface BillTotals {
  paymentCount: number;
  paymentFen: number;
  refundCount: number;
  refundFen: number;
  /** fees charged minus fees given back, from the rounded per-line fees */
  feeFen: number;
}

/** A day's bill, checked against its own summary (line counts) and transport checks (WeChat SHA1, zip CRC). */
export interface GatewayBill {
  gateway: TGatewayMethod;
  date: string;
  rows: BillRow[];
  totals: BillTotals;
}

/** Thrown by downloadBill when the gateway has no bill for the day: none yet (asked before it is made) or no trade that day. */
export class BillNotAvailable extends Error {
  constructor(
    readonly method: TGatewayMethod,
    readonly date: string,
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${method} has no bill for ${date}: ${code} ${detail}`);
    this.name = 'BillNotAvailable';
  }
}

/** Thrown by verifyNotification: the notification is not genuine or not ours; nothing may change. */
export class NotificationRejected extends Error {
  constructor(readonly reason: string) {
    super(`payment notification rejected: ${reason}`);
    this.name = 'NotificationRejected';
  }
}

/** Thrown when the gateway does not answer in time (maps to errcode 50400 GATEWAY_TIMEOUT). */
export class GatewayTimeout extends Error {
  constructor(
    readonly method: TGatewayMethod,
    readonly operation: string,
  ) {
    super(`${method} gateway timed out during ${operation}`);
    this.name = 'GatewayTimeout';
  }
}

/** Thrown when the gateway answers with an error (maps to a 502-class envelope error). */
export class GatewayError extends Error {
  constructor(
    readonly method: TGatewayMethod,
    readonly operation: string,
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(`${method} gateway error during ${operation}: ${detail}`, options);
    this.name = 'GatewayError';
  }
}

export interface PaymentProvider {
  readonly method: TGatewayMethod;
  /** true for the built-in sandbox gateway (no money moves). */
  readonly sandbox?: boolean;
  /** Which payment clients this provider supports (Alipay: WEB; WeChat: WEB and JS_API). */
  readonly clients: readonly TGatewayClient[];
  create(input: CreateChargeInput): Promise<CreateChargeResult>;
  /** Verifies signature, app id / merchant id and timestamp; throws NotificationRejected otherwise. */
  verifyNotification(request: NotificationRequest): Promise<VerifiedNotification>;
  /** Answer for a notification that was applied or is a duplicate ("success" / 200 or 204). */
  acknowledge(): NotificationAnswer;
  /** Answer for a notification that was rejected or could not be applied (the gateway retries). */
  refuse(): NotificationAnswer;
  query(paymentNo: string): Promise<QueryResult>;
  /** Asks for a refund and classifies the answer; never throws for what the gateway did or did not say. */
  requestRefund(input: RefundInput): Promise<RefundOutcome>;
  /** Asks how a refund stands; never throws for what the gateway did or did not say. */
  queryRefund(input: RefundQueryInput): Promise<RefundQueryOutcome>;
  /**
   * The day's trade bill (payments and refunds), parsed and checked. Throws BillNotAvailable
   * when the gateway has none, GatewayTimeout / GatewayError otherwise (a bill failing its hash,
   * CRC or summary is a GatewayError).
   */
  downloadBill(input: BillInput): Promise<GatewayBill>;
  /** Closes an unpaid charge at the gateway (order expired or cancelled); missing charges are fine. */
  close(paymentNo: string): Promise<void>;
}

export type PaymentProviders = Readonly<Record<TGatewayMethod, PaymentProvider>>;

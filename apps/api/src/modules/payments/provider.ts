// The seam between orders and payment gateways. Orders (modules/orders) decide WHAT to charge
// and apply verified results exactly once; providers (this module) speak one gateway's protocol:
// create a charge, verify a notification, answer it, query and refund. A provider never touches
// the database. Amounts are integer fen on both sides of this interface.
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
// - Notify URL: `${app.config.payments.notifyBase}/pay/notify/alipay|wechat`.

export type TGatewayMethod = 'ZFB' | 'WX';
export type TGatewayClient = 'WEB' | 'JS_API';

export interface CreateChargeInput {
  /** Our id of this payment attempt (Alipay out_trade_no, WeChat out_trade_no); unique, ≤ 32 chars, [A-Za-z0-9_-]. */
  paymentNo: string;
  amountFen: number;
  /** What the payer's wallet shows (Alipay subject, WeChat description), ≤ 127 bytes. */
  subject: string;
  client: TGatewayClient;
  /** WeChat JSAPI only: the payer's openid in our official account. */
  openid?: string;
  /** Absolute URL the gateway posts its asynchronous notification to. */
  notifyUrl: string;
  /** After this the gateway must refuse payment (Alipay time_expire, WeChat time_expire). */
  expiresAt: Date;
}

export type CreateChargeResult =
  /** WEB: the text to render as a QR code (Alipay qr_code, WeChat code_url). */
  | { kind: 'qr'; codeUrl: string }
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

export interface RefundResult {
  state: 'SUCCESS' | 'PROCESSING' | 'FAILED';
  gatewayRefundNo?: string;
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
  constructor(readonly method: TGatewayMethod, readonly operation: string) {
    super(`${method} gateway timed out during ${operation}`);
    this.name = 'GatewayTimeout';
  }
}

/** Thrown when the gateway answers with an error (maps to a 502-class envelope error). */
export class GatewayError extends Error {
  constructor(readonly method: TGatewayMethod, readonly operation: string, readonly detail: string) {
    super(`${method} gateway error during ${operation}: ${detail}`);
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
  refund(input: RefundInput): Promise<RefundResult>;
  /** Closes an unpaid charge at the gateway (order expired or cancelled); missing charges are fine. */
  close(paymentNo: string): Promise<void>;
}

export type PaymentProviders = Readonly<Record<TGatewayMethod, PaymentProvider>>;

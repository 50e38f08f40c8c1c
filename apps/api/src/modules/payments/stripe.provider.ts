import Stripe from 'stripe';
import {
  BillNotAvailable,
  GatewayError,
  GatewayTimeout,
  NotificationRejected,
  type BillInput,
  type BillRow,
  type CreateChargeInput,
  type CreateChargeResult,
  type GatewayBill,
  type NotificationAnswer,
  type NotificationRequest,
  type PaymentProvider,
  type QueryResult,
  type RefundInput,
  type RefundOutcome,
  type RefundQueryInput,
  type RefundQueryOutcome,
  type TGatewayClient,
  type VerifiedNotification,
} from './provider';
import { withTimeout } from './timeout';

// Cards through Stripe Checkout (ADR 0029), with the official `stripe` SDK. The payer enters the
// card on Stripe's hosted page (card data never reaches us); we make a Checkout Session per
// payment attempt and learn the outcome from signed webhooks (/pay/notify/stripe) or by asking.
//
// - Amounts: CNY, a two-decimal currency at Stripe, so the unit amount is our fen.
// - Stripe finds a session only by its own id (cs_…): create() returns it as `reference`, the
//   payment row keeps it (payments.gateway_ref), and `sessionOf` gives it back for query, refund
//   and close. Without one (the create timed out, the payer never got the page) nothing can have
//   been paid: query answers NOT_FOUND.
// - The gateway's trade number is the PaymentIntent (pi_…): refunds and balance transactions
//   point at it.
// - Refund numbers are Stripe idempotency keys and travel in the refund's metadata (refundNo),
//   so the refund query and the bill find them again.

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes after it is made. */
export const STRIPE_MIN_EXPIRY_MS = 30 * 60_000;
/** … or later than 24 hours. */
export const STRIPE_MAX_EXPIRY_MS = 24 * 60 * 60_000;
/** our margin over Stripe's minimum (its clock and ours, the request's time in flight) */
const EXPIRY_MARGIN_MS = 2 * 60_000;
/** Stripe-Signature timestamps older (or newer) than this are refused */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

export const STRIPE_ANSWERS = {
  acknowledge: (): NotificationAnswer => ({ status: 200, contentType: 'application/json; charset=utf-8', body: '{"received":true}' }),
  refuse: (): NotificationAnswer => ({ status: 400, contentType: 'application/json; charset=utf-8', body: '{"received":false}' }),
};

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a local fake in tests */
  apiBase: string;
  timeoutMs: number;
  /** the Checkout Session id kept for our payment number (payments.gateway_ref) */
  sessionOf: (paymentNo: string) => Promise<string | null | undefined>;
  now?: () => number;
}

/** When a session for an order expiring at `expiresAt` must expire: never before Stripe's minimum. */
export function sessionExpiry(expiresAt: Date, now: number): number {
  const earliest = now + STRIPE_MIN_EXPIRY_MS + EXPIRY_MARGIN_MS;
  const latest = now + STRIPE_MAX_EXPIRY_MS - EXPIRY_MARGIN_MS;
  return Math.floor(Math.min(Math.max(expiresAt.getTime(), earliest), latest) / 1000);
}

/** The SDK's connection settings from a base URL. */
function connection(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** A Stripe error the SDK raised: no answer (connection, timeout), or an answer that refused. */
function isConnectionError(error: unknown): boolean {
  const type = (error as { type?: string } | null)?.type;
  return type === 'StripeConnectionError';
}

function stripeCode(error: unknown): { status: number | undefined; code: string; message: string; type: string } {
  const e = error as { statusCode?: number; code?: string; type?: string; message?: string };
  return {
    status: e.statusCode,
    code: e.code ?? e.type ?? 'unknown',
    message: (e.message ?? String(error)).slice(0, 200),
    type: e.type ?? '',
  };
}

/** A refund object's status as a RefundOutcome. */
export function refundOutcomeOf(refund: Stripe.Refund): RefundOutcome {
  const base = { gatewayRefundNo: refund.id };
  switch (refund.status) {
    case 'succeeded':
      return { kind: 'refunded', ...base, refundedFen: refund.amount, at: new Date(refund.created * 1000) };
    case 'pending':
      return { kind: 'processing', ...base };
    case 'requires_action':
      return { kind: 'processing', ...base, attention: 'requires_action: the payer has to give Stripe details to receive the refund' };
    case 'failed':
      return {
        kind: 'refused',
        code: `failed:${refund.failure_reason ?? 'unknown'}`,
        message: 'Stripe could not return the money (the card was closed or the issuer refused)',
      };
    case 'canceled':
      return { kind: 'refused', code: 'canceled', message: 'the refund was canceled at Stripe' };
    default:
      return { kind: 'unknown', reason: 'unexpected', detail: `refund status ${String(refund.status)}` };
  }
}

/** What a Checkout Session event says about our payment. */
export function sessionNotification(session: Stripe.Checkout.Session, eventCreated: number): VerifiedNotification {
  const paymentNo = session.client_reference_id ?? session.metadata?.paymentNo;
  if (!paymentNo) throw new NotificationRejected('a Checkout Session without our payment number');
  if ((session.currency ?? '').toLowerCase() !== 'cny')
    throw new NotificationRejected(`a Checkout Session in ${session.currency ?? 'no currency'}`);
  return {
    paymentNo,
    gatewayTradeNo: idOf(session.payment_intent) ?? session.id,
    amountFen: session.amount_total ?? Number.NaN,
    success: session.payment_status === 'paid',
    paidAt: session.payment_status === 'paid' ? new Date(eventCreated * 1000) : null,
  };
}

export class StripeProvider implements PaymentProvider {
  readonly method = 'CARD' as const;
  readonly sandbox = false;
  /** the hosted page works in every browser: a phone opens it directly */
  readonly clients: readonly TGatewayClient[] = ['WEB', 'H5'];
  readonly stripe: Stripe;
  private readonly now: () => number;

  constructor(private readonly options: StripeProviderOptions) {
    this.now = options.now ?? Date.now;
    this.stripe = new Stripe(options.secretKey, {
      ...connection(options.apiBase),
      timeout: options.timeoutMs,
      maxNetworkRetries: 1,
      telemetry: false,
    });
  }

  /** Every call to Stripe: no answer in time is GatewayTimeout, a refusal GatewayError. */
  private async call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await withTimeout(this.options.timeoutMs, run, () => new GatewayTimeout('CARD', operation), 1_000);
    } catch (error) {
      if (error instanceof GatewayTimeout) throw error;
      if (isConnectionError(error)) throw new GatewayTimeout('CARD', operation);
      const { status, code, message } = stripeCode(error);
      throw new GatewayError('CARD', operation, `${status ?? '-'} ${code}: ${message}`, { cause: error });
    }
  }

  async create(input: CreateChargeInput): Promise<CreateChargeResult> {
    if (!this.clients.includes(input.client)) throw new GatewayError('CARD', 'create', `${input.client} is not supported`);
    if (!input.returnUrl) throw new GatewayError('CARD', 'create', 'Checkout needs a return address');
    const session = await this.call('create', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: 'cny', unit_amount: input.amountFen, product_data: { name: input.subject.slice(0, 250) } },
            },
          ],
          client_reference_id: input.paymentNo,
          metadata: { paymentNo: input.paymentNo },
          payment_intent_data: { metadata: { paymentNo: input.paymentNo } },
          success_url: input.returnUrl,
          cancel_url: input.returnUrl,
          expires_at: sessionExpiry(input.expiresAt, this.now()),
        },
        { idempotencyKey: `checkout:${input.paymentNo}` },
      ),
    );
    if (!session.url) throw new GatewayError('CARD', 'create', `session ${session.id} has no url`);
    return { kind: 'redirect', url: session.url, reference: session.id };
  }

  /** The webhook's event, its signature and timestamp checked (tolerance 300 s); throws NotificationRejected otherwise. */
  verifyEvent(request: NotificationRequest): Stripe.Event {
    return verifyStripeEvent(this.stripe, this.options.webhookSecret, request, this.now());
  }

  async verifyNotification(request: NotificationRequest): Promise<VerifiedNotification> {
    const event = this.verifyEvent(request);
    if (!event.type.startsWith('checkout.session.')) throw new NotificationRejected(`${event.type} is not a payment event`);
    return sessionNotification(event.data.object as Stripe.Checkout.Session, event.created);
  }

  acknowledge(): NotificationAnswer {
    return STRIPE_ANSWERS.acknowledge();
  }

  refuse(): NotificationAnswer {
    return STRIPE_ANSWERS.refuse();
  }

  private async session(paymentNo: string): Promise<Stripe.Checkout.Session | null> {
    const id = await this.options.sessionOf(paymentNo);
    if (!id) return null;
    try {
      return await this.call('query', () => this.stripe.checkout.sessions.retrieve(id));
    } catch (error) {
      if (error instanceof GatewayError && /^404 /.test(error.detail)) return null;
      throw error;
    }
  }

  async query(paymentNo: string): Promise<QueryResult> {
    const session = await this.session(paymentNo);
    if (!session) return { state: 'NOT_FOUND' };
    const base = {
      ...(session.amount_total !== null ? { amountFen: session.amount_total } : {}),
      gatewayTradeNo: idOf(session.payment_intent) ?? session.id,
    };
    if (session.payment_status === 'paid') return { state: 'PAID', ...base };
    if (session.status === 'expired') return { state: 'CLOSED', ...base };
    return { state: 'PENDING', ...base };
  }

  /** Classifies what an SDK error says about a refund. */
  private refundError(error: unknown): RefundOutcome {
    if (error instanceof GatewayTimeout) return { kind: 'unknown', reason: 'timeout', detail: error.message };
    if (isConnectionError(error)) return { kind: 'unknown', reason: 'transport', detail: stripeCode(error).message };
    // call() wraps what the SDK threw: its status and code decide
    const { status, code, message, type } = stripeCode(error instanceof GatewayError && error.cause ? error.cause : error);
    if (status === 429 || type === 'StripeRateLimitError') return { kind: 'retryable', code: 'rate_limit', message };
    if (status !== undefined && status >= 500) return { kind: 'unknown', reason: 'http-status', detail: `${status} ${message}` };
    // idempotency_key_in_use: an earlier request under this refund number is still being handled
    // at Stripe (say, one that timed out here), so money may yet move: ask again later
    if (status === 409 || type === 'StripeIdempotencyError')
      return { kind: 'unknown', reason: 'http-status', detail: `${status ?? 409} ${code} ${message}` };
    // charge_already_refunded, amount_too_large, resource_missing, …: no money moves under this number
    if (status !== undefined && status >= 400) return { kind: 'refused', code, message };
    return { kind: 'unknown', reason: 'unparsable', detail: message };
  }

  async requestRefund(input: RefundInput): Promise<RefundOutcome> {
    try {
      const session = await this.session(input.paymentNo);
      const paymentIntent = session ? idOf(session.payment_intent) : null;
      if (!session || session.payment_status !== 'paid' || !paymentIntent)
        return { kind: 'refused', code: 'not_paid', message: 'no paid Checkout Session for this payment' };
      const refund = await this.call('refund', () =>
        this.stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: input.amountFen,
            reason: 'requested_by_customer',
            metadata: { refundNo: input.refundNo, paymentNo: input.paymentNo },
          },
          { idempotencyKey: `refund:${input.refundNo}` },
        ),
      );
      return refundOutcomeOf(refund);
    } catch (error) {
      return this.refundError(error);
    }
  }

  async queryRefund(input: RefundQueryInput): Promise<RefundQueryOutcome> {
    try {
      const session = await this.session(input.outTradeNo);
      const paymentIntent = session ? idOf(session.payment_intent) : null;
      if (!paymentIntent) return { kind: 'not_found' };
      const refunds = await this.call('refund query', () => this.stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 }));
      const refund = refunds.data.find((candidate) => candidate.metadata?.refundNo === input.outRefundNo);
      return refund ? refundOutcomeOf(refund) : { kind: 'not_found' };
    } catch (error) {
      return this.refundError(error);
    }
  }

  /**
   * A Beijing day's balance transactions (charges and refunds) as bill rows. Amounts come from
   * the charge or refund itself (CNY fen, what the ledger posted); the fee is the balance
   * transaction's, converted back to CNY with its exchange rate when the account settles in
   * another currency.
   */
  async downloadBill(input: BillInput): Promise<GatewayBill> {
    const start = Date.parse(`${input.date}T00:00:00+08:00`);
    if (!Number.isFinite(start)) throw new GatewayError('CARD', 'bill', `bad date ${input.date}`);
    if (start + 86_400_000 > this.now()) throw new BillNotAvailable('CARD', input.date, 'NOT_YET', 'the day is not over');
    const rows: BillRow[] = [];
    const list = await this.call('bill', () =>
      this.stripe.balanceTransactions
        .list({
          created: { gte: start / 1000, lt: start / 1000 + 86_400 },
          limit: 100,
          expand: ['data.source', 'data.source.payment_intent'],
        })
        .autoPagingToArray({ limit: 10_000 }),
    );
    for (const transaction of list) {
      const row = billRowOf(transaction);
      if (row) rows.push(row);
    }
    const payments = rows.filter((row) => row.kind === 'payment');
    const refunds = rows.filter((row) => row.kind === 'refund');
    return {
      gateway: 'CARD',
      date: input.date,
      rows,
      totals: {
        paymentCount: payments.length,
        paymentFen: payments.reduce((sum, row) => sum + row.amountFen, 0),
        refundCount: refunds.length,
        refundFen: refunds.reduce((sum, row) => sum + row.amountFen, 0),
        feeFen: rows.reduce((sum, row) => sum + row.feeFen, 0),
      },
    };
  }

  async close(paymentNo: string): Promise<void> {
    const session = await this.session(paymentNo);
    if (!session || session.status !== 'open') return;
    await this.call('close', () => this.stripe.checkout.sessions.expire(session.id));
  }
}

/** Checks a webhook's Stripe-Signature with the SDK; throws NotificationRejected when it does not verify. */
export function verifyStripeEvent(stripe: Stripe, secret: string, request: NotificationRequest, now: number): Stripe.Event {
  const header = request.headers['stripe-signature'];
  const signature = Array.isArray(header) ? header[0] : header;
  if (!signature) throw new NotificationRejected('no Stripe-Signature');
  // The SDK refuses signatures older than the tolerance; one from further in the future is refused here.
  const timestamp = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  if (Number.isFinite(timestamp) && timestamp * 1000 - now > STRIPE_WEBHOOK_TOLERANCE_S * 1000)
    throw new NotificationRejected('Stripe-Signature: timestamp in the future');
  try {
    return stripe.webhooks.constructEvent(request.rawBody, signature, secret, STRIPE_WEBHOOK_TOLERANCE_S, undefined, now);
  } catch (error) {
    throw new NotificationRejected(`Stripe-Signature: ${(error as Error).message}`.slice(0, 300));
  }
}

/** The fee of a balance transaction in CNY fen (converted when the account settles in another currency). */
function feeInFen(transaction: Stripe.BalanceTransaction): number {
  if (transaction.currency.toLowerCase() === 'cny' || !transaction.exchange_rate) return transaction.fee;
  return Math.round(transaction.fee / transaction.exchange_rate);
}

/** One balance transaction as a bill row: charges and refunds of our payments; anything else (payouts, fees of their own) is not a line of the bill. */
export function billRowOf(transaction: Stripe.BalanceTransaction): BillRow | null {
  const source = transaction.source;
  if (!source || typeof source === 'string') return null;
  const at = new Date(transaction.created * 1000);
  if (source.object === 'charge') {
    const charge = source as Stripe.Charge;
    const intent = charge.payment_intent;
    const paymentNo = charge.metadata?.paymentNo ?? (intent && typeof intent !== 'string' ? intent.metadata?.paymentNo : undefined);
    if (!paymentNo || charge.currency.toLowerCase() !== 'cny') return null;
    return {
      gateway: 'CARD',
      outTradeNo: paymentNo,
      gatewayTradeNo: idOf(intent) ?? charge.id,
      kind: 'payment',
      amountFen: charge.amount,
      feeFen: feeInFen(transaction),
      at,
    };
  }
  if (source.object === 'refund') {
    const refund = source as Stripe.Refund;
    const intent = refund.payment_intent;
    const paymentNo = refund.metadata?.paymentNo ?? (intent && typeof intent !== 'string' ? intent.metadata?.paymentNo : undefined);
    if (!paymentNo || refund.currency.toLowerCase() !== 'cny') return null;
    return {
      gateway: 'CARD',
      outTradeNo: paymentNo,
      gatewayTradeNo: idOf(intent) ?? idOf(refund.charge) ?? refund.id,
      kind: 'refund',
      amountFen: refund.amount,
      // a refund's balance transaction carries the fee Stripe gives back as a negative fee
      feeFen: -Math.abs(feeInFen(transaction)),
      ...(refund.metadata?.refundNo ? { outRefundNo: refund.metadata.refundNo } : {}),
      gatewayRefundNo: refund.id,
      at,
    };
  }
  return null;
}

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { stripeEvent, stripeSignature } from '../../src/modules/payments/sandbox/signer';

// A local fake of the parts of Stripe's REST API the card provider uses, for the official SDK
// (pointed at it with host, port and protocol): form-encoded POST /v1/checkout/sessions,
// GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire, POST /v1/refunds,
// GET /v1/refunds/:id, GET /v1/refunds?payment_intent=, GET /v1/balance_transactions (created
// range, starting_after paging, expand of data.source and data.source.payment_intent). It keeps
// Stripe's semantics where the product depends on them: Checkout Sessions expire 30 min to
// 24 h after they are made, the payment intent exists once the session is paid, idempotency
// keys replay the first answer, refunds are capped at what was paid. Tests play the payer and
// Stripe's back end through its methods (pay, settleRefund, dispute) and get the event Stripe
// would send, signed as Stripe signs (t=…,v1=HMAC-SHA256(secret, "t.body")).

export const FAKE_STRIPE_KEY = 'sk_test_fake_llk';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_llk_endpoint_secret';

type Json = Record<string, unknown>;

interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  expires_at: number;
  created: number;
  success_url: string;
  cancel_url: string;
  url: string | null;
  livemode: false;
}

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  latest_charge: string;
  status: string;
}

interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  refunded: boolean;
  paid: true;
  created: number;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  metadata: Record<string, string>;
  reason: string | null;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  failure_reason?: string | null;
  created: number;
}

interface FakeBalanceTransaction {
  id: string;
  object: 'balance_transaction';
  amount: number;
  fee: number;
  net: number;
  currency: string;
  exchange_rate: number | null;
  created: number;
  type: string;
  reporting_category: string;
  source: string;
  status: string;
}

export interface FakeStripeOptions {
  now?: () => number;
  /** fee per charge: 3.4 % + 2.35 CNY, as fen */
  fee?: (amountFen: number) => number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (a[b][0][c]=v) back into objects; numeric keys become arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Json = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const object = value as Json;
    const keys = Object.keys(object);
    const converted = Object.fromEntries(keys.map((key) => [key, arrays(object[key])]));
    return keys.length > 0 && keys.every((key) => /^\d+$/.test(key))
      ? keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key])
      : converted;
  };
  return arrays(root) as Json;
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class FakeStripe {
  readonly sessions = new Map<string, FakeSession>();
  readonly intents = new Map<string, FakeIntent>();
  readonly charges = new Map<string, FakeCharge>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly balance: FakeBalanceTransaction[] = [];
  /** every request the SDK made: method and path */
  readonly requests: { method: string; path: string; body: Json; idempotencyKey: string | undefined }[] = [];
  /** the status new refunds get (Stripe answers pending for some cards and banks) */
  refundStatus: FakeRefund['status'] = 'succeeded';
  private readonly idempotent = new Map<string, { status: number; body: Json }>();
  private readonly now: () => number;
  private readonly fee: (amountFen: number) => number;
  base = 'http://127.0.0.1';

  constructor(options: FakeStripeOptions = {}) {
    this.now = options.now ?? Date.now;
    this.fee = options.fee ?? ((amount) => Math.round(amount * 0.034) + 235);
  }

  private seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  sessionOf(paymentNo: string): FakeSession | undefined {
    return [...this.sessions.values()].find((session) => session.client_reference_id === paymentNo);
  }

  // ---- the payer and Stripe's back end -----------------------------------------------------

  /** The payer completes the hosted page: the session is paid (or, `delayed`, waits for the bank) and the event is returned. */
  pay(paymentNo: string, options: { delayed?: boolean } = {}): Json {
    const session = this.sessionOf(paymentNo);
    if (!session) throw new Error(`no session for ${paymentNo}`);
    if (session.status !== 'open') throw new Error(`session ${session.id} is ${session.status}`);
    session.status = 'complete';
    if (options.delayed) {
      session.payment_status = 'unpaid';
      return stripeEvent('checkout.session.completed', { ...session }, new Date(this.now()));
    }
    this.settle(session);
    return stripeEvent('checkout.session.completed', { ...session }, new Date(this.now()));
  }

  /** A delayed payment method's outcome. */
  asyncOutcome(paymentNo: string, succeeded: boolean): Json {
    const session = this.sessionOf(paymentNo);
    if (!session) throw new Error(`no session for ${paymentNo}`);
    if (succeeded) this.settle(session);
    return stripeEvent(
      succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
      { ...session },
      new Date(this.now()),
    );
  }

  private settle(session: FakeSession): void {
    const intent: FakeIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      metadata: { ...session.metadata },
      latest_charge: id('ch'),
      status: 'succeeded',
    };
    // like Stripe, the charge does not copy the PaymentIntent's metadata
    const charge: FakeCharge = {
      id: intent.latest_charge,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      metadata: {},
      payment_intent: intent.id,
      refunded: false,
      paid: true,
      created: this.seconds(),
    };
    this.intents.set(intent.id, intent);
    this.charges.set(charge.id, charge);
    session.payment_intent = intent.id;
    session.payment_status = 'paid';
    const fee = this.fee(charge.amount);
    this.balance.push({
      id: id('txn'),
      object: 'balance_transaction',
      amount: charge.amount,
      fee,
      net: charge.amount - fee,
      currency: 'cny',
      exchange_rate: null,
      created: this.seconds(),
      type: 'charge',
      reporting_category: 'charge',
      source: charge.id,
      status: 'pending',
    });
  }

  /** Stripe finishes (or fails) a pending refund; the charge.refunded event when it went back. */
  settleRefund(refundId: string, status: 'succeeded' | 'failed' = 'succeeded'): Json {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    refund.status = status;
    if (status === 'failed') {
      refund.failure_reason = 'expired_or_canceled_card';
      return stripeEvent('refund.failed', { ...refund }, new Date(this.now()));
    }
    this.refundMoved(refund);
    const charge = this.charges.get(refund.charge);
    return stripeEvent('charge.refunded', { ...charge }, new Date(this.now()));
  }

  private refundMoved(refund: FakeRefund): void {
    const charge = this.charges.get(refund.charge);
    if (charge) {
      charge.amount_refunded += refund.amount;
      charge.refunded = charge.amount_refunded >= charge.amount;
    }
    this.balance.push({
      id: id('txn'),
      object: 'balance_transaction',
      amount: -refund.amount,
      fee: 0,
      net: -refund.amount,
      currency: 'cny',
      exchange_rate: null,
      created: this.seconds(),
      type: 'refund',
      reporting_category: 'refund',
      source: refund.id,
      status: 'available',
    });
  }

  /** The last charge.refunded event of a payment (what Stripe sends after a refund succeeded). */
  chargeRefundedEvent(paymentNo: string): Json {
    const session = this.sessionOf(paymentNo);
    const intent = session?.payment_intent ? this.intents.get(session.payment_intent) : undefined;
    const charge = intent ? this.charges.get(intent.latest_charge) : undefined;
    if (!charge) throw new Error(`no charge for ${paymentNo}`);
    return stripeEvent('charge.refunded', { ...charge }, new Date(this.now()));
  }

  /** The payer disputes the charge with the issuer: charge.dispute.created. */
  dispute(paymentNo: string, reason = 'fraudulent'): Json {
    const session = this.sessionOf(paymentNo);
    const intent = session?.payment_intent ? this.intents.get(session.payment_intent) : undefined;
    if (!intent) throw new Error(`no payment for ${paymentNo}`);
    const dispute = {
      id: id('dp'),
      object: 'dispute',
      amount: intent.amount,
      currency: intent.currency,
      charge: intent.latest_charge,
      payment_intent: intent.id,
      reason,
      status: 'needs_response',
      evidence_details: { due_by: this.seconds() + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
      created: this.seconds(),
      livemode: false,
      metadata: {},
    };
    return stripeEvent('charge.dispute.created', dispute, new Date(this.now()));
  }

  /** A webhook request as Stripe sends it: the body and its Stripe-Signature. */
  webhook(event: Json, options: { secret?: string; timestamp?: number } = {}): { headers: Record<string, string>; body: string } {
    const body = JSON.stringify(event);
    const timestamp = options.timestamp ?? this.seconds();
    return {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignature(options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET, body, timestamp),
      },
      body,
    };
  }

  // ---- the REST API ------------------------------------------------------------------------

  private createSession(body: Json): FakeSession {
    const lineItems = (body.line_items ?? []) as { quantity?: string; price_data?: { currency?: string; unit_amount?: string } }[];
    if (body.mode !== 'payment') throw new StripeFailure(400, 'invalid_request_error', 'parameter_invalid_string', 'mode must be payment');
    if (!body.success_url)
      throw new StripeFailure(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: success_url.');
    const currencies = new Set(lineItems.map((item) => item.price_data?.currency));
    if (lineItems.length === 0 || currencies.size !== 1)
      throw new StripeFailure(400, 'invalid_request_error', 'parameter_invalid_empty', 'line_items need one currency');
    const amount = lineItems.reduce((sum, item) => sum + Number(item.price_data?.unit_amount) * Number(item.quantity ?? 1), 0);
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new StripeFailure(400, 'invalid_request_error', 'parameter_invalid_integer', 'unit_amount must be a positive integer');
    const expiresAt = body.expires_at === undefined ? this.seconds() + 86_400 : Number(body.expires_at);
    if (expiresAt < this.seconds() + 30 * 60 || expiresAt > this.seconds() + 86_400) {
      throw new StripeFailure(
        400,
        'invalid_request_error',
        'parameter_invalid_integer',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      );
    }
    const session: FakeSession = {
      id: id('cs_test'),
      object: 'checkout.session',
      mode: 'payment',
      amount_total: amount,
      amount_subtotal: amount,
      currency: [...currencies][0] ?? 'cny',
      client_reference_id: (body.client_reference_id as string | undefined) ?? null,
      metadata: (body.metadata ?? {}) as Record<string, string>,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      expires_at: expiresAt,
      created: this.seconds(),
      success_url: String(body.success_url),
      cancel_url: String(body.cancel_url ?? ''),
      url: '',
      livemode: false,
    };
    session.url = `${this.base}/c/pay/${session.id}`;
    this.sessions.set(session.id, session);
    return session;
  }

  private session(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new StripeFailure(404, 'invalid_request_error', 'resource_missing', `No such checkout.session: '${sessionId}'`);
    if (session.status === 'open' && session.expires_at <= this.seconds()) session.status = 'expired';
    return session;
  }

  private createRefund(body: Json): FakeRefund {
    const intent = this.intents.get(String(body.payment_intent ?? ''));
    if (!intent)
      throw new StripeFailure(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${String(body.payment_intent)}'`);
    const charge = this.charges.get(intent.latest_charge);
    if (!charge) throw new StripeFailure(400, 'invalid_request_error', 'charge_not_found', 'no charge');
    const amount = body.amount === undefined ? charge.amount - charge.amount_refunded : Number(body.amount);
    const owed = [...this.refunds.values()]
      .filter((refund) => refund.charge === charge.id && (refund.status === 'pending' || refund.status === 'succeeded'))
      .reduce((sum, refund) => sum + refund.amount, 0);
    if (charge.amount_refunded >= charge.amount)
      throw new StripeFailure(400, 'invalid_request_error', 'charge_already_refunded', `Charge ${charge.id} has already been refunded.`);
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount + owed > charge.amount) {
      throw new StripeFailure(
        400,
        'invalid_request_error',
        'amount_too_large',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${charge.amount - owed})`,
      );
    }
    const refund: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intent.id,
      metadata: (body.metadata ?? {}) as Record<string, string>,
      reason: (body.reason as string | undefined) ?? null,
      status: this.refundStatus,
      created: this.seconds(),
    };
    this.refunds.set(refund.id, refund);
    if (refund.status === 'succeeded') this.refundMoved(refund);
    return refund;
  }

  private expandSource(transaction: FakeBalanceTransaction, expand: string[]): Json {
    if (!expand.includes('data.source') && !expand.includes('data.source.payment_intent')) return { ...transaction };
    const source = this.charges.get(transaction.source) ?? this.refunds.get(transaction.source);
    if (!source) return { ...transaction };
    const expanded: Json = { ...source };
    if (expand.includes('data.source.payment_intent'))
      expanded.payment_intent = this.intents.get(source.payment_intent) ?? source.payment_intent;
    return { ...transaction, source: expanded };
  }

  private listBalance(query: Json): Json {
    const created = (query.created ?? {}) as { gte?: string; lt?: string };
    const limit = Math.min(Number(query.limit ?? 10), 100);
    const expand = (query.expand ?? []) as string[];
    // newest first, as Stripe lists them
    let rows = this.balance
      .filter(
        (row) =>
          (created.gte === undefined || row.created >= Number(created.gte)) &&
          (created.lt === undefined || row.created < Number(created.lt)),
      )
      .slice()
      .reverse();
    if (query.starting_after) {
      const at = rows.findIndex((row) => row.id === query.starting_after);
      rows = at < 0 ? [] : rows.slice(at + 1);
    }
    const page = rows.slice(0, limit);
    return {
      object: 'list',
      url: '/v1/balance_transactions',
      has_more: rows.length > limit,
      data: page.map((row) => this.expandSource(row, expand)),
    };
  }

  /** One request of the SDK. */
  route(method: string, path: string, body: Json): Json {
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return { ...this.createSession(body) };
    if (method === 'GET' && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)))
      return { ...this.session(decodeURIComponent(match[1] ?? '')) };
    if (method === 'POST' && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
      const session = this.session(decodeURIComponent(match[1] ?? ''));
      if (session.status !== 'open')
        throw new StripeFailure(
          400,
          'invalid_request_error',
          'checkout_session_not_open',
          `Only Checkout Sessions with a status of open can be expired; this one is ${session.status}.`,
        );
      session.status = 'expired';
      return { ...session };
    }
    if (method === 'POST' && path === '/v1/refunds') return { ...this.createRefund(body) };
    if (method === 'GET' && (match = path.match(/^\/v1\/refunds\/([^/]+)$/))) {
      const refund = this.refunds.get(decodeURIComponent(match[1] ?? ''));
      if (!refund) throw new StripeFailure(404, 'invalid_request_error', 'resource_missing', 'No such refund');
      return { ...refund };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = [...this.refunds.values()]
        .filter((refund) => !body.payment_intent || refund.payment_intent === body.payment_intent)
        .reverse();
      return { object: 'list', url: '/v1/refunds', has_more: false, data };
    }
    if (method === 'GET' && path === '/v1/balance_transactions') return this.listBalance(body);
    throw new StripeFailure(404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const body =
      method === 'GET' || method === 'DELETE'
        ? parseStripeForm(url.search.slice(1))
        : parseStripeForm(Buffer.concat(chunks).toString('utf8'));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method, path: url.pathname, body, idempotencyKey });
    const send = (status: number, payload: Json) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(payload));
    };
    if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const replayKey = idempotencyKey && method === 'POST' ? `${url.pathname}:${idempotencyKey}` : undefined;
    const replay = replayKey ? this.idempotent.get(replayKey) : undefined;
    if (replay) {
      send(replay.status, replay.body);
      return;
    }
    let status = 200;
    let payload: Json;
    try {
      payload = this.route(method, url.pathname, body);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      payload = { error: { type: error.type, code: error.code, message: error.message } };
    }
    if (replayKey) this.idempotent.set(replayKey, { status, body: payload });
    send(status, payload);
  }
}

export interface FakeStripeServer {
  /** http://127.0.0.1:<port> for STRIPE_API_BASE */
  readonly url: string;
  close(): Promise<void>;
}

export async function startFakeStripe(fake: FakeStripe): Promise<FakeStripeServer> {
  const server: Server = createServer((request, response) => {
    fake.handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  fake.base = url;
  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

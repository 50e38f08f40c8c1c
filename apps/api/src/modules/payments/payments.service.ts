import { PAID_ORDER_STATUSES, PAYABLE_ORDER_STATUSES, type TPayClient, type TPayMethod, type TPayResult } from '@llk/contracts';
import { fromDbDate, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import {
  GatewayError,
  GatewayTimeout,
  NotificationRejected,
  type PaymentProvider,
  type PaymentProviders,
  type VerifiedNotification,
} from './provider';
import { accessibleOrder, findOrder, type OrderCaller, moveOrder, refuseWhilePendingDeletion } from '../orders';
import {
  findPaymentByNo,
  findPaymentsOfOrder,
  flagPaymentForRefund,
  insertGatewayNotification,
  insertNotification,
  insertPayment,
  insertUnmatchedPayment,
  type PaymentRow,
} from './payments.repository';
import { movePayment, type TPaymentState } from './payment-life-cycle';

// Payment attempts (POST /pay/payV2) and the payments' steps of applying a verified payment.
//
// Payment states: CREATED (row written, gateway not answered yet) → PENDING (charge open at
// the gateway) → PAID, or CLOSED (expired/cancelled, closed at the gateway) or FAILED (the
// gateway refused to create it). A payment may still become PAID from CLOSED or FAILED: money
// that arrives is never ignored (it is then flagged for refund: src/flows/apply-payment.ts).

/** 50400 with a payment-specific message (errors.paymentGatewayTimeout). */
class PaymentGatewayTimeoutError extends AppError {
  override readonly messageKey = 'errors.paymentGatewayTimeout';
  constructor(cause: unknown) {
    super('GATEWAY_TIMEOUT', { cause });
  }
}

export const OPEN_PAYMENT_STATES = ['CREATED', 'PENDING'] as const;
const PAYABLE_PAYMENT_STATES = ['CREATED', 'PENDING', 'CLOSED', 'FAILED'] as const;

export interface PayDeps {
  db: Db;
  providers: PaymentProviders;
  /** base URL the gateways post notifications to: <base>/pay/notify/alipay|wechat */
  notifyBase: string;
  /** H5: the site the gateways send the payer back to (the web's origin); returnPath is on it */
  webOrigin?: string;
}

export interface PayInput {
  orderId: string;
  payMethod: TPayMethod;
  payClient: TPayClient;
  openid?: string | undefined;
  /** H5: a path of our site (the contracts check its form) */
  returnPath?: string | undefined;
  /** H5: the payer's address, for WeChat Pay */
  payerIp?: string | undefined;
}

export function notifyPath(method: TPayMethod): string {
  switch (method) {
    case 'ZFB':
      return '/pay/notify/alipay';
    case 'WX':
      return '/pay/notify/wechat';
    case 'CARD':
      return '/pay/notify/stripe';
  }
}

/** Where the gateway sends the payer back: H5 pages, and Stripe Checkout on every client. */
const returnsToSite = (input: PayInput) => input.payClient === 'H5' || input.payMethod === 'CARD';

/** Whether the provider is the built-in sandbox (the gateways module marks it). */
function isSandbox(provider: PaymentProvider): boolean {
  return provider.sandbox === true;
}

/** Throws the error that says why an order cannot be paid now. */
function assertPayable(order: { status: string; expires_at: string }, now: Date): void {
  if ((PAID_ORDER_STATUSES as readonly string[]).includes(order.status)) throw new AppError('ORDER_ALREADY_PAID');
  if (order.status === 'EXPIRED') throw new AppError('ORDER_EXPIRED');
  if (!(PAYABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) throw new AppError('ORDER_NOT_PAYABLE');
  if (fromDbDate(order.expires_at) <= now) throw new AppError('ORDER_EXPIRED');
}

/**
 * POST /pay/payV2: a new payment attempt for a payable order, then the charge at the gateway.
 * The attempt row is written first (so a notification can always be matched), the gateway is
 * called outside any transaction, and the row moves to PENDING once the charge exists.
 */
export async function startPayment(deps: PayDeps, caller: OrderCaller, input: PayInput, now = new Date()): Promise<TPayResult> {
  const odb = deps.db;
  const order = await accessibleOrder(deps.db, input.orderId, caller);
  assertPayable(order, now);
  // an order made before the account's deletion was asked for renews nothing until it is restored
  await refuseWhilePendingDeletion(deps.db, order.user_id);
  const provider = deps.providers[input.payMethod];
  if (!provider.clients.includes(input.payClient)) throw new AppError('PAY_METHOD_UNAVAILABLE');

  const nowText = toDbDate(now);
  const paymentId = newId(now.getTime());
  const payment = {
    id: paymentId,
    order_id: order.id,
    payment_no: paymentId,
    method: input.payMethod,
    client: input.payClient,
    amount_fen: Number(order.total_fen),
    state: 'CREATED',
    gateway_trade_no: null,
    needs_refund: 0,
    created_at: nowText,
    updated_at: nowText,
    expires_at: order.expires_at,
    paid_at: null,
  };
  await odb.transaction().execute(async (trx) => {
    const startPayment = { change: 'start-payment', from: PAYABLE_ORDER_STATUSES, to: 'PENDING_PAYMENT', by: 'CUSTOMER' } as const;
    const moved = await moveOrder(trx, order.id, startPayment, {
      pay_method: input.payMethod,
      pay_client: input.payClient,
      updated_at: nowText,
    });
    if (!moved) {
      const current = await findOrder(trx, order.id);
      assertPayable(current ?? order, now);
      throw new AppError('ORDER_NOT_PAYABLE');
    }
    await insertPayment(trx, payment);
  });

  let charge;
  try {
    charge = await provider.create({
      paymentNo: payment.payment_no,
      amountFen: payment.amount_fen,
      subject: order.subject,
      client: input.payClient,
      ...(input.openid !== undefined ? { openid: input.openid } : {}),
      ...(returnsToSite(input)
        ? { returnUrl: `${deps.webOrigin ?? ''}${input.returnPath ?? '/'}`, ...(input.payerIp ? { payerIp: input.payerIp } : {}) }
        : {}),
      notifyUrl: `${deps.notifyBase}${notifyPath(input.payMethod)}`,
      expiresAt: fromDbDate(order.expires_at),
    });
  } catch (error) {
    if (error instanceof GatewayTimeout) {
      // The charge may exist at the gateway: the row stays CREATED, the expiry sweep queries
      // and closes it (or applies it if it was paid after all).
      throw new PaymentGatewayTimeoutError(error);
    }
    await movePayment(
      odb,
      payment.id,
      { change: 'refuse', from: ['CREATED'], to: 'FAILED', by: 'GATEWAY' },
      { updated_at: toDbDate(new Date()) },
    );
    if (error instanceof GatewayError) throw new AppError('PAYMENT_GATEWAY_ERROR', { cause: error });
    throw error;
  }
  await movePayment(
    odb,
    payment.id,
    { change: 'open', from: ['CREATED'], to: 'PENDING', by: 'GATEWAY' },
    {
      updated_at: toDbDate(new Date()),
      ...(charge.kind === 'redirect' && charge.reference ? { gateway_ref: charge.reference } : {}),
    },
  );

  const base = { orderId: order.id, paymentNo: payment.payment_no, amountFen: payment.amount_fen, expiresAt: order.expires_at };
  if (charge.kind === 'qr') return { kind: 'qr', ...base, codeUrl: charge.codeUrl, ...(isSandbox(provider) ? { sandbox: true } : {}) };
  if (charge.kind === 'redirect') return { kind: 'redirect', ...base, url: charge.url, ...(isSandbox(provider) ? { sandbox: true } : {}) };
  return { kind: 'jsapi', ...base, params: charge.params };
}

// ---- Open attempts the order sweep settles ------------------------------------------------------

/** An order's attempts still open (CREATED, PENDING): asked at their gateway before it expires. */
export function findOpenPaymentsOfOrder(db: Db, orderId: string): Promise<PaymentRow[]> {
  return findPaymentsOfOrder(db, orderId, OPEN_PAYMENT_STATES);
}

/** An open attempt the gateway does not call paid: closed there, then here (CLOSED). */
export async function closeOpenPayment(providers: PaymentProviders, db: Db, payment: PaymentRow): Promise<void> {
  await providers[payment.method as TPayMethod].close(payment.payment_no);
  const close = { change: 'close', from: OPEN_PAYMENT_STATES, to: 'CLOSED', by: 'SYSTEM' } as const;
  await movePayment(db, payment.id, close, { updated_at: toDbDate(new Date()) });
}

/** An open attempt whose gateway could not be reached: to the back of the sweep's queue, so it does not hold the others up. */
export async function requeueOpenPayment(db: Db, payment: PaymentRow, now: Date): Promise<void> {
  const state = payment.state as TPaymentState;
  await movePayment(db, payment.id, { change: 'requeue', from: [state], to: state, by: 'SYSTEM' }, { updated_at: toDbDate(now) });
}

// ---- Applying a verified payment: the payments module's steps --------------------------------
// The flow that composes them with orders, fulfilment, referrals and the ledger in one
// transaction is src/flows/apply-payment.ts (ADR 0039). Modules never import a flow: whoever in
// payments applies a payment (the notification routes, Stripe's events, reconciliation, staff's
// "query the gateway now") is handed it by the composition, typed ApplyPayment.

export type TApplyOutcome =
  /** this notification paid and fulfilled the order */
  | 'APPLIED'
  /** the payment was already recorded as paid: nothing changed */
  | 'DUPLICATE'
  /** paid, but the order was already paid (other payment) or closed: recorded, flagged for refund */
  | 'DOUBLE_PAYMENT'
  /** a genuine notification of a non-success state (closed, waiting): nothing to do */
  | 'IGNORED';

/** A notification as it arrived at /pay/notify/*, stored with whatever became of it. */
export interface ReceivedNotification {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Applies a verified payment exactly once (src/flows/apply-payment.ts `applyVerifiedPayment`):
 * `via` says whether a notification or our question brought it; a notification `received` is
 * stored with its outcome. Throws NotificationRejected when it names no payment of ours.
 */
export type ApplyPayment = (
  db: Db,
  method: TPayMethod,
  verified: VerifiedNotification,
  via?: 'NOTIFICATION' | 'QUERY',
  now?: Date,
  received?: ReceivedNotification,
) => Promise<TApplyOutcome>;

/** Headers worth keeping with a notification: how it was signed, and what it said it was. */
function headersThatMatter(headers: ReceivedNotification['headers']): string {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (
      value === undefined ||
      !(key === 'content-type' || key === 'request-id' || key === 'stripe-signature' || key.startsWith('wechatpay-'))
    )
      continue;
    kept[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return JSON.stringify(kept);
}

export type TStoredOutcome = TApplyOutcome | 'UNMATCHED' | 'REJECTED' | 'FAILED';

/** Keeps a verified notification as received (body, signing headers) with what became of it. */
export async function storeNotification(
  db: Db,
  method: TPayMethod,
  verified: VerifiedNotification,
  received: ReceivedNotification,
  stored: { outcome: TStoredOutcome; paymentId?: string | null; unmatchedId?: string | null },
  now: Date,
): Promise<void> {
  await insertGatewayNotification(db, {
    id: newId(now.getTime()),
    method,
    received_at: toDbDate(now),
    raw_body: received.rawBody,
    headers_json: headersThatMatter(received.headers),
    verification: 'VERIFIED',
    payment_no: verified.paymentNo,
    gateway_trade_no: verified.gatewayTradeNo,
    amount_fen: Number.isSafeInteger(verified.amountFen) ? verified.amountFen : 0,
    success: verified.success ? 1 : 0,
    payment_id: stored.paymentId ?? null,
    outcome: stored.outcome,
    unmatched_id: stored.unmatchedId ?? null,
  });
}

/**
 * A verified notification from /pay/notify/*: applied by `applyPayment` and stored (body,
 * signing headers, outcome) in the same transaction. Verified money that matches no payment is
 * recorded as unmatched and NotificationRejected thrown, so the gateway gets the same refusal as
 * before and the money is on record for a refund or a match by hand. A notification that could
 * not be applied at all (the transaction rolled back) is still kept, as FAILED.
 */
export async function handleVerifiedNotification(
  applyPayment: ApplyPayment,
  db: Db,
  method: TPayMethod,
  verified: VerifiedNotification,
  received: ReceivedNotification,
  now = new Date(),
): Promise<TApplyOutcome> {
  try {
    return await applyPayment(db, method, verified, 'NOTIFICATION', now, received);
  } catch (error) {
    if (!(error instanceof NotificationRejected))
      await storeNotification(db, method, verified, received, { outcome: 'FAILED' }, now).catch(() => undefined);
    throw error;
  }
}

/** Why verified money matched no payment: kept as unmatched with this reason. */
export type TUnmatchedReason = 'UNKNOWN_PAYMENT' | 'AMOUNT_DIFFERS';

/**
 * The payment a verified notification names: the attempt with its payment number, of the same
 * method, and (when it says paid) for the same amount. Otherwise `refused` is the refusal, and
 * `unmatched` why the money (a success for a positive whole amount) is to be kept on record.
 */
export type TPaymentMatch =
  | { payment: PaymentRow; refused?: undefined }
  | { payment: PaymentRow | undefined; refused: NotificationRejected; unmatched: TUnmatchedReason | null };

export async function matchVerifiedPayment(trx: Db, method: TPayMethod, verified: VerifiedNotification): Promise<TPaymentMatch> {
  const payment = await findPaymentByNo(trx, verified.paymentNo);
  const known = payment && payment.method === method ? payment : undefined;
  const amountDiffers = !!known && (!Number.isSafeInteger(verified.amountFen) || verified.amountFen !== Number(known.amount_fen));
  if (known && !(verified.success && amountDiffers)) return { payment: known };
  const refused = new NotificationRejected(known ? `amount ${verified.amountFen} differs from ${known.amount_fen}` : 'unknown payment');
  const isMoney = verified.success && Number.isSafeInteger(verified.amountFen) && verified.amountFen > 0;
  return { payment: known, refused, unmatched: isMoney ? (known ? 'AMOUNT_DIFFERS' : 'UNKNOWN_PAYMENT') : null };
}

/** Verified money no payment explains, kept once per gateway trade: the row's id, and whether it is new. */
export function recordUnmatchedPayment(
  trx: Db,
  method: TPayMethod,
  verified: VerifiedNotification,
  match: { reason: TUnmatchedReason; paymentId: string | null },
  now: Date,
): Promise<{ id: string; created: boolean }> {
  return insertUnmatchedPayment(trx, {
    id: newId(now.getTime()),
    method,
    payment_no: verified.paymentNo,
    gateway_trade_no: verified.gatewayTradeNo,
    amount_fen: verified.amountFen,
    reason: match.reason,
    payment_id: match.paymentId,
    state: 'OPEN',
    paid_at: toDbDate(verified.paidAt ?? now),
    created_at: toDbDate(now),
  });
}

/**
 * The payment becomes PAID by a conditional update, so of any number of concurrent deliveries
 * exactly one gets true; false when it already was.
 */
export function markPaymentPaid(trx: Db, payment: PaymentRow, verified: VerifiedNotification, paidAt: string, now: Date): Promise<boolean> {
  return movePayment(
    trx,
    payment.id,
    { change: 'pay', from: PAYABLE_PAYMENT_STATES, to: 'PAID', by: 'GATEWAY' },
    {
      gateway_trade_no: verified.gatewayTradeNo,
      paid_at: paidAt,
      updated_at: toDbDate(now),
      ...(verified.payerAccount ? { payer_account: verified.payerAccount } : {}),
    },
  );
}

/** A paid payment whose order was already paid or closed: flagged, so the sweep refunds it. */
export async function flagDoublePayment(trx: Db, payment: PaymentRow, now: Date): Promise<void> {
  await flagPaymentForRefund(trx, payment.id, true, toDbDate(now));
}

/**
 * What a paid payment did, in payment_notifications: its unique dedupe key (method and payment
 * number) is the last guard of exactly-once, so a second application fails and rolls back.
 */
export async function recordPaymentApplied(
  trx: Db,
  payment: PaymentRow,
  verified: VerifiedNotification,
  applied: { outcome: 'APPLIED' | 'DOUBLE_PAYMENT'; via: 'NOTIFICATION' | 'QUERY' },
  now: Date,
): Promise<void> {
  await insertNotification(trx, {
    id: newId(now.getTime()),
    dedupe_key: `${payment.method}:${payment.payment_no}`,
    payment_id: payment.id,
    gateway_trade_no: verified.gatewayTradeNo,
    amount_fen: verified.amountFen,
    via: applied.via,
    received_at: toDbDate(now),
    outcome: applied.outcome,
  });
}

import { PAID_ORDER_STATUSES, PAYABLE_ORDER_STATUSES, type TPayClient, type TPayMethod, type TPayResult } from '@llk/contracts';
import { fromDbDate, newId, toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  GatewayError,
  GatewayTimeout,
  NotificationRejected,
  type PaymentProvider,
  type PaymentProviders,
  type VerifiedNotification,
} from './provider';
import { recordCommission } from '../referrals';
import { fulfilOrder } from '../fulfilment';
import { accessibleOrder, findOrder, findOrderItems, type OrderCaller, refuseWhilePendingDeletion, transitionOrder } from '../orders';
import { postDoublePayment, postPayment, postUnmatched } from '../ledger';
import {
  findPaymentByNo,
  flagPaymentForRefund,
  insertGatewayNotification,
  insertNotification,
  insertPayment,
  insertUnmatchedPayment,
  type PaymentRow,
  transitionPayment,
} from './payments.repository';

// Payment attempts (POST /pay/payV2) and the exactly-once application of a verified payment.
//
// Payment states: CREATED (row written, gateway not answered yet) → PENDING (charge open at
// the gateway) → PAID, or CLOSED (expired/cancelled, closed at the gateway) or FAILED (the
// gateway refused to create it). A payment may still become PAID from CLOSED or FAILED: money
// that arrives is never ignored (it is then flagged for refund, see applyVerifiedPayment).

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
    const moved = await transitionOrder(trx, order.id, PAYABLE_ORDER_STATUSES, 'PENDING_PAYMENT', {
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
      ...(returnsToSite(input) ? { returnUrl: `${deps.webOrigin ?? ''}${input.returnPath ?? '/'}`, ...(input.payerIp ? { payerIp: input.payerIp } : {}) } : {}),
      notifyUrl: `${deps.notifyBase}${notifyPath(input.payMethod)}`,
      expiresAt: fromDbDate(order.expires_at),
    });
  } catch (error) {
    if (error instanceof GatewayTimeout) {
      // The charge may exist at the gateway: the row stays CREATED, the expiry sweep queries
      // and closes it (or applies it if it was paid after all).
      throw new PaymentGatewayTimeoutError(error);
    }
    await transitionPayment(odb, payment.id, ['CREATED'], 'FAILED', { updated_at: toDbDate(new Date()) });
    if (error instanceof GatewayError) throw new AppError('PAYMENT_GATEWAY_ERROR', { cause: error });
    throw error;
  }
  await transitionPayment(odb, payment.id, ['CREATED'], 'PENDING', { updated_at: toDbDate(new Date()), ...(charge.kind === 'redirect' && charge.reference ? { gateway_ref: charge.reference } : {}) });

  const base = { orderId: order.id, paymentNo: payment.payment_no, amountFen: payment.amount_fen, expiresAt: order.expires_at };
  if (charge.kind === 'qr') return { kind: 'qr', ...base, codeUrl: charge.codeUrl, ...(isSandbox(provider) ? { sandbox: true } : {}) };
  if (charge.kind === 'redirect') return { kind: 'redirect', ...base, url: charge.url, ...(isSandbox(provider) ? { sandbox: true } : {}) };
  return { kind: 'jsapi', ...base, params: charge.params };
}

// ---- Applying a verified payment ---------------------------------------------------------------

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

/** Headers worth keeping with a notification: how it was signed, and what it said it was. */
function headersThatMatter(headers: ReceivedNotification['headers']): string {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (value === undefined || !(key === 'content-type' || key === 'request-id' || key === 'stripe-signature' || key.startsWith('wechatpay-'))) continue;
    kept[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return JSON.stringify(kept);
}

type TStoredOutcome = TApplyOutcome | 'UNMATCHED' | 'REJECTED' | 'FAILED';

async function storeNotification(
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
 * A verified notification from /pay/notify/*: applied as applyVerifiedPayment does, and stored
 * (body, signing headers, outcome) in the same transaction. Verified money that matches no
 * payment (unknown payment number, another method's, a different amount) is recorded as
 * unmatched and posted to the ledger before NotificationRejected is thrown, so the gateway gets
 * the same refusal as before and the money is on record for a refund or a match by hand.
 */
export async function handleVerifiedNotification(
  db: Db,
  method: TPayMethod,
  verified: VerifiedNotification,
  received: ReceivedNotification,
  now = new Date(),
): Promise<TApplyOutcome> {
  try {
    return await applyVerifiedPayment(db, method, verified, 'NOTIFICATION', now, received);
  } catch (error) {
    // Could not be applied (the transaction rolled back): keep the notification on record anyway.
    if (!(error instanceof NotificationRejected)) await storeNotification(db, method, verified, received, { outcome: 'FAILED' }, now).catch(() => undefined);
    throw error;
  }
}

/**
 * Applies a verified payment exactly once, in ONE transaction: the payment row moves to PAID
 * by a conditional update (only one of any number of concurrent deliveries can), then the
 * order moves from CREATED/PENDING_PAYMENT to PAID (only one payment of an order can), its
 * items are granted, the referral commission is written and it becomes FULFILLED; a payment_notifications row with a unique
 * dedupe key is the last guard. If anything fails, nothing of it stays and the gateway's retry
 * starts afresh. Throws NotificationRejected (nothing changed) for an unknown payment, another
 * method's payment, or a different amount.
 */
export async function applyVerifiedPayment(
  db: Db,
  method: TPayMethod,
  verified: VerifiedNotification,
  via: 'NOTIFICATION' | 'QUERY' = 'NOTIFICATION',
  now = new Date(),
  received?: ReceivedNotification,
): Promise<TApplyOutcome> {
  const odb = db;
  const result = await odb.transaction().execute(async (trx): Promise<TApplyOutcome | NotificationRejected> => {
    const stored = received ? (outcome: TStoredOutcome, ids: { paymentId?: string | null; unmatchedId?: string | null } = {}) => storeNotification(trx, method, verified, received, { outcome, ...ids }, now) : async () => undefined;
    const payment = await findPaymentByNo(trx, verified.paymentNo);
    const known = payment && payment.method === method ? payment : undefined;
    const amountDiffers = !!known && (!Number.isSafeInteger(verified.amountFen) || verified.amountFen !== Number(known.amount_fen));
    if (!known || (verified.success && amountDiffers)) {
      const rejected = new NotificationRejected(known ? `amount ${verified.amountFen} differs from ${known.amount_fen}` : 'unknown payment');
      if (!verified.success || !Number.isSafeInteger(verified.amountFen) || verified.amountFen <= 0) {
        await stored('REJECTED', { paymentId: known?.id ?? null });
        return rejected;
      }
      const unmatched = await recordUnmatched(trx, method, verified, known ? { reason: 'AMOUNT_DIFFERS', paymentId: known.id } : { reason: 'UNKNOWN_PAYMENT', paymentId: null }, now);
      await stored('UNMATCHED', { paymentId: known?.id ?? null, unmatchedId: unmatched });
      return rejected;
    }
    if (!verified.success) {
      await stored('IGNORED', { paymentId: known.id });
      return 'IGNORED';
    }
    const outcome = await applyKnown(trx, method, known, verified, via, now);
    await stored(outcome, { paymentId: known.id });
    return outcome;
  });
  if (result instanceof NotificationRejected) throw result;
  return result;
}

/** Verified money no payment explains: kept (once per gateway trade) and posted as unmatched. */
async function recordUnmatched(
  trx: Db,
  method: TPayMethod,
  verified: VerifiedNotification,
  match: { reason: 'UNKNOWN_PAYMENT' | 'AMOUNT_DIFFERS'; paymentId: string | null },
  now: Date,
): Promise<string> {
  const paidAt = verified.paidAt ?? now;
  const row = await insertUnmatchedPayment(trx, {
    id: newId(now.getTime()),
    method,
    payment_no: verified.paymentNo,
    gateway_trade_no: verified.gatewayTradeNo,
    amount_fen: verified.amountFen,
    reason: match.reason,
    payment_id: match.paymentId,
    state: 'OPEN',
    paid_at: toDbDate(paidAt),
    created_at: toDbDate(now),
  });
  if (row.created) {
    await postUnmatched(trx, { unmatchedId: row.id, method, paymentNo: verified.paymentNo, gatewayTradeNo: verified.gatewayTradeNo, amountFen: verified.amountFen, at: paidAt });
  }
  return row.id;
}

/** The exactly-once part of applyVerifiedPayment, for a known payment with the right amount. */
async function applyKnown(trx: Db, method: TPayMethod, payment: PaymentRow, verified: VerifiedNotification, via: 'NOTIFICATION' | 'QUERY', now: Date): Promise<TApplyOutcome> {
    const nowText = toDbDate(now);
    const paidAt = toDbDate(verified.paidAt ?? now);
    const paid = await transitionPayment(trx, payment.id, PAYABLE_PAYMENT_STATES, 'PAID', {
      gateway_trade_no: verified.gatewayTradeNo,
      paid_at: paidAt,
      updated_at: nowText,
      ...(verified.payerAccount ? { payer_account: verified.payerAccount } : {}),
    });
    if (!paid) return 'DUPLICATE';
    const money = { paymentId: payment.id, method, paymentNo: payment.payment_no, gatewayTradeNo: verified.gatewayTradeNo, amountFen: verified.amountFen, at: fromDbDate(paidAt) };

    const notification = {
      id: newId(now.getTime()),
      dedupe_key: `${method}:${payment.payment_no}`,
      payment_id: payment.id,
      gateway_trade_no: verified.gatewayTradeNo,
      amount_fen: verified.amountFen,
      via,
      received_at: nowText,
    };
    const won = await transitionOrder(trx, payment.order_id, PAYABLE_ORDER_STATUSES, 'PAID', {
      paid_payment_id: payment.id,
      paid_at: paidAt,
      pay_method: payment.method,
      pay_client: payment.client,
      updated_at: nowText,
    });
    if (!won) {
      // Already paid by another payment (other method, older attempt) or closed meanwhile:
      // keep the money on record and flag it; the refund sweep returns it.
      await flagPaymentForRefund(trx, payment.id, true, nowText);
      await insertNotification(trx, { ...notification, outcome: 'DOUBLE_PAYMENT' });
      await postDoublePayment(trx, money);
      return 'DOUBLE_PAYMENT';
    }

    const order = await findOrder(trx, payment.order_id);
    if (!order) throw new Error(`order ${payment.order_id} vanished`);
    const items = await findOrderItems(trx, order.id);
    await fulfilOrder(trx, order.user_id, items, now);
    // The ambassador's commission (spec section 9) is part of the same transaction.
    await recordCommission(trx as unknown as Db, {
      order: { id: order.id },
      items: items.map((item) => ({ id: item.id, itemType: item.item_type, amountFen: Number(item.amount_fen) })),
      payerUserId: order.user_id,
      paidAt: fromDbDate(paidAt),
    });
    await transitionOrder(trx, order.id, ['PAID'], 'FULFILLED', { fulfilled_at: nowText, updated_at: nowText });
    await insertNotification(trx, { ...notification, outcome: 'APPLIED' });
    await postPayment(trx, money);
    return 'APPLIED';
}

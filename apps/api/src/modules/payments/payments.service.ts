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
import { accessibleOrder, findOrder, findOrderItems, type OrderCaller, transitionOrder } from '../orders';
import { findPaymentByNo, flagPaymentForRefund, insertNotification, insertPayment, transitionPayment } from './payments.repository';

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
}

export interface PayInput {
  orderId: string;
  payMethod: TPayMethod;
  payClient: TPayClient;
  openid?: string | undefined;
}

export function notifyPath(method: TPayMethod): string {
  return method === 'ZFB' ? '/pay/notify/alipay' : '/pay/notify/wechat';
}

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
  await transitionPayment(odb, payment.id, ['CREATED'], 'PENDING', { updated_at: toDbDate(new Date()) });

  const base = { orderId: order.id, paymentNo: payment.payment_no, amountFen: payment.amount_fen, expiresAt: order.expires_at };
  if (charge.kind === 'qr') return { kind: 'qr', ...base, codeUrl: charge.codeUrl, ...(isSandbox(provider) ? { sandbox: true } : {}) };
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
): Promise<TApplyOutcome> {
  const odb = db;
  return odb.transaction().execute(async (trx) => {
    const payment = await findPaymentByNo(trx, verified.paymentNo);
    if (!payment || payment.method !== method) throw new NotificationRejected('unknown payment');
    if (!verified.success) return 'IGNORED';
    if (!Number.isSafeInteger(verified.amountFen) || verified.amountFen !== Number(payment.amount_fen)) {
      throw new NotificationRejected(`amount ${verified.amountFen} differs from ${payment.amount_fen}`);
    }

    const nowText = toDbDate(now);
    const paidAt = toDbDate(verified.paidAt ?? now);
    const paid = await transitionPayment(trx, payment.id, PAYABLE_PAYMENT_STATES, 'PAID', {
      gateway_trade_no: verified.gatewayTradeNo,
      paid_at: paidAt,
      updated_at: nowText,
    });
    if (!paid) return 'DUPLICATE';

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
    return 'APPLIED';
  });
}

import { PAID_ORDER_STATUSES, type TOrderStatus, type TPayMethod } from '@llk/contracts';
import { newId, toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { GatewayTimeout, type PaymentProviders, type RefundResult } from './provider';
import { postSucceededRefund } from '../ledger';
import { reverseCommissionsForOrder } from '../referrals';
import { revokeFulfilment } from '../fulfilment';
import { findOrder, findOrderItems, transitionOrder, type OrderRow } from '../orders';
import { findPayment, findRefund, flagPaymentForRefund, insertRefund, transitionRefund, type RefundRow } from './payments.repository';

// Refunds (used by later work: cloud-PC cancellation, referral commission reversal; no route
// yet). An order refund moves the order to REFUNDING, records a refunds row (PENDING), asks
// the gateway with our refund_no (the gateways treat it as idempotent, so asking again after a
// timeout cannot refund twice), then:
//   SUCCESS    → refund SUCCEEDED; order refunded_fen grows; a full refund makes the order
//                REFUNDED and takes back what fulfilment granted, a partial one returns the
//                order to where it was (PAID / FULFILLED / COMPLETED)
//   PROCESSING → refund PROCESSING, order stays REFUNDING; retryOpenRefunds() asks again
//   FAILED     → refund FAILED, order back where it was, REFUND_FAILED
//   timeout    → refund stays PENDING, order REFUNDING, 50400; retryOpenRefunds() asks again
// A double payment (payments.needs_refund) is refunded the same way without touching its order.

export interface RefundDeps {
  db: Db;
  providers: PaymentProviders;
}

export interface RefundRequest {
  /** default: everything not refunded yet */
  amountFen?: number;
  reason: string;
}

const REFUNDABLE: readonly TOrderStatus[] = PAID_ORDER_STATUSES;

/** Where an order returns after a refund that did not finish it. */
function settledStatus(order: OrderRow): TOrderStatus {
  if (order.completed_at) return 'COMPLETED';
  if (order.fulfilled_at) return 'FULFILLED';
  return 'PAID';
}

/** Starts a refund of (part of) a paid order and asks the gateway; returns the refund row. */
export async function refundOrder(deps: RefundDeps, orderId: string, request: RefundRequest, now = new Date()): Promise<RefundRow> {
  const odb = deps.db;
  const nowText = toDbDate(now);
  const refund = await odb.transaction().execute(async (trx) => {
    const order = await findOrder(trx, orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (!REFUNDABLE.includes(order.status as TOrderStatus) || !order.paid_payment_id) throw new AppError('REFUND_NOT_ALLOWED');
    const remaining = Number(order.total_fen) - Number(order.refunded_fen);
    const amount = request.amountFen ?? remaining;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > remaining) throw new AppError('REFUND_NOT_ALLOWED');
    if (!(await transitionOrder(trx, order.id, REFUNDABLE, 'REFUNDING', { updated_at: nowText }))) throw new AppError('REFUND_NOT_ALLOWED');
    const row: RefundRow = {
      id: newId(now.getTime()),
      refund_no: newId(now.getTime()),
      order_id: order.id,
      payment_id: order.paid_payment_id,
      amount_fen: amount,
      reason: request.reason.slice(0, 200),
      state: 'PENDING',
      gateway_refund_no: null,
      created_at: nowText,
      updated_at: nowText,
      completed_at: null,
    };
    await insertRefund(trx, row);
    return row;
  });
  return askGateway(deps, refund.id);
}

/** Refunds a payment flagged needs_refund (a double payment); the order is left alone. */
export async function refundDoublePayment(deps: RefundDeps, paymentId: string, now = new Date()): Promise<RefundRow> {
  const odb = deps.db;
  const payment = await findPayment(odb, paymentId);
  if (!payment || payment.state !== 'PAID' || Number(payment.needs_refund) !== 1) throw new AppError('REFUND_NOT_ALLOWED');
  const nowText = toDbDate(now);
  const row: RefundRow = {
    id: newId(now.getTime()),
    refund_no: newId(now.getTime()),
    order_id: payment.order_id,
    payment_id: payment.id,
    amount_fen: Number(payment.amount_fen),
    reason: 'double payment',
    state: 'PENDING',
    gateway_refund_no: null,
    created_at: nowText,
    updated_at: nowText,
    completed_at: null,
  };
  await insertRefund(odb, row);
  return askGateway(deps, row.id);
}

/** (Re)asks the gateway about a PENDING/PROCESSING refund and records the answer. */
export async function askGateway(deps: RefundDeps, refundId: string): Promise<RefundRow> {
  const odb = deps.db;
  const refund = await findRefund(odb, refundId);
  if (!refund) throw new AppError('REFUND_NOT_ALLOWED');
  if (refund.state !== 'PENDING' && refund.state !== 'PROCESSING') return refund;
  const payment = await findPayment(odb, refund.payment_id);
  if (!payment) throw new Error(`refund ${refund.id}: payment missing`);

  let result: RefundResult;
  try {
    result = await deps.providers[payment.method as TPayMethod].refund({
      paymentNo: payment.payment_no,
      refundNo: refund.refund_no,
      amountFen: Number(refund.amount_fen),
      totalFen: Number(payment.amount_fen),
      reason: refund.reason,
    });
  } catch (error) {
    await transitionRefund(odb, refund.id, ['PENDING', 'PROCESSING'], refund.state, { updated_at: toDbDate(new Date()) });
    if (error instanceof GatewayTimeout) throw new AppError('GATEWAY_TIMEOUT', { cause: error });
    result = { state: 'FAILED' };
    await settle(odb, refund, result);
    throw new AppError('REFUND_FAILED', { cause: error });
  }
  const settled = await settle(odb, refund, result);
  if (result.state === 'FAILED') throw new AppError('REFUND_FAILED');
  return settled;
}

async function settle(odb: Db, refund: RefundRow, result: RefundResult, now = new Date()): Promise<RefundRow> {
  const nowText = toDbDate(now);
  await odb.transaction().execute(async (trx) => {
    const gateway = result.gatewayRefundNo ?? null;
    if (result.state === 'PROCESSING') {
      await transitionRefund(trx, refund.id, ['PENDING', 'PROCESSING'], 'PROCESSING', { gateway_refund_no: gateway, updated_at: nowText });
      return;
    }
    const to = result.state === 'SUCCESS' ? 'SUCCEEDED' : 'FAILED';
    const moved = await transitionRefund(trx, refund.id, ['PENDING', 'PROCESSING'], to, {
      gateway_refund_no: gateway,
      updated_at: nowText,
      completed_at: nowText,
    });
    if (!moved) return; // someone else settled it
    if (to === 'SUCCEEDED') await postSucceededRefund(trx, refund, now);
    const order = await findOrder(trx, refund.order_id);
    if (!order) return;
    const isOrderRefund = order.paid_payment_id === refund.payment_id && order.status === 'REFUNDING';
    if (!isOrderRefund) {
      if (to === 'SUCCEEDED') await flagPaymentForRefund(trx, refund.payment_id, false, nowText);
      return;
    }
    if (to === 'FAILED') {
      await transitionOrder(trx, order.id, ['REFUNDING'], settledStatus(order), { updated_at: nowText });
      return;
    }
    const refunded = Number(order.refunded_fen) + Number(refund.amount_fen);
    const full = refunded >= Number(order.total_fen);
    await transitionOrder(trx, order.id, ['REFUNDING'], full ? 'REFUNDED' : settledStatus(order), { refunded_fen: refunded, updated_at: nowText });
    // Commission is earned only by orders that see no refund within its window (spec section 4).
    await reverseCommissionsForOrder(trx as unknown as Db, order.id, now);
    if (full && order.fulfilled_at) {
      await revokeFulfilment(trx, order.user_id, await findOrderItems(trx, order.id), now);
    }
  });
  return (await findRefund(odb, refund.id)) ?? refund;
}

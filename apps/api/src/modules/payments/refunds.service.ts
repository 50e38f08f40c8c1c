import { PAID_ORDER_STATUSES, type TOrderStatus, type TPayMethod } from '@llk/contracts';
import { newId, toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type KeyValueStore } from '../../lib/kv';
import { type PaymentProviders, type RefundInput, type RefundOutcome, type RefundQueryOutcome } from './provider';
import { postSucceededRefund } from '../ledger';
import { reverseCommissionsForOrder } from '../referrals';
import { revokeFulfilment } from '../fulfilment';
import { forgetRevokedSeats } from '../seats';
import { findOrder, findOrderItems, transitionOrder, type OrderRow } from '../orders';
import {
  claimPaymentRefund,
  findPayment,
  findRefund,
  flagPaymentForRefund,
  insertRefund,
  leaseRefundAttempt,
  transitionRefund,
  type PaymentRow,
  type RefundRow,
} from './payments.repository';

// Refunds: of (part of) an order (cloud-PC cancellation, the back office), and of a double
// payment (payments.needs_refund). A refund row is written first (PENDING, our refund_no), then
// the gateway is asked with that number. Refund numbers are idempotent at both gateways, so the
// same refund may be asked about any number of times and never pays twice; a refund therefore
// never gets a second number. The states:
//
//   PENDING    written; the gateway may or may not know it (never asked, no answer, or a
//              retryable refusal). Asked again by the sweep.
//   PROCESSING the gateway accepted it, the money is on its way (WeChat PROCESSING, ABNORMAL;
//              Alipay fund_change N). Asked again by the sweep.
//   SUCCEEDED  the money went back (final): the order's refunded_fen grows, a full refund makes
//              it REFUNDED and takes back what fulfilment granted (settle, the only place).
//   FAILED     the gateway refused it for good (final; the only outcome that is): no money moved
//              under this number, the order returns to where it was.
//
// Outcome of one conversation → transition (RefundOutcome, provider.ts):
//   refunded   → SUCCEEDED
//   refused    → FAILED
//   processing → PROCESSING; ABNORMAL (attention) also raises an alert: somebody has to act in
//                the merchant console, and we keep asking until the gateway says SUCCESS
//   retryable  → stays, asked again after the back-off, alert (balance short, frequency limit)
//   unknown    → stays, asked again after the back-off (timeout, reset, 5xx, bad signature)
//
// Asking again (the sweep, askGateway) goes through the gateway's refund query first and sends
// the refund request again, under the same number, only when the gateway knows no such refund.
// Every conversation counts in `attempts`; the next one is due at `next_attempt_at`: after
// RETRY_BASE_MS, doubling with each attempt up to RETRY_MAX_MS. A conversation in progress
// holds the refund for LEASE_MS (so a process killed mid-call leaves a refund the sweep takes
// up once the lease is over). A double payment's refund stops after DOUBLE_PAYMENT_MAX_ATTEMPTS
// conversations without a final answer (next_attempt_at NULL) and alerts; an order's refund
// keeps being asked (the order stays REFUNDING, the customer is waiting for the money).
//
// Alerts are log lines with a stable `alert` field (the log pipeline pages on them):
//   'refund-retry'     a conversation ended without a final answer (warn)
//   'refund-attention' WeChat ABNORMAL: the money could not reach the buyer (error)
//   'refund-gave-up'   a double payment's refund stopped being asked automatically (error)
//   'refund-refused'   a double payment's refund was refused: the money is still ours (error)
//
// The caller of refundOrder learns where the first conversation left the refund: SUCCEEDED or
// PROCESSING return the row, FAILED is REFUND_FAILED, PENDING is GATEWAY_TIMEOUT (50400: not
// finished, the sweep finishes it; nothing to ask again).

export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_MS = 3_600_000;
export const LEASE_MS = 5 * 60_000;
export const DOUBLE_PAYMENT_MAX_ATTEMPTS = 8;

export interface RefundLog {
  warn(object: unknown, message: string): void;
  error(object: unknown, message: string): void;
}

export interface RefundDeps {
  db: Db;
  providers: PaymentProviders;
  /** the shared store: a full refund ends the heartbeat caches of the seats it revokes */
  kv: KeyValueStore;
  log?: RefundLog;
}

export interface RefundOptions {
  /**
   * Runs in the transaction that writes the refund row, before it: whatever it claims (a
   * released machine) commits together with the refund or not at all. Throwing aborts both.
   */
  claim?: (trx: Db) => Promise<void>;
}

export interface RefundRequest {
  /** default: everything not refunded yet */
  amountFen?: number;
  reason: string;
}

const REFUNDABLE: readonly TOrderStatus[] = PAID_ORDER_STATUSES;
const OPEN: readonly string[] = ['PENDING', 'PROCESSING'];

/** When the next conversation is due after `attempts` of them. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** Where an order returns after a refund that did not finish it. */
function settledStatus(order: OrderRow): TOrderStatus {
  if (order.completed_at) return 'COMPLETED';
  if (order.fulfilled_at) return 'FULFILLED';
  return 'PAID';
}

/** A new refund is held by the caller about to ask; the sweep takes over if it never records an answer. */
function firstAttempt(now: Date): Pick<RefundRow, 'attempts' | 'next_attempt_at' | 'last_outcome'> {
  return { attempts: 0, next_attempt_at: toDbDate(now.getTime() + LEASE_MS), last_outcome: null };
}

/** Starts a refund of (part of) a paid order and asks the gateway; returns the refund row. */
export async function refundOrder(deps: RefundDeps, orderId: string, request: RefundRequest, now = new Date(), options: RefundOptions = {}): Promise<RefundRow> {
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
    await options.claim?.(trx);
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
      ...firstAttempt(now),
    };
    await insertRefund(trx, row);
    return row;
  });
  return answerCaller(await sendRefund(deps, refund, now));
}

/**
 * Refunds a payment flagged needs_refund (a double payment); the order is left alone. The claim
 * and the refund row are one transaction, so of any number of concurrent callers exactly one
 * sends the refund; the others get REFUND_NOT_ALLOWED.
 */
export async function refundDoublePayment(deps: RefundDeps, paymentId: string, now = new Date()): Promise<RefundRow> {
  const odb = deps.db;
  const nowText = toDbDate(now);
  const refund = await odb.transaction().execute(async (trx) => {
    const payment = await findPayment(trx, paymentId);
    if (!payment || payment.state !== 'PAID' || Number(payment.needs_refund) !== 1) throw new AppError('REFUND_NOT_ALLOWED');
    if (!(await claimPaymentRefund(trx, payment.id, nowText))) throw new AppError('REFUND_NOT_ALLOWED');
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
      ...firstAttempt(now),
    };
    await insertRefund(trx, row);
    return row;
  });
  return answerCaller(await sendRefund(deps, refund, now));
}

/** What the caller of a first attempt learns (see the top of this file). */
function answerCaller(refund: RefundRow): RefundRow {
  if (refund.state === 'FAILED') throw new AppError('REFUND_FAILED');
  if (refund.state === 'PENDING') throw new AppError('GATEWAY_TIMEOUT');
  return refund;
}

function refundInput(refund: RefundRow, payment: PaymentRow): RefundInput {
  return {
    paymentNo: payment.payment_no,
    refundNo: refund.refund_no,
    amountFen: Number(refund.amount_fen),
    totalFen: Number(payment.amount_fen),
    reason: refund.reason,
  };
}

async function paymentOf(odb: Db, refund: RefundRow): Promise<PaymentRow> {
  const payment = await findPayment(odb, refund.payment_id);
  if (!payment) throw new Error(`refund ${refund.id}: payment missing`);
  return payment;
}

/** The first conversation: the refund request itself. */
async function sendRefund(deps: RefundDeps, refund: RefundRow, now: Date): Promise<RefundRow> {
  const payment = await paymentOf(deps.db, refund);
  const outcome = await deps.providers[payment.method as TPayMethod].requestRefund(refundInput(refund, payment));
  return record(deps, refund, payment, outcome, now);
}

/**
 * Asks again about an open refund (the sweep; also by hand): the gateway's refund query first,
 * and the request again under the same number only when the gateway knows no such refund.
 * Returns the row as it stands afterwards; final rows are returned untouched.
 */
export async function askGateway(deps: RefundDeps, refundId: string, now = new Date()): Promise<RefundRow> {
  const odb = deps.db;
  const refund = await findRefund(odb, refundId);
  if (!refund) throw new AppError('REFUND_NOT_ALLOWED');
  if (!OPEN.includes(refund.state)) return refund;
  // Somebody else is talking to the gateway about it right now: leave it to them.
  if (!(await leaseRefundAttempt(odb, refund.id, refund.next_attempt_at, toDbDate(now.getTime() + LEASE_MS)))) return refund;
  const payment = await paymentOf(odb, refund);
  const provider = deps.providers[payment.method as TPayMethod];
  const queried: RefundQueryOutcome = await provider.queryRefund({ outTradeNo: payment.payment_no, outRefundNo: refund.refund_no });
  const outcome = queried.kind === 'not_found' ? await provider.requestRefund(refundInput(refund, payment)) : queried;
  return record(deps, refund, payment, outcome, now);
}

function describe(outcome: RefundOutcome): string {
  switch (outcome.kind) {
    case 'refunded':
      return 'refunded';
    case 'processing':
      return outcome.attention ? 'processing:ABNORMAL' : 'processing';
    case 'refused':
    case 'retryable':
      return `${outcome.kind}:${outcome.code}`.slice(0, 200);
    case 'unknown':
      return `unknown:${outcome.reason}`;
  }
}

/** Records what one conversation said (see the table at the top). */
async function record(deps: RefundDeps, refund: RefundRow, payment: PaymentRow, outcome: RefundOutcome, now: Date): Promise<RefundRow> {
  const odb = deps.db;
  const context = { refundId: refund.id, refundNo: refund.refund_no, paymentNo: payment.payment_no, method: payment.method, amountFen: Number(refund.amount_fen) };
  if (outcome.kind === 'refunded' || outcome.kind === 'refused') {
    const settled = await settle(deps, refund, outcome, now);
    if (outcome.kind === 'refused' && settled.state === 'FAILED' && isDoublePayment(payment, await findOrder(odb, refund.order_id))) {
      deps.log?.error({ ...context, alert: 'refund-refused', code: outcome.code, detail: outcome.message }, 'a double payment could not be refunded: the money is still ours');
    }
    return settled;
  }
  const attempts = Number(refund.attempts) + 1;
  const order = await findOrder(odb, refund.order_id);
  const gaveUp = isDoublePayment(payment, order) && attempts >= DOUBLE_PAYMENT_MAX_ATTEMPTS;
  const nowText = toDbDate(now);
  const to = outcome.kind === 'processing' ? 'PROCESSING' : refund.state;
  await transitionRefund(odb, refund.id, OPEN, to, {
    attempts,
    next_attempt_at: gaveUp ? null : toDbDate(now.getTime() + retryDelayMs(attempts)),
    last_outcome: describe(outcome),
    ...(outcome.kind === 'processing' && outcome.gatewayRefundNo ? { gateway_refund_no: outcome.gatewayRefundNo } : {}),
    updated_at: nowText,
  });
  if (outcome.kind === 'processing' && outcome.attention) {
    deps.log?.error({ ...context, alert: 'refund-attention', attempts, detail: outcome.attention }, 'a refund needs attention in the merchant console');
  } else if (outcome.kind !== 'processing') {
    const detail = outcome.kind === 'unknown' ? `${outcome.reason}: ${outcome.detail}` : `${outcome.code}: ${outcome.message}`;
    deps.log?.warn({ ...context, alert: 'refund-retry', attempts, outcome: outcome.kind, detail, nextAttemptInMs: gaveUp ? null : retryDelayMs(attempts) }, 'a refund is still open at its gateway');
  }
  if (gaveUp) deps.log?.error({ ...context, alert: 'refund-gave-up', attempts }, 'a double payment refund is no longer asked automatically');
  return (await findRefund(odb, refund.id)) ?? refund;
}

/** A refund of a payment that did not pay its order (a double or late payment). */
function isDoublePayment(payment: PaymentRow, order: OrderRow | undefined): boolean {
  return order?.paid_payment_id !== payment.id;
}

/** The only place a refund becomes final: SUCCEEDED (money back) or FAILED (refused for good). */
async function settle(deps: RefundDeps, refund: RefundRow, outcome: Extract<RefundOutcome, { kind: 'refunded' | 'refused' }>, now: Date): Promise<RefundRow> {
  const odb = deps.db;
  const nowText = toDbDate(now);
  let revokedSeatIds: string[] = [];
  await odb.transaction().execute(async (trx) => {
    const to = outcome.kind === 'refunded' ? 'SUCCEEDED' : 'FAILED';
    const moved = await transitionRefund(trx, refund.id, OPEN, to, {
      ...(outcome.kind === 'refunded' && outcome.gatewayRefundNo ? { gateway_refund_no: outcome.gatewayRefundNo } : {}),
      attempts: Number(refund.attempts) + 1,
      next_attempt_at: null,
      last_outcome: outcome.kind === 'refunded' ? 'refunded' : `refused:${outcome.code}`.slice(0, 200),
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
      revokedSeatIds = (await revokeFulfilment(trx, order.user_id, await findOrderItems(trx, order.id), now)).seatIds;
    }
  });
  // Committed: the devices that held the revoked seats stop answering them at their next beat.
  if (revokedSeatIds.length) await forgetRevokedSeats(odb, deps.kv, revokedSeatIds);
  return (await findRefund(odb, refund.id)) ?? refund;
}

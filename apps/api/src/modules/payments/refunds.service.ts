import { PAID_ORDER_STATUSES, type TCustomerRefundState, type TOrderStatus, type TPayMethod } from '@llk/contracts';
import { newId, toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type KeyValueStore } from '../../lib/kv';
import { type PaymentProviders, type RefundInput, type RefundOutcome, type RefundQueryOutcome } from './provider';
import { postRefundOwed, postRefundWithdrawn, postSettledRefund } from '../ledger';
import { reverseCommissionsForOrder } from '../referrals';
import { isMachineReleasedByRefund, revokeFulfilment } from '../fulfilment';
import { forgetRevokedSeats } from '../seats';
import { customerRefundState, findOrder, findOrderItems, findRefundsOfOrders, transitionOrder, type OrderRow } from '../orders';
import {
  claimPaymentRefund,
  findPayment,
  findRefund,
  flagPaymentForRefund,
  insertRefund,
  leaseRefundAttempt,
  sumOtherRefundsOfOrder,
  transitionRefund,
  type PaymentRow,
  type RefundRow,
} from './payments.repository';

// Refunds: of (part of) an order (cloud-PC cancellation, the back office), and of a double
// payment (payments.needs_refund). A refund row is written first (PENDING, our refund_no), then
// the gateway is asked with that number. Refund numbers are idempotent at both gateways, so the
// same refund may be asked about any number of times and never pays twice; a refund therefore
// never gets a second number. The states (REFUND_TRANSITIONS below is the only way between them;
// docs/adr/0015, "Refund states and the staff queue"):
//
//   PENDING    written; the gateway may or may not know it (never asked, no answer, or a
//              retryable refusal). Asked again by the sweep.
//   PROCESSING the gateway accepted it, the money is on its way (WeChat PROCESSING, ABNORMAL;
//              Alipay fund_change N). Asked again by the sweep.
//   SUCCEEDED  the money went back (final): the order's refunded_fen grows, a full refund makes
//              it REFUNDED and takes back what fulfilment granted (settle, the only place).
//   FAILED     the gateway refused it (no money moved under this number). Never asked again
//              automatically: it is in the staff queue, the order stays REFUNDING and the money
//              stays owed (payable:refunds) until staff retry it (a new refund, a new number) or
//              settle it by hand.
//   UNKNOWN    REFUND_MAX_ATTEMPTS conversations without a final answer: not asked again
//              automatically; in the staff queue, who ask again (same number, query first) or
//              settle it by hand.
//   SETTLED    staff paid it back another way and recorded it (final; like SUCCEEDED for the order).
//   WITHDRAWN  nobody owes it any more (final): the claim it was for was undone (a cloud-PC
//              first-order refund refused at once, the machine running again), staff said so, or
//              staff replaced it by a new refund (last_outcome 'retried:<refund id>').
//
// Outcome of one conversation → transition (RefundOutcome, provider.ts):
//   refunded   → SUCCEEDED
//   refused    → FAILED, alert
//   processing → PROCESSING; ABNORMAL (attention) also raises an alert: somebody has to act in
//                the merchant console, and we keep asking until the gateway says SUCCESS
//   retryable  → stays, asked again after the back-off, alert (balance short, frequency limit)
//   unknown    → stays, asked again after the back-off (timeout, reset, 5xx, bad signature)
//   the REFUND_MAX_ATTEMPTS-th retryable or unknown → UNKNOWN, alert
//
// Asking again (the sweep, askGateway) goes through the gateway's refund query first and sends
// the refund request again, under the same number, only when the gateway knows no such refund.
// Every conversation counts in `attempts`; the next one is due at `next_attempt_at`: after
// RETRY_BASE_MS, doubling with each attempt up to RETRY_MAX_MS. A conversation in progress
// holds the refund for LEASE_MS (so a process killed mid-call leaves a refund the sweep takes
// up once the lease is over).
//
// Alerts are log lines with a stable `alert` field (the log pipeline pages on them; the back
// office has no channel of its own, so its refund queue shows the same refunds with a count):
//   'refund-retry'     a conversation ended without a final answer (warn)
//   'refund-attention' WeChat ABNORMAL: the money could not reach the buyer (error)
//   'refund-queued'    a refund became FAILED or UNKNOWN: staff must act (error; once per
//                      refund and entry into the queue, as the transition happens once)
//
// The caller of refundOrder learns where the first conversation left the refund: SUCCEEDED or
// PROCESSING return the row, FAILED is REFUND_FAILED, PENDING is GATEWAY_TIMEOUT (50400: not
// finished, the sweep finishes it; nothing to ask again).

export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_MS = 3_600_000;
export const LEASE_MS = 5 * 60_000;
/** conversations without a final answer after which a refund goes to the staff queue (UNKNOWN) */
export const REFUND_MAX_ATTEMPTS = 8;

export type TRefundState = 'PENDING' | 'PROCESSING' | 'SUCCEEDED' | 'FAILED' | 'UNKNOWN' | 'SETTLED' | 'WITHDRAWN';

/** A refund's life cycle: from each state, where it may go. moveRefund refuses anything else. */
export const REFUND_TRANSITIONS: Readonly<Record<TRefundState, readonly TRefundState[]>> = {
  PENDING: ['PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'UNKNOWN'],
  PROCESSING: ['PROCESSING', 'SUCCEEDED', 'FAILED', 'UNKNOWN'],
  // staff: a new refund in its place (WITHDRAWN), settled by hand, or not owed (WITHDRAWN)
  FAILED: ['SETTLED', 'WITHDRAWN'],
  // staff: asked again under the same number (PENDING), or settled by hand; never withdrawn,
  // since the gateway may have paid it
  UNKNOWN: ['PENDING', 'SETTLED'],
  SUCCEEDED: [],
  SETTLED: [],
  WITHDRAWN: [],
};

/** The refunds staff must look at (the back office's refund queue). */
export const QUEUED_REFUND_STATES: readonly TRefundState[] = ['FAILED', 'UNKNOWN'];

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
  /**
   * A refusal of the first request withdraws the refund at once (nothing owed, no staff queue,
   * no alert) and runs this, which undoes what `claim` claimed (the cloud-PC machine runs
   * again), in the same transaction as the refusal and the withdrawal: either all of it commits
   * or the refund stays open, and the sweep asks again and queues the refusal with its alert.
   */
  unclaimIfRefused?: (trx: Db) => Promise<void>;
}

export interface RefundRequest {
  /** default: everything not refunded yet */
  amountFen?: number;
  reason: string;
}

const REFUNDABLE: readonly TOrderStatus[] = PAID_ORDER_STATUSES;
const OPEN: readonly TRefundState[] = ['PENDING', 'PROCESSING'];

/**
 * The one way a refund's state changes: a conditional update from `from` (each step checked
 * against REFUND_TRANSITIONS) to `to`; false when the row was not in `from` any more.
 */
async function moveRefund(db: Db, id: string, from: readonly TRefundState[], to: TRefundState, values: Parameters<typeof transitionRefund>[4]): Promise<boolean> {
  const illegal = from.filter((state) => !REFUND_TRANSITIONS[state].includes(to));
  if (illegal.length) throw new Error(`refund ${id}: ${illegal.join(', ')} → ${to} is not a refund transition`);
  return transitionRefund(db, id, from, to, values);
}

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
function firstAttempt(now: Date): Pick<RefundRow, 'attempts' | 'next_attempt_at' | 'last_outcome' | 'failure_detail'> {
  return { attempts: 0, next_attempt_at: toDbDate(now.getTime() + LEASE_MS), last_outcome: null, failure_detail: null };
}

function newRefundRow(order: OrderRow, paymentId: string, amountFen: number, reason: string, now: Date): RefundRow {
  const nowText = toDbDate(now);
  return {
    id: newId(now.getTime()),
    refund_no: newId(now.getTime()),
    order_id: order.id,
    payment_id: paymentId,
    amount_fen: amountFen,
    reason: reason.slice(0, 200),
    state: 'PENDING',
    gateway_refund_no: null,
    created_at: nowText,
    updated_at: nowText,
    completed_at: null,
    ...firstAttempt(now),
  };
}

/** Writes an order refund's row and posts what it makes owed, in the caller's transaction. */
async function insertOrderRefund(trx: Db, row: RefundRow, now: Date): Promise<void> {
  await insertRefund(trx, row);
  await postRefundOwed(trx, { refundId: row.id, refundNo: row.refund_no, amountFen: Number(row.amount_fen), at: now });
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
    const row = newRefundRow(order, order.paid_payment_id, amount, request.reason, now);
    await insertOrderRefund(trx, row, now);
    return row;
  });
  return answerCaller(await sendRefund(deps, refund, now, options.unclaimIfRefused));
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
    // payable:double-payment has owed it since the money arrived: nothing more to post
    await insertRefund(trx, row);
    return row;
  });
  return answerCaller(await sendRefund(deps, refund, now));
}

/** What the caller of a first attempt learns (see the top of this file). */
function answerCaller(refund: RefundRow): RefundRow {
  // WITHDRAWN: refused and withdrawn at once (unclaimIfRefused)
  if (refund.state === 'FAILED' || refund.state === 'WITHDRAWN') throw new AppError('REFUND_FAILED');
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
async function sendRefund(deps: RefundDeps, refund: RefundRow, now: Date, unclaimIfRefused?: RefundOptions['unclaimIfRefused']): Promise<RefundRow> {
  const payment = await paymentOf(deps.db, refund);
  const outcome = await deps.providers[payment.method as TPayMethod].requestRefund(refundInput(refund, payment));
  return record(deps, refund, payment, outcome, now, unclaimIfRefused);
}

/**
 * Asks again about an open refund (the sweep): the gateway's refund query first, and the request
 * again under the same number only when the gateway knows no such refund. Returns the row as it
 * stands afterwards; rows that are not open are returned untouched (a refused refund is never
 * asked again here: it waits for staff).
 */
export async function askGateway(deps: RefundDeps, refundId: string, now = new Date()): Promise<RefundRow> {
  const odb = deps.db;
  const refund = await findRefund(odb, refundId);
  if (!refund) throw new AppError('REFUND_NOT_ALLOWED');
  if (!OPEN.includes(refund.state as TRefundState)) return refund;
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

function contextOf(refund: RefundRow, payment: PaymentRow) {
  return { refundId: refund.id, refundNo: refund.refund_no, orderId: refund.order_id, paymentNo: payment.payment_no, method: payment.method, amountFen: Number(refund.amount_fen) };
}

/** The one alert of a refund that entered the staff queue. */
function alertQueued(deps: RefundDeps, refund: RefundRow, payment: PaymentRow, state: 'FAILED' | 'UNKNOWN', detail: string): void {
  deps.log?.error({ ...contextOf(refund, payment), alert: 'refund-queued', state, attempts: Number(refund.attempts) + 1, detail }, 'a refund needs staff: it is in the back office refund queue');
}

/** Records what one conversation said (see the table at the top). */
async function record(deps: RefundDeps, refund: RefundRow, payment: PaymentRow, outcome: RefundOutcome, now: Date, unclaimIfRefused?: RefundOptions['unclaimIfRefused']): Promise<RefundRow> {
  const odb = deps.db;
  const context = contextOf(refund, payment);
  if (outcome.kind === 'refunded') return settle(deps, refund, { to: 'SUCCEEDED', from: OPEN, outcome }, now);
  if (outcome.kind === 'refused' && unclaimIfRefused) {
    // withdrawn at once with its claim undone, in one transaction: it never reaches the queue
    await odb.transaction().execute(async (trx) => {
      if (!(await fail(trx, refund, OPEN, outcome, now))) return;
      await withdrawOrderRefund(trx, refund, now);
      await unclaimIfRefused(trx);
    });
    return (await findRefund(odb, refund.id)) ?? refund;
  }
  if (outcome.kind === 'refused') {
    if (await fail(odb, refund, OPEN, outcome, now)) alertQueued(deps, refund, payment, 'FAILED', `${outcome.code}: ${outcome.message}`);
    return (await findRefund(odb, refund.id)) ?? refund;
  }
  const attempts = Number(refund.attempts) + 1;
  const gaveUp = outcome.kind !== 'processing' && attempts >= REFUND_MAX_ATTEMPTS;
  const nowText = toDbDate(now);
  const to: TRefundState = gaveUp ? 'UNKNOWN' : outcome.kind === 'processing' ? 'PROCESSING' : (refund.state as TRefundState);
  // an open refund stays where it is (PENDING) or moves on; it never goes back to PENDING
  const moved = await moveRefund(odb, refund.id, to === 'PENDING' ? ['PENDING'] : OPEN, to, {
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
    if (gaveUp && moved) alertQueued(deps, refund, payment, 'UNKNOWN', detail);
  }
  return (await findRefund(odb, refund.id)) ?? refund;
}

/** A refusal: FAILED, into the staff queue. The order stays REFUNDING and the money owed. */
async function fail(db: Db, refund: RefundRow, from: readonly TRefundState[], outcome: Extract<RefundOutcome, { kind: 'refused' }>, now: Date): Promise<boolean> {
  const nowText = toDbDate(now);
  return moveRefund(db, refund.id, from, 'FAILED', {
    attempts: Number(refund.attempts) + 1,
    next_attempt_at: null,
    last_outcome: `refused:${outcome.code}`.slice(0, 200),
    failure_detail: outcome.message.slice(0, 500),
    updated_at: nowText,
    completed_at: nowText,
  });
}

type TSettlement =
  | { to: 'SUCCEEDED'; from: readonly TRefundState[]; outcome: Extract<RefundOutcome, { kind: 'refunded' }> }
  | { to: 'SETTLED'; from: readonly TRefundState[]; audit?: (trx: Db) => Promise<void> };

/** The only place a refund's money is confirmed back: SUCCEEDED (the gateway) or SETTLED (staff, by hand). */
async function settle(deps: RefundDeps, refund: RefundRow, settlement: TSettlement, now: Date): Promise<RefundRow> {
  const odb = deps.db;
  const nowText = toDbDate(now);
  let revokedSeatIds: string[] = [];
  await odb.transaction().execute(async (trx) => {
    const { to } = settlement;
    const moved = await moveRefund(trx, refund.id, settlement.from, to, {
      ...(to === 'SUCCEEDED' && settlement.outcome.gatewayRefundNo ? { gateway_refund_no: settlement.outcome.gatewayRefundNo } : {}),
      ...(to === 'SUCCEEDED' ? { attempts: Number(refund.attempts) + 1, last_outcome: 'refunded' } : {}),
      next_attempt_at: null,
      updated_at: nowText,
      completed_at: nowText,
    });
    if (!moved) {
      if (to === 'SETTLED') throw new AppError('REFUND_NOT_ALLOWED');
      return; // someone else settled it
    }
    if (to === 'SETTLED') await settlement.audit?.(trx);
    await postSettledRefund(trx, refund, now, to === 'SUCCEEDED' ? 'GATEWAY' : 'BY_HAND');
    const order = await findOrder(trx, refund.order_id);
    if (!order) return;
    const isOrderRefund = order.paid_payment_id === refund.payment_id && order.status === 'REFUNDING';
    if (!isOrderRefund) {
      await flagPaymentForRefund(trx, refund.payment_id, false, nowText);
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

// ---- The staff queue (docs/adr/0015, "Refund states and the staff queue") ----------------------

export interface StaffRefundAction {
  /** writes the audit record, in the transaction of the change */
  audit: (trx: Db, before: RefundRow) => Promise<void>;
}

async function queuedRefund(db: Db, refundId: string, states: readonly TRefundState[] = QUEUED_REFUND_STATES): Promise<RefundRow> {
  const refund = await findRefund(db, refundId);
  if (!refund || !states.includes(refund.state as TRefundState)) throw new AppError('REFUND_NOT_ALLOWED');
  return refund;
}

/** Whether the refund pays back the payment that paid its order (not a double payment). */
async function isOrderRefund(db: Db, refund: RefundRow): Promise<boolean> {
  return (await findOrder(db, refund.order_id))?.paid_payment_id === refund.payment_id;
}

/**
 * Staff try a queued refund again, once and deliberately. UNKNOWN: asked again under its own
 * number (query first, so it never pays twice). FAILED: that number was refused for good, so a
 * new refund of the same amount takes its place (the old one WITHDRAWN, 'retried:<new id>'),
 * and the gateway is asked once. Returns the refund that now carries the money, as it stands.
 */
export async function retryQueuedRefund(deps: RefundDeps, refundId: string, action: StaffRefundAction, now = new Date()): Promise<RefundRow> {
  const odb = deps.db;
  const nowText = toDbDate(now);
  const refund = await queuedRefund(odb, refundId);
  const payment = await paymentOf(odb, refund);
  if (refund.state === 'UNKNOWN') {
    await odb.transaction().execute(async (trx) => {
      if (!(await moveRefund(trx, refund.id, ['UNKNOWN'], 'PENDING', { next_attempt_at: toDbDate(now.getTime() + LEASE_MS), updated_at: nowText }))) throw new AppError('REFUND_NOT_ALLOWED');
      await action.audit(trx, refund);
    });
    const provider = deps.providers[payment.method as TPayMethod];
    const held = { ...refund, state: 'PENDING' };
    const queried = await provider.queryRefund({ outTradeNo: payment.payment_no, outRefundNo: refund.refund_no });
    const outcome = queried.kind === 'not_found' ? await provider.requestRefund(refundInput(refund, payment)) : queried;
    return record(deps, held, payment, outcome, now);
  }
  const replacement = await odb.transaction().execute(async (trx) => {
    const order = await findOrder(trx, refund.order_id);
    if (!order) throw new AppError('REFUND_NOT_ALLOWED');
    const row = newRefundRow(order, refund.payment_id, Number(refund.amount_fen), refund.reason, now);
    if (!(await moveRefund(trx, refund.id, ['FAILED'], 'WITHDRAWN', { last_outcome: `retried:${row.id}`, updated_at: nowText }))) throw new AppError('REFUND_NOT_ALLOWED');
    await requireStillOwed(trx, order, refund);
    await action.audit(trx, refund);
    if (order.paid_payment_id === refund.payment_id) {
      // the debt moves to the new refund: withdrawn under the old one, owed under the new one
      await postRefundWithdrawn(trx, { refundId: refund.id, refundNo: refund.refund_no, amountFen: Number(refund.amount_fen), at: now });
      await insertOrderRefund(trx, row, now);
    } else {
      await insertRefund(trx, row);
    }
    return row;
  });
  return sendRefund(deps, replacement, now);
}

/** Refunds that still carry (or may carry) money: neither paid back nor withdrawn. */
const LIVE: readonly TRefundState[] = ['PENDING', 'PROCESSING', 'UNKNOWN', 'FAILED'];

/**
 * A refused order refund is owed only while its order is REFUNDING and its amount still fits in
 * what was paid, less what was refunded and what the order's other live refunds carry: anything
 * else (a refusal that was final under the rules before migration 0037, the order refunded
 * another way) would pay twice if retried, and has no REFUND_OWED posting to take back if
 * withdrawn. A double payment's refund is not the order's.
 */
async function requireStillOwed(trx: Db, order: OrderRow, refund: RefundRow): Promise<void> {
  if (order.paid_payment_id !== refund.payment_id) return;
  if (order.status !== 'REFUNDING') throw new AppError('ADMIN_REFUND_NOT_OWED');
  const others = await sumOtherRefundsOfOrder(trx, order.id, refund.payment_id, refund.id, LIVE);
  if (Number(order.refunded_fen) + others + Number(refund.amount_fen) > Number(order.total_fen)) throw new AppError('ADMIN_REFUND_NOT_OWED');
}

/** Staff paid a queued refund back another way (bank transfer, the merchant console) and record it. */
export async function settleQueuedRefundByHand(deps: RefundDeps, refundId: string, action: StaffRefundAction, now = new Date()): Promise<RefundRow> {
  const refund = await queuedRefund(deps.db, refundId);
  return settle(deps, refund, { to: 'SETTLED', from: [refund.state as TRefundState], audit: (trx) => action.audit(trx, refund) }, now);
}

/**
 * A refused order refund nobody owes any more, in the caller's transaction: WITHDRAWN, the order
 * back where it was, the debt taken back in the ledger; false when it was not FAILED any more.
 */
async function withdrawOrderRefund(trx: Db, refund: RefundRow, now: Date): Promise<boolean> {
  const nowText = toDbDate(now);
  if (!(await moveRefund(trx, refund.id, ['FAILED'], 'WITHDRAWN', { updated_at: nowText }))) return false;
  await postRefundWithdrawn(trx, { refundId: refund.id, refundNo: refund.refund_no, amountFen: Number(refund.amount_fen), at: now });
  const order = await findOrder(trx, refund.order_id);
  if (order?.status === 'REFUNDING') await transitionOrder(trx, order.id, ['REFUNDING'], settledStatus(order), { updated_at: nowText });
  return true;
}

/**
 * Staff decide a refused order refund is not owed (NOT_OWED): withdrawn (withdrawOrderRefund).
 * A double payment's refund is never withdrawn (that money is not ours), nor one whose claim
 * released a cloud PC (the customer would have neither the machine nor the money; ADR 0015).
 */
export async function withdrawRefusedRefund(deps: RefundDeps, refundId: string, now = new Date(), action?: StaffRefundAction): Promise<RefundRow> {
  const odb = deps.db;
  const refund = await queuedRefund(odb, refundId, ['FAILED']);
  if (!(await isOrderRefund(odb, refund))) throw new AppError('REFUND_NOT_ALLOWED');
  if (await isMachineReleasedByRefund(odb, refund.order_id)) throw new AppError('ADMIN_REFUND_MACHINE_RELEASED');
  await odb.transaction().execute(async (trx) => {
    const order = await findOrder(trx, refund.order_id);
    if (!order || !(await withdrawOrderRefund(trx, refund, now))) throw new AppError('REFUND_NOT_ALLOWED');
    await requireStillOwed(trx, order, refund);
    await action?.audit(trx, refund);
  });
  return (await findRefund(odb, refund.id)) ?? refund;
}

export interface CustomerRefund {
  orderId: string;
  amountFen: number;
  state: TCustomerRefundState;
  requestedAt: string;
  updatedAt: string;
}

/** The refunds of these orders as their customer sees them (withdrawn ones left out), oldest first. */
export async function customerRefundsOf(db: Db, orderIds: readonly string[]): Promise<CustomerRefund[]> {
  const shown: CustomerRefund[] = [];
  for (const row of await findRefundsOfOrders(db, orderIds)) {
    const state = customerRefundState(row);
    if (state) shown.push({ orderId: row.order_id, amountFen: Number(row.amount_fen), state, requestedAt: row.created_at, updatedAt: row.completed_at ?? row.updated_at });
  }
  return shown;
}

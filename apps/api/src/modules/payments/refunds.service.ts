import { PAID_ORDER_STATUSES, type TOrderStatus, type TPayMethod } from '@llk/contracts';
import { newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type KeyValueStore } from '../../infrastructure/kv';
import { type PaymentProviders, type RefundInput, type RefundOutcome, type RefundQueryOutcome } from './provider';
import { findOrder, type OrderActor, type OrderRow } from '../orders';
import {
  findPayment,
  findRefund,
  leaseRefundAttempt,
  sumOtherRefundsOfOrder,
  type PaymentRow,
  type RefundRow,
} from './payments.repository';
import { moveRefund, type TRefundState } from './refund-life-cycle';

// A refund's row and its conversations with the gateway. Every path that starts, settles or
// withdraws a refund (a cloud-PC first order, staff, a double payment, an undeliverable renewal,
// the staff queue) is the refund-order flow (src/flows/refund-order.ts, ADR 0039), which composes
// the steps exported here with orders, ledger, fulfilment, referrals and seats. A refund row is
// written first (PENDING, our refund_no), then the gateway is asked with that number. Refund numbers are idempotent at both gateways, so the
// same refund may be asked about any number of times and never pays twice; a refund therefore
// never gets a second number. The states (REFUND_TRANSITIONS, refund-life-cycle.ts, is the only way between them;
// docs/adr/0015, "Refund states and the staff queue"):
//
//   PENDING    written; the gateway may or may not know it (never asked, no answer, or a
//              retryable refusal). Asked again by the sweep.
//   PROCESSING the gateway accepted it, the money is on its way (WeChat PROCESSING, ABNORMAL;
//              Alipay fund_change N). Asked again by the sweep.
//   SUCCEEDED  the money went back (final): the order's refunded_fen grows, a full refund makes
//              it REFUNDED and takes back what fulfilment granted (the flow's settleRefund, the only place).
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
// The caller of a first conversation (answerCaller) learns where it left the refund: SUCCEEDED or
// PROCESSING return the row, FAILED is REFUND_FAILED, PENDING is GATEWAY_TIMEOUT (50400: not
// finished, the sweep finishes it; nothing to ask again).

export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_MS = 3_600_000;
export const LEASE_MS = 5 * 60_000;
/** conversations without a final answer after which a refund goes to the staff queue (UNKNOWN) */
export const REFUND_MAX_ATTEMPTS = 8;

/** The refunds staff must look at (the back office's refund queue). */
export const QUEUED_REFUND_STATES: readonly TRefundState[] = ['FAILED', 'UNKNOWN'];

/** The order statuses a refund may start from. */
export const REFUNDABLE_ORDER_STATUSES: readonly TOrderStatus[] = PAID_ORDER_STATUSES;
/** Refunds still talking to their gateway. */
export const OPEN_REFUND_STATES: readonly TRefundState[] = ['PENDING', 'PROCESSING'];
/** Refunds that still carry (or may carry) money: neither paid back nor withdrawn. */
export const LIVE_REFUND_STATES: readonly TRefundState[] = ['PENDING', 'PROCESSING', 'UNKNOWN', 'FAILED'];

export interface RefundLog {
  warn(object: unknown, message: string): void;
  error(object: unknown, message: string): void;
}

/** How a refund's money is confirmed back: by the gateway (SUCCEEDED) or by staff, by hand (SETTLED). */
export type TSettlement =
  | { to: 'SUCCEEDED'; from: readonly TRefundState[]; outcome: Extract<RefundOutcome, { kind: 'refunded' }> }
  | { to: 'SETTLED'; from: readonly TRefundState[]; audit?: (trx: Db) => Promise<void> };

/**
 * Everything a refund's money coming back changes beyond its row (the order, the ledger, the
 * commission, what fulfilment granted, the seats): the refund-order flow's settleRefund. Whoever
 * talks to a gateway about refunds is handed it by the composition, so a confirmed refund is
 * settled the same way wherever the answer arrives.
 */
export type SettleRefund = (deps: RefundDeps, refund: RefundRow, settlement: TSettlement, now: Date) => Promise<RefundRow>;

/** What talking to a gateway about refunds needs; `settleRefund` is the flow's. */
export interface RefundContext {
  db: Db;
  providers: PaymentProviders;
  /** the shared store: a full refund ends the heartbeat caches of the seats it revokes */
  kv: KeyValueStore;
  log?: RefundLog;
}

export interface RefundDeps extends RefundContext {
  settleRefund: SettleRefund;
}

export interface RefundRequest {
  /** default: everything not refunded yet */
  amountFen?: number;
  reason: string;
  /** who asks it: the customer (a cloud-PC first order), the back office, or the system (an undeliverable renewal; the default) */
  by?: Extract<OrderActor, 'CUSTOMER' | 'STAFF' | 'SYSTEM'>;
}

/**
 * Runs in the transaction that records a refusal of the first request, after it: the refund-order
 * flow withdraws the refund at once and undoes its claim there, so either all of it commits or
 * the refund stays open (the sweep asks again and queues the refusal with its alert).
 */
export type WithdrawIfRefused = (trx: Db, refund: RefundRow) => Promise<void>;

/** When the next conversation is due after `attempts` of them. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** Where an order returns after a refund that did not finish it. */
export function settledStatus(order: OrderRow): TOrderStatus {
  if (order.completed_at) return 'COMPLETED';
  if (order.fulfilled_at) return 'FULFILLED';
  return 'PAID';
}

/** How much of a paid order a refund takes: `amountFen`, or everything not refunded yet; REFUND_NOT_ALLOWED when the order cannot give it. */
export function refundAmountOf(order: OrderRow, amountFen: number | undefined): { amount: number; paymentId: string } {
  if (!REFUNDABLE_ORDER_STATUSES.includes(order.status as TOrderStatus) || !order.paid_payment_id) throw new AppError('REFUND_NOT_ALLOWED');
  const remaining = Number(order.total_fen) - Number(order.refunded_fen);
  const amount = amountFen ?? remaining;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > remaining) throw new AppError('REFUND_NOT_ALLOWED');
  return { amount, paymentId: order.paid_payment_id };
}

/** A new refund is held by the caller about to ask; the sweep takes over if it never records an answer. */
function firstAttempt(now: Date): Pick<RefundRow, 'attempts' | 'next_attempt_at' | 'last_outcome' | 'failure_detail'> {
  return { attempts: 0, next_attempt_at: toDbDate(now.getTime() + LEASE_MS), last_outcome: null, failure_detail: null };
}

/** The one builder of a refund row (of an order, of a double payment, a staff retry's replacement): PENDING, held by its first attempt. */
export function newRefundRow(orderId: string, paymentId: string, amountFen: number, reason: string, now: Date): RefundRow {
  const nowText = toDbDate(now);
  return {
    id: newId(now.getTime()),
    refund_no: newId(now.getTime()),
    order_id: orderId,
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

/** What the caller of a first attempt learns (see the top of this file). */
export function answerCaller(refund: RefundRow): RefundRow {
  // WITHDRAWN: refused and withdrawn at once (withdrawIfRefused)
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

/** The payment a refund pays back. */
export async function paymentOfRefund(odb: Db, refund: RefundRow): Promise<PaymentRow> {
  const payment = await findPayment(odb, refund.payment_id);
  if (!payment) throw new Error(`refund ${refund.id}: payment missing`);
  return payment;
}

/** The first conversation about a refund just written: the refund request itself. */
export async function sendRefund(
  deps: RefundDeps,
  refund: RefundRow,
  now: Date,
  withdrawIfRefused?: WithdrawIfRefused,
): Promise<RefundRow> {
  const payment = await paymentOfRefund(deps.db, refund);
  const outcome = await deps.providers[payment.method as TPayMethod].requestRefund(refundInput(refund, payment));
  return record(deps, refund, payment, outcome, now, withdrawIfRefused);
}

/** One conversation about a refund the caller holds: the refund query first, the request again under the same number only when the gateway knows no such refund. */
export async function askAboutRefund(deps: RefundDeps, refund: RefundRow, payment: PaymentRow, now: Date): Promise<RefundRow> {
  const provider = deps.providers[payment.method as TPayMethod];
  const queried: RefundQueryOutcome = await provider.queryRefund({ outTradeNo: payment.payment_no, outRefundNo: refund.refund_no });
  const outcome = queried.kind === 'not_found' ? await provider.requestRefund(refundInput(refund, payment)) : queried;
  return record(deps, refund, payment, outcome, now);
}

/**
 * Asks again about an open refund (the sweep, a Stripe refund event): held for LEASE_MS, then
 * askAboutRefund. Returns the row as it stands afterwards; rows that are not open are returned
 * untouched (a refused refund is never asked again here: it waits for staff).
 */
export async function askGateway(deps: RefundDeps, refundId: string, now = new Date()): Promise<RefundRow> {
  const odb = deps.db;
  const refund = await findRefund(odb, refundId);
  if (!refund) throw new AppError('REFUND_NOT_ALLOWED');
  if (!OPEN_REFUND_STATES.includes(refund.state as TRefundState)) return refund;
  // Somebody else is talking to the gateway about it right now: leave it to them.
  if (!(await leaseRefundAttempt(odb, refund.id, refund.next_attempt_at, toDbDate(now.getTime() + LEASE_MS)))) return refund;
  return askAboutRefund(deps, refund, await paymentOfRefund(odb, refund), now);
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
  return {
    refundId: refund.id,
    refundNo: refund.refund_no,
    orderId: refund.order_id,
    paymentNo: payment.payment_no,
    method: payment.method,
    amountFen: Number(refund.amount_fen),
  };
}

/** The one alert of a refund that entered the staff queue. */
function alertQueued(deps: RefundDeps, refund: RefundRow, payment: PaymentRow, state: 'FAILED' | 'UNKNOWN', detail: string): void {
  deps.log?.error(
    { ...contextOf(refund, payment), alert: 'refund-queued', state, attempts: Number(refund.attempts) + 1, detail },
    'a refund needs staff: it is in the back office refund queue',
  );
}

/** Records what one conversation said (see the table at the top). */
async function record(
  deps: RefundDeps,
  refund: RefundRow,
  payment: PaymentRow,
  outcome: RefundOutcome,
  now: Date,
  withdrawIfRefused?: WithdrawIfRefused,
): Promise<RefundRow> {
  const odb = deps.db;
  const context = contextOf(refund, payment);
  if (outcome.kind === 'refunded') return deps.settleRefund(deps, refund, { to: 'SUCCEEDED', from: OPEN_REFUND_STATES, outcome }, now);
  if (outcome.kind === 'refused' && withdrawIfRefused) {
    // withdrawn at once with its claim undone, in one transaction: it never reaches the queue
    await odb.transaction().execute(async (trx) => {
      if (!(await fail(trx, refund, OPEN_REFUND_STATES, outcome, now))) return;
      await withdrawIfRefused(trx, refund);
    });
    return (await findRefund(odb, refund.id)) ?? refund;
  }
  if (outcome.kind === 'refused') {
    if (await fail(odb, refund, OPEN_REFUND_STATES, outcome, now))
      alertQueued(deps, refund, payment, 'FAILED', `${outcome.code}: ${outcome.message}`);
    return (await findRefund(odb, refund.id)) ?? refund;
  }
  const attempts = Number(refund.attempts) + 1;
  const gaveUp = outcome.kind !== 'processing' && attempts >= REFUND_MAX_ATTEMPTS;
  const nowText = toDbDate(now);
  const to: TRefundState = gaveUp ? 'UNKNOWN' : outcome.kind === 'processing' ? 'PROCESSING' : (refund.state as TRefundState);
  // an open refund stays where it is (PENDING) or moves on; it never goes back to PENDING
  const move =
    to === 'UNKNOWN'
      ? ({ change: 'give-up', from: OPEN_REFUND_STATES, to, by: 'SYSTEM' } as const)
      : to === 'PROCESSING'
        ? ({ change: 'processing', from: OPEN_REFUND_STATES, to, by: 'GATEWAY' } as const)
        : ({ change: 'no-answer', from: ['PENDING'], to, by: 'GATEWAY' } as const);
  const moved = await moveRefund(odb, refund.id, move, {
    attempts,
    next_attempt_at: gaveUp ? null : toDbDate(now.getTime() + retryDelayMs(attempts)),
    last_outcome: describe(outcome),
    ...(outcome.kind === 'processing' && outcome.gatewayRefundNo ? { gateway_refund_no: outcome.gatewayRefundNo } : {}),
    updated_at: nowText,
  });
  if (outcome.kind === 'processing' && outcome.attention) {
    deps.log?.error(
      { ...context, alert: 'refund-attention', attempts, detail: outcome.attention },
      'a refund needs attention in the merchant console',
    );
  } else if (outcome.kind !== 'processing') {
    const detail = outcome.kind === 'unknown' ? `${outcome.reason}: ${outcome.detail}` : `${outcome.code}: ${outcome.message}`;
    deps.log?.warn(
      {
        ...context,
        alert: 'refund-retry',
        attempts,
        outcome: outcome.kind,
        detail,
        nextAttemptInMs: gaveUp ? null : retryDelayMs(attempts),
      },
      'a refund is still open at its gateway',
    );
    if (gaveUp && moved) alertQueued(deps, refund, payment, 'UNKNOWN', detail);
  }
  return (await findRefund(odb, refund.id)) ?? refund;
}

/** A refusal: FAILED, into the staff queue. The order stays REFUNDING and the money owed. */
async function fail(
  db: Db,
  refund: RefundRow,
  from: readonly TRefundState[],
  outcome: Extract<RefundOutcome, { kind: 'refused' }>,
  now: Date,
): Promise<boolean> {
  const nowText = toDbDate(now);
  return moveRefund(
    db,
    refund.id,
    { change: 'refuse', from, to: 'FAILED', by: 'GATEWAY' },
    {
      attempts: Number(refund.attempts) + 1,
      next_attempt_at: null,
      last_outcome: `refused:${outcome.code}`.slice(0, 200),
      failure_detail: outcome.message.slice(0, 500),
      updated_at: nowText,
      completed_at: nowText,
    },
  );
}

/**
 * The refund row's part of a settlement: SUCCEEDED (the gateway) or SETTLED (staff, by hand), in
 * the caller's transaction; false when someone else settled it first (a refund settled by hand
 * that is not queued any more is REFUND_NOT_ALLOWED).
 */
export async function confirmRefund(trx: Db, refund: RefundRow, settlement: TSettlement, now: Date): Promise<boolean> {
  const nowText = toDbDate(now);
  const { to } = settlement;
  const move =
    to === 'SUCCEEDED'
      ? ({ change: 'refund', from: settlement.from, to, by: 'GATEWAY' } as const)
      : ({ change: 'settle-by-hand', from: settlement.from, to, by: 'STAFF' } as const);
  const moved = await moveRefund(trx, refund.id, move, {
    ...(to === 'SUCCEEDED' && settlement.outcome.gatewayRefundNo ? { gateway_refund_no: settlement.outcome.gatewayRefundNo } : {}),
    ...(to === 'SUCCEEDED' ? { attempts: Number(refund.attempts) + 1, last_outcome: 'refunded' } : {}),
    next_attempt_at: null,
    updated_at: nowText,
    completed_at: nowText,
  });
  if (!moved && to === 'SETTLED') throw new AppError('REFUND_NOT_ALLOWED');
  return moved;
}

// ---- The staff queue's steps (docs/adr/0015, "Refund states and the staff queue") ----------------

export interface StaffRefundAction {
  /** writes the audit record, in the transaction of the change */
  audit: (trx: Db, before: RefundRow) => Promise<void>;
}

/** A refund in the staff queue (or in one of `states`); REFUND_NOT_ALLOWED otherwise. */
export async function queuedRefund(db: Db, refundId: string, states: readonly TRefundState[] = QUEUED_REFUND_STATES): Promise<RefundRow> {
  const refund = await findRefund(db, refundId);
  if (!refund || !states.includes(refund.state as TRefundState)) throw new AppError('REFUND_NOT_ALLOWED');
  return refund;
}

/** Whether the refund pays back the payment that paid its order (not a double payment). */
export async function isOrderRefund(db: Db, refund: RefundRow): Promise<boolean> {
  return (await findOrder(db, refund.order_id))?.paid_payment_id === refund.payment_id;
}

/** Staff ask an UNKNOWN refund again under its own number: back to PENDING, held for the conversation that follows. */
export async function reopenUnknownRefund(trx: Db, refund: RefundRow, now: Date): Promise<boolean> {
  return moveRefund(
    trx,
    refund.id,
    { change: 'ask-again', from: ['UNKNOWN'], to: 'PENDING', by: 'STAFF' },
    { next_attempt_at: toDbDate(now.getTime() + LEASE_MS), updated_at: toDbDate(now) },
  );
}

/** A refund nobody owes any more (refused): WITHDRAWN, in the caller's transaction; `lastOutcome` says why when a new refund replaced it. */
export function withdrawRefund(trx: Db, refund: RefundRow, now: Date, by: 'GATEWAY' | 'STAFF', lastOutcome?: string): Promise<boolean> {
  return moveRefund(
    trx,
    refund.id,
    { change: 'withdraw', from: ['FAILED'], to: 'WITHDRAWN', by },
    { ...(lastOutcome ? { last_outcome: lastOutcome } : {}), updated_at: toDbDate(now) },
  );
}

/**
 * A refused order refund is owed only while its order is REFUNDING and its amount still fits in
 * what was paid, less what was refunded and what the order's other live refunds carry: anything
 * else (a refusal that was final under the rules before migration 0037, the order refunded
 * another way) would pay twice if retried, and has no REFUND_OWED posting to take back if
 * withdrawn. A double payment's refund is not the order's.
 */
export async function requireStillOwed(trx: Db, order: OrderRow, refund: RefundRow): Promise<void> {
  if (order.paid_payment_id !== refund.payment_id) return;
  if (order.status !== 'REFUNDING') throw new AppError('ADMIN_REFUND_NOT_OWED');
  const others = await sumOtherRefundsOfOrder(trx, order.id, refund.payment_id, refund.id, LIVE_REFUND_STATES);
  if (Number(order.refunded_fen) + others + Number(refund.amount_fen) > Number(order.total_fen))
    throw new AppError('ADMIN_REFUND_NOT_OWED');
}

import { PAYABLE_ORDER_STATUSES, type TPayMethod } from '@llk/contracts';
import { toDbDate } from '../infrastructure/db/dialect';
import { type Db } from '../infrastructure/db/schema';
import { type KeyValueStore } from '../infrastructure/kv';
import { listUndeliveredOrders } from '../modules/fulfilment';
import { completeOrders, findDueOrders, moveOrder, purgeIdempotencyKeys, purgeQrCodes } from '../modules/orders';
import {
  closeOpenPayment,
  findDueRefunds,
  findOpenPaymentsOfOrder,
  findOrphanedPayments,
  findPaymentsToRefund,
  OPEN_PAYMENT_STATES,
  paidAnswerOf,
  type PaymentProviders,
  type PaymentRow,
  purgeGatewayQueries,
  queryPaymentAtGateway,
  type RefundLog,
  requeueOpenPayment,
} from '../modules/payments';
import { applyVerifiedPayment } from './apply-payment';
import { askRefundAgain, refundDoublePayment, refundUndeliveredRenewal } from './refund-order';

// The order sweep (the `orders-sweep` job; docs/adr/0039-flows-and-life-cycles.md), run every
// ORDER_SWEEP_SECONDS by every API instance (each step is a conditional update, so instances
// racing each other do no harm). It moves orders (orders), settles their open payment attempts
// at the gateways (payments, applying late money through the apply-payment flow) and refunds what
// is owed back (the refund-order flow):
//  1. unpaid orders past expires_at: each open payment attempt is queried at its gateway
//     (a payment whose notification got lost is applied now, exactly once), the others are
//     closed at the gateway; orders still unpaid become EXPIRED
//  1b. open attempts of orders already EXPIRED or CANCELLED (the gateway could not be reached
//     when the order closed) are asked again, at most once a minute each: money found there is
//     recorded and refunded (the apply-payment flow flags it), the others are closed
//  2. FULFILLED orders older than the completion window become COMPLETED
//  3. double payments are refunded; open refunds whose next attempt is due are asked again
//     (same refund number, query first, back-off; a refused or unknown refund waits for staff);
//     paid orders fulfilment could not deliver (a cloud-PC renewal whose machine was gone) and
//     renewals of a machine being refunded are refunded, once
//  4. used-up payment codes, idempotency keys and old gateway questions are deleted

export interface SweepDeps {
  db: Db;
  providers: PaymentProviders;
  kv: KeyValueStore;
  /** FULFILLED orders become COMPLETED this long after fulfilment */
  completeAfterMs: number;
  log?: RefundLog;
  /** The job's: once aborted (past its expiry, ADR 0023) the sweep stops before its next item. */
  signal?: AbortSignal;
}

export interface SweepResult {
  expired: number;
  recovered: number;
  /** open attempts of closed orders settled (paid and flagged for refund, or closed) */
  orphansSettled: number;
  completed: number;
  refundsAsked: number;
  purged: number;
}

const BATCH = 100;
const DAY_MS = 24 * 3_600_000;

/**
 * Asks the gateway about one open attempt: paid there → applied through the same path as a
 * notification (a closed order's money is flagged for refund); otherwise closed there and here.
 * FAILED when the gateway could not be reached (the attempt stays open).
 */
async function settleOpenPayment(deps: SweepDeps, payment: PaymentRow): Promise<'APPLIED' | 'RECORDED' | 'CLOSED' | 'FAILED'> {
  try {
    const paid = paidAnswerOf(payment, await queryPaymentAtGateway(deps, payment, { source: 'SWEEP' }));
    if (paid) {
      const outcome = await applyVerifiedPayment(deps.db, payment.method as TPayMethod, paid, 'QUERY');
      return outcome === 'APPLIED' ? 'APPLIED' : 'RECORDED';
    }
    await closeOpenPayment(deps.providers, deps.db, payment);
    return 'CLOSED';
  } catch (error) {
    deps.log?.warn({ err: error, paymentNo: payment.payment_no }, 'settling an open payment at its gateway failed');
    return 'FAILED';
  }
}

/** Step 1: unpaid orders past their expiry, after asking the gateway about each open attempt. */
export async function expireDueOrders(deps: SweepDeps, now = new Date()): Promise<{ expired: number; recovered: number }> {
  let expired = 0;
  let recovered = 0;
  for (const order of await findDueOrders(deps.db, PAYABLE_ORDER_STATUSES, toDbDate(now), BATCH)) {
    deps.signal?.throwIfAborted();
    let paid = false;
    for (const payment of await findOpenPaymentsOfOrder(deps.db, order.id)) {
      // FAILED leaves the attempt open; the order still expires and closeOrphanedPayments asks
      // again on later sweeps (a late payment is recorded and refunded)
      if ((await settleOpenPayment(deps, payment)) === 'APPLIED') {
        paid = true;
        recovered += 1;
      }
    }
    if (paid) continue;
    const nowText = toDbDate(now);
    const expire = { change: 'expire', from: PAYABLE_ORDER_STATUSES, to: 'EXPIRED', by: 'SYSTEM' } as const;
    if (await moveOrder(deps.db, order.id, expire, { closed_at: nowText, updated_at: nowText })) expired += 1;
  }
  return { expired, recovered };
}

/** Step 1b: open attempts of EXPIRED or CANCELLED orders, each asked again at most once a minute. */
export async function closeOrphanedPayments(deps: SweepDeps, now = new Date()): Promise<number> {
  let settled = 0;
  const touchedBefore = toDbDate(now.getTime() - 60_000);
  for (const payment of await findOrphanedPayments(deps.db, ['EXPIRED', 'CANCELLED'], OPEN_PAYMENT_STATES, touchedBefore, BATCH)) {
    deps.signal?.throwIfAborted();
    // an unreachable gateway's attempt goes to the back of the queue, so it does not hold the others up
    if ((await settleOpenPayment(deps, payment)) === 'FAILED') await requeueOpenPayment(deps.db, payment, now);
    else settled += 1;
  }
  return settled;
}

/** Step 3: double payments refunded; open refunds whose next attempt is due asked again. */
export async function refundDoublePayments(deps: SweepDeps, now = new Date()): Promise<number> {
  let asked = 0;
  for (const payment of await findPaymentsToRefund(deps.db, BATCH)) {
    deps.signal?.throwIfAborted();
    try {
      await refundDoublePayment(deps, payment.id, now);
    } catch (error) {
      deps.log?.warn({ err: error, paymentNo: payment.payment_no }, 'refunding a double payment failed');
    }
    asked += 1;
  }
  // Refunds the gateway has not settled yet, each when its back-off says.
  for (const refund of await findDueRefunds(deps.db, toDbDate(now), BATCH)) {
    deps.signal?.throwIfAborted();
    try {
      await askRefundAgain(deps, refund.id, now);
    } catch (error) {
      deps.log?.warn({ err: error, refundNo: refund.refund_no }, 'asking about a refund failed');
    }
    asked += 1;
  }
  return asked;
}

/**
 * Step 3, continued: paid renewals fulfilment could not deliver (their machine was gone), and
 * those of a machine whose first-order refund was claimed, are refunded in full, each once: the
 * claim on the renewal is written with the refund row, so a refund the gateway refuses goes to
 * the staff queue and is never started again here.
 */
export async function refundUndeliveredOrders(deps: SweepDeps, now = new Date()): Promise<number> {
  let asked = 0;
  for (const { orderId, undeliverable } of await listUndeliveredOrders(deps.db, BATCH, now)) {
    deps.signal?.throwIfAborted();
    try {
      await refundUndeliveredRenewal(deps, orderId, undeliverable, now);
    } catch (error) {
      deps.log?.warn({ err: error, orderId }, 'refunding an undelivered order failed');
    }
    asked += 1;
  }
  return asked;
}

/** The `orders-sweep` job's run: every step above, in order. */
export async function sweepOrders(deps: SweepDeps, now = new Date()): Promise<SweepResult> {
  // 1. expire due orders (after asking the gateway), 1b. settle the open attempts of closed ones
  const { expired, recovered } = await expireDueOrders(deps, now);
  const orphansSettled = await closeOrphanedPayments(deps, now);
  // 2. complete fulfilled orders past the completion window
  const completed = await completeOrders(deps.db, toDbDate(now.getTime() - deps.completeAfterMs), toDbDate(now), 'SYSTEM');
  // 3. refund what is owed back
  const refundsAsked = (await refundDoublePayments(deps, now)) + (await refundUndeliveredOrders(deps, now));
  // 4. purge what is used up
  const purged =
    (await purgeQrCodes(deps.db, toDbDate(now.getTime() - DAY_MS))) +
    (await purgeIdempotencyKeys(deps.db, toDbDate(now))) +
    (await purgeGatewayQueries(deps.db, now));
  return { expired, recovered, orphansSettled, completed, refundsAsked, purged };
}

import { PAYABLE_ORDER_STATUSES, type TPayMethod } from '@llk/contracts';
import { toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type KeyValueStore } from '../../lib/kv';
import { GATEWAY_QUERY_KEEP_DAYS, queryPaymentAtGateway } from './gateway-query';
import { type PaymentProviders } from './provider';
import { claimRenewalRefund, listUndeliveredOrders } from '../fulfilment';
import { AppError } from '../../lib/app-error';
import { completeFulfilledOrders, findDueOrders, purgeIdempotencyKeys, purgeQrCodes, transitionOrder } from '../orders';
import { deleteGatewayQueriesBefore, findDueRefunds, findOrphanedPayments, findPaymentsOfOrder, findPaymentsToRefund, transitionPayment, type PaymentRow } from './payments.repository';
import { applyVerifiedPayment, OPEN_PAYMENT_STATES } from './payments.service';
import { askGateway, refundDoublePayment, refundOrder, type RefundLog } from './refunds.service';

// The orders sweep, run every ORDER_SWEEP_SECONDS by every API instance (each step is a
// conditional update, so instances racing each other do no harm):
//  1. unpaid orders past expires_at: each open payment attempt is queried at its gateway
//     (a payment whose notification got lost is applied now, exactly once), the others are
//     closed at the gateway; orders still unpaid become EXPIRED
//  1b. open attempts of orders already EXPIRED or CANCELLED (the gateway could not be reached
//     when the order closed) are asked again, at most once a minute each: money found there is
//     recorded and refunded (applyVerifiedPayment flags it), the others are closed
//  2. FULFILLED orders older than the completion window become COMPLETED
//  3. double payments are refunded; open refunds whose next attempt is due are asked again
//     (refunds.service.ts: same refund number, query first, back-off; a refused or unknown
//     refund waits for staff); paid orders fulfilment could not deliver (a cloud-PC renewal
//     whose machine was gone) and renewals of a machine being refunded are refunded, once
//  4. used-up payment codes and idempotency keys are deleted

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
  const odb = deps.db;
  const provider = deps.providers[payment.method as TPayMethod];
  try {
    const found = await queryPaymentAtGateway(deps, payment, { source: 'SWEEP' });
    if (found.state === 'PAID' && found.amountFen !== undefined) {
      const outcome = await applyVerifiedPayment(
        deps.db,
        payment.method as TPayMethod,
        { paymentNo: payment.payment_no, gatewayTradeNo: found.gatewayTradeNo ?? '', amountFen: found.amountFen, success: true, paidAt: found.paidAt ?? null },
        'QUERY',
      );
      return outcome === 'APPLIED' ? 'APPLIED' : 'RECORDED';
    }
    await provider.close(payment.payment_no);
    await transitionPayment(odb, payment.id, OPEN_PAYMENT_STATES, 'CLOSED', { updated_at: toDbDate(new Date()) });
    return 'CLOSED';
  } catch (error) {
    deps.log?.warn({ err: error, paymentNo: payment.payment_no }, 'settling an open payment at its gateway failed');
    return 'FAILED';
  }
}

export async function expireDueOrders(deps: SweepDeps, now = new Date()): Promise<{ expired: number; recovered: number }> {
  const odb = deps.db;
  let expired = 0;
  let recovered = 0;
  for (const order of await findDueOrders(odb, PAYABLE_ORDER_STATUSES, toDbDate(now), BATCH)) {
    deps.signal?.throwIfAborted();
    let paid = false;
    for (const payment of await findPaymentsOfOrder(odb, order.id, OPEN_PAYMENT_STATES)) {
      // FAILED leaves the attempt open; the order still expires and closeOrphanedPayments asks
      // again on later sweeps (a late payment is recorded and refunded)
      if ((await settleOpenPayment(deps, payment)) === 'APPLIED') {
        paid = true;
        recovered += 1;
      }
    }
    if (paid) continue;
    const nowText = toDbDate(now);
    if (await transitionOrder(odb, order.id, PAYABLE_ORDER_STATUSES, 'EXPIRED', { closed_at: nowText, updated_at: nowText })) expired += 1;
  }
  return { expired, recovered };
}

/** Open attempts of EXPIRED or CANCELLED orders, each asked again at most once a minute. */
export async function closeOrphanedPayments(deps: SweepDeps, now = new Date()): Promise<number> {
  const odb = deps.db;
  let settled = 0;
  for (const payment of await findOrphanedPayments(odb, ['EXPIRED', 'CANCELLED'], OPEN_PAYMENT_STATES, toDbDate(now.getTime() - 60_000), BATCH)) {
    deps.signal?.throwIfAborted();
    const outcome = await settleOpenPayment(deps, payment);
    if (outcome === 'FAILED') {
      // to the back of the queue, so one unreachable gateway does not hold the others up
      await transitionPayment(odb, payment.id, [payment.state], payment.state, { updated_at: toDbDate(now) });
    } else settled += 1;
  }
  return settled;
}

export async function refundDoublePayments(deps: SweepDeps, now = new Date()): Promise<number> {
  const odb = deps.db;
  let asked = 0;
  for (const payment of await findPaymentsToRefund(odb, BATCH)) {
    deps.signal?.throwIfAborted();
    try {
      await refundDoublePayment(deps, payment.id, now);
    } catch (error) {
      deps.log?.warn({ err: error, paymentNo: payment.payment_no }, 'refunding a double payment failed');
    }
    asked += 1;
  }
  // Refunds the gateway has not settled yet, each when its back-off says.
  for (const refund of await findDueRefunds(odb, toDbDate(now), BATCH)) {
    deps.signal?.throwIfAborted();
    try {
      await askGateway(deps, refund.id, now);
    } catch (error) {
      deps.log?.warn({ err: error, refundNo: refund.refund_no }, 'asking about a refund failed');
    }
    asked += 1;
  }
  return asked;
}

/**
 * Paid renewals fulfilment could not deliver (their machine was gone), and those of a machine
 * whose first-order refund was claimed, are refunded in full, each once: the claim on the
 * renewal is written with the refund row, so a refund the gateway refuses goes to the staff
 * queue and is never started again here.
 */
export async function refundUndeliveredOrders(deps: SweepDeps, now = new Date()): Promise<number> {
  let asked = 0;
  for (const { orderId, undeliverable } of await listUndeliveredOrders(deps.db, BATCH, now)) {
    deps.signal?.throwIfAborted();
    const reason = undeliverable ? 'cloud PC renewal paid after its machine was released' : 'cloud PC: renewal of a first order refunded within 15 minutes';
    try {
      await refundOrder(deps, orderId, { reason }, now, {
        claim: async (trx) => {
          if (!(await claimRenewalRefund(trx, orderId, now))) throw new AppError('REFUND_NOT_ALLOWED');
        },
      });
    } catch (error) {
      deps.log?.warn({ err: error, orderId }, 'refunding an undelivered order failed');
    }
    asked += 1;
  }
  return asked;
}

export async function sweepOrders(deps: SweepDeps, now = new Date()): Promise<SweepResult> {
  const odb = deps.db;
  const { expired, recovered } = await expireDueOrders(deps, now);
  const orphansSettled = await closeOrphanedPayments(deps, now);
  const completed = await completeFulfilledOrders(odb, toDbDate(now.getTime() - deps.completeAfterMs), toDbDate(now));
  const refundsAsked = (await refundDoublePayments(deps, now)) + (await refundUndeliveredOrders(deps, now));
  const before = toDbDate(now.getTime() - DAY_MS);
  const purged =
    (await purgeQrCodes(odb, before)) + (await purgeIdempotencyKeys(odb, toDbDate(now))) + (await deleteGatewayQueriesBefore(odb, toDbDate(now.getTime() - GATEWAY_QUERY_KEEP_DAYS * DAY_MS)));
  return { expired, recovered, orphansSettled, completed, refundsAsked, purged };
}

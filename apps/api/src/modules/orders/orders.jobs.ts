import { PAYABLE_ORDER_STATUSES, type TPayMethod } from '@llk/contracts';
import { toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type PaymentProviders } from '../payments/provider';
import {
  completeFulfilledOrders,
  findDueOrders,
  findOpenRefunds,
  findPaymentsOfOrder,
  findPaymentsToRefund,
  purgeIdempotencyKeys,
  purgeQrCodes,
  transitionOrder,
  transitionPayment,
} from './orders.repository';
import { withOrderTables } from './orders.tables';
import { applyVerifiedPayment, OPEN_PAYMENT_STATES } from './payments.service';
import { askGateway, refundDoublePayment } from './refunds.service';

// The orders sweep, run every ORDER_SWEEP_SECONDS by every API instance (each step is a
// conditional update, so instances racing each other do no harm):
//  1. unpaid orders past expires_at: each open payment attempt is queried at its gateway
//     (a payment whose notification got lost is applied now, exactly once), the others are
//     closed at the gateway; orders still unpaid become EXPIRED
//  2. FULFILLED orders older than the completion window become COMPLETED
//  3. double payments are refunded; refunds left PENDING/PROCESSING are asked again
//  4. used-up payment codes and idempotency keys are deleted

export interface SweepDeps {
  db: Db;
  providers: PaymentProviders;
  /** FULFILLED orders become COMPLETED this long after fulfilment */
  completeAfterMs: number;
  log?: { warn(object: unknown, message: string): void };
}

export interface SweepResult {
  expired: number;
  recovered: number;
  completed: number;
  refundsAsked: number;
  purged: number;
}

const BATCH = 100;
const DAY_MS = 24 * 3_600_000;

export async function expireDueOrders(deps: SweepDeps, now = new Date()): Promise<{ expired: number; recovered: number }> {
  const odb = withOrderTables(deps.db);
  let expired = 0;
  let recovered = 0;
  for (const order of await findDueOrders(odb, PAYABLE_ORDER_STATUSES, toDbDate(now), BATCH)) {
    let paid = false;
    for (const payment of await findPaymentsOfOrder(odb, order.id, OPEN_PAYMENT_STATES)) {
      const provider = deps.providers[payment.method as TPayMethod];
      try {
        const found = await provider.query(payment.payment_no);
        if (found.state === 'PAID' && found.amountFen !== undefined) {
          const outcome = await applyVerifiedPayment(
            deps.db,
            payment.method as TPayMethod,
            {
              paymentNo: payment.payment_no,
              gatewayTradeNo: found.gatewayTradeNo ?? '',
              amountFen: found.amountFen,
              success: true,
              paidAt: found.paidAt ?? null,
            },
            'QUERY',
          );
          if (outcome === 'APPLIED') {
            paid = true;
            recovered += 1;
          }
          continue;
        }
        await provider.close(payment.payment_no);
        await transitionPayment(odb, payment.id, OPEN_PAYMENT_STATES, 'CLOSED', { updated_at: toDbDate(new Date()) });
      } catch (error) {
        // The gateway is unreachable: leave the attempt open and try again next sweep, but
        // the order still expires (a late payment is recorded and refunded).
        deps.log?.warn({ err: error, paymentNo: payment.payment_no }, 'closing an expired payment failed');
      }
    }
    if (paid) continue;
    const nowText = toDbDate(now);
    if (await transitionOrder(odb, order.id, PAYABLE_ORDER_STATUSES, 'EXPIRED', { closed_at: nowText, updated_at: nowText })) expired += 1;
  }
  return { expired, recovered };
}

export async function refundDoublePayments(deps: SweepDeps, now = new Date()): Promise<number> {
  const odb = withOrderTables(deps.db);
  let asked = 0;
  for (const payment of await findPaymentsToRefund(odb, BATCH)) {
    try {
      await refundDoublePayment(deps, payment.id, now);
    } catch (error) {
      deps.log?.warn({ err: error, paymentNo: payment.payment_no }, 'refunding a double payment failed');
    }
    asked += 1;
  }
  // Refunds the gateway has not settled yet, asked again at most once a minute.
  for (const refund of await findOpenRefunds(odb, toDbDate(now.getTime() - 60_000), BATCH)) {
    try {
      await askGateway(deps, refund.id);
    } catch (error) {
      deps.log?.warn({ err: error, refundNo: refund.refund_no }, 'asking about a refund failed');
    }
    asked += 1;
  }
  return asked;
}

export async function sweepOrders(deps: SweepDeps, now = new Date()): Promise<SweepResult> {
  const odb = withOrderTables(deps.db);
  const { expired, recovered } = await expireDueOrders(deps, now);
  const completed = await completeFulfilledOrders(odb, toDbDate(now.getTime() - deps.completeAfterMs), toDbDate(now));
  const refundsAsked = await refundDoublePayments(deps, now);
  const before = toDbDate(now.getTime() - DAY_MS);
  const purged = (await purgeQrCodes(odb, before)) + (await purgeIdempotencyKeys(odb, toDbDate(now)));
  return { expired, recovered, completed, refundsAsked, purged };
}

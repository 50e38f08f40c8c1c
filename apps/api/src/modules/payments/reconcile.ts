import { type TPayMethod } from '@llk/contracts';
import { toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type KeyValueStore } from '../../lib/kv';
import { applyVerifiedPayment, OPEN_PAYMENT_STATES, type TApplyOutcome } from './payments.service';
import { findPaymentsToReconcile } from './payments.repository';
import { type PaymentProviders } from './provider';

// Reconciliation: a notification can get lost (our server was down, a proxy dropped it, the
// gateway gave up). Payments still open `afterMs` after they were started, and not yet past
// their expiry (the orders sweep queries those before expiring the order), are queried at their
// gateway; a PAID answer is applied through the same exactly-once path as a notification
// (applyVerifiedPayment, via 'QUERY'), so a notification arriving at the same time is harmless.
// Each payment is asked at most once per `afterMs` (a marker in the key-value store, shared by
// every API instance), so a slow queue of unpaid QR codes does not hammer the gateway.

export interface ReconcileDeps {
  db: Db;
  providers: PaymentProviders;
  kv: KeyValueStore;
  afterMs: number;
  log?: { warn(object: unknown, message: string): void };
  /** payments looked at per run */
  batch?: number;
}

export interface ReconcileResult {
  checked: number;
  recovered: number;
  failed: number;
}

export async function reconcilePendingPayments(deps: ReconcileDeps, now = new Date()): Promise<ReconcileResult> {
  const due = await findPaymentsToReconcile(deps.db, OPEN_PAYMENT_STATES, toDbDate(now.getTime() - deps.afterMs), toDbDate(now), deps.batch ?? 100);

  const result: ReconcileResult = { checked: 0, recovered: 0, failed: 0 };
  for (const payment of due) {
    if (!(await deps.kv.setIfAbsent(`payrec:${payment.payment_no}`, '1', deps.afterMs))) continue;
    const method = payment.method as TPayMethod;
    result.checked += 1;
    try {
      const found = await deps.providers[method].query(payment.payment_no);
      if (found.state !== 'PAID' || found.amountFen === undefined) continue;
      const outcome: TApplyOutcome = await applyVerifiedPayment(
        deps.db,
        method,
        { paymentNo: payment.payment_no, gatewayTradeNo: found.gatewayTradeNo ?? '', amountFen: found.amountFen, success: true, paidAt: found.paidAt ?? null },
        'QUERY',
      );
      if (outcome === 'APPLIED') result.recovered += 1;
    } catch (error) {
      result.failed += 1;
      deps.log?.warn({ err: error, paymentNo: payment.payment_no, method }, 'reconciling a payment failed');
    }
  }
  return result;
}

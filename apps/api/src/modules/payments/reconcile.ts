import { type TPayMethod } from '@llk/contracts';
import { toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type KeyValueStore } from '../../infrastructure/kv';
import { paidAnswerOf, queryPaymentAtGateway } from './gateway-query';
import { type ApplyPayment, OPEN_PAYMENT_STATES } from './payments.service';
import { findPaymentsOfOrder, findPaymentsToReconcile } from './payments.repository';
import { type PaymentProviders } from './provider';

// Reconciliation: a notification can get lost (our server was down, a proxy dropped it, the
// gateway gave up). Payments still open `afterMs` after they were started, and not yet past
// their expiry (the orders sweep queries those before expiring the order), are queried at their
// gateway; a PAID answer is applied through the same exactly-once path as a notification (the
// apply-payment flow the composition hands in, via 'QUERY'), so a notification arriving at the
// same time is harmless.
// Each payment is asked at most once per `afterMs` (a marker in the key-value store, shared by
// every API instance), so a slow queue of unpaid QR codes does not hammer the gateway.
// Runs page through the open attempts in (created_at, payment_no) order: each run takes the
// `batch` after where the last one stopped (a cursor in the key-value store) and starts over
// once it reaches the end, so with N open attempts every one is asked within ceil(N / batch)
// + 1 runs, however many older ones stay open.

export interface ReconcileDeps {
  db: Db;
  providers: PaymentProviders;
  kv: KeyValueStore;
  /** The apply-payment flow (src/flows/apply-payment.ts), handed in by the composition. */
  applyPayment: ApplyPayment;
  afterMs: number;
  log?: { warn(object: unknown, message: string): void };
  /** payments looked at per run */
  batch?: number;
  /** The job's: once aborted (past its expiry, ADR 0023) reconciliation stops before its next payment. */
  signal?: AbortSignal;
}

export interface ReconcileResult {
  checked: number;
  recovered: number;
  failed: number;
}

const CURSOR_KEY = 'payrec:cursor';
/** The cursor outlives any gap between runs; a lost one only means starting over. */
const CURSOR_TTL_MS = 24 * 3_600_000;

function parseCursor(text: string | null): { createdAt: string; paymentNo: string } | null {
  const at = text?.indexOf(' ') ?? -1;
  return text && at > 0 ? { createdAt: text.slice(0, at), paymentNo: text.slice(at + 1) } : null;
}

export async function reconcilePendingPayments(deps: ReconcileDeps, now = new Date()): Promise<ReconcileResult> {
  const batch = deps.batch ?? 100;
  const after = parseCursor(await deps.kv.get(CURSOR_KEY));
  const due = await findPaymentsToReconcile(
    deps.db,
    OPEN_PAYMENT_STATES,
    toDbDate(now.getTime() - deps.afterMs),
    toDbDate(now),
    after,
    batch,
  );
  const last = due.at(-1);
  if (due.length < batch || !last) await deps.kv.del(CURSOR_KEY);
  else await deps.kv.set(CURSOR_KEY, `${last.created_at} ${last.payment_no}`, CURSOR_TTL_MS);

  const result: ReconcileResult = { checked: 0, recovered: 0, failed: 0 };
  for (const payment of due) {
    deps.signal?.throwIfAborted();
    if (!(await deps.kv.setIfAbsent(`payrec:${payment.payment_no}`, '1', deps.afterMs))) continue;
    const method = payment.method as TPayMethod;
    result.checked += 1;
    try {
      const paid = paidAnswerOf(payment, await queryPaymentAtGateway(deps, payment, { source: 'RECONCILE' }));
      if (!paid) continue;
      if ((await deps.applyPayment(deps.db, method, paid, 'QUERY')) === 'APPLIED') result.recovered += 1;
    } catch (error) {
      result.failed += 1;
      deps.log?.warn({ err: error, paymentNo: payment.payment_no, method }, 'reconciling a payment failed');
    }
  }
  return result;
}

/**
 * "Query the gateway now" (the back office): asks the gateway about each open payment attempt of
 * one order and applies a PAID answer through the same exactly-once path as the job. Refuses an
 * order without an open attempt (ADMIN_NO_OPEN_PAYMENT). Gateway failures propagate.
 */
export async function queryOrderPaymentsNow(
  deps: Pick<ReconcileDeps, 'db' | 'providers' | 'applyPayment'>,
  orderId: string,
  staffId: string | null = null,
): Promise<{ asked: number; applied: number }> {
  const open = await findPaymentsOfOrder(deps.db, orderId, OPEN_PAYMENT_STATES);
  if (open.length === 0) throw new AppError('ADMIN_NO_OPEN_PAYMENT');
  let applied = 0;
  for (const payment of open) {
    const method = payment.method as TPayMethod;
    const paid = paidAnswerOf(payment, await queryPaymentAtGateway(deps, payment, { source: 'STAFF', staffId }));
    if (!paid) continue;
    if ((await deps.applyPayment(deps.db, method, paid, 'QUERY')) === 'APPLIED') applied += 1;
  }
  return { asked: open.length, applied };
}

import { type Insertable } from 'kysely';
import { type TOrderStatus } from '@llk/contracts';
import { touchedRows } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import {
  type GatewayNotificationsTable,
  type GatewayQueryRow,
  type PaymentRow,
  type PaymentsTable,
  paymentsTables,
  type RefundRow,
  type UnmatchedPaymentsTable,
} from './payments.tables';

// Payment attempts, gateway notifications and refunds. Every state change is a conditional
// update (the expected state in the WHERE clause) that reports whether it happened, so two
// callers racing for the same transition cannot both win, on SQLite or PostgreSQL.

export { type GatewayQueryRow, type PaymentRow, type RefundRow } from './payments.tables';

// ---- Payments --------------------------------------------------------------------------------

export async function insertPayment(db: Db, payment: Insertable<PaymentsTable>): Promise<void> {
  await paymentsTables(db).insertInto('payments').values(payment).execute();
}

export function findPaymentByNo(db: Db, paymentNo: string): Promise<PaymentRow | undefined> {
  return paymentsTables(db).selectFrom('payments').selectAll().where('payment_no', '=', paymentNo).executeTakeFirst();
}

export function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return paymentsTables(db).selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPaymentsOfOrder(db: Db, orderId: string, states?: readonly string[]): Promise<PaymentRow[]> {
  let query = paymentsTables(db).selectFrom('payments').selectAll().where('order_id', '=', orderId);
  if (states) query = query.where('state', 'in', [...states]);
  return query.orderBy('id').execute();
}

/**
 * Open payment attempts of orders that can no longer be paid (EXPIRED, CANCELLED): left open
 * when the gateway could not be reached as the order closed. Least recently touched first, at
 * most `limit`: one query, the attempts joined to their orders' statuses (a view over orders).
 */
export function findOrphanedPayments(
  db: Db,
  orderStatuses: readonly TOrderStatus[],
  openStates: readonly string[],
  touchedBefore: string,
  limit: number,
): Promise<PaymentRow[]> {
  return paymentsTables(db)
    .selectFrom('payments')
    .innerJoin('payment_order_statuses as statuses', 'statuses.id', 'payments.order_id')
    .selectAll('payments')
    .where('statuses.status', 'in', [...orderStatuses])
    .where('payments.state', 'in', [...openStates])
    .where('payments.updated_at', '<=', touchedBefore)
    .orderBy('payments.updated_at')
    .orderBy('payments.id')
    .limit(limit)
    .execute();
}

export async function transitionPayment(
  db: Db,
  id: string,
  from: readonly string[],
  to: string,
  values: Partial<Omit<PaymentRow, 'id' | 'state'>> & { updated_at: string },
): Promise<boolean> {
  const result = await paymentsTables(db)
    .updateTable('payments')
    .set({ ...values, state: to })
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

export async function flagPaymentForRefund(db: Db, id: string, needsRefund: boolean, now: string): Promise<void> {
  await paymentsTables(db)
    .updateTable('payments')
    .set({ needs_refund: needsRefund ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Paid payments flagged for refund (double payments) whose refund nobody has claimed yet. */
export function findPaymentsToRefund(db: Db, limit: number): Promise<PaymentRow[]> {
  return paymentsTables(db)
    .selectFrom('payments')
    .selectAll()
    .where('needs_refund', '=', 1)
    .where('state', '=', 'PAID')
    .where('refund_claimed_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Claims the refund of a double payment: one conditional update, so of any number of callers
 * exactly one gets true (and inserts the refund row in the same transaction).
 */
export async function claimPaymentRefund(db: Db, id: string, now: string): Promise<boolean> {
  const result = await paymentsTables(db)
    .updateTable('payments')
    .set({ refund_claimed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'PAID')
    .where('needs_refund', '=', 1)
    .where('refund_claimed_at', 'is', null)
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

/**
 * Open attempts created before `createdBefore` that have not expired yet, in (created_at,
 * payment_no) order, starting after `after` (the previous page's last row; null: from the start).
 */
export function findPaymentsToReconcile(
  db: Db,
  openStates: readonly string[],
  createdBefore: string,
  now: string,
  after: { createdAt: string; paymentNo: string } | null,
  limit: number,
): Promise<Pick<PaymentRow, 'id' | 'payment_no' | 'method' | 'created_at'>[]> {
  let query = paymentsTables(db)
    .selectFrom('payments')
    .select(['id', 'payment_no', 'method', 'created_at'])
    .where('state', 'in', [...openStates])
    .where('created_at', '<=', createdBefore)
    .where('expires_at', '>', now);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('payment_no', '>', after.paymentNo)]),
      ]),
    );
  }
  return query.orderBy('created_at').orderBy('payment_no').limit(limit).execute();
}

// ---- Notifications ---------------------------------------------------------------------------

export async function insertNotification(
  db: Db,
  row: {
    id: string;
    dedupe_key: string;
    payment_id: string;
    gateway_trade_no: string;
    amount_fen: number;
    outcome: string;
    via: string;
    received_at: string;
  },
): Promise<void> {
  await paymentsTables(db).insertInto('payment_notifications').values(row).execute();
}

/** A verified notification as received, whatever became of it. */
export async function insertGatewayNotification(db: Db, row: Insertable<GatewayNotificationsTable>): Promise<void> {
  await paymentsTables(db).insertInto('gateway_notifications').values(row).execute();
}

/** Records verified money that matches no payment, once per gateway trade; returns the row's id (new or existing). */
export async function insertUnmatchedPayment(
  db: Db,
  row: Insertable<UnmatchedPaymentsTable> & { id: string },
): Promise<{ id: string; created: boolean }> {
  const result = await paymentsTables(db)
    .insertInto('unmatched_payments')
    .values(row)
    .onConflict((oc) => oc.columns(['method', 'gateway_trade_no']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) return { id: row.id, created: true };
  const existing = await paymentsTables(db)
    .selectFrom('unmatched_payments')
    .select('id')
    .where('method', '=', row.method)
    .where('gateway_trade_no', '=', row.gateway_trade_no)
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

// ---- Refunds ---------------------------------------------------------------------------------

export async function insertRefund(db: Db, refund: RefundRow): Promise<void> {
  await paymentsTables(db).insertInto('refunds').values(refund).execute();
}

export function findRefund(db: Db, id: string): Promise<RefundRow | undefined> {
  return paymentsTables(db).selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What the other refunds of an order in these states (those still carrying money) amount to, in fen. */
export async function sumOtherRefundsOfOrder(
  db: Db,
  orderId: string,
  paymentId: string,
  exceptId: string,
  states: readonly string[],
): Promise<number> {
  const row = await paymentsTables(db)
    .selectFrom('refunds')
    .select((eb) => eb.fn.sum<string | number | null>('amount_fen').as('sum'))
    .where('order_id', '=', orderId)
    .where('payment_id', '=', paymentId)
    .where('id', '<>', exceptId)
    .where('state', 'in', [...states])
    .executeTakeFirst();
  return Number(row?.sum ?? 0);
}

/** Open refunds whose next attempt is due (never those an operator has to look at: next_attempt_at NULL). */
export function findDueRefunds(db: Db, now: string, limit: number): Promise<RefundRow[]> {
  return paymentsTables(db)
    .selectFrom('refunds')
    .selectAll()
    .where('state', 'in', ['PENDING', 'PROCESSING'])
    .where('next_attempt_at', 'is not', null)
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Takes the next attempt of an open refund: moves next_attempt_at from what the caller read to
 * `leaseUntil`, so two sweeps do not ask the gateway about the same refund at the same time.
 */
export async function leaseRefundAttempt(db: Db, id: string, expected: string | null, leaseUntil: string): Promise<boolean> {
  let query = paymentsTables(db)
    .updateTable('refunds')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', id)
    .where('state', 'in', ['PENDING', 'PROCESSING']);
  query = expected === null ? query.where('next_attempt_at', 'is', null) : query.where('next_attempt_at', '=', expected);
  return touchedRows(await query.executeTakeFirst()) === 1;
}

export async function transitionRefund(
  db: Db,
  id: string,
  from: readonly string[],
  to: string,
  values: Partial<Omit<RefundRow, 'id' | 'state'>> & { updated_at: string },
): Promise<boolean> {
  const result = await paymentsTables(db)
    .updateTable('refunds')
    .set({ ...values, state: to })
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

export async function insertGatewayQuery(db: Db, row: GatewayQueryRow): Promise<void> {
  await paymentsTables(db).insertInto('gateway_queries').values(row).execute();
}

/** The latest questions about these attempts, newest first. */
export function listGatewayQueries(db: Db, paymentIds: readonly string[], limit: number): Promise<GatewayQueryRow[]> {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return paymentsTables(db)
    .selectFrom('gateway_queries')
    .selectAll()
    .where('payment_id', 'in', paymentIds)
    .orderBy('asked_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function deleteGatewayQueriesBefore(db: Db, before: string): Promise<number> {
  return touchedRows(await paymentsTables(db).deleteFrom('gateway_queries').where('asked_at', '<', before).executeTakeFirst());
}

/** The gateway's id of a payment's charge (payments.gateway_ref: Stripe's Checkout Session), by our payment number. */
export async function findGatewayRef(db: Db, paymentNo: string): Promise<string | null> {
  const row = await paymentsTables(db).selectFrom('payments').select('gateway_ref').where('payment_no', '=', paymentNo).executeTakeFirst();
  return row?.gateway_ref ?? null;
}

/** A card payment by its PaymentIntent (the trade number its notification gave). */
export function findPaymentByTradeNo(db: Db, method: string, gatewayTradeNo: string): Promise<PaymentRow | undefined> {
  return paymentsTables(db)
    .selectFrom('payments')
    .selectAll()
    .where('method', '=', method)
    .where('gateway_trade_no', '=', gatewayTradeNo)
    .executeTakeFirst();
}

/** A payment's refunds still waiting for the gateway's word (PENDING, PROCESSING). */
export function findOpenRefundsOfPayment(db: Db, paymentId: string): Promise<RefundRow[]> {
  return paymentsTables(db)
    .selectFrom('refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('state', 'in', ['PENDING', 'PROCESSING'])
    .orderBy('created_at')
    .execute();
}

// The back office's reads of an order's payment attempts, notifications, gateway queries and
// refunds (ADR 0019), for the order page.

export function listOrderPayments(db: Db, orderId: string): Promise<PaymentRow[]> {
  return paymentsTables(db)
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Every verified gateway notification received about these payment attempts, oldest first. */
export function listPaymentNotifications(db: Db, payments: readonly { method: string; payment_no: string }[]) {
  if (payments.length === 0) return Promise.resolve([]);
  return paymentsTables(db)
    .selectFrom('gateway_notifications')
    .select(['id', 'method', 'payment_no', 'gateway_trade_no', 'amount_fen', 'success', 'verification', 'outcome', 'received_at'])
    .where((eb) => eb.or(payments.map((payment) => eb.and([eb('method', '=', payment.method), eb('payment_no', '=', payment.payment_no)]))))
    .orderBy('received_at')
    .orderBy('id')
    .execute();
}

/** What was asked of the gateways about these attempts (newest first, the latest 50), with the id of the staff member who asked. */
export function listOrderGatewayQueries(db: Db, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return paymentsTables(db)
    .selectFrom('gateway_queries as q')
    .innerJoin('payments as p', 'p.id', 'q.payment_id')
    .select([
      'q.id',
      'q.method',
      'p.payment_no',
      'q.source',
      'q.staff_id',
      'q.state',
      'q.amount_fen',
      'q.gateway_trade_no',
      'q.error',
      'q.asked_at',
    ])
    .where('q.payment_id', 'in', paymentIds)
    .orderBy('q.asked_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(50)
    .execute();
}

export function listOrderRefunds(db: Db, orderId: string): Promise<RefundRow[]> {
  return paymentsTables(db).selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
}

/** Refunds in these states with the method of the payment they return, least recently touched first (the staff refund queue). */
export function listRefundsInStates(db: Db, states: readonly string[], limit: number) {
  return paymentsTables(db)
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select([
      'r.id',
      'r.refund_no',
      'r.order_id',
      'r.amount_fen',
      'r.state',
      'r.reason',
      'r.last_outcome',
      'r.failure_detail',
      'r.attempts',
      'r.created_at',
      'r.updated_at',
      'r.payment_id',
      'p.method',
    ])
    .where('r.state', 'in', [...states])
    .orderBy('r.updated_at')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

export async function countRefundsInStates(db: Db, states: readonly string[]): Promise<number> {
  const row = await paymentsTables(db)
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('state', 'in', [...states])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A card payment by its PaymentIntent (payments.gateway_trade_no). */
export function findCardPaymentByIntent(db: Db, paymentIntent: string): Promise<{ id: string; order_id: string } | undefined> {
  return paymentsTables(db)
    .selectFrom('payments')
    .select(['id', 'order_id'])
    .where('method', '=', 'CARD')
    .where('gateway_trade_no', '=', paymentIntent)
    .executeTakeFirst();
}

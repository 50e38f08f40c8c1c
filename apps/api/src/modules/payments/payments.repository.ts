import { type Insertable, type Selectable } from 'kysely';
import { type TOrderStatus } from '@llk/contracts';
import { touchedRows } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type GatewayNotificationsTable, type UnmatchedPaymentsTable } from '../../db/tables/ledger.table';
import { type PaymentsTable, type RefundsTable } from '../../db/tables/orders.table';

// Payment attempts, gateway notifications and refunds. Every state change is a conditional
// update (the expected state in the WHERE clause) that reports whether it happened, so two
// callers racing for the same transition cannot both win, on SQLite or PostgreSQL.

export type PaymentRow = Selectable<PaymentsTable>;
export type RefundRow = Selectable<RefundsTable>;

// ---- Payments --------------------------------------------------------------------------------

export async function insertPayment(db: Db, payment: PaymentRow): Promise<void> {
  await db.insertInto('payments').values(payment).execute();
}

export function findPaymentByNo(db: Db, paymentNo: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('payment_no', '=', paymentNo).executeTakeFirst();
}

export function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPaymentsOfOrder(db: Db, orderId: string, states?: readonly string[]): Promise<PaymentRow[]> {
  let query = db.selectFrom('payments').selectAll().where('order_id', '=', orderId);
  if (states) query = query.where('state', 'in', [...states]);
  return query.orderBy('id').execute();
}

/**
 * Open payment attempts of orders that can no longer be paid (EXPIRED, CANCELLED): left open
 * when the gateway could not be reached as the order closed. Least recently touched first.
 */
export function findOrphanedPayments(db: Db, orderStatuses: readonly TOrderStatus[], openStates: readonly string[], touchedBefore: string, limit: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .selectAll('payments')
    .where('payments.state', 'in', [...openStates])
    .where('orders.status', 'in', [...orderStatuses])
    .where('payments.updated_at', '<=', touchedBefore)
    .orderBy('payments.updated_at')
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
  const result = await db
    .updateTable('payments')
    .set({ ...values, state: to })
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

export async function flagPaymentForRefund(db: Db, id: string, needsRefund: boolean, now: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ needs_refund: needsRefund ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Paid payments flagged for refund (double payments) that have no open or successful refund. */
export function findPaymentsToRefund(db: Db, limit: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('needs_refund', '=', 1)
    .where('state', '=', 'PAID')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('refunds')
            .select('refunds.id')
            .whereRef('refunds.payment_id', '=', 'payments.id')
            .where('refunds.state', 'in', ['PENDING', 'PROCESSING', 'SUCCEEDED']),
        ),
      ),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Open attempts created before `createdBefore` that have not expired yet, oldest first. */
export function findPaymentsToReconcile(
  db: Db,
  openStates: readonly string[],
  createdBefore: string,
  now: string,
  limit: number,
): Promise<Pick<PaymentRow, 'payment_no' | 'method'>[]> {
  return db
    .selectFrom('payments')
    .select(['payment_no', 'method'])
    .where('state', 'in', [...openStates])
    .where('created_at', '<=', createdBefore)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

// ---- Notifications ---------------------------------------------------------------------------

export async function insertNotification(
  db: Db,
  row: { id: string; dedupe_key: string; payment_id: string; gateway_trade_no: string; amount_fen: number; outcome: string; via: string; received_at: string },
): Promise<void> {
  await db.insertInto('payment_notifications').values(row).execute();
}

/** A verified notification as received, whatever became of it. */
export async function insertGatewayNotification(db: Db, row: Insertable<GatewayNotificationsTable>): Promise<void> {
  await db.insertInto('gateway_notifications').values(row).execute();
}

/** Records verified money that matches no payment, once per gateway trade; returns the row's id (new or existing). */
export async function insertUnmatchedPayment(db: Db, row: Insertable<UnmatchedPaymentsTable> & { id: string }): Promise<{ id: string; created: boolean }> {
  const result = await db
    .insertInto('unmatched_payments')
    .values(row)
    .onConflict((oc) => oc.columns(['method', 'gateway_trade_no']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) return { id: row.id, created: true };
  const existing = await db
    .selectFrom('unmatched_payments')
    .select('id')
    .where('method', '=', row.method)
    .where('gateway_trade_no', '=', row.gateway_trade_no)
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

// ---- Refunds ---------------------------------------------------------------------------------

export async function insertRefund(db: Db, refund: RefundRow): Promise<void> {
  await db.insertInto('refunds').values(refund).execute();
}

export function findRefund(db: Db, id: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Refunds still waiting for the gateway (asked before or timed out). */
export function findOpenRefunds(db: Db, before: string, limit: number): Promise<RefundRow[]> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('state', 'in', ['PENDING', 'PROCESSING'])
    .where('updated_at', '<=', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function transitionRefund(
  db: Db,
  id: string,
  from: readonly string[],
  to: string,
  values: Partial<Omit<RefundRow, 'id' | 'state'>> & { updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({ ...values, state: to })
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return touchedRows(result) === 1;
}


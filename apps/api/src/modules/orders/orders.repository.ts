import { type Selectable } from 'kysely';
import { type TOrderStatus } from '@llk/contracts';
import { type Db } from '../../db/schema';
import { type OrderItemsTable, type OrderQrCodesTable, type OrdersTable, type PaymentsTable, type RefundsTable } from '../../db/tables/orders.table';

// The only Kysely users of the orders module. Every state change is a conditional update
// (the expected state in the WHERE clause) that reports whether it happened, so two callers
// racing for the same transition cannot both win, on SQLite or PostgreSQL.

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type RefundRow = Selectable<RefundsTable>;
export type QrCodeRow = Selectable<OrderQrCodesTable>;

/** Rows touched by an update or delete, on either driver. */
function touched(result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }): number {
  return Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);
}

// ---- Orders ----------------------------------------------------------------------------------

export async function insertOrder(db: Db, order: OrderRow, items: OrderItemRow[]): Promise<void> {
  await db.insertInto('orders').values(order).execute();
  if (items.length > 0) await db.insertInto('order_items').values(items).execute();
}

export function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrderItems(db: Db, orderId: string): Promise<OrderItemRow[]> {
  return db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** Moves an order from one of `from` to `to` with extra column values; true if it moved. */
export async function transitionOrder(
  db: Db,
  id: string,
  from: readonly TOrderStatus[],
  to: TOrderStatus,
  values: Partial<Omit<OrderRow, 'id' | 'status'>> & { updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ ...values, status: to })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return touched(result) === 1;
}

export async function setOrderItemGrant(db: Db, itemId: string, grant: string | null): Promise<void> {
  await db.updateTable('order_items').set({ grant_json: grant }).where('id', '=', itemId).execute();
}

/** Unpaid orders whose time is up, oldest first. */
export function findDueOrders(db: Db, statuses: readonly TOrderStatus[], now: string, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', [...statuses])
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** FULFILLED orders fulfilled before `before`: their refund window is over. */
export async function completeFulfilledOrders(db: Db, before: string, now: string): Promise<number> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'COMPLETED', completed_at: now, updated_at: now })
    .where('status', '=', 'FULFILLED')
    .where('fulfilled_at', '<=', before)
    .executeTakeFirst();
  return touched(result);
}

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
  return touched(result) === 1;
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

// ---- Notifications ---------------------------------------------------------------------------

export async function insertNotification(
  db: Db,
  row: { id: string; dedupe_key: string; payment_id: string; gateway_trade_no: string; amount_fen: number; outcome: string; via: string; received_at: string },
): Promise<void> {
  await db.insertInto('payment_notifications').values(row).execute();
}

// ---- Refunds ---------------------------------------------------------------------------------

export async function insertRefund(db: Db, refund: RefundRow): Promise<void> {
  await db.insertInto('refunds').values(refund).execute();
}

export function findRefund(db: Db, id: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRefundsOfOrder(db: Db, orderId: string): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
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
  return touched(result) === 1;
}

// ---- QR codes --------------------------------------------------------------------------------

export async function insertQrCode(db: Db, row: QrCodeRow): Promise<void> {
  await db.insertInto('order_qr_codes').values(row).execute();
}

export function findQrCodeByHash(db: Db, codeHash: string): Promise<QrCodeRow | undefined> {
  return db.selectFrom('order_qr_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/** Marks an unused, unexpired code used by `orderId`; false if someone else was first. */
export async function useQrCode(db: Db, id: string, orderId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('order_qr_codes')
    .set({ used_at: now, order_id: orderId })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return touched(result) === 1;
}

export async function purgeQrCodes(db: Db, before: string): Promise<number> {
  return touched(await db.deleteFrom('order_qr_codes').where('expires_at', '<=', before).executeTakeFirst());
}

// ---- Idempotency keys ------------------------------------------------------------------------

export function findIdempotencyKey(db: Db, userId: string, key: string) {
  return db
    .selectFrom('order_idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function insertIdempotencyKey(
  db: Db,
  row: { user_id: string; idempotency_key: string; request_hash: string; order_id: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('order_idempotency_keys').values(row).execute();
}

export async function deleteIdempotencyKey(db: Db, userId: string, key: string, expiredBefore: string): Promise<void> {
  await db
    .deleteFrom('order_idempotency_keys')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .where('expires_at', '<=', expiredBefore)
    .execute();
}

export async function purgeIdempotencyKeys(db: Db, before: string): Promise<number> {
  return touched(await db.deleteFrom('order_idempotency_keys').where('expires_at', '<=', before).executeTakeFirst());
}

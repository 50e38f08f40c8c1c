import { type Selectable } from 'kysely';
import { type TOrderStatus } from '@llk/contracts';
import { toCount, touchedRows } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type InvoiceRequestsTable, type OrderItemsTable, type OrderQrCodesTable, type OrdersTable } from '../../db/tables/orders.table';

// Orders, their items, QR codes and idempotency keys. Every state change is a conditional
// update (the expected state in the WHERE clause) that reports whether it happened, so two
// callers racing for the same transition cannot both win, on SQLite or PostgreSQL.

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type QrCodeRow = Selectable<OrderQrCodesTable>;
export type InvoiceRequestRow = Selectable<InvoiceRequestsTable>;

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
  return touchedRows(result) === 1;
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
  return touchedRows(result);
}

/** The method and client of an order's latest payment attempt, for showing the order. */
export function findLatestAttempt(db: Db, orderId: string): Promise<{ method: string; client: string } | undefined> {
  return db.selectFrom('payments').select(['method', 'client']).where('order_id', '=', orderId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

// ---- The account area: a user's orders, receipts, invoice requests ----------------------------

/** One page of a user's orders, newest first (ids are ULIDs: their order is creation order; index orders_user_idx). */
export function listUserOrders(db: Db, userId: string, offset: number, limit: number): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countUserOrders(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return toCount(row?.n);
}

/** The items of several orders at once (one page of the list). */
export function findItemsOfOrders(db: Db, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_items').selectAll().where('order_id', 'in', [...orderIds]).orderBy('id').execute();
}

/** The method of each order's latest payment attempt, for orders that were never paid. */
export async function findLatestMethods(db: Db, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.selectFrom('payments').select(['order_id', 'method', 'id']).where('order_id', 'in', [...orderIds]).orderBy('id').execute();
  return new Map(rows.map((row) => [row.order_id, row.method]));
}

/** The payment that paid an order (orders.paid_payment_id). */
export function findPaidPayment(db: Db, paymentId: string): Promise<{ payment_no: string; gateway_trade_no: string | null; method: string } | undefined> {
  return db.selectFrom('payments').select(['payment_no', 'gateway_trade_no', 'method']).where('id', '=', paymentId).executeTakeFirst();
}

/**
 * The orders' refunds as their customer is told (customerRefundState), oldest first: read only,
 * the payments module writes them. Here, not there, because the owner's order page needs them and
 * orders may not import payments; payments reads them through this for the device list.
 */
export function findRefundsOfOrders(db: Db, orderIds: readonly string[]): Promise<{ order_id: string; amount_fen: number; state: string; attempts: number; created_at: string; updated_at: string; completed_at: string | null }[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('refunds')
    .select(['order_id', 'amount_fen', 'state', 'attempts', 'created_at', 'updated_at', 'completed_at'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Inserts an open request; a unique violation (open_order_id) means the order has one already. */
export async function insertInvoiceRequest(db: Db, row: InvoiceRequestRow): Promise<void> {
  await db.insertInto('invoice_requests').values(row).execute();
}

/** The number of an international request's invoice (issued with the request, ADR 0030). */
export async function setInvoiceRequestNumber(db: Db, id: string, invoiceNo: string): Promise<void> {
  await db.updateTable('invoice_requests').set({ invoice_no: invoiceNo }).where('id', '=', id).execute();
}

/** An order's invoice requests, newest first. */
export function listInvoiceRequests(db: Db, orderId: string): Promise<InvoiceRequestRow[]> {
  return db.selectFrom('invoice_requests').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').execute();
}

/**
 * Settles an open request (by the back office): ISSUED keeps holding the order (an order is
 * invoiced once), REJECTED frees it for a new request. True if it was open.
 */
export async function closeInvoiceRequest(
  db: Db,
  id: string,
  answer: { state: 'ISSUED'; invoiceNo: string } | { state: 'REJECTED'; reason: string },
  now: string,
): Promise<boolean> {
  const state = answer.state;
  const result = await db
    .updateTable('invoice_requests')
    .set({ state, updated_at: now, ...(answer.state === 'REJECTED' ? { open_order_id: null, reject_reason: answer.reason } : { invoice_no: answer.invoiceNo }) })
    .where('id', '=', id)
    .where('state', '=', 'REQUESTED')
    .executeTakeFirst();
  return touchedRows(result) === 1;
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
  return touchedRows(result) === 1;
}

export async function purgeQrCodes(db: Db, before: string): Promise<number> {
  return touchedRows(await db.deleteFrom('order_qr_codes').where('expires_at', '<=', before).executeTakeFirst());
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
  return touchedRows(await db.deleteFrom('order_idempotency_keys').where('expires_at', '<=', before).executeTakeFirst());
}

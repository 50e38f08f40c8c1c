import { type OperandExpression, type RawBuilder } from 'kysely';
import { type TOrderStatus } from '@llk/contracts';
import { toCount, touchedRows } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type InvoiceRequestRow, type OrderItemRow, type OrderRow, ordersTables, type QrCodeRow } from './orders.tables';

// Orders, their items, QR codes and idempotency keys. Every state change is a conditional
// update (the expected state in the WHERE clause) that reports whether it happened, so two
// callers racing for the same transition cannot both win, on SQLite or PostgreSQL.

export { type InvoiceRequestRow, type OrderItemRow, type OrderRow, type QrCodeRow } from './orders.tables';

// ---- Orders ----------------------------------------------------------------------------------

export async function insertOrder(db: Db, order: OrderRow, items: OrderItemRow[]): Promise<void> {
  await ordersTables(db).insertInto('orders').values(order).execute();
  if (items.length > 0) await ordersTables(db).insertInto('order_items').values(items).execute();
}

export function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return ordersTables(db).selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrderItems(db: Db, orderId: string): Promise<OrderItemRow[]> {
  return ordersTables(db).selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** Moves an order from one of `from` to `to` with extra column values; true if it moved. Only the life cycle (order-life-cycle.ts) calls it. */
export async function updateOrderStatus(
  db: Db,
  id: string,
  from: readonly TOrderStatus[],
  to: TOrderStatus,
  values: Partial<Omit<OrderRow, 'id' | 'status'>> & { updated_at: string },
): Promise<boolean> {
  const result = await ordersTables(db)
    .updateTable('orders')
    .set({ ...values, status: to })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

export async function setOrderItemGrant(db: Db, itemId: string, grant: string | null): Promise<void> {
  await ordersTables(db).updateTable('order_items').set({ grant_json: grant }).where('id', '=', itemId).execute();
}

/** Unpaid orders whose time is up, oldest first. */
export function findDueOrders(db: Db, statuses: readonly TOrderStatus[], now: string, limit: number): Promise<OrderRow[]> {
  return ordersTables(db)
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', [...statuses])
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** FULFILLED orders fulfilled before `before`: their refund window is over. Only the life cycle (order-life-cycle.ts) calls it. */
export async function completeFulfilledOrders(db: Db, before: string, now: string): Promise<number> {
  const result = await ordersTables(db)
    .updateTable('orders')
    .set({ status: 'COMPLETED', completed_at: now, updated_at: now })
    .where('status', '=', 'FULFILLED')
    .where('fulfilled_at', '<=', before)
    .executeTakeFirst();
  return touchedRows(result);
}

/** The method and client of an order's latest payment attempt, for showing the order. */
export function findLatestAttempt(db: Db, orderId: string): Promise<{ method: string; client: string } | undefined> {
  return ordersTables(db)
    .selectFrom('order_payment_attempts')
    .select(['method', 'client'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

// ---- The account area: a user's orders, receipts, invoice requests ----------------------------

/** One page of a user's orders, newest first (ids are ULIDs: their order is creation order; index orders_user_idx). */
export function listUserOrders(db: Db, userId: string, offset: number, limit: number): Promise<OrderRow[]> {
  return ordersTables(db)
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countUserOrders(db: Db, userId: string): Promise<number> {
  const row = await ordersTables(db)
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return toCount(row?.n);
}

/** The items of several orders at once (one page of the list). */
export function findItemsOfOrders(db: Db, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return ordersTables(db)
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('id')
    .execute();
}

/** The method of each order's latest payment attempt, for orders that were never paid. */
export async function findLatestMethods(db: Db, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ordersTables(db)
    .selectFrom('order_payment_attempts')
    .select(['order_id', 'method', 'id'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.order_id, row.method]));
}

/** The payment that paid an order (orders.paid_payment_id). */
export function findPaidPayment(
  db: Db,
  paymentId: string,
): Promise<{ payment_no: string; gateway_trade_no: string | null; method: string } | undefined> {
  return ordersTables(db)
    .selectFrom('order_payment_attempts')
    .select(['payment_no', 'gateway_trade_no', 'method'])
    .where('id', '=', paymentId)
    .executeTakeFirst();
}

/**
 * The orders' refunds as their customer is told (customerRefundState), oldest first: read only
 * through the order_refunds view, the payments module writes them. Here, not there, because the
 * owner's order page needs them and orders may not import payments; payments reads them through
 * this for the device list.
 */
export function findRefundsOfOrders(
  db: Db,
  orderIds: readonly string[],
): Promise<
  {
    order_id: string;
    amount_fen: number;
    state: string;
    attempts: number;
    created_at: string;
    updated_at: string;
    completed_at: string | null;
  }[]
> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return ordersTables(db)
    .selectFrom('order_refunds')
    .select(['order_id', 'amount_fen', 'state', 'attempts', 'created_at', 'updated_at', 'completed_at'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Inserts an open request; a unique violation (open_order_id) means the order has one already. */
export async function insertInvoiceRequest(db: Db, row: InvoiceRequestRow): Promise<void> {
  await ordersTables(db).insertInto('invoice_requests').values(row).execute();
}

/** The number of an international request's invoice (issued with the request, ADR 0030). */
export async function setInvoiceRequestNumber(db: Db, id: string, invoiceNo: string): Promise<void> {
  await ordersTables(db).updateTable('invoice_requests').set({ invoice_no: invoiceNo }).where('id', '=', id).execute();
}

/** An order's invoice requests, newest first. */
export function listInvoiceRequests(db: Db, orderId: string): Promise<InvoiceRequestRow[]> {
  return ordersTables(db).selectFrom('invoice_requests').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').execute();
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
  const result = await ordersTables(db)
    .updateTable('invoice_requests')
    .set({
      state,
      updated_at: now,
      ...(answer.state === 'REJECTED' ? { open_order_id: null, reject_reason: answer.reason } : { invoice_no: answer.invoiceNo }),
    })
    .where('id', '=', id)
    .where('state', '=', 'REQUESTED')
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

// ---- QR codes --------------------------------------------------------------------------------

export async function insertQrCode(db: Db, row: QrCodeRow): Promise<void> {
  await ordersTables(db).insertInto('order_qr_codes').values(row).execute();
}

export function findQrCodeByHash(db: Db, codeHash: string): Promise<QrCodeRow | undefined> {
  return ordersTables(db).selectFrom('order_qr_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/** Marks an unused, unexpired code used by `orderId`; false if someone else was first. */
export async function useQrCode(db: Db, id: string, orderId: string, now: string): Promise<boolean> {
  const result = await ordersTables(db)
    .updateTable('order_qr_codes')
    .set({ used_at: now, order_id: orderId })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

export async function purgeQrCodes(db: Db, before: string): Promise<number> {
  return touchedRows(await ordersTables(db).deleteFrom('order_qr_codes').where('expires_at', '<=', before).executeTakeFirst());
}

// ---- Idempotency keys ------------------------------------------------------------------------

export function findIdempotencyKey(db: Db, userId: string, key: string) {
  return ordersTables(db)
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
  await ordersTables(db).insertInto('order_idempotency_keys').values(row).execute();
}

export async function deleteIdempotencyKey(db: Db, userId: string, key: string, expiredBefore: string): Promise<void> {
  await ordersTables(db)
    .deleteFrom('order_idempotency_keys')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .where('expires_at', '<=', expiredBefore)
    .execute();
}

export async function purgeIdempotencyKeys(db: Db, before: string): Promise<number> {
  return touchedRows(await ordersTables(db).deleteFrom('order_idempotency_keys').where('expires_at', '<=', before).executeTakeFirst());
}

// The back office's reads of orders and invoice requests (ADR 0019): keyset pages on
// (created_at, id), newest first, never OFFSET.

export interface OrderFilter {
  id?: string;
  userId?: string;
  status?: string;
  itemType?: string;
  from?: string;
  to?: string;
  before?: { createdAt: string; id: string };
  limit: number;
}

/** Orders matching every given filter, newest first after `before`. */
export function searchOrderRows(db: Db, filter: OrderFilter): Promise<OrderRow[]> {
  let query = ordersTables(db).selectFrom('orders').selectAll('orders');
  if (filter.id !== undefined) query = query.where('orders.id', '=', filter.id);
  if (filter.userId !== undefined) query = query.where('orders.user_id', '=', filter.userId);
  if (filter.status !== undefined) query = query.where('orders.status', '=', filter.status);
  if (filter.from !== undefined) query = query.where('orders.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('orders.created_at', '<', filter.to);
  const itemType = filter.itemType;
  if (itemType !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_items')
          .select('order_items.id')
          .whereRef('order_items.order_id', '=', 'orders.id')
          .where('order_items.item_type', '=', itemType),
      ),
    );
  }
  const before = filter.before;
  if (before) {
    query = query.where((eb) => eb(eb.refTuple('orders.created_at', 'orders.id'), '<', eb.tuple(before.createdAt, before.id)));
  }
  return query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(filter.limit).execute();
}

/** An order's invoice requests, newest first. */
export function listOrderInvoices(db: Db, orderId: string): Promise<InvoiceRequestRow[]> {
  return ordersTables(db).selectFrom('invoice_requests').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').execute();
}

/** Invoice requests, newest first (ids are time-ordered), by state when given. */
export function searchInvoices(db: Db, options: { state?: string; before?: string; limit: number }): Promise<InvoiceRequestRow[]> {
  let query = ordersTables(db).selectFrom('invoice_requests').selectAll();
  if (options.state !== undefined) query = query.where('state', '=', options.state);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

export function findInvoice(db: Db, id: string): Promise<InvoiceRequestRow | undefined> {
  return ordersTables(db).selectFrom('invoice_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whole rows of these orders, in no particular order (callers key them by id). */
export function findOrdersByIds(db: Db, ids: readonly string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return ordersTables(db)
    .selectFrom('orders')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * The grant records of a user's items of one type in their other orders in `liveStatuses`,
 * oldest first (fulfilment rewrites them when a refund takes back what they captured).
 */
export function findLiveItemGrants(
  db: Db,
  userId: string,
  itemType: string,
  exceptOrderId: string,
  liveStatuses: readonly string[],
): Promise<{ id: string; grant_json: string | null }[]> {
  return ordersTables(db)
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['order_items.id', 'order_items.grant_json'])
    .where('orders.user_id', '=', userId)
    .where('order_items.item_type', '=', itemType)
    .where('orders.id', '!=', exceptOrderId)
    .where('orders.status', 'in', [...liveStatuses])
    .where('order_items.grant_json', 'is not', null)
    .orderBy('order_items.id')
    .execute();
}

// ---- The dashboard's figures (ADR 0019): counts and sums over the orders and their items,
// bucketed by the caller's day of a stored UTC ISO column.

/** Orders paid in [fromUtc, toUtc), per day of `dayOf('paid_at')`. */
export async function countPaidOrdersByDay(
  db: Db,
  fromUtc: string,
  toUtc: string,
  dayOf: (column: 'paid_at') => RawBuilder<string>,
): Promise<Map<string, number>> {
  const day = dayOf('paid_at');
  const rows = await ordersTables(db)
    .selectFrom('orders')
    .select((eb) => [day.as('day'), eb.fn.countAll<string | number>().as('n')])
    .where('paid_at', '>=', fromUtc)
    .where('paid_at', '<', toUtc)
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [row.day, toCount(row.n)]));
}

/** What the orders paid in the range bought, per item type, the largest amount first. */
export async function sumPaidItemsByType(
  db: Db,
  fromUtc: string,
  toUtc: string,
): Promise<{ itemType: string; amountFen: number; items: number }[]> {
  const rows = await ordersTables(db)
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select((eb) => ['i.item_type', eb.fn.sum<string | number>('i.amount_fen').as('amount'), eb.fn.countAll<string | number>().as('n')])
    .where('o.paid_at', '>=', fromUtc)
    .where('o.paid_at', '<', toUtc)
    .groupBy('i.item_type')
    .execute();
  return rows
    .map((row) => ({ itemType: row.item_type, amountFen: toCount(row.amount), items: toCount(row.n) }))
    .sort((a, b) => b.amountFen - a.amountFen);
}

// ---- Subqueries for other owners' statements ----------------------------------------------
// A read that must stay one statement with another module's rows (a join, a lock, an update
// conditioned on an order's state) embeds one of these: the orders module writes the SQL over
// its table, the other module's repository builds the rest (ADR 0038).

/** The orders in one of `statuses` with when they were paid: a subquery to join (`.as('o')`). */
export function ordersInStatuses(db: Db, statuses: readonly string[]) {
  return ordersTables(db)
    .selectFrom('orders')
    .select(['id', 'paid_at'])
    .where('status', 'in', [...statuses]);
}

/** The ids of the orders in one of `statuses`: a subquery for `in` / `not in`. */
export function orderIdsInStatuses(db: Db, statuses: readonly string[]) {
  return ordersTables(db)
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', [...statuses]);
}

/** How many of the users `userIds` (another owner's subquery of user ids) have paid an order: one statement. */
export async function countUsersWithPaidOrderAmong(db: Db, userIds: OperandExpression<string>): Promise<number> {
  const row = await ordersTables(db)
    .selectFrom('orders')
    .select((eb) => eb.fn.count<string | number>('user_id').distinct().as('n'))
    .where('user_id', 'in', userIds)
    .where('paid_at', 'is not', null)
    .executeTakeFirst();
  return toCount(row?.n);
}

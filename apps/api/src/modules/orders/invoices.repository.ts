import { touchedRows } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type InvoiceRow, ordersTables } from './orders.tables';

// International invoices (migration 0042, ADR 0030): the numbers' counters and the issued
// invoices. Numbers are taken inside the transaction that inserts the invoice, so they are
// gapless: a rolled-back issue gives its number back.

export { type InvoiceRow } from './orders.tables';

/**
 * The next number of a year, counted in the caller's transaction: the counter row is made once
 * (ON CONFLICT DO NOTHING: a racing first issue of the year waits for the other's commit) and
 * moved by one UPDATE … RETURNING, which holds the row (PostgreSQL) or the database (SQLite)
 * until the transaction ends, so no two transactions ever read the same number.
 */
export async function takeInvoiceNumber(db: Db, year: string): Promise<number> {
  await ordersTables(db)
    .insertInto('invoice_counters')
    .values({ year, last_no: 0 })
    .onConflict((oc) => oc.column('year').doNothing())
    .execute();
  const row = await ordersTables(db)
    .updateTable('invoice_counters')
    .set((eb) => ({ last_no: eb('last_no', '+', 1) }))
    .where('year', '=', year)
    .returning('last_no')
    .executeTakeFirstOrThrow();
  return Number(row.last_no);
}

/** A unique violation on current_request_id means the request has a current invoice already. */
export async function insertInvoice(db: Db, row: InvoiceRow): Promise<void> {
  await ordersTables(db).insertInto('invoices').values(row).execute();
}

/** Marks the request's current invoice replaced by `replacedBy`; false if another re-issue was first. */
export async function replaceCurrentInvoice(db: Db, id: string, replacedBy: string, now: string): Promise<boolean> {
  const result = await ordersTables(db)
    .updateTable('invoices')
    .set({ state: 'REPLACED', current_request_id: null, replaced_by: replacedBy, replaced_at: now })
    .where('id', '=', id)
    .where('state', '=', 'ISSUED')
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

/** The current invoice of a request (ISSUED), if any. */
export function findCurrentInvoice(db: Db, requestId: string): Promise<InvoiceRow | undefined> {
  return ordersTables(db).selectFrom('invoices').selectAll().where('current_request_id', '=', requestId).executeTakeFirst();
}

/** The current invoice of an order: its live request's (an order has at most one). */
export function findCurrentInvoiceOfOrder(db: Db, orderId: string): Promise<InvoiceRow | undefined> {
  return ordersTables(db)
    .selectFrom('invoices')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('state', '=', 'ISSUED')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findInvoiceById(db: Db, id: string): Promise<InvoiceRow | undefined> {
  return ordersTables(db).selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findInvoiceByNumber(db: Db, requestId: string, number: string): Promise<InvoiceRow | undefined> {
  return ordersTables(db)
    .selectFrom('invoices')
    .selectAll()
    .where('request_id', '=', requestId)
    .where('number', '=', number)
    .executeTakeFirst();
}

/** The invoice an invoice replaced (the one whose replaced_by names it). */
export function findReplacedBy(db: Db, id: string): Promise<InvoiceRow | undefined> {
  return ordersTables(db).selectFrom('invoices').selectAll().where('replaced_by', '=', id).executeTakeFirst();
}

/** Every invoice of these requests, newest first (the back office's list and order page). */
export function listInvoicesOfRequests(db: Db, requestIds: readonly string[]): Promise<InvoiceRow[]> {
  if (requestIds.length === 0) return Promise.resolve([]);
  return ordersTables(db)
    .selectFrom('invoices')
    .selectAll()
    .where('request_id', 'in', [...requestIds])
    .orderBy('id', 'desc')
    .execute();
}

/** The request's buyer details and number after a re-issue. */
export async function updateRequestBuyer(
  db: Db,
  id: string,
  values: { title: string; address: string; country: string; tax_id: string | null; invoice_no: string; updated_at: string },
): Promise<void> {
  await ordersTables(db).updateTable('invoice_requests').set(values).where('id', '=', id).execute();
}

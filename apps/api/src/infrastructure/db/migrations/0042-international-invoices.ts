import { type Kysely } from 'kysely';

// International invoices (docs/adr/0030-international-invoices.md).
//
// - invoice_requests gains the kind (FAPIAO: today's mainland requests, every row before this
//   migration; INTERNATIONAL: any other country), the buyer's country and address, and the
//   language the customer asked in (the invoice is written in it).
// - invoices: the international invoices the product issued, one row per number. A request has
//   one current invoice: current_request_id holds the request's id while the invoice is ISSUED
//   and NULL once a re-issue REPLACED it, and a unique index on it (NULLs never collide) makes
//   "one current invoice per request" hold however many callers race. number is unique too.
// - invoice_counters: one row per year with the last number given; the number is taken by one
//   UPDATE … RETURNING in the transaction that inserts the invoice, so the row lock (PostgreSQL)
//   or the write lock (SQLite) orders the callers and a rolled-back issue gives its number back:
//   numbers are gapless per year.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('invoice_requests')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('FAPIAO'))
    .execute();
  await db.schema.alterTable('invoice_requests').addColumn('country', 'text').execute();
  await db.schema.alterTable('invoice_requests').addColumn('address', 'text').execute();
  await db.schema.alterTable('invoice_requests').addColumn('locale', 'text').execute();

  await db.schema
    .createTable('invoice_counters')
    .addColumn('year', 'text', (col) => col.primaryKey())
    .addColumn('last_no', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('number', 'text', (col) => col.notNull())
    .addColumn('request_id', 'text', (col) => col.notNull().references('invoice_requests.id'))
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    // the request's id while this is its current invoice, NULL once replaced: unique
    .addColumn('current_request_id', 'text')
    // ISSUED | REPLACED
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('replaced_by', 'text')
    .addColumn('buyer_name', 'text', (col) => col.notNull())
    .addColumn('buyer_address', 'text', (col) => col.notNull())
    .addColumn('buyer_country', 'text', (col) => col.notNull())
    .addColumn('buyer_tax_id', 'text')
    .addColumn('buyer_email', 'text', (col) => col.notNull())
    // JSON: the seller's details as configured when it was issued
    .addColumn('seller', 'text', (col) => col.notNull())
    // JSON: the order's items as they were sold
    .addColumn('lines', 'text', (col) => col.notNull())
    .addColumn('total_fen', 'integer', (col) => col.notNull())
    .addColumn('pay_method', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    // why staff issued it again (a re-issue), NULL for the first
    .addColumn('reason', 'text')
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('replaced_at', 'text')
    .execute();
  await db.schema.createIndex('invoices_number_uq').on('invoices').column('number').unique().execute();
  await db.schema.createIndex('invoices_current_request_uq').on('invoices').column('current_request_id').unique().execute();
  await db.schema.createIndex('invoices_request_idx').on('invoices').columns(['request_id', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_counters').execute();
  for (const column of ['locale', 'address', 'country', 'kind'])
    await db.schema.alterTable('invoice_requests').dropColumn(column).execute();
}

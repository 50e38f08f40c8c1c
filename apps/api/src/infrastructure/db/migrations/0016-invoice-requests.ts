import { type Kysely } from 'kysely';

// Invoice requests for paid orders of any kind (POST /order/invoice). A request is
// REQUESTED (open) until the seller issues it (ISSUED) or turns it down (REJECTED); an order has
// at most one live request: open_order_id holds the order id while the request is REQUESTED or
// ISSUED and NULL once it is REJECTED, and a unique index on it (NULLs never collide, on SQLite and PostgreSQL)
// makes a second open request a unique violation however many callers race. Rows stay with the
// order for accounting (no cascade from users). Why a new table rather than widening
// cloud_pc_invoice_requests: modules/orders/README.md.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoice_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('open_order_id', 'text')
    // REQUESTED | ISSUED | REJECTED
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('tax_id', 'text')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('amount_fen', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('invoice_requests_open_order_uq').on('invoice_requests').column('open_order_id').unique().execute();
  await db.schema.createIndex('invoice_requests_order_idx').on('invoice_requests').columns(['order_id', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_requests').execute();
}

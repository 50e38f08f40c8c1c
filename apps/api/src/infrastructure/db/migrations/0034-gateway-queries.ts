import { type Kysely } from 'kysely';

// What we asked a gateway about a payment attempt and what it answered (ADR 0019, "Orders and
// refunds"): the reconciliation job, the orders sweep and staff's "query the gateway now" each
// write one row per question, including the answers that change nothing (still pending, not
// found) and the failures, so the order's page shows why an order stayed open. Kept 90 days.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gateway_queries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('payment_id', 'text', (col) => col.notNull().references('payments.id'))
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('staff_id', 'text')
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('amount_fen', 'bigint')
    .addColumn('gateway_trade_no', 'text')
    .addColumn('error', 'text')
    .addColumn('asked_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('gateway_queries_payment_idx').on('gateway_queries').columns(['payment_id', 'asked_at']).execute();
  await db.schema.createIndex('gateway_queries_asked_idx').on('gateway_queries').column('asked_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gateway_queries').execute();
}

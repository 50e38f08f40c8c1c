import { type Kysely } from 'kysely';

// What the orders module may read of the payments module's rows, as views: an order's payment
// attempts (its page says how it was paid, or would be) and its refunds (their owner is told
// where each stands). Payments imports orders, so orders cannot call payments' functions; it
// reads these columns instead, and only these (ADR 0038). The views select from one table each,
// so both databases inline them: the queries and their plans are the ones on the tables.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createView('order_payment_attempts')
    .as(db.selectFrom('payments').select(['id', 'order_id', 'payment_no', 'method', 'client', 'gateway_trade_no']))
    .execute();
  await db.schema
    .createView('order_refunds')
    .as(db.selectFrom('refunds').select(['id', 'order_id', 'amount_fen', 'state', 'attempts', 'created_at', 'updated_at', 'completed_at']))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropView('order_refunds').execute();
  await db.schema.dropView('order_payment_attempts').execute();
}

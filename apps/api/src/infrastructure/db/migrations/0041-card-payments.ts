import { type Kysely } from 'kysely';

// Cards through Stripe Checkout (ADR 0029).
// - payments.gateway_ref: the gateway's id of the charge when it is not our payment number
//   (Stripe's Checkout Session id, cs_…), written when the charge is made: Stripe finds a
//   session only by its own id, so queries, refunds and closing start from it.
// - payment_disputes: a card payment the payer disputed with the issuer (charge.dispute.created
//   and the events after it), one row per Stripe dispute, shown with its order in the back
//   office; opening one also opens a support thread (the staff task).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('gateway_ref', 'text').execute();
  await db.schema
    .createTable('payment_disputes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('gateway_dispute_id', 'text', (col) => col.notNull().unique())
    .addColumn('payment_id', 'text', (col) => col.references('payments.id'))
    .addColumn('order_id', 'text')
    .addColumn('gateway_charge_id', 'text')
    .addColumn('amount_fen', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('evidence_due_at', 'text')
    .addColumn('support_thread_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_disputes_order_idx').on('payment_disputes').column('order_id').execute();
  await db.schema.createIndex('payment_disputes_created_idx').on('payment_disputes').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_disputes').execute();
  await db.schema.alterTable('payments').dropColumn('gateway_ref').execute();
}

import { type Kysely } from 'kysely';

// Refunds that end in front of staff, not in an endless retry (ADR 0015, "Refund states and
// the staff queue"): refunds.failure_detail keeps what the gateway said when it refused (the
// code stays in last_outcome), so the queue can show the reason. cloud_pc_renewals.refund_asked_at
// says a renewal's refund has been started (by the first-order refund or by the sweep), so the
// sweep starts it once and never again after a refusal.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refunds').addColumn('failure_detail', 'text').execute();
  await db.schema.alterTable('cloud_pc_renewals').addColumn('refund_asked_at', 'text').execute();
  // renewals already refunded (or being refunded) before this migration count as asked
  await db
    .updateTable('cloud_pc_renewals')
    .set((eb) => ({ refund_asked_at: eb.ref('created_at') }))
    .where((eb) => eb.exists(eb.selectFrom('refunds').select('refunds.id').whereRef('refunds.order_id', '=', 'cloud_pc_renewals.order_id')))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cloud_pc_renewals').dropColumn('refund_asked_at').execute();
  await db.schema.alterTable('refunds').dropColumn('failure_detail').execute();
}

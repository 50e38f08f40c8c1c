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
  // Refunds that ended under the old rules must not land in the staff queue as if owed: a refused
  // order refund was final there (its order went back to PAID or FULFILLED, nothing posted), so
  // it is WITHDRAWN, without a posting; retrying it would pay a second time. A refused double
  // payment's refund is still owed (the money is not ours) and stays FAILED, in the queue.
  await db
    .updateTable('refunds')
    .set({ state: 'WITHDRAWN' })
    .where('state', '=', 'FAILED')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('orders')
          .select('orders.id')
          .whereRef('orders.id', '=', 'refunds.order_id')
          .whereRef('orders.paid_payment_id', '=', 'refunds.payment_id'),
      ),
    )
    .execute();
  // A double payment's refund the old rules gave up on stayed open with no next attempt: the
  // sweep never takes it up again, so it goes to the queue as UNKNOWN (the gateway never said).
  await db
    .updateTable('refunds')
    .set({ state: 'UNKNOWN' })
    .where('state', 'in', ['PENDING', 'PROCESSING'])
    .where('next_attempt_at', 'is', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cloud_pc_renewals').dropColumn('refund_asked_at').execute();
  await db.schema.alterTable('refunds').dropColumn('failure_detail').execute();
}

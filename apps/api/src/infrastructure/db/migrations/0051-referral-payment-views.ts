import { type Kysely } from 'kysely';

// What the referrals module may read of the payments module's rows, as views: the refunds of an
// order's paying payment (when a refund was first asked for decides which commission lines it
// reverses) and who paid with which gateway account (two referred accounts paying from one
// account look like one person). Payments records and reverses commissions through referrals,
// so referrals cannot call payments' functions; it reads these columns instead, and only these
// (ADR 0038). Each view is a projection joined on the orders' key, so both databases inline
// them: the queries and their plans are the ones on the tables.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createView('referral_order_refunds')
    .as(
      db
        .selectFrom('refunds')
        .innerJoin('orders', (join) =>
          join.onRef('orders.id', '=', 'refunds.order_id').onRef('orders.paid_payment_id', '=', 'refunds.payment_id'),
        )
        .select([
          'refunds.order_id as order_id',
          'refunds.state as state',
          'refunds.last_outcome as last_outcome',
          'refunds.created_at as created_at',
        ]),
    )
    .execute();
  await db.schema
    .createView('referral_payers')
    .as(
      db
        .selectFrom('payments')
        .innerJoin('orders', 'orders.id', 'payments.order_id')
        .select(['orders.user_id as user_id', 'payments.method as method', 'payments.payer_account as payer_account']),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropView('referral_payers').execute();
  await db.schema.dropView('referral_order_refunds').execute();
}

import { type Kysely } from 'kysely';

// What the ledger's audit and report compare the postings with, as views over the tables that
// hold the money: payment attempts with whether each paid its order, refunds, unmatched money,
// commission lines and paid-out commission. Payments and referrals post to the ledger, so the
// ledger cannot call their functions; it reads these columns instead, and only these (ADR 0038).
// Each view is a projection (payouts with their batch's state a join on the batch's key), so both
// databases inline them: the audit's sums and their plans are the ones on the tables.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createView('ledger_payments')
    .as(
      db
        .selectFrom('payments')
        .innerJoin('orders', 'orders.id', 'payments.order_id')
        .select([
          'payments.id as id',
          'payments.method as method',
          'payments.payment_no as payment_no',
          'payments.amount_fen as amount_fen',
          'payments.state as state',
          'orders.paid_payment_id as order_paid_payment_id',
        ]),
    )
    .execute();
  await db.schema
    .createView('ledger_refunds')
    .as(db.selectFrom('refunds').select(['id', 'refund_no', 'payment_id', 'amount_fen', 'state']))
    .execute();
  await db.schema
    .createView('ledger_unmatched_payments')
    .as(db.selectFrom('unmatched_payments').select(['id', 'method', 'amount_fen']))
    .execute();
  await db.schema
    .createView('ledger_commissions')
    .as(db.selectFrom('commissions').select(['id', 'amount_fen', 'state']))
    .execute();
  await db.schema
    .createView('ledger_commission_payouts')
    .as(
      db
        .selectFrom('payouts')
        .innerJoin('payout_batches', 'payout_batches.id', 'payouts.batch_id')
        .select(['payouts.id as id', 'payouts.amount_fen as amount_fen', 'payout_batches.state as batch_state']),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const view of [
    'ledger_commission_payouts',
    'ledger_commissions',
    'ledger_unmatched_payments',
    'ledger_refunds',
    'ledger_payments',
  ]) {
    await db.schema.dropView(view).execute();
  }
}

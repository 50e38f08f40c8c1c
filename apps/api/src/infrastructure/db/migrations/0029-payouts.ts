import { type Kysely } from 'kysely';

// Ambassador payouts (ADR 0019, step 5). Commission lines already exist (0006); this adds:
// - on `ambassadors`: the payee (Alipay account and real name, as the ambassador gave them) and
//   a ban (when, why): a banned ambassador earns nothing more and is left out of payouts;
// - on `commissions`: `payout_id`, the payout that settles an EFFECTIVE or CLAWBACK line (null
//   while it is owed). New states: CLAWBACK (a negative line: a refund after the 7-day window
//   takes the refunded share back, paid out or not) and CANCELLED (pending lines of a ban);
// - `payout_batches` (OPEN → PAID with the transfer's reference, or CANCELLED, which releases
//   its lines) and `payouts`, one per ambassador in a batch.
// - on `payments`: `payer_account`, the gateway's payer (Alipay buyer_id, WeChat openid) from the
//   verified notification, so a referee who pays with the referrer's account is flagged.
// The threshold lives in `app_meta` (`payouts.threshold_fen`), set by FINANCE.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['banned_at', 'ban_reason', 'payee_account', 'payee_name']) {
    await db.schema.alterTable('ambassadors').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('commissions').addColumn('payout_id', 'text').execute();
  await db.schema.alterTable('payments').addColumn('payer_account', 'text').execute();
  await db.schema.createIndex('payments_payer_idx').on('payments').columns(['payer_account', 'method']).execute();
  await db.schema.createIndex('commissions_payout_idx').on('commissions').column('payout_id').execute();

  await db.schema
    .createTable('payout_batches')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // OPEN | PAID | CANCELLED
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('payout_count', 'integer', (col) => col.notNull())
    .addColumn('total_fen', 'integer', (col) => col.notNull())
    .addColumn('threshold_fen', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'text')
    // the transfer's reference (PAID) or why it was cancelled (CANCELLED)
    .addColumn('reference', 'text')
    .execute();
  await db.schema.createIndex('payout_batches_created_idx').on('payout_batches').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('payouts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('batch_id', 'text', (col) => col.notNull().references('payout_batches.id'))
    .addColumn('ambassador_user_id', 'text', (col) => col.notNull())
    .addColumn('amount_fen', 'integer', (col) => col.notNull())
    .addColumn('payee_account', 'text', (col) => col.notNull())
    .addColumn('payee_name', 'text', (col) => col.notNull())
    .addColumn('line_count', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payouts_batch_ambassador_uq').on('payouts').columns(['batch_id', 'ambassador_user_id']).unique().execute();
  await db.schema.createIndex('payouts_ambassador_idx').on('payouts').column('ambassador_user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payouts').execute();
  await db.schema.dropTable('payout_batches').execute();
  await db.schema.dropIndex('payments_payer_idx').execute();
  await db.schema.alterTable('payments').dropColumn('payer_account').execute();
  await db.schema.dropIndex('commissions_payout_idx').execute();
  await db.schema.alterTable('commissions').dropColumn('payout_id').execute();
  for (const column of ['banned_at', 'ban_reason', 'payee_account', 'payee_name']) {
    await db.schema.alterTable('ambassadors').dropColumn(column).execute();
  }
}

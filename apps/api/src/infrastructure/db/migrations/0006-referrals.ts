import { type Kysely } from 'kysely';

// Ambassador (referral) programme: who joined and their code, which user was referred by whom
// (one binding per referred user, 60 days), and the commission ledger written by the payment
// path (one line per order item). Amounts are integer fen, timestamps UTC ISO text
// (see ../dialect.ts). Orders are referred to by id only: the ledger outlives order clean-ups
// and does not depend on the order tables' shape.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ambassadors')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('referral_code', 'text', (col) => col.notNull())
    .addColumn('activity_type', 'text', (col) => col.notNull())
    .addColumn('joined_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ambassadors_referral_code_uq').on('ambassadors').column('referral_code').unique().execute();

  await db.schema
    .createTable('referral_bindings')
    .addColumn('referred_user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('ambassador_user_id', 'text', (col) => col.notNull().references('ambassadors.user_id').onDelete('cascade'))
    .addColumn('referral_code', 'text', (col) => col.notNull())
    .addColumn('bound_at', 'text', (col) => col.notNull())
    // bound_at + 60 days; active while bound_at <= t < expires_at
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('referral_bindings_ambassador_idx')
    .on('referral_bindings')
    .columns(['ambassador_user_id', 'bound_at'])
    .execute();

  await db.schema
    .createTable('commissions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('ambassador_user_id', 'text', (col) => col.notNull().references('ambassadors.user_id').onDelete('cascade'))
    .addColumn('referred_user_id', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('order_item_id', 'text', (col) => col.notNull())
    .addColumn('item_type', 'text', (col) => col.notNull())
    .addColumn('base_amount_fen', 'integer', (col) => col.notNull())
    // floor(base_amount_fen × 20%)
    .addColumn('amount_fen', 'integer', (col) => col.notNull())
    // PENDING | EFFECTIVE | REVERSED
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    // paid_at + 7 days: PENDING becomes EFFECTIVE from then on unless reversed before
    .addColumn('effective_after', 'text', (col) => col.notNull())
    .addColumn('effective_at', 'text')
    .addColumn('reversed_at', 'text')
    .execute();
  // Exactly one line per order item, however often the payment path runs.
  await db.schema.createIndex('commissions_order_item_uq').on('commissions').column('order_item_id').unique().execute();
  await db.schema.createIndex('commissions_order_idx').on('commissions').column('order_id').execute();
  await db.schema.createIndex('commissions_ambassador_idx').on('commissions').columns(['ambassador_user_id', 'id']).execute();
  await db.schema.createIndex('commissions_state_idx').on('commissions').columns(['state', 'effective_after']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('commissions').execute();
  await db.schema.dropTable('referral_bindings').execute();
  await db.schema.dropTable('ambassadors').execute();
}

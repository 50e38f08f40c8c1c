import { type Kysely } from 'kysely';

// The double-entry ledger (ledger_postings, ledger_lines: every posting's lines sum to zero),
// every verified gateway notification as received (gateway_notifications), verified money we
// could not match to a payment (unmatched_payments), and the daily bill reconciliations with
// their differences (bill_reconciliations, bill_differences).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_postings')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // PAYMENT | DOUBLE_PAYMENT | REFUND | UNMATCHED | FEES | COMMISSION_PAYOUT
    .addColumn('kind', 'text', (col) => col.notNull())
    // what it records (payment, refund, unmatched payment, reconciliation, commission id): one posting per kind and reference
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('gateway', 'text')
    .addColumn('out_trade_no', 'text')
    .addColumn('out_refund_no', 'text')
    .addColumn('gateway_trade_no', 'text')
    .addColumn('amount_fen', 'integer', (col) => col.notNull())
    .addColumn('occurred_at', 'text', (col) => col.notNull())
    // Asia/Shanghai business day of occurred_at, YYYY-MM-DD
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ledger_postings_kind_reference').unique().on('ledger_postings').columns(['kind', 'reference']).execute();
  await db.schema.createIndex('ledger_postings_day_gateway').on('ledger_postings').columns(['day', 'gateway']).execute();
  await db.schema
    .createTable('ledger_lines')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('posting_id', 'text', (col) => col.notNull().references('ledger_postings.id').onDelete('restrict'))
    .addColumn('account', 'text', (col) => col.notNull())
    // debit positive, credit negative
    .addColumn('amount_fen', 'integer', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ledger_lines_posting').on('ledger_lines').column('posting_id').execute();
  await db.schema.createIndex('ledger_lines_account_day').on('ledger_lines').columns(['account', 'day']).execute();

  await db.schema
    .createTable('gateway_notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addColumn('raw_body', 'text', (col) => col.notNull())
    .addColumn('headers_json', 'text', (col) => col.notNull())
    // VERIFIED (signature, app, merchant and freshness checked); unverified ones are not stored
    .addColumn('verification', 'text', (col) => col.notNull())
    .addColumn('payment_no', 'text', (col) => col.notNull())
    .addColumn('gateway_trade_no', 'text', (col) => col.notNull())
    .addColumn('amount_fen', 'integer', (col) => col.notNull())
    .addColumn('success', 'integer', (col) => col.notNull())
    .addColumn('payment_id', 'text')
    // APPLIED | DUPLICATE | DOUBLE_PAYMENT | IGNORED | UNMATCHED | FAILED
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('unmatched_id', 'text')
    .execute();
  await db.schema.createIndex('gateway_notifications_payment_no').on('gateway_notifications').columns(['method', 'payment_no']).execute();
  await db.schema
    .createTable('unmatched_payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('payment_no', 'text', (col) => col.notNull())
    .addColumn('gateway_trade_no', 'text', (col) => col.notNull())
    .addColumn('amount_fen', 'integer', (col) => col.notNull())
    // UNKNOWN_PAYMENT | AMOUNT_DIFFERS
    .addColumn('reason', 'text', (col) => col.notNull())
    // the payment it names, when there is one (AMOUNT_DIFFERS)
    .addColumn('payment_id', 'text')
    // OPEN (to refund or match by hand)
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('unmatched_payments_trade')
    .unique()
    .on('unmatched_payments')
    .columns(['method', 'gateway_trade_no'])
    .execute();

  await db.schema
    .createTable('bill_reconciliations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('gateway', 'text', (col) => col.notNull())
    .addColumn('bill_date', 'text', (col) => col.notNull())
    // MATCHED | DIFFERENCES | NO_BILL
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('bill_payment_fen', 'integer', (col) => col.notNull())
    .addColumn('bill_refund_fen', 'integer', (col) => col.notNull())
    .addColumn('bill_fee_fen', 'integer', (col) => col.notNull())
    .addColumn('ledger_payment_fen', 'integer', (col) => col.notNull())
    .addColumn('ledger_refund_fen', 'integer', (col) => col.notNull())
    .addColumn('difference_count', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('bill_reconciliations_day').unique().on('bill_reconciliations').columns(['gateway', 'bill_date']).execute();
  await db.schema
    .createTable('bill_differences')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('reconciliation_id', 'text', (col) => col.notNull().references('bill_reconciliations.id').onDelete('cascade'))
    // MISSING_OURS | MISSING_THEIRS | AMOUNT_DIFFERS | CONSOLE_REFUND
    .addColumn('kind', 'text', (col) => col.notNull())
    // payment | refund
    .addColumn('direction', 'text', (col) => col.notNull())
    .addColumn('out_trade_no', 'text', (col) => col.notNull())
    .addColumn('out_refund_no', 'text')
    .addColumn('gateway_trade_no', 'text')
    .addColumn('bill_amount_fen', 'integer')
    .addColumn('ledger_amount_fen', 'integer')
    .execute();
  await db.schema.createIndex('bill_differences_reconciliation').on('bill_differences').column('reconciliation_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'bill_differences',
    'bill_reconciliations',
    'unmatched_payments',
    'gateway_notifications',
    'ledger_lines',
    'ledger_postings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

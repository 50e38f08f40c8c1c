import { type Kysely } from 'kysely';

// The finance report (GET /admin/reports/ledger) sums every account's lines per day over a
// range of days: an index led by the day, covering the account and the amount, so a month of a
// large ledger is read from the index alone instead of a scan of every line ever written.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('ledger_lines_day_account').on('ledger_lines').columns(['day', 'account', 'amount_fen']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_lines_day_account').execute();
}

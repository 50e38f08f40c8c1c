import { type TAdminLedgerReport } from '@llk/contracts';
import { type Db } from '../../infrastructure/db/schema';
import { ledgerBalances, ledgerReport } from './ledger-report.service';

/** What the ambassadors are owed now, in fen: the referrals module's ambassadorBalancesTotal. */
export type AmbassadorBalancesTotal = (db: Db) => Promise<number>;

/**
 * The finance report with what is owed now: the ledger's balances beside the ambassadors' own
 * balances, summed from their lines, so staff see that commission payable and what the
 * ambassadors are owed agree (ADR 0016, "Commission postings"). The referrals module sums those
 * balances; it posts to the ledger, so the report is handed that sum rather than importing it.
 */
export async function financeReport(
  db: Db,
  days: readonly string[],
  ambassadorBalancesTotal: AmbassadorBalancesTotal,
): Promise<TAdminLedgerReport> {
  const [report, balances, ambassadorBalancesFen] = await Promise.all([
    ledgerReport(db, days),
    ledgerBalances(db),
    ambassadorBalancesTotal(db),
  ]);
  return { ...report, balances: { ...balances, ambassadorBalancesFen } };
}

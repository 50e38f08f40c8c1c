import { type TAdminLedgerReport } from '@llk/contracts';
import { type Db } from '../../db/schema';
import { ledgerBalances, ledgerReport } from '../ledger';
import { ambassadorBalancesTotal } from '../referrals';

/**
 * The finance report with what is owed now: the ledger's balances beside the ambassadors' own
 * balances, summed from their lines, so staff see that commission payable and what the
 * ambassadors are owed agree (ADR 0016, "Commission postings").
 */
export async function financeReport(db: Db, days: readonly string[]): Promise<TAdminLedgerReport> {
  const [report, balances, ambassadorBalancesFen] = await Promise.all([ledgerReport(db, days), ledgerBalances(db), ambassadorBalancesTotal(db)]);
  return { ...report, balances: { ...balances, ambassadorBalancesFen } };
}

import { type Db } from '../../infrastructure/db/schema';
import { findEmptyPostings, findMoneyTotals, findUnbalancedPostings, sumAccounts } from './ledger.repository';
import { ACCOUNTS, type TGateway } from './ledger.service';

// The ledger's own audit: every posting balances, and every account's balance equals what the
// tables of payments, refunds, unmatched money and bill reconciliations say it must be. An empty
// list means the books agree with the events they record.

const GATEWAYS: readonly TGateway[] = ['ZFB', 'WX', 'CARD'];

export async function auditLedger(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const posting of await findUnbalancedPostings(db)) problems.push(`posting ${posting.postingId} sums to ${posting.totalFen} fen`);
  for (const posting of await findEmptyPostings(db)) problems.push(`posting ${posting.id} has no lines`);

  const balances = await sumAccounts(db);
  const totals = await findMoneyTotals(db);
  const of = (map: Map<string, number>, method: string) => map.get(method) ?? 0;
  const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  const expected = new Map<string, number>([
    [ACCOUNTS.revenue, -sum(totals.applied)],
    [ACCOUNTS.refunds, totals.orderRefundsAsked],
    [ACCOUNTS.refundsPayable, -totals.orderRefundsOwed],
    [ACCOUNTS.refundedByHand, -totals.refundedByHand],
    [ACCOUNTS.doublePayment, -sum(totals.double) + sum(totals.doubleRefunds) + sum(totals.doubleRefundsByHand)],
    [ACCOUNTS.commissionExpense, totals.commissionEarned],
    [ACCOUNTS.commissionPayable, -(totals.commissionEarned - totals.commissionPaid)],
    [ACCOUNTS.commissionPayouts, -totals.commissionPaid],
  ]);
  for (const method of GATEWAYS) {
    const received = of(totals.applied, method) + of(totals.double, method) + of(totals.unmatched, method);
    const paidBack = of(totals.orderRefunds, method) + of(totals.doubleRefunds, method);
    expected.set(ACCOUNTS.gateway(method), received - paidBack - of(totals.fees, method));
    expected.set(ACCOUNTS.unmatched(method), -of(totals.unmatched, method));
    expected.set(ACCOUNTS.fees(method), of(totals.fees, method));
  }
  for (const [account, want] of expected) {
    const have = balances.get(account) ?? 0;
    if (have !== want) problems.push(`${account}: ledger ${have} fen, expected ${want} fen`);
  }
  return problems;
}

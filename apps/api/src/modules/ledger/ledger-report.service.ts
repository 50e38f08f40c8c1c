import { ADMIN_REPORT_GATEWAYS, type TAdminLedgerBalances, type TAdminLedgerFigures, type TAdminLedgerReport } from '@llk/contracts';
import { type Db } from '../../infrastructure/db/schema';
import { findReconciliationsBetween, sumAccounts, sumAccountsByDay } from './ledger.repository';
import { ACCOUNTS } from './ledger.service';

// The finance report (back office, reports.read): the ledger per Asia/Shanghai day, read from
// the lines alone (sums, never counters), with each gateway's bill reconciliation of the day.
// Every figure is a sum of one account's debits or credits, so the report and `auditLedger`
// can never disagree: revenue = −credits of `revenue`, refunds = debits of `refunds`, a
// gateway's received / paid out = its debits / −credits less the fees, which it pays out too.

type TBill = TAdminLedgerFigures['gateways'][number]['bill'];

function emptyFigures(): TAdminLedgerFigures {
  return {
    revenueFen: 0,
    refundsFen: 0,
    netRevenueFen: 0,
    doublePaymentsFen: 0,
    unmatchedFen: 0,
    commissionPaidFen: 0,
    gateways: ADMIN_REPORT_GATEWAYS.map((gateway) => ({
      gateway,
      receivedFen: 0,
      paidOutFen: 0,
      feesFen: 0,
      netFen: 0,
      bill: null,
      billDifferences: 0,
    })),
  };
}

/** Adds one account's day to the figures. */
function addAccount(figures: TAdminLedgerFigures, account: string, debitFen: number, creditFen: number): void {
  if (account === ACCOUNTS.revenue) figures.revenueFen += -creditFen - debitFen;
  else if (account === ACCOUNTS.refunds) figures.refundsFen += debitFen + creditFen;
  else if (account === ACCOUNTS.doublePayment) figures.doublePaymentsFen += -creditFen;
  else if (account === ACCOUNTS.commissionPayouts) figures.commissionPaidFen += -creditFen - debitFen;
  for (const row of figures.gateways) {
    if (account === ACCOUNTS.gateway(row.gateway)) {
      row.receivedFen += debitFen;
      row.paidOutFen += -creditFen;
    } else if (account === ACCOUNTS.fees(row.gateway)) row.feesFen += debitFen + creditFen;
    else if (account === ACCOUNTS.unmatched(row.gateway)) figures.unmatchedFen += -creditFen;
  }
}

/** Fees are credited to the gateway like refunds: paid out counts what went back to payers only. */
function settle(figures: TAdminLedgerFigures): void {
  figures.netRevenueFen = figures.revenueFen - figures.refundsFen;
  for (const row of figures.gateways) {
    row.paidOutFen -= row.feesFen;
    row.netFen = row.receivedFen - row.paidOutFen - row.feesFen;
  }
}

/** The worst of the days: differences, then a day never reconciled, then no bill, then matched. */
function worst(states: readonly TBill[]): TBill {
  if (states.includes('DIFFERENCES')) return 'DIFFERENCES';
  if (states.includes(null)) return null;
  if (states.includes('NO_BILL')) return 'NO_BILL';
  return 'MATCHED';
}

/** `days`: every Asia/Shanghai day of the range, oldest first. */
export async function ledgerReport(db: Db, days: readonly string[]): Promise<Omit<TAdminLedgerReport, 'balances'>> {
  const from = days[0]!;
  const to = days.at(-1)!;
  const [sums, bills] = await Promise.all([sumAccountsByDay(db, from, to), findReconciliationsBetween(db, from, to)]);
  const byDay = new Map(days.map((day) => [day, emptyFigures()]));
  for (const row of sums) {
    const figures = byDay.get(row.day);
    if (figures) addAccount(figures, row.account, row.debitFen, row.creditFen);
  }
  for (const bill of bills) {
    const gateway = byDay.get(bill.bill_date)?.gateways.find((row) => row.gateway === bill.gateway);
    if (!gateway) continue;
    gateway.bill = bill.status;
    gateway.billDifferences = Number(bill.difference_count);
  }
  const totals = emptyFigures();
  for (const figures of byDay.values()) {
    settle(figures);
    totals.revenueFen += figures.revenueFen;
    totals.refundsFen += figures.refundsFen;
    totals.doublePaymentsFen += figures.doublePaymentsFen;
    totals.unmatchedFen += figures.unmatchedFen;
    totals.commissionPaidFen += figures.commissionPaidFen;
    figures.gateways.forEach((row, i) => {
      const sum = totals.gateways[i]!;
      sum.receivedFen += row.receivedFen;
      sum.paidOutFen += row.paidOutFen;
      sum.feesFen += row.feesFen;
      sum.billDifferences += row.billDifferences;
    });
  }
  totals.netRevenueFen = totals.revenueFen - totals.refundsFen;
  totals.gateways.forEach((sum, i) => {
    sum.netFen = sum.receivedFen - sum.paidOutFen - sum.feesFen;
    sum.bill = worst([...byDay.values()].map((figures) => figures.gateways[i]!.bill));
  });
  return { from, to, days: [...byDay].map(([day, figures]) => ({ day, ...figures })), totals };
}

/**
 * What is owed now, over the whole ledger (balances, not flows): refunds asked for and not paid
 * back (payable:refunds), double payments not returned, and commission earned and not paid out
 * (commission:payable), each as a positive amount owed.
 */
export async function ledgerBalances(db: Db): Promise<Omit<TAdminLedgerBalances, 'ambassadorBalancesFen'>> {
  const balances = await sumAccounts(db);
  const owed = (account: string) => 0 - (balances.get(account) ?? 0);
  return {
    refundsOwedFen: owed(ACCOUNTS.refundsPayable),
    doublePaymentsOwedFen: owed(ACCOUNTS.doublePayment),
    commissionPayableFen: owed(ACCOUNTS.commissionPayable),
  };
}

const CSV_HEADER = [
  'day',
  'revenue_fen',
  'refunds_fen',
  'net_revenue_fen',
  'double_payments_fen',
  'unmatched_fen',
  'commission_paid_fen',
  ...ADMIN_REPORT_GATEWAYS.flatMap((gateway) =>
    ['received', 'paid_out', 'fees', 'net', 'bill', 'bill_differences'].map(
      (column) => `${gateway.toLowerCase()}_${column}${['bill', 'bill_differences'].includes(column) ? '' : '_fen'}`,
    ),
  ),
];

/** The report as CSV: a line per day, then the totals (day "total"). Amounts in whole fen. */
export function ledgerReportCsv(report: Omit<TAdminLedgerReport, 'balances'>): string {
  const line = (day: string, figures: TAdminLedgerFigures) =>
    [
      day,
      figures.revenueFen,
      figures.refundsFen,
      figures.netRevenueFen,
      figures.doublePaymentsFen,
      figures.unmatchedFen,
      figures.commissionPaidFen,
      ...figures.gateways.flatMap((row) => [
        row.receivedFen,
        row.paidOutFen,
        row.feesFen,
        row.netFen,
        row.bill ?? 'NOT_RUN',
        row.billDifferences,
      ]),
    ].join(',');
  return `${[CSV_HEADER.join(','), ...report.days.map((day) => line(day.day, day)), line('total', report.totals)].join('\r\n')}\r\n`;
}

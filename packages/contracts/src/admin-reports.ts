import { z } from './zod';
import { ZAdminDashboardQuery } from './admin-dashboard';

// The back office's finance report (permission reports.read; ADR 0019): the ledger per day of
// UTC+8 over a range, the way an accountant reads it — revenue and refunds, money owed back,
// money that matched nothing, commission paid — and per gateway what came in, what went out,
// the fees, and whether that day's bill was reconciled. Money in integer fen.

/** Same range rules as the dashboard: calendar days in UTC+8, inclusive, at most 366. */
export const ZAdminReportQuery = ZAdminDashboardQuery;
export type TAdminReportQuery = z.infer<typeof ZAdminReportQuery>;

export const ADMIN_REPORT_GATEWAYS = ['ZFB', 'WX', 'CARD'] as const;
/** What the day's bill reconciliation found; null: not run for that day. */
export const ZAdminBillState = z.enum(['MATCHED', 'DIFFERENCES', 'NO_BILL']).nullable();

const ZGatewayDay = z.object({
  gateway: z.enum(ADMIN_REPORT_GATEWAYS),
  /** everything received at the gateway (payments, double payments, unmatched money) */
  receivedFen: z.number().int(),
  /** everything paid back through it (refunds) */
  paidOutFen: z.number().int(),
  /** its fees, from its bills */
  feesFen: z.number().int(),
  /** received − paid out − fees: the change of what the gateway holds for us */
  netFen: z.number().int(),
  bill: ZAdminBillState,
  billDifferences: z.number().int(),
});

const ZFigures = z.object({
  /** order payments */
  revenueFen: z.number().int(),
  /** refunds of order payments */
  refundsFen: z.number().int(),
  /** revenue − refunds */
  netRevenueFen: z.number().int(),
  /** orders paid twice: owed back to the payer when received */
  doublePaymentsFen: z.number().int(),
  /** verified money that matched no payment */
  unmatchedFen: z.number().int(),
  /** commission paid out to ambassadors */
  commissionPaidFen: z.number().int(),
  gateways: z.array(ZGatewayDay),
});

/** What is owed now (whole ledger, not the range), positive fen (ADR 0016). */
export const ZAdminLedgerBalances = z.object({
  /** order refunds asked for and not confirmed back yet (payable:refunds), the refund queue's included */
  refundsOwedFen: z.number().int(),
  /** double payments not returned yet (payable:double-payment) */
  doublePaymentsOwedFen: z.number().int(),
  /** commission earned and not paid out (commission:payable) */
  commissionPayableFen: z.number().int(),
  /** the ambassadors' balances (pending, owed and in open batches), summed from their lines: equals commissionPayableFen */
  ambassadorBalancesFen: z.number().int(),
});
export type TAdminLedgerBalances = z.infer<typeof ZAdminLedgerBalances>;

export const ZAdminLedgerReport = z.object({
  from: z.string(),
  to: z.string(),
  /** every day of the range, oldest first, zeros included */
  days: z.array(ZFigures.extend({ day: z.string() })),
  /** the range's sums (bill: the worst day's state; billDifferences: their sum) */
  totals: ZFigures,
  balances: ZAdminLedgerBalances,
});
export type TAdminLedgerReport = z.infer<typeof ZAdminLedgerReport>;
export type TAdminLedgerFigures = z.infer<typeof ZFigures>;

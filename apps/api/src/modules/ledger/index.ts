// The ledger module's public surface: other modules import only this file.
export { billReportsCsv, type BillReport, findBillReports, isBillReconciled, reconcileBillWithLedger } from './bill-reconciliation.service';
export { auditLedger } from './ledger.check';
export { ledgerBalances, ledgerReport, ledgerReportCsv } from './ledger-report.service';
// The finance report's staff routes, and the range of days it and the dashboard take.
export { reportsAdminRoutes } from './reports.admin.routes';
export { dayRange, type TDayRange } from './day-range';
export {
  ACCOUNTS,
  accountBalances,
  dailyMoney,
  postCommissionLine,
  postCommissionPayout,
  postCommissionReversal,
  postDoublePayment,
  postFees,
  postPayment,
  postRefund,
  postRefundOwed,
  postRefundWithdrawn,
  postSettledRefund,
  postUnmatched,
  shanghaiDay,
  type TGateway,
} from './ledger.service';

// The ledger module's public surface: other modules import only this file.
export { billReportsCsv, type BillReport, findBillReports, isBillReconciled, reconcileBillWithLedger } from './bill-reconciliation.service';
export { auditLedger } from './ledger.check';
export { ledgerBalances, ledgerReport, ledgerReportCsv } from './ledger-report.service';
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

// The ledger module's public surface: other modules import only this file.
export { billReportsCsv, type BillReport, findBillReports, isBillReconciled, reconcileBillWithLedger } from './bill-reconciliation.service';
export { auditLedger } from './ledger.check';
export { ledgerReport, ledgerReportCsv } from './ledger-report.service';
export {
  ACCOUNTS,
  accountBalances,
  dailyMoney,
  postCommissionPayout,
  postDoublePayment,
  postFees,
  postPayment,
  postRefund,
  postSucceededRefund,
  postUnmatched,
  shanghaiDay,
  type TGateway,
} from './ledger.service';

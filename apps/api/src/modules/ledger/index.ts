// The ledger module's public surface: other modules import only this file.
export { auditLedger } from './ledger.check';
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

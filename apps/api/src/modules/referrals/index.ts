// The referrals module's public surface: other modules import only this file.
export { matureCommissions, recordCommission, reverseCommissionsForOrder } from './commission.service';
export { bindReferralAtSignup, referralCodeExists } from './referrals.service';
export {
  ambassadorBalancesTotal,
  balancesOf,
  banAmbassador,
  cancelBatch,
  countFlaggedLines,
  createPayoutBatch,
  markBatchPaid,
  payoutThreshold,
  requireAmbassador,
  requireBatch,
  setPayee,
  setPayoutThreshold,
  unbanAmbassador,
} from './payouts.service';
export { listAmbassadors, listBatches, listLinesOf, listPayoutsOf, listPayoutsOfBatch, type AmbassadorListRow, type PayoutBatchRow } from './payouts.repository';

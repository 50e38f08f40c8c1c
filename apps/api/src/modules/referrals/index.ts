// The referrals module's public surface: other modules import only this file.
export { matureCommissions, recordCommission, reverseCommissionsForOrder } from './commission.service';
export { bindReferralAtSignup, referralCodeExists } from './referrals.service';

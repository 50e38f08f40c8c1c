// The referrals module's public surface: other modules import only this file.
export { matureCommissions, recordCommission, reverseCommissionsForOrder } from './commission.service';
export { bindReferralAtSignup, referralCodeExists } from './referrals.service';
export { ambassadorBalancesTotal } from './payouts.service';
// What the back office's user page shows of the user's referrals.
export { findAmbassadorSummary, findBindingOf } from './referrals.repository';
// The back office's ambassadors and payouts (permission payouts.manage; ADR 0019).
export { payoutsAdminRoutes, type PayoutsAdminRoutesOptions } from './payouts.admin.routes';

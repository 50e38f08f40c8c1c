import { type FastifyPluginAsync } from 'fastify';
import { applyVerifiedPayment } from '../flows/apply-payment';
import { refundAsStaff, retryQueuedRefund, settleQueuedRefundByHand, withdrawRefusedRefund } from '../flows/refund-order';
import { provideStaffRecords } from '../infrastructure/http/staff';
import {
  type AdminRouteTable,
  auditAdminRoutes,
  dashboardAdminRoutes,
  guardAdminRoutes,
  jobsAdminRoutes,
  sessionAdminRoutes,
  staffAdminRoutes,
  staffPasskeysAdminRoutes,
  staffRecords,
} from '../modules/admin';
import { noticesAdminRoutes } from '../modules/announcements';
import { endUserSessions, listOpenSessions, resetTwoStep, revokeOwnSession, totpEnabled } from '../modules/auth';
import { cloudPcAdminRoutes } from '../modules/cloud-pc';
import { devicesAdminRoutes, listRecentDevicesOf } from '../modules/devices';
import { releasesAdminRoutes } from '../modules/downloads';
import { applyGrant } from '../modules/fulfilment';
import { reportsAdminRoutes } from '../modules/ledger';
import { contentPreviewAdminRoutes, newsAdminRoutes, newsQuotingPrices } from '../modules/news';
import { orderSummaryOf, ordersAdminRoutes, searchOrders } from '../modules/orders';
import { disputesAdminRoutes, fenToYuan, orderMoneyAdminRoutes, refundsAdminRoutes } from '../modules/payments';
import { pricingAdminRoutes } from '../modules/pricing';
import { codesAdminRoutes } from '../modules/redeem';
import { ambassadorBalancesTotal, findAmbassadorSummary, findBindingOf, payoutsAdminRoutes } from '../modules/referrals';
import { reindexNewsItem, reindexNotice, searchAdminRoutes } from '../modules/search';
import { supportAdminRoutes } from '../modules/support';
import { type UsersAdminSources, usersAdminRoutes } from '../modules/users';

/** What the staff's user pages read and change in the modules that stand on users. */
const usersAdminSources: UsersAdminSources = {
  totpEnabled,
  listOpenSessions,
  endUserSessions,
  revokeOwnSession,
  resetTwoStep,
  applyGrant,
  recentOrders: async (db, userId, limit) => (await searchOrders(db, { userId, limit })).map(orderSummaryOf),
  listRecentDevicesOf,
  findBindingOf,
  findAmbassadorSummary,
};

/**
 * Every /admin route, in one encapsulated scope behind the back office's guard (ADR 0040): the
 * back office's own routes (session, staff, passkeys, audit, jobs, dashboard) and each module's
 * staff routes, which live beside what they manage. The staff port gets the back office's
 * records first, so a module's staff code writes its audit records without importing admin.
 * Where a module's staff routes need a module that reads them back, the function is handed in.
 */
export const staffRoutes: FastifyPluginAsync<{ table?: AdminRouteTable }> = async (app, options) => {
  provideStaffRecords(staffRecords);
  guardAdminRoutes(app, options.table ?? new Map());
  await app.register(sessionAdminRoutes);
  await app.register(staffAdminRoutes);
  await app.register(staffPasskeysAdminRoutes);
  await app.register(auditAdminRoutes);
  await app.register(usersAdminRoutes, usersAdminSources);
  await app.register(devicesAdminRoutes);
  await app.register(ordersAdminRoutes);
  await app.register(orderMoneyAdminRoutes, { refundAsStaff, applyPayment: applyVerifiedPayment });
  await app.register(refundsAdminRoutes, {
    queue: { retry: retryQueuedRefund, settleByHand: settleQueuedRefundByHand, withdraw: withdrawRefusedRefund },
  });
  await app.register(disputesAdminRoutes);
  await app.register(newsAdminRoutes, { reindexNewsItem });
  await app.register(noticesAdminRoutes, { reindexNotice });
  await app.register(contentPreviewAdminRoutes);
  await app.register(releasesAdminRoutes);
  await app.register(searchAdminRoutes);
  await app.register(pricingAdminRoutes, { newsQuotingPrices });
  await app.register(codesAdminRoutes);
  await app.register(jobsAdminRoutes);
  await app.register(payoutsAdminRoutes, { yuanOf: fenToYuan });
  await app.register(dashboardAdminRoutes);
  await app.register(reportsAdminRoutes, { ambassadorBalancesTotal });
  await app.register(cloudPcAdminRoutes);
  await app.register(supportAdminRoutes);
};

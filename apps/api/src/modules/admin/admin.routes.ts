import { type FastifyPluginAsync } from 'fastify';
import { type AdminRouteTable, guardAdminRoutes } from './admin.plugin';
import { auditAdminRoutes } from './audit.admin.routes';
import { cloudPcAdminRoutes } from './cloud-pc.admin.routes';
import { codesAdminRoutes } from './codes.admin.routes';
import { dashboardAdminRoutes } from './dashboard.admin.routes';
import { jobsAdminRoutes } from './jobs.admin.routes';
import { ordersAdminRoutes } from './orders.admin.routes';
import { payoutsAdminRoutes } from './payouts.admin.routes';
import { usersAdminRoutes } from './users.admin.routes';
import { contentPreviewAdminRoutes, newsAdminRoutes, noticesAdminRoutes } from './content.admin.routes';
import { pricingAdminRoutes } from './pricing.admin.routes';
import { releasesAdminRoutes } from './releases.admin.routes';
import { sessionAdminRoutes } from './session.admin.routes';
import { staffAdminRoutes } from './staff.admin.routes';
import { staffPasskeysAdminRoutes } from './staff-passkeys.admin.routes';
import { supportAdminRoutes } from './support.admin.routes';

/** Every /admin route, one file per area, behind the permission hook. */
export const adminRoutes: FastifyPluginAsync<{ table?: AdminRouteTable }> = async (app, options) => {
  guardAdminRoutes(app, options.table ?? new Map());
  await app.register(sessionAdminRoutes);
  await app.register(staffAdminRoutes);
  await app.register(staffPasskeysAdminRoutes);
  await app.register(auditAdminRoutes);
  await app.register(usersAdminRoutes);
  await app.register(ordersAdminRoutes);
  await app.register(newsAdminRoutes);
  await app.register(noticesAdminRoutes);
  await app.register(contentPreviewAdminRoutes);
  await app.register(releasesAdminRoutes);
  await app.register(pricingAdminRoutes);
  await app.register(codesAdminRoutes);
  await app.register(jobsAdminRoutes);
  await app.register(payoutsAdminRoutes);
  await app.register(dashboardAdminRoutes);
  await app.register(cloudPcAdminRoutes);
  await app.register(supportAdminRoutes);
};

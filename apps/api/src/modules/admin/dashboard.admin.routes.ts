import { ZAdminDashboard, ZAdminDashboardQuery } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { dashboardForStaff } from './dashboard.admin.service';
import { roleHas } from './permissions';

// The dashboard (permission dashboard.read: every role; its amounts for reports.read only).

export const dashboardAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/dashboard',
    {
      config: { permission: 'dashboard.read' },
      schema: {
        tags: ['admin'],
        summary:
          'Revenue, refunds, paid orders and sign-ups per day (UTC+8), sales per item type, conversion to a first payment, active devices (permission dashboard.read; amounts for reports.read only, null otherwise)',
        description: 'from and to are calendar days in UTC+8, inclusive; by default the last 30 days; at most 366 days.',
        querystring: ZAdminDashboardQuery,
        response: envelopeResponses(ZAdminDashboard),
      },
    },
    async (request) => ok(await dashboardForStaff(app.db, request.query, !!request.staff && roleHas(request.staff.role, 'reports.read'))),
  );
};

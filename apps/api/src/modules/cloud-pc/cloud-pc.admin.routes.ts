import {
  ZAdminCloudPcInventory,
  ZAdminCloudPcInvoiceList,
  ZAdminIdParams,
  ZAdminProviderApplication,
  ZAdminProviderApplicationsPage,
  ZAdminProviderApplicationsQuery,
  ZAdminProviderApplicationUpdate,
} from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { applicationsForStaff, inventoryForStaff, invoicesForStaff, updateApplicationForStaff } from './cloud-pc.admin.service';
import { actorOf } from '../../infrastructure/http/staff';

// Cloud PCs (permission cloudpc.manage: OPS, OWNER).

const permission = 'cloudpc.manage' as const;
const tags = ['admin'];

export const cloudPcAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/cloud-pc/inventory',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Cloud PCs per plan: running (ending within 7 days, renewing themselves), expired, released (permission cloudpc.manage)',
        response: envelopeResponses(ZAdminCloudPcInventory),
      },
    },
    async () => ok(await inventoryForStaff(app.db)),
  );
  app.get(
    '/admin/cloud-pc/applications',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Provider sign-ups, newest first, by state, keyset-paged (permission cloudpc.manage)',
        querystring: ZAdminProviderApplicationsQuery,
        response: envelopeResponses(ZAdminProviderApplicationsPage),
      },
    },
    async (request) => ok(await applicationsForStaff(app.db, request.query)),
  );
  app.post(
    '/admin/cloud-pc/applications/:id/state',
    {
      config: { permission },
      schema: {
        tags,
        summary: "Sets a provider sign-up's state (NEW, CONTACTED, ACCEPTED, DECLINED) and note (permission cloudpc.manage)",
        description: 'Requires a reason; audited with the state before and after.',
        params: ZAdminIdParams,
        body: ZAdminProviderApplicationUpdate,
        response: envelopeResponses(ZAdminProviderApplication),
      },
    },
    async (request) => ok(await updateApplicationForStaff(app.db, actorOf(request), request.params.id, request.body)),
  );
  app.get(
    '/admin/cloud-pc/invoices',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The latest 100 cloud-PC invoice requests (permission cloudpc.manage)',
        response: envelopeResponses(ZAdminCloudPcInvoiceList),
      },
    },
    async () => ok(await invoicesForStaff(app.db)),
  );
};

import { ZAdminAuditPage, ZAdminAuditQuery } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../lib/envelope';
import { listAuditPage } from './audit';

export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first (back office; permission audit.read)',
        description: 'Keyset pages: pass the `next` of a page as `before` for the following one. Staff session cookie llk_admin.',
        querystring: ZAdminAuditQuery,
        response: envelopeResponses(ZAdminAuditPage),
      },
    },
    async (request) => ok(await listAuditPage(app.db, request.query)),
  );
};

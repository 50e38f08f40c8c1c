import { ZAdminAuditFilter, ZAdminAuditPage, ZAdminAuditQuery } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { requestZone } from '../../infrastructure/time-text';
import { AUDIT_EXPORT_MAX_ROWS, auditCsv, listAuditPage } from './audit';

const FILTERS =
  'Filters: `staff` (username), `action` (or its beginning: `staff` finds staff.create), `targetType`, `targetId`, `from` (inclusive) and `to` (exclusive) as ISO instants.';

export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first (back office; permission audit.read)',
        description: `Keyset pages: pass the \`next\` of a page as \`before\` for the following one. ${FILTERS} Staff session cookie llk_admin.`,
        querystring: ZAdminAuditQuery,
        response: envelopeResponses(ZAdminAuditPage),
      },
    },
    async (request) => ok(await listAuditPage(app.db, request.query)),
  );

  app.get(
    '/admin/audit/export',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log with the same filters as a CSV download (back office; permission audit.read)',
        description: `${FILTERS} Newest first, at most ${AUDIT_EXPORT_MAX_ROWS} rows. Cells that start with = + - @ are prefixed with an apostrophe.`,
        querystring: ZAdminAuditFilter.strict(),
        response: {
          200: { description: 'CSV file (UTF-8 with BOM)', content: { 'text/csv': { schema: z.string() } } },
          '4xx': envelopeResponses(z.null())['4xx'],
          '5xx': envelopeResponses(z.null())['5xx'],
        },
      },
    },
    async (request, reply) => {
      const csv = await auditCsv(app.db, request.query, requestZone(request.headers.cookie));
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="audit-log.csv"');
      reply.header('cache-control', 'no-store');
      return csv;
    },
  );
};

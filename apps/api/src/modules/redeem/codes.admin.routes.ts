import {
  ZAdminCodeBatchCreate,
  ZAdminCodeBatchCreated,
  ZAdminCodeBatchDeactivate,
  ZAdminCodeBatchDeactivated,
  ZAdminCodeBatchList,
  ZAdminCodeBatchParams,
  ZAdminCodeExportQuery,
  ZAdminCodeInfo,
  ZAdminCodeLookup,
} from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { requestZone } from '../../infrastructure/time-text';
import {
  batchCsv,
  CODE_CSV_COLUMNS,
  createBatchForStaff,
  deactivateBatchForStaff,
  listBatchesForStaff,
  lookupCodeForStaff,
} from './codes.admin.service';
import { actorOf } from '../../infrastructure/http/staff';

// Redemption code batches (permission codes.manage): create (the codes are answered in clear
// once), list with counts by state, deactivate, export a batch's states and redeemers as CSV,
// and look one code up as a customer reads it out.

const permission = 'codes.manage' as const;
const tags = ['admin'];

export const codesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/codes/batches',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Code batches, newest first, with their codes counted by state (permission codes.manage)',
        response: envelopeResponses(ZAdminCodeBatchList),
      },
    },
    async () => ok(await listBatchesForStaff(app.db)),
  );

  app.post(
    '/admin/codes/batches',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Creates a batch of redemption codes and answers them in clear: the only time they can be read (permission codes.manage)',
        description:
          'Requires a reason; audited (the codes themselves are never recorded). A batch name already in use answers ADMIN_CODE_BATCH_EXISTS.',
        body: ZAdminCodeBatchCreate,
        response: envelopeResponses(ZAdminCodeBatchCreated),
      },
    },
    async (request) =>
      ok(await createBatchForStaff(app.db, app.config.redeem.pepper, actorOf(request), request.body, new Date(), (key) => request.t(key))),
  );

  app.post(
    '/admin/codes/batches/:batch/deactivate',
    {
      config: { permission },
      schema: {
        tags,
        summary:
          "Ends a batch: its unused codes expire now (redeeming one answers 'expired'); redeemed codes are kept (permission codes.manage)",
        params: ZAdminCodeBatchParams,
        body: ZAdminCodeBatchDeactivate,
        response: envelopeResponses(ZAdminCodeBatchDeactivated),
      },
    },
    async (request) => ok(await deactivateBatchForStaff(app.db, actorOf(request), request.params.batch, request.body.reason)),
  );

  app.get(
    '/admin/codes/batches/:batch/export',
    {
      config: { permission },
      schema: {
        tags,
        summary: "A batch's codes as CSV: state and who redeemed each, never the code (permission codes.manage)",
        description: `Columns: ${CODE_CSV_COLUMNS.join(', ')}. \`state\` (UNUSED, REDEEMED, EXPIRED) narrows the rows.`,
        params: ZAdminCodeBatchParams,
        querystring: ZAdminCodeExportQuery,
        response: {
          200: { description: 'CSV file (UTF-8 with BOM)', content: { 'text/csv': { schema: z.string() } } },
          '4xx': envelopeResponses(z.null())['4xx'],
          '5xx': envelopeResponses(z.null())['5xx'],
        },
      },
    },
    async (request, reply) => {
      const csv = await batchCsv(app.db, request.params.batch, request.query.state, requestZone(request.headers.cookie));
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header(
        'content-disposition',
        `attachment; filename="codes-${request.params.batch}${request.query.state ? `-${request.query.state.toLowerCase()}` : ''}.csv"`,
      );
      reply.header('cache-control', 'no-store');
      return csv;
    },
  );

  app.post(
    '/admin/codes/lookup',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One code, as a customer reads it out: its batch, state and who redeemed it (permission codes.manage)',
        body: ZAdminCodeLookup,
        response: envelopeResponses(ZAdminCodeInfo),
      },
    },
    async (request) => ok(await lookupCodeForStaff(app.db, app.config.redeem.pepper, request.body.code)),
  );
};

import {
  ZAdminAmbassador,
  ZAdminAmbassadorBan,
  ZAdminAmbassadorBanned,
  ZAdminAmbassadorDetail,
  ZAdminAmbassadorsPage,
  ZAdminAmbassadorsQuery,
  ZAdminIdParams,
  ZAdminPayee,
  ZAdminPayoutBatch,
  ZAdminPayoutBatchCancel,
  ZAdminPayoutBatchCreate,
  ZAdminPayoutBatchList,
  ZAdminPayoutBatchPaid,
  ZAdminPayoutBatchParams,
  ZAdminPayoutSettings,
  ZAdminPayoutThreshold,
} from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import {
  ambassadorDetailForStaff,
  banForStaff,
  batchCsvForStaff,
  cancelForStaff,
  createBatchForStaff,
  listAmbassadorsForStaff,
  listBatchesForStaff,
  markPaidForStaff,
  PAYOUT_CSV_COLUMNS,
  setPayeeForStaff,
  setThresholdForStaff,
  settingsForStaff,
  unbanForStaff,
} from './payouts.admin.service';
import { actorOf } from '../../infrastructure/http/staff';

// Ambassador payouts (permission payouts.manage; ADR 0019 step 5): balances, payee accounts,
// bans, the threshold, and batches (create, Alipay batch-transfer CSV, mark paid, cancel).
// Every change needs a reason and is audited.

const permission = 'payouts.manage' as const;
const tags = ['admin'];
const AUDITED = 'Requires a reason; audited.';

/**
 * The batch CSV states amounts in yuan as Alipay reads them; the payments module's conversion is
 * handed in by the back office (payments records commissions through this module, so it cannot be
 * imported here).
 */
export interface PayoutsAdminRoutesOptions {
  yuanOf: (fen: number) => string;
}

export const payoutsAdminRoutes: FastifyPluginAsyncZod<PayoutsAdminRoutesOptions> = async (app, { yuanOf }) => {
  app.get(
    '/admin/payouts/ambassadors',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Ambassadors with their balances, newest first, keyset-paged (permission payouts.manage)',
        querystring: ZAdminAmbassadorsQuery,
        response: envelopeResponses(ZAdminAmbassadorsPage),
      },
    },
    async (request) => ok(await listAmbassadorsForStaff(app.db, request.query)),
  );

  app.get(
    '/admin/payouts/ambassadors/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: "An ambassador's balances, latest commission lines with fraud flags, and payouts (permission payouts.manage)",
        params: ZAdminIdParams,
        response: envelopeResponses(ZAdminAmbassadorDetail),
      },
    },
    async (request) => ok(await ambassadorDetailForStaff(app.db, request.params.id)),
  );

  app.put(
    '/admin/payouts/ambassadors/:id/payee',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Sets where payouts go: the Alipay account (mobile or email) and its real name (permission payouts.manage)',
        description: AUDITED,
        params: ZAdminIdParams,
        body: ZAdminPayee,
        response: envelopeResponses(ZAdminAmbassador),
      },
    },
    async (request) => ok(await setPayeeForStaff(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/payouts/ambassadors/:id/ban',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Bans an ambassador: pending commissions cancelled, no new commissions, left out of payouts (permission payouts.manage)',
        description: AUDITED,
        params: ZAdminIdParams,
        body: ZAdminAmbassadorBan,
        response: envelopeResponses(ZAdminAmbassadorBanned),
      },
    },
    async (request) => ok(await banForStaff(app.db, actorOf(request), request.params.id, request.body.reason)),
  );

  app.post(
    '/admin/payouts/ambassadors/:id/unban',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Lifts a ban; cancelled commissions stay cancelled (permission payouts.manage)',
        description: AUDITED,
        params: ZAdminIdParams,
        body: ZAdminAmbassadorBan,
        response: envelopeResponses(ZAdminAmbassador),
      },
    },
    async (request) => ok(await unbanForStaff(app.db, actorOf(request), request.params.id, request.body.reason)),
  );

  app.get(
    '/admin/payouts/settings',
    {
      config: { permission },
      schema: { tags, summary: 'The payout threshold (permission payouts.manage)', response: envelopeResponses(ZAdminPayoutSettings) },
    },
    async () => ok(await settingsForStaff(app.db)),
  );

  app.put(
    '/admin/payouts/settings',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Sets the payout threshold in fen; the next batch uses it (permission payouts.manage)',
        description: AUDITED,
        body: ZAdminPayoutThreshold,
        response: envelopeResponses(ZAdminPayoutSettings),
      },
    },
    async (request) => ok(await setThresholdForStaff(app.db, actorOf(request), request.body.thresholdFen, request.body.reason)),
  );

  app.get(
    '/admin/payouts/batches',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Payout batches, newest first (permission payouts.manage)',
        response: envelopeResponses(ZAdminPayoutBatchList),
      },
    },
    async () => ok(await listBatchesForStaff(app.db)),
  );

  app.post(
    '/admin/payouts/batches',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Makes a batch of every ambassador owed at least the threshold, not banned, with a payee (permission payouts.manage)',
        description: `${AUDITED} Concurrent calls make one batch; with nobody due it answers ADMIN_PAYOUT_NOTHING_DUE.`,
        body: ZAdminPayoutBatchCreate,
        response: envelopeResponses(ZAdminPayoutBatch),
      },
    },
    async (request) => ok(await createBatchForStaff(app.db, actorOf(request), request.body.reason)),
  );

  app.get(
    '/admin/payouts/batches/:id/export',
    {
      config: { permission },
      schema: {
        tags,
        summary: "A batch as Alipay's batch-transfer CSV (permission payouts.manage)",
        description: `Columns: ${PAYOUT_CSV_COLUMNS.join(', ')}; amounts in yuan with two decimals.`,
        params: ZAdminPayoutBatchParams,
        response: {
          200: { description: 'CSV file (UTF-8 with BOM)', content: { 'text/csv': { schema: z.string() } } },
          '4xx': envelopeResponses(z.null())['4xx'],
          '5xx': envelopeResponses(z.null())['5xx'],
        },
      },
    },
    async (request, reply) => {
      const csv = await batchCsvForStaff(app.db, request.params.id, yuanOf);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="payouts-${request.params.id}.csv"`);
      reply.header('cache-control', 'no-store');
      return csv;
    },
  );

  app.post(
    '/admin/payouts/batches/:id/paid',
    {
      config: { permission },
      schema: {
        tags,
        summary:
          "Marks an open batch paid with the transfer's reference and posts each payout to the ledger, once (permission payouts.manage)",
        description: AUDITED,
        params: ZAdminPayoutBatchParams,
        body: ZAdminPayoutBatchPaid,
        response: envelopeResponses(ZAdminPayoutBatch),
      },
    },
    async (request) => ok(await markPaidForStaff(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/payouts/batches/:id/cancel',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Cancels an open batch: its lines are owed again (permission payouts.manage)',
        description: AUDITED,
        params: ZAdminPayoutBatchParams,
        body: ZAdminPayoutBatchCancel,
        response: envelopeResponses(ZAdminPayoutBatch),
      },
    },
    async (request) => ok(await cancelForStaff(app.db, actorOf(request), request.params.id, request.body.reason)),
  );
};

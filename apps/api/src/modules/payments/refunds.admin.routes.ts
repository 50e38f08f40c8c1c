import { ZAdminIdParams, ZAdminRefund, ZAdminRefundQueue, ZAdminRefundRetryRequest, ZAdminRefundSettleRequest } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { actorOf } from '../../infrastructure/http/staff';
import { type RefundQueueActions, refundQueue, retryRefundAsStaff, settleRefundAsStaff } from './refunds.admin.service';
import { type RefundLog } from './refunds.service';

// The refund queue (ADR 0015): read with orders.read, acted on with orders.refund. Its actions
// are the refund-order flow's, handed in by the composition (composition/staff-routes.ts).

const tags = ['admin'];

export interface RefundsAdminOptions {
  queue: RefundQueueActions;
}

export const refundsAdminRoutes: FastifyPluginAsyncZod<RefundsAdminOptions> = async (app, options) => {
  const deps = (log: RefundLog) => ({
    db: app.db,
    providers: app.paymentProviders,
    kv: app.kv,
    log,
    queue: options.queue,
  });

  app.get(
    '/admin/refunds/queue',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        summary:
          'Refunds the gateway refused or never answered for good, longest-waiting first, with the queue size (permission orders.read)',
        description: 'Nothing retries these on its own; each raised one alert (`refund-queued`) when it entered the queue.',
        response: envelopeResponses(ZAdminRefundQueue),
      },
    },
    async () => ok(await refundQueue(app.db)),
  );

  app.post(
    '/admin/refunds/:id/retry',
    {
      config: { permission: 'orders.refund' },
      schema: {
        tags,
        summary: 'Try a queued refund once more (permission orders.refund)',
        description:
          'UNKNOWN: asked again under its own refund number, the refund query first. FAILED: a new refund of the same amount takes its place and is sent once. Requires a reason; audited. A refund that is not queued (any more) answers REFUND_NOT_ALLOWED; a refused order refund whose order is not REFUNDING any more, or whose amount no longer fits in what is left to refund, ADMIN_REFUND_NOT_OWED.',
        params: ZAdminIdParams,
        body: ZAdminRefundRetryRequest,
        response: envelopeResponses(ZAdminRefund),
      },
    },
    async (request) => ok(await retryRefundAsStaff(deps(request.log), actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/refunds/:id/settle',
    {
      config: { permission: 'orders.refund' },
      schema: {
        tags,
        summary: 'Record how a queued refund was settled: paid back by hand, or not owed (permission orders.refund)',
        description:
          'PAID_BY_HAND counts the order as refunded (ledger: payable → cash:refunded-by-hand). NOT_OWED, for a refused order refund only, returns the order to where it was; it answers ADMIN_REFUND_NOT_OWED when the order is not owed it any more and ADMIN_REFUND_MACHINE_RELEASED for a refund that released a cloud PC. Requires a reason; audited.',
        params: ZAdminIdParams,
        body: ZAdminRefundSettleRequest,
        response: envelopeResponses(ZAdminRefund),
      },
    },
    async (request) => ok(await settleRefundAsStaff(deps(request.log), actorOf(request), request.params.id, request.body)),
  );
};

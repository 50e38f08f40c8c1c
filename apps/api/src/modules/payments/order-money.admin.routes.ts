import { ZAdminGatewayQueryResult, ZAdminIdParams, ZAdminOrderDetail, ZAdminRefund, ZAdminRefundRequest } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { actorOf } from '../../infrastructure/http/staff';
import { getOrderDetail, queryGatewayNow, refundAsStaff, type StaffRefund } from './order-money.admin.service';
import { type ApplyPayment } from './payments.service';

// The back office's page of one order and what staff do with its money (ADR 0019): refund it,
// ask the gateway about its open payment attempts. Beside the payments they read and change;
// the order list and invoice requests are the orders module's own staff routes.

export interface OrderMoneyAdminOptions {
  /** the refund-order flow's staff refund (src/flows/refund-order.ts), handed in by the composition */
  refundAsStaff: StaffRefund;
  /** the apply-payment flow: a payment the gateway reports paid is applied as a notification would be */
  applyPayment: ApplyPayment;
}

export const orderMoneyAdminRoutes: FastifyPluginAsyncZod<OrderMoneyAdminOptions> = async (app, options) => {
  app.get(
    '/admin/orders/:id',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags: ['admin'],
        summary:
          "An order's page: items, payment attempts, gateway notifications received, refunds, invoice requests (permission orders.read)",
        params: ZAdminIdParams,
        response: envelopeResponses(ZAdminOrderDetail),
      },
    },
    async (request) => ok(await getOrderDetail(app.db, request.params.id)),
  );

  app.post(
    '/admin/orders/:id/refund',
    {
      config: { permission: 'orders.refund' },
      schema: {
        tags: ['admin'],
        summary: 'Refund an order in full or in part (permission orders.refund; SUPPORT up to ADMIN_SUPPORT_REFUND_LIMIT_FEN)',
        description:
          'Through the payments module and the gateway the order was paid with. `requestKey` is made once per refund dialog: the same key refunds at most once. Requires a reason; audited.',
        params: ZAdminIdParams,
        body: ZAdminRefundRequest,
        response: envelopeResponses(ZAdminRefund),
      },
    },
    async (request) =>
      ok(
        await refundAsStaff(
          {
            db: app.db,
            providers: app.paymentProviders,
            log: request.log,
            kv: app.kv,
            supportRefundLimitFen: app.config.admin.supportRefundLimitFen,
            locale: request.locale,
            refundAsStaff: options.refundAsStaff,
          },
          actorOf(request),
          request.params.id,
          request.body,
        ),
      ),
  );

  app.post(
    '/admin/orders/:id/query',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags: ['admin'],
        summary: "Ask the gateway now about the order's open payment attempts (permission orders.read)",
        description: 'A payment the gateway reports paid is applied exactly once, as a notification would be. Audited.',
        params: ZAdminIdParams,
        response: envelopeResponses(ZAdminGatewayQueryResult),
      },
    },
    async (request) =>
      ok(
        await queryGatewayNow(
          { db: app.db, providers: app.paymentProviders, applyPayment: options.applyPayment },
          actorOf(request),
          request.params.id,
        ),
      ),
  );
};

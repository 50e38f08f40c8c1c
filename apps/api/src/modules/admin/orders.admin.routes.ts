import {
  ZAdminGatewayQueryResult,
  ZAdminIdParams,
  ZAdminInvoice,
  ZAdminInvoicesPage,
  ZAdminInvoicesQuery,
  ZAdminIssueInvoiceRequest,
  ZAdminOrderDetail,
  ZAdminOrdersPage,
  ZAdminOrdersQuery,
  ZAdminRequiredReasonRequest,
  ZAdminRefund,
  ZAdminRefundRequest,
} from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../lib/envelope';
import { getOrderDetail, issueInvoice, listInvoices, listOrders, queryGatewayNow, refundAsStaff, rejectInvoice } from './orders.admin.service';
import { actorOf } from './users.admin.routes';

export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/orders',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags: ['admin'],
        summary: 'Search orders, newest first (back office; permission orders.read)',
        description: 'Filters: `q` an order number (exact), user, state, item type, created from (inclusive) / to (exclusive). Keyset pages: pass a page\'s `next` as `before`.',
        querystring: ZAdminOrdersQuery,
        response: envelopeResponses(ZAdminOrdersPage),
      },
    },
    async (request) => ok(await listOrders(app.db, request.query)),
  );

  app.get(
    '/admin/orders/:id',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags: ['admin'],
        summary: "An order's page: items, payment attempts, gateway notifications received, refunds, invoice requests (permission orders.read)",
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
          { db: app.db, providers: app.paymentProviders, log: request.log, kv: app.kv, supportRefundLimitFen: app.config.admin.supportRefundLimitFen, locale: request.locale },
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
    async (request) => ok(await queryGatewayNow({ db: app.db, providers: app.paymentProviders, kv: app.kv, log: request.log }, actorOf(request), request.params.id)),
  );

  app.get(
    '/admin/invoices',
    {
      config: { permission: 'invoices.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Invoice requests, newest first, by state (permission invoices.manage)',
        description: "Keyset pages: pass a page's `next` as `before`.",
        querystring: ZAdminInvoicesQuery,
        response: envelopeResponses(ZAdminInvoicesPage),
      },
    },
    async (request) => ok(await listInvoices(app.db, request.query)),
  );

  app.post(
    '/admin/invoices/:id/issue',
    {
      config: { permission: 'invoices.manage' },
      schema: { tags: ['admin'], summary: 'Mark an invoice request issued, with its number (permission invoices.manage)', params: ZAdminIdParams, body: ZAdminIssueInvoiceRequest, response: envelopeResponses(ZAdminInvoice) },
    },
    async (request) => ok(await issueInvoice(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/invoices/:id/reject',
    {
      config: { permission: 'invoices.manage' },
      schema: { tags: ['admin'], summary: 'Reject an invoice request with a reason (permission invoices.manage)', params: ZAdminIdParams, body: ZAdminRequiredReasonRequest, response: envelopeResponses(ZAdminInvoice) },
    },
    async (request) => ok(await rejectInvoice(app.db, actorOf(request), request.params.id, request.body.reason)),
  );
};

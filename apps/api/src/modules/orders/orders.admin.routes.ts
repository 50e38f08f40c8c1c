import {
  ZAdminIdParams,
  ZAdminInvoice,
  ZAdminInvoicesPage,
  ZAdminInvoicesQuery,
  ZAdminIssueInvoiceRequest,
  ZAdminReissueInvoiceRequest,
  ZAdminOrdersPage,
  ZAdminOrdersQuery,
  ZAdminRequiredReasonRequest,
} from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { z } from 'zod';
import { actorOf } from '../../infrastructure/http/staff';
import { INVOICE_PAGE_ANSWERS, INVOICE_PAGE_HEADERS } from './invoice-document';
import { staffInvoicePage } from './invoices.service';
import { issueInvoice, listInvoices, listOrders, reissueInvoice, rejectInvoice } from './orders.admin.service';

export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/orders',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags: ['admin'],
        summary: 'Search orders, newest first (back office; permission orders.read)',
        description:
          "Filters: `q` an order number (exact), user, state, item type, created from (inclusive) / to (exclusive). Keyset pages: pass a page's `next` as `before`.",
        querystring: ZAdminOrdersQuery,
        response: envelopeResponses(ZAdminOrdersPage),
      },
    },
    async (request) => ok(await listOrders(app.db, request.query)),
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
      schema: {
        tags: ['admin'],
        summary: 'Mark an invoice request issued, with its number (permission invoices.manage)',
        params: ZAdminIdParams,
        body: ZAdminIssueInvoiceRequest,
        response: envelopeResponses(ZAdminInvoice),
      },
    },
    async (request) => ok(await issueInvoice(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/invoices/:id/reject',
    {
      config: { permission: 'invoices.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Reject an invoice request with a reason (permission invoices.manage)',
        params: ZAdminIdParams,
        body: ZAdminRequiredReasonRequest,
        response: envelopeResponses(ZAdminInvoice),
      },
    },
    async (request) => ok(await rejectInvoice(app.db, actorOf(request), request.params.id, request.body.reason)),
  );

  app.post(
    '/admin/invoices/:id/reissue',
    {
      config: { permission: 'invoices.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Issue an international invoice again with corrected buyer details (permission invoices.manage)',
        description:
          'A new number; the old invoice is marked REPLACED and stays readable. Only an issued international invoice: 80140. Reason required (audited).',
        params: ZAdminIdParams,
        body: ZAdminReissueInvoiceRequest,
        response: envelopeResponses(ZAdminInvoice),
      },
    },
    async (request) => ok(await reissueInvoice(app.db, app.config.invoices, actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/admin/invoices/:id/document',
    {
      config: { permission: 'invoices.manage', answers: INVOICE_PAGE_ANSWERS },
      schema: {
        tags: ['admin'],
        summary: "An international invoice's printable page (HTML; permission invoices.manage)",
        description: "The request's current invoice, or with `number` a replaced one. None: 20211.",
        params: ZAdminIdParams,
        querystring: z.object({
          number: z
            .string()
            .regex(/^[A-Z]{2,8}-\d{4}-\d{6,}$/)
            .optional(),
        }),
      },
    },
    async (request, reply) =>
      reply.headers(INVOICE_PAGE_HEADERS).send(await staffInvoicePage(app.db, request.params.id, request.query.number)),
  );
};

import {
  IDEMPOTENCY_KEY_RE,
  ZCodeOrderResult,
  ZCreateOrderByCodeQuery,
  ZCreateOrderRequest,
  ZCreateQrCodeRequest,
  ZOrderInfo,
  ZOrderInfoParams,
  ZOrderInfoQuery,
  ZQrCodeResult,
  ZOrderCancelRequest,
  ZOrderCancelResult,
  ZOrderInvoice,
  ZOrderInvoiceParams,
  ZOrderInvoiceRequest,
  ZOrderInvoices,
  ZOrderList,
  ZOrderListQuery,
  ZOrderQuote,
  ZOrderQuoteRequest,
  ZOrderReceipt,
  ZOrderReceiptParams,
} from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../infrastructure/http/app-error';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { MONEY_AND_STATES } from './orders.docs';
import { orderSettingsOf } from './orders.settings';
import {
  accessibleOrder,
  createOrderByCode,
  createQrCode,
  createWebOrder,
  getOrderInfo,
  quoteOrder,
  type OrderChannel,
} from './orders.service';
import { INVOICE_PAGE_ANSWERS, INVOICE_PAGE_HEADERS } from './invoice-document';
import { ownerInvoicePage } from './invoices.service';
import { cancelOrder, getReceipt, listOrderInvoices, listOrders, requestOrderInvoice } from './order-history.service';

// /order/*. Amounts are integer fen; see apps/api/README.md "Orders".

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = orderSettingsOf(app.config);

  // Order data is personal: never stored by a browser or a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  // The site's browser session rides on the cookie; the apps send Authorization (auth.plugin.ts
  // tokenOf: the header wins). Screen walls are refused to the first (ADR 0035).
  const channelOf = (request: FastifyRequest): OrderChannel => (request.headers.authorization?.trim() ? 'APP' : 'WEB');

  const callerOf = async (request: FastifyRequest, payToken?: string) => {
    const session = await app.authenticate(request);
    return { userId: session?.userId, payToken };
  };

  app.post(
    '/order/createV2',
    {
      schema: {
        tags: ['orders'],
        summary: 'Create a web order (e.g. a membership) for the logged-in user',
        description: `Name a skuId (from GET /memberPricing/detail/v2), or an itemType with a timeUnit (MEMBER + YEAR), and
an optional quantity (1–100); with asSeats (MEMBER or CHANNEL only, else SKU_NOT_AVAILABLE) the quantity becomes that many seats to give away (/seat/list) instead of extending the buyer's own term. The order is CREATED and expires after ${settings.orderTtlMs / 60_000} minutes unless paid.
Optional header Idempotency-Key (1–64 of A–Z a–z 0–9 _ -): the same key with the same body returns the same
order; with a different body 20009; a malformed key 20010. Unknown or inactive SKU: 20002. Screen walls (MONITOR)
are sold in the desktop app only: from the site's session (the cookie, no Authorization header) 20016 (403).

${MONEY_AND_STATES}`,
        headers: z.looseObject({
          // Checked by the handler (20010 rather than a validation error); the document says the rule.
          'idempotency-key': z
            .string()
            .meta({ pattern: IDEMPOTENCY_KEY_RE.source })
            .optional()
            .describe('Makes a retried create return the same order'),
        }),
        body: ZCreateOrderRequest,
        response: envelopeResponses(ZOrderInfo),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const header = request.headers['idempotency-key'];
      if (header !== undefined && !IDEMPOTENCY_KEY_RE.test(header)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
      const order = await createWebOrder(app.db, settings, {
        userId: request.user?.userId ?? '',
        selection: request.body,
        idempotencyKey: header,
        caller: channelOf(request),
      });
      return ok(order);
    },
  );

  app.post(
    '/order/quote',
    {
      schema: {
        tags: ['orders'],
        summary: 'What POST /order/createV2 with the same body would charge, before ordering',
        description: `The same body as POST /order/createV2 (skuId or itemType + timeUnit, quantity, asSeats); nothing is
written. The answer is the order's items and totals exactly as the order would have them (the same catalogue lookup
and arithmetic), so a page can show the total, list price and discount for the chosen quantity before the customer
commits. No login needed. Unknown or inactive SKU: 20002; screen walls asked for without an app's Authorization: 20016.

${MONEY_AND_STATES}`,
        body: ZOrderQuoteRequest,
        response: envelopeResponses(ZOrderQuote),
      },
    },
    async (request) => ok(await quoteOrder(app.db, request.body, channelOf(request))),
  );

  app.get(
    '/order/info/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order: status, items, prices, times and payment method',
        description: `Only for the order's owner (Authorization), or with the order's payToken (from
POST /order/createOrderByCodeId). Anyone else, and unknown ids, get 20001 ORDER_NOT_FOUND, never "forbidden".
Poll it after POST /pay/payV2 to see the order become FULFILLED.

${MONEY_AND_STATES}`,
        params: ZOrderInfoParams,
        querystring: ZOrderInfoQuery,
        response: envelopeResponses(ZOrderInfo),
      },
    },
    async (request) => ok(await getOrderInfo(app.db, request.params.id, await callerOf(request, request.query.payToken))),
  );

  app.post(
    '/order/createQRCodeId',
    {
      schema: {
        tags: ['orders'],
        summary: 'Desktop app: a single-use payment code for one item (e.g. screen walls)',
        description: `The logged-in app names the item like POST /order/createV2 and shows \`url\` (the web page
/pay?qrCodeId=…) as a QR code. The code expires after ${settings.qrCodeTtlMs / 60_000} minutes and turns into
at most one order. Screen walls from the site's session (the cookie, no Authorization header): 20016. ${MONEY_AND_STATES}`,
        body: ZCreateQrCodeRequest,
        response: envelopeResponses(ZQrCodeResult),
      },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(
        await createQrCode(
          app.db,
          settings,
          app.config.webOrigin,
          request.user?.userId ?? '',
          request.body,
          new Date(),
          channelOf(request),
        ),
      ),
  );

  app.post(
    '/order/createOrderByCodeId',
    {
      schema: {
        tags: ['orders'],
        summary: "Turn a desktop-app payment code into an order for the code's owner (once)",
        description: `No login needed (the page is opened on a phone). Returns the order, the account and nickname it
is for, the item and discount, and a payToken that lets this caller pay the order (POST /pay/payV2) and
read it (GET /order/info/{id}?payToken=…). Unknown code 20006, expired 20007, already used 20008: of any
number of concurrent calls with one code exactly one succeeds. ${MONEY_AND_STATES}`,
        querystring: ZCreateOrderByCodeQuery,
        response: envelopeResponses(ZCodeOrderResult),
      },
    },
    async (request) => ok(await createOrderByCode(app.db, settings, request.query.qrCodeId)),
  );

  // ---- The account area: the caller's own orders ----------------------------------

  app.get(
    '/order/list',
    {
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first, one page at a time",
        description: `Every order of the logged-in user (never anyone else's), newest first, with its items, amount,
payment method (of the payment that paid it, else of the latest attempt), state and times. page is 1-based;
pageSize 1–50 (default 10); total counts all of the user's orders. ${MONEY_AND_STATES}`,
        querystring: ZOrderListQuery,
        response: envelopeResponses(ZOrderList),
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await listOrders(app.db, request.user?.userId ?? '', request.query)),
  );

  app.post(
    '/order/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancel one of your unpaid orders',
        description: `Only the order's owner, only while it is unpaid (CREATED or PENDING_PAYMENT): the order becomes
CANCELLED and can no longer be paid. Of any number of concurrent calls one cancels it; the others get 20201 (already
cancelled). A paid, expired or refunded order: 20200; someone else's or an unknown order: 20001. Money that still
arrives for a cancelled order (a QR code left open) is recorded and refunded automatically, like a late payment of
an expired order. ${MONEY_AND_STATES}`,
        body: ZOrderCancelRequest,
        response: envelopeResponses(ZOrderCancelResult),
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await cancelOrder(app.db, request.user?.userId ?? '', request.body.orderId)),
  );

  app.get(
    '/order/receipt/:id',
    {
      schema: {
        tags: ['orders'],
        summary: "A paid order's receipt data (the web renders and prints it)",
        description: `For the order's owner, once the order has been paid (also after a refund, which it shows):
items, amounts, discount, refunded amount, payment method, our payment number and the gateway's transaction number,
and the times. An unpaid, cancelled or expired order: 20202; someone else's: 20001. ${MONEY_AND_STATES}`,
        params: ZOrderReceiptParams,
        response: envelopeResponses(ZOrderReceipt),
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await getReceipt(app.db, request.user?.userId ?? '', request.params.id)),
  );

  app.post(
    '/order/invoice',
    {
      schema: {
        tags: ['orders'],
        summary: 'Request an invoice for one of your paid orders',
        description: `The country (ISO 3166-1 alpha-2) picks the kind (ADR 0030). None or CN: a fapiao, issued by the finance team
(state REQUESTED): title (1–100 characters), optional taxId (taxpayer id: 15–20 letters and digits; empty for a
person) and the email the invoice is sent to. Any other country: an international invoice, issued at once (state ISSUED,
invoiceNo LLK-<year>-<6 digits>, the page at GET /order/invoice/{orderId}/document): title (the company), address
(required, up to 300 characters), optional taxId (the VAT or tax number: checked digit by digit for the countries
jsvat knows, e.g. ESB12345674, else 2–40 letters and digits; a wrong one is a validation error on taxId); 20210 when
the seller is not configured (production). Only for a paid order that was not refunded (20203); while a request of
the order is open (REQUESTED) or issued (ISSUED) another one is refused (20204), however many are sent at once. The request is for what
was paid less what was refunded; the seller issues it (ISSUED) or turns it down (REJECTED, after which a new one may be
sent). Cloud-PC orders may also use POST /cloudPc/invoice (kind and note); see modules/orders/README.md.`,
        body: ZOrderInvoiceRequest,
        response: envelopeResponses(ZOrderInvoice),
      },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(await requestOrderInvoice(app.db, request.user?.userId ?? '', request.body, new Date(), request.locale, app.config.invoices)),
  );

  app.get(
    '/order/invoice/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'The invoice requests of one of your orders, newest first',
        description:
          "The first is the current one, with its state (REQUESTED, ISSUED or REJECTED). Someone else's or an unknown order: 20001.",
        params: ZOrderInvoiceParams,
        response: envelopeResponses(ZOrderInvoices),
      },
      onRequest: app.requireUser,
    },
    async (request) => ok({ invoices: await listOrderInvoices(app.db, request.user?.userId ?? '', request.params.id) }),
  );

  app.get(
    '/order/invoice/:id/document',
    {
      schema: {
        tags: ['orders'],
        summary: 'The printable international invoice of one of your orders (HTML)',
        description:
          "The current invoice of the order's international invoice request, in the language it was requested in, with print styles. No invoice issued (a fapiao, or none requested): 20211. Someone else's or an unknown order: 20001.",
        params: ZOrderInvoiceParams,
      },
      config: { answers: INVOICE_PAGE_ANSWERS },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const order = await accessibleOrder(app.db, request.params.id, { userId: request.user?.userId ?? '' });
      return reply.headers(INVOICE_PAGE_HEADERS).send(await ownerInvoicePage(app.db, order));
    },
  );
};

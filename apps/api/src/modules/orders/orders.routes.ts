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
} from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { envelopeResponses, ok } from '../../lib/envelope';
import { MONEY_AND_STATES } from './orders.docs';
import { orderSettingsOf } from './orders.settings';
import { createOrderByCode, createQrCode, createWebOrder, getOrderInfo } from './orders.service';

// /order/*. Amounts are integer fen; see apps/api/README.md "Orders".

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = orderSettingsOf(app.config);

  // Order data is personal: never stored by a browser or a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

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
order; with a different body 20009; a malformed key 20010. Unknown or inactive SKU: 20002.

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
      });
      return ok(order);
    },
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
at most one order. ${MONEY_AND_STATES}`,
        body: ZCreateQrCodeRequest,
        response: envelopeResponses(ZQrCodeResult),
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await createQrCode(app.db, settings, app.config.webOrigin, request.user?.userId ?? '', request.body)),
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
};

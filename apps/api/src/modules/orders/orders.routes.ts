import {
  IDEMPOTENCY_KEY_RE,
  ZCodeOrderResult,
  ZCreateOrderByCodeQuery,
  ZCreateOrderRequest,
  ZCreateQrCodeRequest,
  ZOrderInfo,
  ZOrderInfoParams,
  ZOrderInfoQuery,
  ZPayRequest,
  ZPayResult,
  ZQrCodeResult,
  type TPayMethod,
} from '@llk/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { envelopeResponses, ok } from '../../lib/envelope';
import { NotificationRejected, type NotificationAnswer } from '../payments/provider';
import { orderSettingsOf } from './orders.settings';
import { createOrderByCode, createQrCode, createWebOrder, getOrderInfo } from './orders.service';
import { applyVerifiedPayment, startPayment } from './payments.service';

// /order/* and /pay/* (issue 5). Amounts are integer fen; see apps/api/README.md "Orders".

const MONEY_AND_STATES = `Amounts are integer fen (1 yuan = 100 fen), currency CNY; prices always come from the
server's catalogue, a request never carries one. Order status: CREATED → PENDING_PAYMENT (a payment
attempt started) → PAID → FULFILLED (entitlements granted in the same transaction as PAID) →
COMPLETED (after the completion window); or EXPIRED (unpaid at expiresAt), CANCELLED, REFUNDING,
REFUNDED. Times are UTC ISO 8601.`;

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
an optional quantity (1–99). The order is CREATED and expires after ${settings.orderTtlMs / 60_000} minutes unless paid.
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

  app.post(
    '/pay/payV2',
    {
      schema: {
        tags: ['orders'],
        summary: 'Start paying an order with Alipay (ZFB) or WeChat Pay (WX)',
        description: `For the order's owner or with its payToken; the order must be CREATED or PENDING_PAYMENT
and not expired (20003), not paid (20005). Each call is a new payment attempt with its own paymentNo.
payClient WEB answers {kind:'qr', codeUrl} to show as a QR code (sandbox: true when the built-in sandbox
gateway serves it: codeUrl opens its confirm page); JS_API (WeChat only, inside WeChat, with the payer's
openid from GET /wxMp/openId) answers {kind:'jsapi', params} for WeixinJSBridge. The order is paid when
the gateway's signed notification arrives (GET /order/info/{id} shows it). A gateway that does not answer
in time gives 50400, one that answers with an error 20013. ${MONEY_AND_STATES}`,
        body: ZPayRequest,
        response: envelopeResponses(ZPayResult),
      },
    },
    async (request) => {
      const { payToken, ...input } = request.body;
      const result = await startPayment(
        { db: app.db, providers: app.paymentProviders, notifyBase: settings.notifyBase },
        await callerOf(request, payToken),
        { orderId: input.orderId, payMethod: input.payMethod, payClient: input.payClient, openid: input.openid },
      );
      return ok(result);
    },
  );

  // Gateway notifications: the signature covers the raw bytes, so these routes (and only
  // these) keep the body as the exact string received, whatever its content type.
  await app.register(async (notify) => {
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

    const handle = (method: TPayMethod) => async (request: FastifyRequest, reply: FastifyReply) => {
      const provider = app.paymentProviders[method];
      const send = (answer: NotificationAnswer) => reply.status(answer.status).header('content-type', answer.contentType).send(answer.body);
      const rawBody = typeof request.body === 'string' ? request.body : '';
      let verified;
      try {
        verified = await provider.verifyNotification({ headers: request.headers, rawBody });
      } catch (error) {
        request.log.warn({ err: error, method }, 'payment notification rejected');
        return send(provider.refuse());
      }
      try {
        const outcome = await applyVerifiedPayment(app.db, method, verified);
        request.log.info({ method, paymentNo: verified.paymentNo, outcome }, 'payment notification handled');
        return send(provider.acknowledge());
      } catch (error) {
        if (error instanceof NotificationRejected) request.log.warn({ err: error, method, paymentNo: verified.paymentNo }, 'payment notification rejected');
        else request.log.error({ err: error, method, paymentNo: verified.paymentNo }, 'applying a payment notification failed');
        return send(provider.refuse());
      }
    };

    const notifyDoc = (name: string, format: string) => ({
      tags: ['payment notifications'],
      summary: `${name} asynchronous payment notification`,
      description: `Posted by ${name} (${format}), never by our clients. The signature, app/merchant id and timestamp
are verified on the raw body; then, in one transaction, the payment and its order become PAID exactly once
(amount must equal the attempt's amount) and the entitlements are granted (order FULFILLED). Duplicates are
acknowledged and change nothing; a second payment of an already paid order is recorded and refunded.
Rejected notifications get the gateway's failure answer and change nothing.`,
    });
    const text = (description: string, values: string[]) => ({ description, content: { 'text/plain': { schema: { type: 'string', enum: values } } } });
    const alipayAnswers = {
      200: text('`success` when applied or a duplicate; `failure` when rejected (Alipay retries)', ['success', 'failure']),
      503: text('The gateway is not configured on this server: `failure` (Alipay retries)', ['failure']),
    };
    const wechatAnswers = {
      204: { type: 'null' as const, description: 'Applied, or a duplicate (no body)' },
      500: {
        description: 'Rejected: the refusal WeChat Pay API v3 prescribes (WeChat Pay retries)',
        content: {
          'application/json': {
            schema: { type: 'object', properties: { code: { const: 'FAIL' }, message: { type: 'string' } }, required: ['code', 'message'] },
          },
        },
      },
      503: text('The gateway is not configured on this server: `failure` (WeChat Pay retries)', ['failure']),
    };
    notify.post('/pay/notify/alipay', { schema: notifyDoc('Alipay', 'application/x-www-form-urlencoded, RSA2'), config: { answers: alipayAnswers } }, handle('ZFB'));
    notify.post('/pay/notify/wechat', { schema: notifyDoc('WeChat Pay', 'JSON, API v3, AEAD_AES_256_GCM'), config: { answers: wechatAnswers } }, handle('WX'));
  });
};

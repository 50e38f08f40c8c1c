import { ZPayMethods, ZPayRequest, ZPayResult, type TPayMethod } from '@llk/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../infrastructure/http/app-error';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { MONEY_AND_STATES, orderSettingsOf } from '../orders';
import { type ApplyPayment, handleVerifiedNotification, startPayment } from './payments.service';
import { NotificationRejected, type NotificationAnswer } from './provider';
import { type SettleRefund } from './refunds.service';
import { STRIPE_ANSWERS } from './stripe.provider';
import { handleStripeEvent } from './stripe-webhooks';

// /pay/payV2 (start a payment attempt) and /pay/notify/* (the gateways' signed notifications).

/** What the notification routes are handed by the composition: the flows that apply a payment and settle a refund (ADR 0039). */
export interface PaymentRoutesOptions {
  /** src/flows/apply-payment.ts */
  applyPayment: ApplyPayment;
  /** src/flows/refund-order.ts: a refund Stripe's events confirm */
  settleRefund: SettleRefund;
}

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const { applyPayment, settleRefund } = options;
  const settings = orderSettingsOf(app.config);

  // Payment data is personal: never stored by a browser or a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const callerOf = async (request: FastifyRequest, payToken?: string) => {
    const session = await app.authenticate(request);
    return { userId: session?.userId, payToken };
  };

  app.get(
    '/pay/methods',
    {
      schema: {
        tags: ['orders'],
        summary: 'The payment methods this server offers',
        description: `ZFB and WX always (answering PAYMENT_NOT_CONFIGURED where a gateway is not set up); CARD (Stripe
Checkout, charged in CNY, the card issuer converts) only when cards are switched on (PAYMENT_CARD, ADR 0029).
The order in which to show them is the client's: Alipay and WeChat Pay first in mainland China and the zh locales,
card first elsewhere.`,
        response: envelopeResponses(ZPayMethods),
      },
    },
    async () => ok({ methods: [...app.payMethods] }),
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
openid from GET /wxMp/openId) answers {kind:'jsapi', params} for WeixinJSBridge. H5 (a phone outside WeChat) answers
{kind:'redirect', url}: open it in the same tab (Alipay's mobile cashier, WeChat Pay's H5 page, or the sandbox confirm
page), which opens the wallet app and sends the payer back to returnPath on the web's origin. The order is paid when
the gateway's signed notification arrives (GET /order/info/{id} shows it). A gateway that does not answer
in time gives 50400, one that answers with an error 20013. ${MONEY_AND_STATES}`,
        body: ZPayRequest,
        response: envelopeResponses(ZPayResult),
      },
    },
    async (request) => {
      const { payToken, ...input } = request.body;
      const result = await startPayment(
        { db: app.db, providers: app.paymentProviders, notifyBase: settings.notifyBase, webOrigin: app.config.webOrigin },
        await callerOf(request, payToken),
        {
          orderId: input.orderId,
          payMethod: input.payMethod,
          payClient: input.payClient,
          openid: input.openid,
          returnPath: input.returnPath,
          payerIp: request.ip,
        },
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
        const outcome = await handleVerifiedNotification(applyPayment, app.db, method, verified, { rawBody, headers: request.headers });
        request.log.info({ method, paymentNo: verified.paymentNo, outcome }, 'payment notification handled');
        return send(provider.acknowledge());
      } catch (error) {
        if (error instanceof NotificationRejected)
          request.log.warn({ err: error, method, paymentNo: verified.paymentNo }, 'payment notification rejected');
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
Every verified notification is stored as received. A verified payment that matches no attempt (unknown
paymentNo, another amount) is recorded as unmatched money (and in the ledger) for a refund or a match by
hand, and still gets the failure answer (the gateway retries; each retry is stored, the money recorded
once). Notifications that fail verification get the failure answer and change nothing.`,
    });
    const text = (description: string, values: string[]) => ({
      description,
      content: { 'text/plain': { schema: { type: 'string', enum: values } } },
    });
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
    notify.post(
      '/pay/notify/alipay',
      { schema: notifyDoc('Alipay', 'application/x-www-form-urlencoded, RSA2'), config: { answers: alipayAnswers } },
      handle('ZFB'),
    );
    notify.post(
      '/pay/notify/wechat',
      { schema: notifyDoc('WeChat Pay', 'JSON, API v3, AEAD_AES_256_GCM'), config: { answers: wechatAnswers } },
      handle('WX'),
    );

    // Stripe (cards, ADR 0029): the SDK checks Stripe-Signature (HMAC-SHA256 of "t.body", 300 s
    // tolerance). One that does not verify is a 400 envelope (20104) and changes nothing.
    const stripeAnswers = {
      200: {
        description: 'Handled, a duplicate, or an event we do not use: `{"received":true}`',
        content: { 'application/json': { schema: { type: 'object', properties: { received: { const: true } } } } },
      },
      400: {
        description:
          'Signature or timestamp not verified (the envelope, errcode 20104), or a payment event that matches no attempt (`{"received":false}`; Stripe retries)',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    };
    notify.post(
      '/pay/notify/stripe',
      {
        schema: {
          tags: ['payment notifications'],
          summary: 'Stripe webhook (cards through Stripe Checkout)',
          description: `Posted by Stripe (JSON events signed with the endpoint's secret), never by our clients.
checkout.session.completed and checkout.session.async_payment_succeeded with payment_status "paid" pay the attempt
exactly once (as the other gateways' notifications do); async_payment_failed and expired change nothing; charge.refunded
and refund events settle the payment's open refunds from Stripe's refund objects; charge.dispute.* record the dispute
and open a support thread for staff. A Stripe-Signature that does not verify, or a timestamp more than 300 s off,
answers 400 with the envelope (20104) and changes nothing.`,
        },
        config: { answers: stripeAnswers },
      },
      async (request, reply) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const received = { headers: request.headers, rawBody };
        let event;
        try {
          event = await app.cardWebhooks.verify(received);
        } catch (error) {
          request.log.warn({ err: error, method: 'CARD' }, 'payment notification rejected');
          throw new AppError('PAYMENT_NOTIFICATION_INVALID', { cause: error });
        }
        const send = (answer: NotificationAnswer) =>
          reply.status(answer.status).header('content-type', answer.contentType).send(answer.body);
        try {
          const outcome = await handleStripeEvent(
            { db: app.db, providers: app.paymentProviders, kv: app.kv, log: request.log, applyPayment, settleRefund },
            event,
            received,
          );
          request.log.info({ method: 'CARD', event: event.type, eventId: event.id, outcome }, 'payment notification handled');
          return send(STRIPE_ANSWERS.acknowledge());
        } catch (error) {
          if (error instanceof NotificationRejected)
            request.log.warn({ err: error, method: 'CARD', event: event.type }, 'payment notification rejected');
          else request.log.error({ err: error, method: 'CARD', event: event.type }, 'applying a payment notification failed');
          return send(STRIPE_ANSWERS.refuse());
        }
      },
    );
  });
};

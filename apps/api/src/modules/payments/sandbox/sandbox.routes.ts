import { isLocale, matchBrowserLanguage, type TLocale } from '@llk/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type TGatewayMethod } from '../provider';
import { renderConfirmPage, type PageView, type TPageStatus } from './confirm-page';
import { chargeItemLabel } from './sandbox.service';

// The sandbox confirm pages (only while the built-in sandbox is active). A sandbox charge's
// QR / link points here through the web's /api forward: GET shows amount, item and a Confirm
// button; POST marks the charge paid and sends its signed notification (sandbox/signer.ts) to
// the charge's notify URL, i.e. through the same verification path as a real gateway's.

const ZParams = z.object({ method: z.enum(['ZFB', 'WX', 'CARD']), paymentNo: z.string().min(1).max(64) });
const ZQuery = z.object({ t: z.string().max(64).optional(), lang: z.string().max(16).optional() });
const ZForm = z.object({ t: z.string().max(64).optional(), lang: z.string().max(16).optional() }).optional();

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

function pageLocale(request: FastifyRequest, lang: string | undefined): TLocale {
  if (lang) {
    if (isLocale(lang)) return lang;
    const matched = matchBrowserLanguage(lang);
    if (matched) return matched;
  }
  return request.locale;
}

const page = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const PAGE_ANSWERS = {
  200: page('The page: confirm, paid or already paid'),
  404: page('No such charge, or a wrong token'),
  410: page('The charge expired or was closed'),
  502: page('The charge was paid but its notification was refused or could not be delivered'),
};

function send(reply: FastifyReply, status: number, view: PageView) {
  const production = reply.server.config.nodeEnv === 'production';
  return reply
    .code(status)
    .headers(HEADERS)
    .send(renderConfirmPage({ ...view, production }));
}

export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  // the item in the page's language (see chargeItemLabel)
  const itemOf = (paymentNo: string, locale: TLocale, subject: string): Promise<string> =>
    chargeItemLabel(app.db, paymentNo, locale, subject);
  const lazySandbox = app.paymentSandbox;
  if (!lazySandbox) return;

  // Only this plugin's routes take forms (the confirm button works without JavaScript).
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  }

  app.get(
    '/sandbox/pay/:method/:paymentNo',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox gateway: the confirm page of a charge (HTML)',
        description:
          'Only while the built-in payment sandbox is active. `t` is the token from the charge link; `lang` overrides Accept-Language.',
        params: ZParams,
        querystring: ZQuery,
      },
      config: { answers: PAGE_ANSWERS },
    },
    async (request, reply) => {
      const sandbox = await lazySandbox.get();
      const { method, paymentNo } = request.params;
      const locale = pageLocale(request, request.query.lang);
      const notFound = () => send(reply, 404, { locale, method, charge: null, status: 'notFound' });
      if (!sandbox.tokenValid(method, paymentNo, request.query.t)) return notFound();
      const charge = await sandbox.charge(method, paymentNo);
      if (!charge) return notFound();
      const view = {
        locale,
        method,
        charge: { paymentNo, amountFen: charge.amountFen, subject: await itemOf(paymentNo, locale, charge.subject) },
        returnUrl: charge.returnUrl ?? null,
      };
      if (charge.state === 'PAID') return send(reply, 200, { ...view, status: 'alreadyPaid' });
      if (charge.state === 'CLOSED')
        return send(reply, 410, { ...view, status: Date.parse(charge.expiresAt) <= Date.now() ? 'expired' : 'closed' });
      return send(reply, 200, { ...view, status: 'confirm', token: request.query.t ?? '' });
    },
  );

  app.post(
    '/sandbox/pay/:method/:paymentNo',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox gateway: confirm a charge (pays it and sends the signed notification)',
        params: ZParams,
        querystring: ZQuery,
        body: ZForm,
      },
      config: { answers: PAGE_ANSWERS },
    },
    async (request, reply) => {
      const sandbox = await lazySandbox.get();
      const { method, paymentNo } = request.params;
      const token = request.body?.t ?? request.query.t;
      const locale = pageLocale(request, request.body?.lang ?? request.query.lang);
      if (!sandbox.tokenValid(method as TGatewayMethod, paymentNo, token))
        return send(reply, 404, { locale, method, charge: null, status: 'notFound' });
      const before = await sandbox.charge(method, paymentNo);
      const outcome = await sandbox.pay(method, paymentNo);
      if (outcome.result === 'not-found') return send(reply, 404, { locale, method, charge: null, status: 'notFound' });
      const view = {
        locale,
        method,
        charge: { paymentNo, amountFen: outcome.charge.amountFen, subject: await itemOf(paymentNo, locale, outcome.charge.subject) },
        returnUrl: outcome.charge.returnUrl ?? null,
      };
      if (outcome.result === 'expired' || outcome.result === 'closed') return send(reply, 410, { ...view, status: outcome.result });
      if (outcome.result === 'delivery-failed') {
        request.log.warn({ paymentNo, method, error: outcome.error }, 'sandbox notification could not be delivered');
        return send(reply, 502, { ...view, status: 'deliveryFailed' });
      }
      const accepted =
        outcome.delivery.status >= 200 && outcome.delivery.status < 300 && (method !== 'ZFB' || outcome.delivery.body.trim() === 'success');
      if (!accepted) {
        request.log.warn({ paymentNo, method, status: outcome.delivery.status }, 'sandbox notification was refused by the notify URL');
        return send(reply, 502, { ...view, status: 'refused', httpStatus: outcome.delivery.status });
      }
      const status: TPageStatus = before?.state === 'PAID' ? 'alreadyPaid' : 'paid';
      return send(reply, 200, { ...view, status });
    },
  );
};

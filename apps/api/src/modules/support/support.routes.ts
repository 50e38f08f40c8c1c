import { ZContactRequest, ZContactResult } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { CONTACT_PER_EMAIL_PER_DAY, CONTACT_PER_IP_PER_HOUR, type OrderOf, submitContact } from './support.service';

// POST /support/contact: the contact page's form, read by the back office's support inbox. The
// orders module's `findOrder` is handed in by the composition (orders opens invoice threads here).

export const supportRoutes: FastifyPluginAsyncZod<{ orderOf: OrderOf }> = async (app, { orderOf }) => {
  app.post(
    '/support/contact',
    {
      config: { rateLimited: true },
      schema: {
        tags: ['support'],
        summary: 'Send a message to support (the contact page’s form): stored for the support inbox and acknowledged with a reference',
        description:
          'No log-in needed: `email` is where the answer goes (optional when signed in with an account that has one). Topic REFUND ' +
          `asks for a refund of one of the signed-in caller's paid orders (orderId; 40100 logged out, 20001 not theirs). At most ${CONTACT_PER_IP_PER_HOUR} ` +
          `messages per client address per hour and ${CONTACT_PER_EMAIL_PER_DAY} per reply address per day (42900 with retryAfterSeconds). Nothing is ` +
          'sent to the address until staff answer.',
        body: ZContactRequest,
        response: envelopeResponses(ZContactResult),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const session = await app.authenticate(request);
      return ok(
        await submitContact({ db: app.db, kv: app.kv, orderOf }, request.body, {
          ip: request.ip,
          locale: request.locale,
          userId: session?.userId,
          t: (key) => request.t(key),
        }),
      );
    },
  );
};

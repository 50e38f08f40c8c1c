import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';

const ZOutboxMessage = z.object({
  channel: z.enum(['SMS', 'EMAIL']),
  to: z.string(),
  purpose: z.string(),
  code: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  sentAt: z.string(),
});

/**
 * GET /dev/outbox?to=: the codes the dev outbox "sent", newest first. Exists only while the
 * outbox serves a channel, and never with NODE_ENV=production.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = app.delivery.outbox;
  if (!outbox || app.config.nodeEnv === 'production') return;
  {
    app.get(
      '/dev/outbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Development only: messages the dev outbox would have sent, newest first',
          querystring: z.object({ to: z.string().max(254).optional() }),
          response: envelopeResponses(z.object({ messages: z.array(ZOutboxMessage) })),
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok({ messages: outbox.list(request.query.to) });
      },
    );
  }
};

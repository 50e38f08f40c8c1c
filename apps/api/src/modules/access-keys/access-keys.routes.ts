import { ZAccessKeyResult, ZTokenByAccessKeyQuery, ZTokenResult } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../lib/envelope';
import { ACCESS_KEY_TTL_MS, createAccessKey, redeemAccessKey } from './access-keys.service';

export const accessKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/accessKey',
    {
      schema: {
        tags: ['accounts'],
        summary: 'A single-use key (60 s) that logs the same user in elsewhere via /tokenByAccessKeyV2',
        response: envelopeResponses(ZAccessKeyResult),
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const accessKey = await createAccessKey(app.kv, request.user?.userId ?? '');
      return ok({ accessKey, expiresInSeconds: ACCESS_KEY_TTL_MS / 1000 });
    },
  );

  app.get(
    '/tokenByAccessKeyV2',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Redeem an access key for a new session (access_token and cookie)',
        description: 'Expired, unknown or already used: ACCESS_KEY_INVALID. Works once, also under concurrent redemption.',
        querystring: ZTokenByAccessKeyQuery,
        response: envelopeResponses(ZTokenResult),
      },
    },
    async (request, reply) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
      const token = await redeemAccessKey(app.db, app.kv, request.query.accessKey, client, app.config.session);
      app.setSessionCookie(request, reply, token);
      reply.header('cache-control', 'no-store');
      return ok({ access_token: token }, request.t('success.loginSucceeded'));
    },
  );
};

import { needsSecondStep, ZAccessKeyCheckResult, ZAccessKeyResult, ZLoginResult, ZTokenByAccessKeyQuery } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../infrastructure/http/app-error';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { ACCESS_KEY_TTL_MS, createAccessKey, findAccessKeyUser, redeemAccessKey } from './access-keys.service';

export const accessKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/accessKey',
    {
      schema: {
        tags: ['accounts'],
        summary: 'A single-use key (60 s) that logs the same user in elsewhere via /tokenByAccessKeyV2',
        description:
          'The key is bound to the calling session: once that session ends (log-out, password reset or change), the key is refused.',
        response: envelopeResponses(ZAccessKeyResult),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHORIZED');
      const accessKey = await createAccessKey(app.kv, request.user);
      return ok({ accessKey, expiresInSeconds: ACCESS_KEY_TTL_MS / 1000 });
    },
  );

  app.get(
    '/accessKey/check',
    {
      schema: {
        tags: ['accounts'],
        summary: "Whether an unused access key would log in the caller's own account (the key is not used up)",
        description:
          'For the web, before it lets a link with an access key replace a live session (log-in CSRF). Expired, unknown, used ' +
          'or of an ended session: ACCESS_KEY_INVALID. Says nothing about the account of a key that is not the caller’s.',
        querystring: ZTokenByAccessKeyQuery,
        response: envelopeResponses(ZAccessKeyCheckResult),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const owner = await findAccessKeyUser(app.db, app.kv, request.query.accessKey, app.config.session);
      if (!owner) throw new AppError('ACCESS_KEY_INVALID');
      return ok({ sameAccount: owner === request.user?.userId });
    },
  );

  app.get(
    '/tokenByAccessKeyV2',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Redeem an access key for a new session (access_token and cookie)',
        description:
          'Expired, unknown, already used, or its minting session has ended: ACCESS_KEY_INVALID. Works once, also under concurrent redemption. ' +
          'For an account with two-step verification, a key minted by a session that passed the second step hands it over; one minted ' +
          'by a session that did not answers { secondStep, challengeId } instead (finish with POST /h5Login/verifyTotp).',
        querystring: ZTokenByAccessKeyQuery,
        response: envelopeResponses(ZLoginResult),
      },
    },
    async (request, reply) => {
      const result = await redeemAccessKey(app.signInContext(request), request.query.accessKey);
      reply.header('cache-control', 'no-store');
      if (needsSecondStep(result)) return ok(result);
      app.setSessionCookie(request, reply, result.access_token);
      return ok(result, request.t('success.loginSucceeded'));
    },
  );
};

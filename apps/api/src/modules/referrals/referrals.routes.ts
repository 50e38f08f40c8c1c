import { ZAmbassadorInfo, ZAmbassadorJoinQuery, ZAmbassadorJoinResult, ZAmbassadorPayee, ZAmbassadorPayeeRequest } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { getAmbassadorInfo, joinProgramme, setOwnPayee } from './referrals.service';

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const webOrigin = app.config.webOrigin;

  app.post(
    '/activity/participant/marketingAmbassador',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Join the ambassador programme (query parameters; activityType=LZ); logged in',
        description:
          'Returns the referral code and link (WEB_ORIGIN/?ref=CODE). Idempotent: joining again returns the same code with ' +
          'created: false. 401 without a session, 403 for a cross-site cookie call, 40001 for another activityType.',
        querystring: ZAmbassadorJoinQuery,
        response: envelopeResponses(ZAmbassadorJoinResult),
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await joinProgramme(app.db, request.user?.userId ?? '', request.query.activityType, webOrigin)),
  );

  app.get(
    '/activity/participant/marketingAmbassador',
    {
      schema: {
        tags: ['referrals'],
        summary: 'The caller’s ambassador page: joined?, code and link, referred users (masked), commission totals and lines',
        description:
          'joined: false (and empty lists) until POST joins. Referred users and lines are the newest 100; referredCount and ' +
          'commissionCount give the totals. Amounts are fen. Never cached.',
        response: envelopeResponses(ZAmbassadorInfo),
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await getAmbassadorInfo(app.db, request.user?.userId ?? '', webOrigin));
    },
  );

  app.post(
    '/activity/participant/payee',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Where the caller’s ambassador payouts go: an Alipay account (mobile or email) and its real name; logged in',
        description:
          'The account password confirms the change (INVALID_CREDENTIALS when wrong); AMBASSADOR_NOT_JOINED before joining. Answers the account masked.',
        body: ZAmbassadorPayeeRequest,
        response: envelopeResponses(ZAmbassadorPayee),
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await setOwnPayee(app.db, request.user?.userId ?? '', request.body)),
  );
};

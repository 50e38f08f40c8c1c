import { ZRedeemRequest, ZRedeemResult } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../infrastructure/http/app-error';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { redeemCode } from './redeem.service';

export const redeemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/redeem',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Redeem a code: membership, global channel or quality days, or screen walls',
        description:
          'The code is 16 characters (XXXX-XXXX-XXXX-XXXX; dashes, spaces and lower case are accepted) with a check character: ' +
          'a typo answers REDEEM_CODE_MISTYPED without costing a try. Unknown, expired, or redeemed by another account: ' +
          'REDEEM_CODE_INVALID, REDEEM_CODE_EXPIRED, REDEEM_CODE_USED, each costing one of the tries an account and an address ' +
          'have per hour (REDEEM_TOO_MANY_TRIES with Retry-After once they are used up). A code grants once, also under ' +
          'concurrent redemption. The answer says what was added.',
        body: ZRedeemRequest,
        response: envelopeResponses(ZRedeemResult),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHORIZED');
      const result = await redeemCode(
        app.db,
        app.kv,
        app.config.redeem,
        { userId: request.user.userId, ip: request.ip },
        request.body.code,
      );
      return ok(result);
    },
  );
};

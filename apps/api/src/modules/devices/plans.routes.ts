import { ZManageCount } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { manageCounts } from './plans';
import { userId } from './route-caller';

/** What the account's plan allows, beside what the account has. */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/queryManageCount',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Devices the plan allows and the account’s devices, groups and shares',
        response: envelopeResponses(ZManageCount),
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await manageCounts(app.db, userId(request))),
  );
};

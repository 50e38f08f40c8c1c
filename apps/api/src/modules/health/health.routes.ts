import { ZEnvelope } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { ZHealth } from './health.schema';
import { getHealth } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and dependency checks',
        description: 'HTTP 503 with errcode 50300 and the same report when the database is unreachable.',
        response: { ...envelopeResponses(ZHealth), 503: ZEnvelope(ZHealth) },
      },
    },
    async () => ok(await getHealth({ db: app.db, dialect: app.database.dialect, redis: app.redis })),
  );
};

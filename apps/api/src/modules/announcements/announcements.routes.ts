import { ZNoticeList } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { contentCached } from '../../infrastructure/content-cache';
import { listNotices } from './announcements.service';

export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/announcements/info',
    {
      schema: {
        tags: ['news'],
        summary: 'Current notices in the caller’s language, pinned first, then newest first',
        response: envelopeResponses(ZNoticeList),
      },
      ...contentCached(app, { maxAge: 60, staleWhileRevalidate: 600 }),
    },
    async (request) => ok(await listNotices(app.db, request.locale)),
  );
};

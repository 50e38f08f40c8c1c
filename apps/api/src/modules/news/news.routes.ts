import { ZNewsInfo, ZNewsInfoQuery, ZNewsList, ZNewsListQuery } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { contentCached } from '../../infrastructure/content-cache';
import { getNews, listNews } from './news.service';

export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  // answered from memory while the content is unchanged (lib/content-cache.ts)
  const cache = contentCached(app, { maxAge: 60, staleWhileRevalidate: 600 });
  app.get(
    '/news/list',
    {
      schema: {
        tags: ['news'],
        summary: 'News and promotions, newest first, paged, in the caller’s language',
        querystring: ZNewsListQuery,
        response: envelopeResponses(ZNewsList),
      },
      ...cache,
    },
    async (request) => ok(await listNews(app.db, request.query, request.locale)),
  );

  app.get(
    '/news/info',
    {
      schema: {
        tags: ['news'],
        summary: 'One news item or promotion by its public id (the {id} of /info-{id})',
        description: '404 NOT_FOUND when it does not exist or is not published yet.',
        querystring: ZNewsInfoQuery,
        response: envelopeResponses(ZNewsInfo),
      },
      ...cache,
    },
    async (request) => ok(await getNews(app.db, request.query.id, request.locale)),
  );
};

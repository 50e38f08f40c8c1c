import { ZNewsInfo, ZNewsInfoQuery, ZNewsList, ZNewsListQuery } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../lib/envelope';
import { cacheable } from '../../lib/http-cache';
import { getNews, listNews } from './news.service';

const cache = cacheable({ maxAge: 60, staleWhileRevalidate: 600 });

export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/news/list',
    {
      schema: {
        tags: ['news'],
        summary: 'News and promotions, newest first, paged, in the caller’s language',
        querystring: ZNewsListQuery,
        response: envelopeResponses(ZNewsList),
      },
      onSend: cache,
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
      onSend: cache,
    },
    async (request) => ok(await getNews(app.db, request.query.id, request.locale)),
  );
};

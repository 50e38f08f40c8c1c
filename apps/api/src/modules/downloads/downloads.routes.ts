import { ZDownloadLatest, ZDownloadLatestQuery, ZDownloadList, ZUpdateLog, ZUpdateLogQuery } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { contentCached } from '../../infrastructure/content-cache';
import { getLatestDownload, getUpdateLog, listDownloads } from './downloads.service';

export const downloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  // answered from memory while the content is unchanged (lib/content-cache.ts)
  const cache = contentCached(app, { maxAge: 60, staleWhileRevalidate: 600 });
  const deps = () => ({ db: app.db, baseUrl: app.config.downloadBaseUrl });

  app.get(
    '/download/list',
    {
      schema: {
        tags: ['downloads'],
        summary: 'Current release of every platform with its packages',
        response: envelopeResponses(ZDownloadList),
      },
      ...cache,
    },
    async () => ok(await listDownloads(deps())),
  );

  app.get(
    '/download/latest',
    {
      schema: {
        tags: ['downloads'],
        summary: 'Newest release of one platform, with its notes in the caller’s language',
        description: 'ANDROID_PAD gets the Android release. 404 NOT_FOUND when the platform (or the chip type) has no release.',
        querystring: ZDownloadLatestQuery,
        response: envelopeResponses(ZDownloadLatest),
      },
      ...cache,
    },
    async (request) => ok(await getLatestDownload(deps(), request.query, request.locale)),
  );

  app.get(
    '/download/updateLog',
    {
      schema: {
        tags: ['downloads'],
        summary: 'Release notes, newest first, paged; every platform when clientType is absent',
        querystring: ZUpdateLogQuery,
        response: envelopeResponses(ZUpdateLog),
      },
      ...cache,
    },
    async (request) => ok(await getUpdateLog(app.db, request.query, request.locale)),
  );
};

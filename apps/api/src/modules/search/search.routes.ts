import { ZHotSearches, ZSearchQuery, ZSearchRecordQuery, ZSearchRecordResult, ZSearchResult } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { contentCached } from '../../infrastructure/content-cache';
import { listHotSearches, recordSearch, search } from './search.service';

/** How long an instance answers the hot searches from memory. */
export const HOT_SEARCHES_KEEP_MS = 2_000;

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search the guide, news and notices in the caller’s language',
        description:
          'Whole words, case and accents ignored, the caller’s language’s stop-words left out; Chinese, Japanese and Korean words ' +
          'by Intl.Segmenter, matched by the character bigrams inside each word. Ranked by matched words, then by field: title, ' +
          'headings, body (ADR 0032). Does not count the search: the page calls POST /search/record.',
        querystring: ZSearchQuery,
        response: envelopeResponses(ZSearchResult),
      },
      ...contentCached(app, { maxAge: 60, staleWhileRevalidate: 300 }),
    },
    async (request) => ok(await search(app.db, request.query, request.locale)),
  );

  app.post(
    '/search/record',
    {
      schema: {
        tags: ['search'],
        summary: 'Count a search for the hot list (query parameters only)',
        description:
          'Counts one per distinct visitor (the signed-in account, else the client address) in the last 30 days. ' +
          'recorded: false when throttled, already counted for this visitor in that window, or when the keyword finds nothing. ' +
          'A term is in the hot list once HOT_SEARCH_MIN_VISITORS visitors searched it in the window, unless staff hid it.',
        querystring: ZSearchRecordQuery,
        response: envelopeResponses(ZSearchRecordResult),
      },
    },
    async (request) => {
      // a session, when the request has a live one, names the visitor better than a shared address
      const session = await app.authenticate(request);
      const visitor = { ip: request.ip, userId: session?.userId ?? null };
      return ok(
        await recordSearch({ db: app.db, kv: app.kv, visitorSecret: app.codeStore.secret }, request.query.keyword, request.locale, visitor),
      );
    },
  );

  app.get(
    '/search/hotContent',
    {
      schema: {
        tags: ['search'],
        summary: 'Most searched keywords in the caller’s language',
        description:
          'Pinned terms first, then terms searched by at least HOT_SEARCH_MIN_VISITORS distinct visitors in the last 30 days that still find something, most visitors first; hidden terms never.',
        response: envelopeResponses(ZHotSearches),
      },
      // every counted search moves the list and no publication ends it: an instance keeps the
      // answer 2 s (one database read per language per 2 s under any load; ADR 0022)
      ...contentCached(app, { maxAge: 60, staleWhileRevalidate: 600 }, { keepMs: HOT_SEARCHES_KEEP_MS }),
    },
    async (request) => ok(await listHotSearches(app.db, request.locale, app.config.hotSearchMinVisitors)),
  );
};

import { ZAdminHotSearchList, ZAdminHotSearchQuery, ZAdminHotSearchResult, ZAdminHotSearchUpdate } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { recordAudit } from '../../infrastructure/http/staff';
import { listHotSearchesForStaff, setHotSearchState } from './search.admin';

// Hot searches in the back office (permission content.manage, ADR 0007 "Hot searches"): a
// language's terms with their distinct-visitor counts, and pinning, hiding or releasing one.
// The search page reads the list through the API, so a change ends the API's kept answers
// (every instance) and no page needs revalidating.

const permission = 'content.manage' as const;
const tags = ['admin'];

export const searchAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/search/hot',
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'One language’s searched terms: count of distinct visitors, state (NORMAL, PINNED, HIDDEN) and whether the public list shows it',
        querystring: ZAdminHotSearchQuery,
        response: envelopeResponses(ZAdminHotSearchList),
      },
    },
    async (request) => ok(await listHotSearchesForStaff(app.db, request.query.locale, app.config.hotSearchMinVisitors)),
  );

  app.put(
    '/admin/search/hot',
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Pins (shown first whatever its count), hides (never shown) or releases a term of one language; a term nobody searched yet may be pinned',
        body: ZAdminHotSearchUpdate,
        response: envelopeResponses(ZAdminHotSearchResult),
      },
    },
    async (request) => {
      const { reason, ...input } = request.body;
      const { after } = await app.db.transaction().execute(async (trx) => {
        const change = await setHotSearchState(trx, input, app.config.hotSearchMinVisitors);
        await recordAudit(trx, {
          staffId: request.staff?.staffId ?? null,
          action: 'search.hot.update',
          targetType: 'search_term',
          targetId: `${change.after.keyword}@${input.locale}`,
          // a term nobody had searched yet has no before, as a created item has none
          ...(change.before ? { before: change.before } : {}),
          after: change.after,
          ...(reason ? { reason } : {}),
          ip: request.ip,
        });
        return change;
      });
      await app.contentCache.bump(); // the public hot list (every instance's kept answer)
      return ok({ item: after });
    },
  );
};

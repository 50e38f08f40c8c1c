import { renderMarkdown } from '@llk/contracts/markdown';
import {
  ZAdminContentIdParams,
  ZAdminMarkdownPreview,
  ZAdminMarkdownPreviewBody,
  ZAdminNews,
  ZAdminNewsInput,
  ZAdminNewsPage,
  ZAdminNewsQuery,
  ZAdminNewsResult,
  ZAdminNotice,
  ZAdminNoticeInput,
  ZAdminNoticePage,
  ZAdminNoticeResult,
  ZAdminPageQuery,
  type TAdminNews,
  type TAdminNotice,
} from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../lib/envelope';
import { createNotice, getNoticeForStaff, listNoticesForStaff, setNoticePublished, updateNotice } from '../announcements';
import { createNews, getNewsForStaff, listNewsForStaff, setNewsPublished, updateNews } from '../news';
import { reindexNewsItem, reindexNotice } from '../search';
import { recordAudit } from './audit';
import { newsPaths, requestRevalidation } from './revalidate';

// News, promotions and notices in the back office (permission content.manage). Every change
// runs in one transaction with its audit record and the search index of that item; after the
// commit the public pages that show it are revalidated (when the item is, or was, published).

const permission = 'content.manage' as const;
const tags = ['admin'];
const NOTICE_PATHS = ['/notice'];

function staffOf(request: FastifyRequest): string | null {
  return request.staff?.staffId ?? null;
}

export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const revalidate = (paths: string[], request: FastifyRequest) => requestRevalidation(app.config.backOffice, paths, request.log);

  // ---- news and promotions ----

  app.get(
    '/admin/news',
    {
      config: { permission },
      schema: { tags, summary: 'News and promotions, newest first, every language (keyset pages)', querystring: ZAdminNewsQuery, response: envelopeResponses(ZAdminNewsPage) },
    },
    async (request) => ok(await listNewsForStaff(app.db, request.query)),
  );

  app.get(
    '/admin/news/:id',
    { config: { permission }, schema: { tags, summary: 'One news item or promotion with every language', params: ZAdminContentIdParams, response: envelopeResponses(ZAdminNews) } },
    async (request) => ok(await getNewsForStaff(app.db, request.params.id)),
  );

  app.post(
    '/admin/news',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Creates a news item or promotion (unpublished); missingLocales lists the languages still to write',
        body: ZAdminNewsInput,
        response: envelopeResponses(ZAdminNews),
      },
    },
    async (request) => {
      const item = await app.db.transaction().execute(async (trx) => {
        const created = await createNews(trx, request.body, new Date());
        await recordAudit(trx, { staffId: staffOf(request), action: 'news.create', targetType: 'news', targetId: created.id, after: created, ip: request.ip });
        return created;
      });
      return ok(item);
    },
  );

  app.put(
    '/admin/news/:id',
    {
      config: { permission },
      schema: { tags, summary: 'Replaces a news item’s window and texts; a published item’s pages are refreshed', params: ZAdminContentIdParams, body: ZAdminNewsInput, response: envelopeResponses(ZAdminNewsResult) },
    },
    async (request) => {
      const { before, after } = await app.db.transaction().execute(async (trx) => {
        const change = await updateNews(trx, request.params.id, request.body, new Date());
        await reindexNewsItem(trx, change.after.publicId);
        await recordAudit(trx, { staffId: staffOf(request), action: 'news.update', targetType: 'news', targetId: change.after.id, ...change, ip: request.ip });
        return change;
      });
      const publication = before.published || after.published ? await revalidate(newsPaths(after.publicId), request) : { revalidated: [], revalidateOk: true };
      return ok({ item: after, publication });
    },
  );

  for (const published of [true, false]) {
    app.post(
      `/admin/news/:id/${published ? 'publish' : 'unpublish'}`,
      {
        config: { permission },
        schema: {
          tags,
          summary: published ? 'Publishes a news item (shown within its window) and refreshes its pages and the search index' : 'Withdraws a news item from the site and the search index',
          params: ZAdminContentIdParams,
          response: envelopeResponses(ZAdminNewsResult),
        },
      },
      async (request) => {
        const item: TAdminNews = await app.db.transaction().execute(async (trx) => {
          const change = await setNewsPublished(trx, request.params.id, published, new Date());
          await reindexNewsItem(trx, change.after.publicId);
          await recordAudit(trx, {
            staffId: staffOf(request),
            action: published ? 'news.publish' : 'news.unpublish',
            targetType: 'news',
            targetId: change.after.id,
            before: { published: change.before.published },
            after: { published: change.after.published },
            ip: request.ip,
          });
          return change.after;
        });
        return ok({ item, publication: await revalidate(newsPaths(item.publicId), request) });
      },
    );
  }

  // ---- notices ----

  app.get(
    '/admin/notices',
    { config: { permission }, schema: { tags, summary: 'Notices, newest first, every language (keyset pages)', querystring: ZAdminPageQuery, response: envelopeResponses(ZAdminNoticePage) } },
    async (request) => ok(await listNoticesForStaff(app.db, request.query)),
  );

  app.get(
    '/admin/notices/:id',
    { config: { permission }, schema: { tags, summary: 'One notice with every language', params: ZAdminContentIdParams, response: envelopeResponses(ZAdminNotice) } },
    async (request) => ok(await getNoticeForStaff(app.db, request.params.id)),
  );

  app.post(
    '/admin/notices',
    { config: { permission }, schema: { tags, summary: 'Creates a notice (unpublished)', body: ZAdminNoticeInput, response: envelopeResponses(ZAdminNotice) } },
    async (request) => {
      const item = await app.db.transaction().execute(async (trx) => {
        const created = await createNotice(trx, request.body, new Date());
        await recordAudit(trx, { staffId: staffOf(request), action: 'notice.create', targetType: 'notice', targetId: created.id, after: created, ip: request.ip });
        return created;
      });
      return ok(item);
    },
  );

  app.put(
    '/admin/notices/:id',
    {
      config: { permission },
      schema: { tags, summary: 'Replaces a notice’s window and texts', params: ZAdminContentIdParams, body: ZAdminNoticeInput, response: envelopeResponses(ZAdminNoticeResult) },
    },
    async (request) => {
      const { before, after } = await app.db.transaction().execute(async (trx) => {
        const change = await updateNotice(trx, request.params.id, request.body, new Date());
        await reindexNotice(trx, change.after.slug);
        await recordAudit(trx, { staffId: staffOf(request), action: 'notice.update', targetType: 'notice', targetId: change.after.id, ...change, ip: request.ip });
        return change;
      });
      const publication = before.published || after.published ? await revalidate(NOTICE_PATHS, request) : { revalidated: [], revalidateOk: true };
      return ok({ item: after, publication });
    },
  );

  for (const published of [true, false]) {
    app.post(
      `/admin/notices/:id/${published ? 'publish' : 'unpublish'}`,
      {
        config: { permission },
        schema: { tags, summary: published ? 'Publishes a notice' : 'Withdraws a notice', params: ZAdminContentIdParams, response: envelopeResponses(ZAdminNoticeResult) },
      },
      async (request) => {
        const item: TAdminNotice = await app.db.transaction().execute(async (trx) => {
          const change = await setNoticePublished(trx, request.params.id, published, new Date());
          await reindexNotice(trx, change.after.slug);
          await recordAudit(trx, {
            staffId: staffOf(request),
            action: published ? 'notice.publish' : 'notice.unpublish',
            targetType: 'notice',
            targetId: change.after.id,
            before: { published: change.before.published },
            after: { published: change.after.published },
            ip: request.ip,
          });
          return change.after;
        });
        return ok({ item, publication: await revalidate(NOTICE_PATHS, request) });
      },
    );
  }

  app.post(
    '/admin/content/preview',
    {
      config: { permission },
      schema: { tags, summary: 'Markdown rendered as the public pages render it (the editor’s preview)', body: ZAdminMarkdownPreviewBody, response: envelopeResponses(ZAdminMarkdownPreview) },
    },
    async (request) => ok({ html: renderMarkdown(request.body.markdown) }),
  );
};

import { renderMarkdown } from '@llk/contracts/markdown';
import {
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
} from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../lib/envelope';
import { createNotice, getNoticeForStaff, listNoticesForStaff, setNoticePublished, updateNotice } from '../announcements';
import { createNews, getNewsForStaff, listNewsForStaff, setNewsPublished, updateNews } from '../news';
import { reindexNewsItem, reindexNotice } from '../search';
import { publishableAdminRoutes } from './publishable.admin';
import { newsPaths } from './revalidate';

// News, promotions and notices in the back office (permission content.manage), through the
// publishable factory: each change commits with its audit record and the item's search index,
// then the public pages that show it are revalidated.

const NOTICE_PATHS = ['/notice'];

export const newsAdminRoutes = publishableAdminRoutes({
  path: '/admin/news',
  noun: 'news',
  schemas: { query: ZAdminNewsQuery, page: ZAdminNewsPage, item: ZAdminNews, input: ZAdminNewsInput, result: ZAdminNewsResult },
  summaries: {
    list: 'News and promotions, newest first, every language (keyset pages)',
    get: 'One news item or promotion with every language',
    create: 'Creates a news item or promotion (unpublished); missingLocales lists the languages still to write',
    update: 'Replaces a news item’s window and texts; a published item’s pages are refreshed',
    publish: 'Publishes a news item (shown within its window) and refreshes its pages and the search index',
    unpublish: 'Withdraws a news item from the site and the search index',
  },
  list: listNewsForStaff,
  get: getNewsForStaff,
  create: createNews,
  update: updateNews,
  setPublished: setNewsPublished,
  reindex: (trx, item) => reindexNewsItem(trx, item.publicId),
  pages: (item) => newsPaths(item.publicId),
});

export const noticesAdminRoutes = publishableAdminRoutes({
  path: '/admin/notices',
  noun: 'notice',
  schemas: { query: ZAdminPageQuery, page: ZAdminNoticePage, item: ZAdminNotice, input: ZAdminNoticeInput, result: ZAdminNoticeResult },
  summaries: {
    list: 'Notices, newest first, every language (keyset pages)',
    get: 'One notice with every language',
    create: 'Creates a notice (unpublished)',
    update: 'Replaces a notice’s window and texts',
    publish: 'Publishes a notice',
    unpublish: 'Withdraws a notice',
  },
  list: listNoticesForStaff,
  get: getNoticeForStaff,
  create: createNotice,
  update: updateNotice,
  setPublished: setNoticePublished,
  reindex: (trx, item) => reindexNotice(trx, item.slug),
  pages: () => NOTICE_PATHS,
});

export const contentPreviewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/content/preview',
    {
      config: { permission: 'content.manage' },
      schema: { tags: ['admin'], summary: 'Markdown rendered as the public pages render it (the editor’s preview)', body: ZAdminMarkdownPreviewBody, response: envelopeResponses(ZAdminMarkdownPreview) },
    },
    async (request) => ok({ html: renderMarkdown(request.body.markdown) }),
  );
};

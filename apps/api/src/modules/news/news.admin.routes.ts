import { renderMarkdown } from '@llk/contracts/markdown';
import {
  ZAdminMarkdownPreview,
  ZAdminMarkdownPreviewBody,
  ZAdminNews,
  ZAdminNewsInput,
  ZAdminNewsPage,
  ZAdminNewsQuery,
  ZAdminNewsResult,
} from '@llk/contracts';
import { type FastifyPluginAsync } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Db } from '../../infrastructure/db/schema';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { publishableAdminRoutes } from '../../infrastructure/http/publishable';
import { createNews, getNewsForStaff, listNewsForStaff, setNewsPublished, updateNews } from './news.admin';

// News and promotions in the back office (permission content.manage), through the publishable
// factory: each change commits with its audit record and the item's search index, then the public
// pages that show it are revalidated. The editor's Markdown preview (news and notices) lives here too.

/** Public pages that show a news item or promotion: the news list (every page of it) and the item. */
export function newsPaths(publicId: number): string[] {
  return ['/news-1', `/info-${publicId}`];
}

/**
 * The news staff routes; the search module's `reindexNewsItem` is handed in by the composition
 * (search reads the news to index it, so news does not import search).
 */
export const newsAdminRoutes: FastifyPluginAsync<{ reindexNewsItem(db: Db, publicId: number): Promise<void> }> = async (app, options) => {
  await app.register(newsPublishable(options.reindexNewsItem));
};

const newsPublishable = (reindexNewsItem: (db: Db, publicId: number) => Promise<void>) =>
  publishableAdminRoutes({
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

export const contentPreviewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/content/preview',
    {
      config: { permission: 'content.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Markdown rendered as the public pages render it (the editor’s preview)',
        body: ZAdminMarkdownPreviewBody,
        response: envelopeResponses(ZAdminMarkdownPreview),
      },
    },
    async (request) => ok({ html: renderMarkdown(request.body.markdown) }),
  );
};

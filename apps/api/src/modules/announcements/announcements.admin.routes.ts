import { ZAdminNotice, ZAdminNoticeInput, ZAdminNoticePage, ZAdminNoticeResult, ZAdminPageQuery } from '@llk/contracts';
import { type FastifyPluginAsync } from 'fastify';
import { type Db } from '../../infrastructure/db/schema';
import { publishableAdminRoutes } from '../../infrastructure/http/publishable';
import { createNotice, getNoticeForStaff, listNoticesForStaff, setNoticePublished, updateNotice } from './announcements.admin';

// Notices in the back office (permission content.manage), through the publishable factory: each
// change commits with its audit record and the notice's search index, then /notice is revalidated.

const NOTICE_PATHS = ['/notice'];

/**
 * The notices' staff routes; the search module's `reindexNotice` is handed in by the composition
 * (search reads the notices to index them, so announcements does not import search).
 */
export const noticesAdminRoutes: FastifyPluginAsync<{ reindexNotice(db: Db, slug: string): Promise<void> }> = async (app, options) => {
  await app.register(noticesPublishable(options.reindexNotice));
};

const noticesPublishable = (reindexNotice: (db: Db, slug: string) => Promise<void>) =>
  publishableAdminRoutes({
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

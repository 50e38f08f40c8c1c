import { newId } from '../../db/dialect';
import { type Db } from '../../db/schema';

export interface NoticeRow {
  id: string;
  slug: string;
  pinned: number;
  published_at: string;
  expires_at: string | null;
}

export interface NoticeTranslationRow {
  notice_id: string;
  locale: string;
  title: string;
  body: string;
}

const noticeColumns = ['id', 'slug', 'pinned', 'published_at', 'expires_at'] as const;

/** Published, unexpired notices: pinned first, then newest first. */
export async function findCurrentNotices(db: Db, now: string): Promise<NoticeRow[]> {
  return db
    .selectFrom('notices')
    .select(noticeColumns)
    .where('published_at', '<=', now)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('pinned', 'desc')
    .orderBy('published_at', 'desc')
    .execute();
}

export async function findNoticeTranslations(db: Db, noticeIds: string[], locales?: string[]): Promise<NoticeTranslationRow[]> {
  if (noticeIds.length === 0) return [];
  let query = db.selectFrom('notice_translations').select(['notice_id', 'locale', 'title', 'body']).where('notice_id', 'in', noticeIds);
  if (locales) query = query.where('locale', 'in', locales);
  return query.execute();
}

// ---- Seeding -------------------------------------------------------------------------------

export interface SeedNotice {
  slug: string;
  pinned: boolean;
  publishedAt: string;
  expiresAt: string | null;
  translations: { locale: string; title: string; body: string }[];
}

/** Makes the notice tables hold exactly the seed's notices, keyed by slug. */
export async function replaceNotices(db: Db, notices: SeedNotice[], now: string): Promise<void> {
  const keep = new Set<string>();
  for (const notice of notices) {
    const existing = await db.selectFrom('notices').select('id').where('slug', '=', notice.slug).executeTakeFirst();
    const id = existing?.id ?? newId();
    keep.add(id);
    const values = { pinned: notice.pinned ? 1 : 0, published_at: notice.publishedAt, expires_at: notice.expiresAt, updated_at: now };
    if (existing) await db.updateTable('notices').set(values).where('id', '=', id).execute();
    else await db.insertInto('notices').values({ id, slug: notice.slug, ...values }).execute();
    await db.deleteFrom('notice_translations').where('notice_id', '=', id).execute();
    if (notice.translations.length > 0) {
      await db
        .insertInto('notice_translations')
        .values(notice.translations.map((t) => ({ notice_id: id, locale: t.locale, title: t.title, body: t.body })))
        .execute();
    }
  }
  const stale = (await db.selectFrom('notices').select('id').execute()).map((row) => row.id).filter((id) => !keep.has(id));
  if (stale.length > 0) {
    await db.deleteFrom('notice_translations').where('notice_id', 'in', stale).execute();
    await db.deleteFrom('notices').where('id', 'in', stale).execute();
  }
}

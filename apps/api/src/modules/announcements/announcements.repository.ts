import { newId } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { announcementsTables } from './announcements.tables';

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
  return announcementsTables(db)
    .selectFrom('notices')
    .select(noticeColumns)
    .where('published', '=', 1)
    .where('published_at', '<=', now)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('pinned', 'desc')
    .orderBy('published_at', 'desc')
    .execute();
}

export async function findNoticeTranslations(db: Db, noticeIds: string[], locales?: string[]): Promise<NoticeTranslationRow[]> {
  if (noticeIds.length === 0) return [];
  let query = announcementsTables(db)
    .selectFrom('notice_translations')
    .select(['notice_id', 'locale', 'title', 'body'])
    .where('notice_id', 'in', noticeIds);
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

/**
 * Makes the seed's rows of the notice tables hold exactly the seed's notices, keyed by slug;
 * rows staff created or edited (origin 'staff') are never overwritten or deleted.
 */
export async function replaceNotices(db: Db, notices: SeedNotice[], now: string): Promise<void> {
  const keep = new Set<string>();
  for (const notice of notices) {
    const existing = await announcementsTables(db)
      .selectFrom('notices')
      .select(['id', 'origin'])
      .where('slug', '=', notice.slug)
      .executeTakeFirst();
    if (existing?.origin === 'staff') {
      keep.add(existing.id);
      continue;
    }
    const id = existing?.id ?? newId();
    keep.add(id);
    const values = { pinned: notice.pinned ? 1 : 0, published_at: notice.publishedAt, expires_at: notice.expiresAt, updated_at: now };
    if (existing) await announcementsTables(db).updateTable('notices').set(values).where('id', '=', id).execute();
    else
      await announcementsTables(db)
        .insertInto('notices')
        .values({ id, slug: notice.slug, ...values, published: 1, origin: 'seed', created_at: notice.publishedAt })
        .execute();
    await announcementsTables(db).deleteFrom('notice_translations').where('notice_id', '=', id).execute();
    if (notice.translations.length > 0) {
      await announcementsTables(db)
        .insertInto('notice_translations')
        .values(notice.translations.map((t) => ({ notice_id: id, locale: t.locale, title: t.title, body: t.body })))
        .execute();
    }
  }
  const stale = (await announcementsTables(db).selectFrom('notices').select('id').where('origin', '=', 'seed').execute())
    .map((row) => row.id)
    .filter((id) => !keep.has(id));
  if (stale.length > 0) {
    await announcementsTables(db).deleteFrom('notice_translations').where('notice_id', 'in', stale).execute();
    await announcementsTables(db).deleteFrom('notices').where('id', 'in', stale).execute();
  }
}

// ---- Back office (announcements.admin.ts) --------------------------------------------------

export interface StaffNoticeRow {
  id: string;
  slug: string;
  pinned: number;
  published: number;
  published_at: string;
  expires_at: string | null;
  origin: string;
  created_at: string;
  updated_at: string;
}

const staffColumns = ['id', 'slug', 'pinned', 'published', 'published_at', 'expires_at', 'origin', 'created_at', 'updated_at'] as const;

/** Newest first on (created_at, id), after the cut when given. */
export async function findStaffNoticePage(
  db: Db,
  options: { before?: { at: string; id: string } | undefined; limit: number },
): Promise<StaffNoticeRow[]> {
  let select = announcementsTables(db).selectFrom('notices').select(staffColumns);
  const cut = options.before;
  if (cut)
    select = select.where((eb) => eb.or([eb('created_at', '<', cut.at), eb.and([eb('created_at', '=', cut.at), eb('id', '<', cut.id)])]));
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export async function findStaffNotice(db: Db, id: string): Promise<StaffNoticeRow | undefined> {
  return announcementsTables(db).selectFrom('notices').select(staffColumns).where('id', '=', id).executeTakeFirst();
}

export type StaffNoticeValues = Pick<StaffNoticeRow, 'pinned' | 'published_at' | 'expires_at'>;

export async function insertStaffNotice(db: Db, row: StaffNoticeValues & { id: string; slug: string; at: string }): Promise<void> {
  const { at, ...values } = row;
  await announcementsTables(db)
    .insertInto('notices')
    .values({ ...values, published: 0, origin: 'staff', created_at: at, updated_at: at })
    .execute();
}

/** A staff change: the row becomes origin 'staff' (a reseed leaves it alone). */
export async function updateStaffNotice(
  db: Db,
  id: string,
  values: Partial<StaffNoticeValues> & { published?: number; updated_at: string },
): Promise<void> {
  await announcementsTables(db)
    .updateTable('notices')
    .set({ ...values, origin: 'staff' })
    .where('id', '=', id)
    .execute();
}

export async function replaceNoticeTranslations(db: Db, id: string, rows: Omit<NoticeTranslationRow, 'notice_id'>[]): Promise<void> {
  await announcementsTables(db).deleteFrom('notice_translations').where('notice_id', '=', id).execute();
  if (rows.length > 0)
    await announcementsTables(db)
      .insertInto('notice_translations')
      .values(rows.map((row) => ({ notice_id: id, ...row })))
      .execute();
}

import { newId } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { newsTables } from './news.tables';

export interface NewsRow {
  id: string;
  public_id: number;
  kind: string;
  published_at: string;
  /** the end of its publish window (migration 0028); null: none */
  expires_at: string | null;
  valid_from: string | null;
  valid_until: string | null;
  /** migration 0043 */
  cover_image_url: string | null;
}

export interface NewsTranslationRow {
  news_id: string;
  locale: string;
  title: string;
  summary: string;
  body: string;
  /** migration 0043; null: the summary */
  seo_description?: string | null;
}

const newsColumns = ['id', 'public_id', 'kind', 'published_at', 'expires_at', 'valid_from', 'valid_until', 'cover_image_url'] as const;

/** What the public sees: published by staff (or the seed) and inside its publish window. */
function publicNews(db: Db, now: string) {
  return newsTables(db)
    .selectFrom('news')
    .where('published', '=', 1)
    .where('published_at', '<=', now)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
}

/** Published items, newest first, with the total count. */
export async function findNewsPage(
  db: Db,
  options: { now: string; kind?: string | undefined; limit: number; offset: number },
): Promise<{ rows: NewsRow[]; total: number }> {
  let base = publicNews(db, options.now);
  if (options.kind) base = base.where('kind', '=', options.kind);
  const [rows, count] = await Promise.all([
    base
      .select(newsColumns)
      .orderBy('published_at', 'desc')
      .orderBy('public_id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findPublishedNews(db: Db, publicId: number, now: string): Promise<NewsRow | undefined> {
  return publicNews(db, now).select(newsColumns).where('public_id', '=', publicId).executeTakeFirst();
}

/** Translations of the given items in the given locales (summary fields only unless withBody). */
export async function findNewsTranslations(db: Db, newsIds: string[], locales: string[]): Promise<NewsTranslationRow[]> {
  if (newsIds.length === 0) return [];
  return newsTables(db)
    .selectFrom('news_translations')
    .select(['news_id', 'locale', 'title', 'summary', 'body', 'seo_description'])
    .where('news_id', 'in', newsIds)
    .where('locale', 'in', locales)
    .execute();
}

/**
 * Every published item (or the one with that public id) with every translation, for the search
 * index. Items not yet in their window are indexed with their date (search hides them until then).
 */
export async function findAllNewsWithTranslations(
  db: Db,
  publicId?: number,
): Promise<{ news: NewsRow[]; translations: NewsTranslationRow[] }> {
  let query = newsTables(db).selectFrom('news').select(newsColumns).where('published', '=', 1);
  if (publicId !== undefined) query = query.where('public_id', '=', publicId);
  const news = await query.execute();
  const translations =
    news.length === 0
      ? []
      : await newsTables(db)
          .selectFrom('news_translations')
          .select(['news_id', 'locale', 'title', 'summary', 'body'])
          .where(
            'news_id',
            'in',
            news.map((item) => item.id),
          )
          .execute();
  return { news, translations };
}

// ---- Seeding -------------------------------------------------------------------------------

export interface SeedNews {
  publicId: number;
  slug: string;
  kind: string;
  publishedAt: string;
  validFrom: string | null;
  validUntil: string | null;
  translations: { locale: string; title: string; summary: string; body: string }[];
}

/**
 * Makes the seed's rows of the news tables hold exactly the seed's items, keyed by slug. Rows
 * staff created or edited (origin 'staff') are the live data now: never overwritten or deleted,
 * and a seed item whose public id a staff item took is left out.
 */
export async function replaceNews(db: Db, items: SeedNews[], now: string): Promise<void> {
  const keep = new Set<string>();
  for (const item of items) {
    const existing = await newsTables(db).selectFrom('news').select(['id', 'origin']).where('slug', '=', item.slug).executeTakeFirst();
    if (existing?.origin === 'staff') {
      keep.add(existing.id);
      continue;
    }
    if (!existing && (await newsTables(db).selectFrom('news').select('id').where('public_id', '=', item.publicId).executeTakeFirst()))
      continue;
    const id = existing?.id ?? newId();
    keep.add(id);
    const values = {
      public_id: item.publicId,
      kind: item.kind,
      published_at: item.publishedAt,
      valid_from: item.validFrom,
      valid_until: item.validUntil,
      updated_at: now,
    };
    if (existing) await newsTables(db).updateTable('news').set(values).where('id', '=', id).execute();
    else
      await newsTables(db)
        .insertInto('news')
        .values({ id, slug: item.slug, ...values, expires_at: null, published: 1, origin: 'seed', created_at: item.publishedAt })
        .execute();
    await newsTables(db).deleteFrom('news_translations').where('news_id', '=', id).execute();
    if (item.translations.length > 0) {
      await newsTables(db)
        .insertInto('news_translations')
        .values(item.translations.map((t) => ({ news_id: id, locale: t.locale, title: t.title, summary: t.summary, body: t.body })))
        .execute();
    }
  }
  const stale = (await newsTables(db).selectFrom('news').select('id').where('origin', '=', 'seed').execute())
    .map((row) => row.id)
    .filter((id) => !keep.has(id));
  if (stale.length > 0) {
    await newsTables(db).deleteFrom('news_translations').where('news_id', 'in', stale).execute();
    await newsTables(db).deleteFrom('news').where('id', 'in', stale).execute();
  }
}

// ---- Back office (news.admin.ts) -----------------------------------------------------------

export interface StaffNewsRow {
  id: string;
  public_id: number;
  kind: string;
  slug: string;
  published: number;
  published_at: string;
  expires_at: string | null;
  valid_from: string | null;
  valid_until: string | null;
  origin: string;
  created_at: string;
  updated_at: string;
  cover_image_url: string | null;
}

const staffColumns = [
  'id',
  'public_id',
  'kind',
  'slug',
  'published',
  'published_at',
  'expires_at',
  'valid_from',
  'valid_until',
  'origin',
  'created_at',
  'updated_at',
  'cover_image_url',
] as const;

/** Newest first on (created_at, id), after the cut when given; `limit` rows at most. */
export async function findStaffNewsPage(
  db: Db,
  options: { kind?: string | undefined; before?: { at: string; id: string } | undefined; limit: number },
): Promise<StaffNewsRow[]> {
  let select = newsTables(db).selectFrom('news').select(staffColumns);
  if (options.kind) select = select.where('kind', '=', options.kind);
  const cut = options.before;
  if (cut)
    select = select.where((eb) => eb.or([eb('created_at', '<', cut.at), eb.and([eb('created_at', '=', cut.at), eb('id', '<', cut.id)])]));
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export async function findStaffNews(db: Db, id: string): Promise<StaffNewsRow | undefined> {
  return newsTables(db).selectFrom('news').select(staffColumns).where('id', '=', id).executeTakeFirst();
}

/** Every translation of the given items. */
export async function findAllNewsTranslations(db: Db, newsIds: string[]): Promise<NewsTranslationRow[]> {
  if (newsIds.length === 0) return [];
  return newsTables(db)
    .selectFrom('news_translations')
    .select(['news_id', 'locale', 'title', 'summary', 'body', 'seo_description'])
    .where('news_id', 'in', newsIds)
    .execute();
}

export async function maxNewsPublicId(db: Db): Promise<number> {
  const top = await newsTables(db)
    .selectFrom('news')
    .select((eb) => eb.fn.max('public_id').as('top'))
    .executeTakeFirst();
  return Number(top?.top ?? 0);
}

export type StaffNewsWindow = Pick<StaffNewsRow, 'kind' | 'published_at' | 'expires_at' | 'valid_from' | 'valid_until' | 'cover_image_url'>;

/** Inserts a staff item; false when its public id was taken meanwhile (nothing inserted). */
export async function insertStaffNews(
  db: Db,
  row: StaffNewsWindow & { id: string; public_id: number; slug: string; at: string },
): Promise<boolean> {
  const { at, ...values } = row;
  const result = await newsTables(db)
    .insertInto('news')
    .values({ ...values, published: 0, origin: 'staff', created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('public_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** A staff change: the row becomes origin 'staff' (a reseed leaves it alone). */
export async function updateStaffNews(
  db: Db,
  id: string,
  values: Partial<StaffNewsWindow> & { published?: number; updated_at: string },
): Promise<void> {
  await newsTables(db)
    .updateTable('news')
    .set({ ...values, origin: 'staff' })
    .where('id', '=', id)
    .execute();
}

export async function replaceNewsTranslations(db: Db, id: string, rows: Omit<NewsTranslationRow, 'news_id'>[]): Promise<void> {
  await newsTables(db).deleteFrom('news_translations').where('news_id', '=', id).execute();
  if (rows.length > 0)
    await newsTables(db)
      .insertInto('news_translations')
      .values(rows.map((row) => ({ news_id: id, ...row })))
      .execute();
}

/** Public ids of the items whose texts contain `needle`. */
export async function findNewsPublicIdsQuoting(db: Db, needle: string): Promise<number[]> {
  const pattern = `%${needle}%`;
  const rows = await newsTables(db)
    .selectFrom('news_translations as t')
    .innerJoin('news as n', 'n.id', 't.news_id')
    .select('n.public_id')
    .distinct()
    .where((eb) => eb.or([eb('t.title', 'like', pattern), eb('t.summary', 'like', pattern), eb('t.body', 'like', pattern)]))
    .execute();
  return rows.map((row) => Number(row.public_id));
}

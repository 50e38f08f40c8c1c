import { newId } from '../../db/dialect';
import { type Db } from '../../db/schema';

export interface NewsRow {
  id: string;
  public_id: number;
  kind: string;
  published_at: string;
  valid_from: string | null;
  valid_until: string | null;
}

export interface NewsTranslationRow {
  news_id: string;
  locale: string;
  title: string;
  summary: string;
  body: string;
}

const newsColumns = ['id', 'public_id', 'kind', 'published_at', 'valid_from', 'valid_until'] as const;

/** Published items, newest first, with the total count. */
export async function findNewsPage(
  db: Db,
  options: { now: string; kind?: string | undefined; limit: number; offset: number },
): Promise<{ rows: NewsRow[]; total: number }> {
  let base = db.selectFrom('news').where('published_at', '<=', options.now);
  if (options.kind) base = base.where('kind', '=', options.kind);
  const [rows, count] = await Promise.all([
    base.select(newsColumns).orderBy('published_at', 'desc').orderBy('public_id', 'desc').limit(options.limit).offset(options.offset).execute(),
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findPublishedNews(db: Db, publicId: number, now: string): Promise<NewsRow | undefined> {
  return db.selectFrom('news').select(newsColumns).where('public_id', '=', publicId).where('published_at', '<=', now).executeTakeFirst();
}

/** Translations of the given items in the given locales (summary fields only unless withBody). */
export async function findNewsTranslations(db: Db, newsIds: string[], locales: string[]): Promise<NewsTranslationRow[]> {
  if (newsIds.length === 0) return [];
  return db
    .selectFrom('news_translations')
    .select(['news_id', 'locale', 'title', 'summary', 'body'])
    .where('news_id', 'in', newsIds)
    .where('locale', 'in', locales)
    .execute();
}

/** Every item with every translation, for the search index. */
export async function findAllNewsWithTranslations(db: Db): Promise<{ news: NewsRow[]; translations: NewsTranslationRow[] }> {
  const [news, translations] = await Promise.all([
    db.selectFrom('news').select(newsColumns).execute(),
    db.selectFrom('news_translations').select(['news_id', 'locale', 'title', 'summary', 'body']).execute(),
  ]);
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

/** Makes the news tables hold exactly the seed's items, keyed by slug. */
export async function replaceNews(db: Db, items: SeedNews[], now: string): Promise<void> {
  const keep = new Set<string>();
  for (const item of items) {
    const existing = await db.selectFrom('news').select('id').where('slug', '=', item.slug).executeTakeFirst();
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
    if (existing) await db.updateTable('news').set(values).where('id', '=', id).execute();
    else await db.insertInto('news').values({ id, slug: item.slug, ...values }).execute();
    await db.deleteFrom('news_translations').where('news_id', '=', id).execute();
    if (item.translations.length > 0) {
      await db
        .insertInto('news_translations')
        .values(item.translations.map((t) => ({ news_id: id, locale: t.locale, title: t.title, summary: t.summary, body: t.body })))
        .execute();
    }
  }
  const stale = (await db.selectFrom('news').select('id').execute()).map((row) => row.id).filter((id) => !keep.has(id));
  if (stale.length > 0) {
    await db.deleteFrom('news_translations').where('news_id', 'in', stale).execute();
    await db.deleteFrom('news').where('id', 'in', stale).execute();
  }
}

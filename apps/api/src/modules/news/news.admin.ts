import {
  locales,
  typedDiscount,
  V,
  type TAdminNews,
  type TAdminNewsInput,
  type TAdminNewsPage,
  type TLocale,
  type TNewsKind,
} from '@llk/contracts';
import { newId } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError, fieldError } from '../../infrastructure/http/app-error';
import {
  findAllNewsTranslations,
  findNewsPublicIdsQuoting,
  findStaffNews,
  findStaffNewsPage,
  insertStaffNews,
  maxNewsPublicId,
  replaceNewsTranslations,
  updateStaffNews,
  type StaffNewsRow,
} from './news.repository';

// The back office's side of news and promotions (ADR 0019): staff lists on (created_at, id),
// the editor's reads and writes with every language, publish and unpublish. The admin routes
// call these inside their transaction and write the audit record beside them.

type Translations = TAdminNews['translations'];

/** Languages without a translation, in the site's order. */
export function missingLocales(present: Partial<Record<TLocale, unknown>>): TLocale[] {
  return locales.filter((locale) => present[locale] === undefined);
}

/** Splits a keyset cursor `<created_at>_<id>`. */
export function keysetCut(before: string | undefined): { at: string; id: string } | undefined {
  const [at, id] = before?.split('_') ?? [];
  return at && id ? { at, id } : undefined;
}

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

function toAdminNews(row: StaffNewsRow, translations: Translations): TAdminNews {
  return {
    id: row.id,
    publicId: Number(row.public_id),
    kind: row.kind as TNewsKind,
    published: Number(row.published) === 1,
    publishAt: row.published_at,
    expiresAt: row.expires_at,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    origin: row.origin === 'staff' ? 'staff' : 'seed',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    coverImageUrl: row.cover_image_url,
    translations,
    missingLocales: missingLocales(translations),
    url: `/info-${row.public_id}`,
  };
}

async function translationsOf(db: Db, ids: string[]): Promise<Map<string, Translations>> {
  const out = new Map<string, Translations>(ids.map((id) => [id, {}]));
  for (const row of await findAllNewsTranslations(db, ids)) {
    const entry = out.get(row.news_id);
    if (entry)
      entry[row.locale as TLocale] = {
        title: row.title,
        summary: row.summary,
        body: row.body,
        ...(row.seo_description ? { seoDescription: row.seo_description } : {}),
      };
  }
  return out;
}

/** Newest first on (created_at, id); `before` is the previous page's `next`. */
export async function listNewsForStaff(
  db: Db,
  query: { kind?: TNewsKind | undefined; before?: string | undefined; limit: number },
): Promise<TAdminNewsPage> {
  const rows = await findStaffNewsPage(db, { kind: query.kind, before: keysetCut(query.before), limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const translations = await translationsOf(
    db,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    items: page.map((row) => toAdminNews(row, translations.get(row.id) ?? {})),
    next: rows.length > query.limit && last ? `${last.created_at}_${last.id}` : null,
  };
}

export async function getNewsForStaff(db: Db, id: string): Promise<TAdminNews> {
  const row = await findStaffNews(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toAdminNews(row, (await translationsOf(db, [id])).get(id) ?? {});
}

/**
 * A promotion that is running or still to come writes its discounts as {{discount:SKU}}: a
 * figure typed by hand would drift from the prices (ADR 0020). One that has ended is a
 * record of what it offered and may keep its figures.
 */
function checkFigures(input: TAdminNewsInput, now: Date): void {
  if (input.kind !== 'PROMOTION' || (input.validUntil !== null && new Date(input.validUntil) <= now)) return;
  for (const [locale, texts] of Object.entries(input.translations)) {
    for (const field of ['title', 'summary', 'body'] as const) {
      if (texts && typedDiscount(texts[field])) throw fieldError(`translations.${locale}.${field}`, V.typedDiscount);
    }
  }
}

function checkWindow(input: TAdminNewsInput): void {
  if (input.expiresAt !== null && new Date(input.expiresAt) <= new Date(input.publishAt)) throw new AppError('CONTENT_WINDOW_INVALID');
  if (input.validFrom !== null && input.validUntil !== null && new Date(input.validUntil) <= new Date(input.validFrom)) {
    throw new AppError('CONTENT_WINDOW_INVALID');
  }
}

const translationRows = (translations: TAdminNewsInput['translations']) =>
  Object.entries(translations).map(([locale, t]) => ({
    locale,
    title: t.title,
    summary: t.summary,
    body: t.body,
    seo_description: t.seoDescription || null,
  }));

function windowValues(input: TAdminNewsInput) {
  return {
    kind: input.kind,
    published_at: new Date(input.publishAt).toISOString(),
    expires_at: iso(input.expiresAt),
    valid_from: input.kind === 'PROMOTION' ? iso(input.validFrom) : null,
    valid_until: input.kind === 'PROMOTION' ? iso(input.validUntil) : null,
    cover_image_url: input.coverImageUrl,
  };
}

/**
 * A new item, unpublished until staff publish it, under the next free public id. Concurrent
 * creations race for it: the insert does nothing on a taken id (PostgreSQL waits for the other
 * transaction first) and the next id is tried, so every creation gets its own.
 */
export async function createNews(db: Db, input: TAdminNewsInput, now: Date): Promise<TAdminNews> {
  checkWindow(input);
  checkFigures(input, now);
  const id = newId(now.getTime());
  const row = { id, slug: `staff-${id.toLowerCase()}`, ...windowValues(input), at: now.toISOString() };
  while (!(await insertStaffNews(db, { ...row, public_id: (await maxNewsPublicId(db)) + 1 }))) {
    // taken meanwhile: the next one
  }
  await replaceNewsTranslations(db, id, translationRows(input.translations));
  return getNewsForStaff(db, id);
}

/** Replaces the item's window and texts (every language given; a language left out is removed). */
export async function updateNews(
  db: Db,
  id: string,
  input: TAdminNewsInput,
  now: Date,
): Promise<{ before: TAdminNews; after: TAdminNews }> {
  const before = await getNewsForStaff(db, id);
  checkWindow(input);
  checkFigures(input, now);
  await updateStaffNews(db, id, { ...windowValues(input), updated_at: now.toISOString() });
  await replaceNewsTranslations(db, id, translationRows(input.translations));
  return { before, after: await getNewsForStaff(db, id) };
}

export async function setNewsPublished(
  db: Db,
  id: string,
  published: boolean,
  now: Date,
): Promise<{ before: TAdminNews; after: TAdminNews }> {
  const before = await getNewsForStaff(db, id);
  await updateStaffNews(db, id, { published: published ? 1 : 0, updated_at: now.toISOString() });
  return { before, after: await getNewsForStaff(db, id) };
}

/** Public ids of the items whose texts quote a catalogue figure ({{discount:…}}): a price change refreshes them. */
export function newsQuotingPrices(db: Db): Promise<number[]> {
  return findNewsPublicIdsQuoting(db, '{{discount:');
}

import { locales, type TAdminNotice, type TAdminNoticeInput, type TAdminNoticePage, type TLocale } from '@llk/contracts';
import { newId } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import {
  findNoticeTranslations,
  findStaffNotice,
  findStaffNoticePage,
  insertStaffNotice,
  replaceNoticeTranslations,
  updateStaffNotice,
  type StaffNoticeRow,
} from './announcements.repository';

// The back office's side of notices (ADR 0019): staff lists on (created_at, id), the editor's
// reads and writes with every language, publish and unpublish, inside the admin route's
// transaction (which writes the audit record).

type Translations = TAdminNotice['translations'];

function toAdminNotice(row: StaffNoticeRow, translations: Translations): TAdminNotice {
  return {
    id: row.id,
    slug: row.slug,
    pinned: Number(row.pinned) === 1,
    published: Number(row.published) === 1,
    publishAt: row.published_at,
    expiresAt: row.expires_at,
    origin: row.origin === 'staff' ? 'staff' : 'seed',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    translations,
    missingLocales: locales.filter((locale) => translations[locale] === undefined),
    url: `/notice#${row.slug}`,
  };
}

async function translationsOf(db: Db, ids: string[]): Promise<Map<string, Translations>> {
  const out = new Map<string, Translations>(ids.map((id) => [id, {}]));
  for (const row of await findNoticeTranslations(db, ids)) {
    const entry = out.get(row.notice_id);
    if (entry) entry[row.locale as TLocale] = { title: row.title, body: row.body };
  }
  return out;
}

export async function listNoticesForStaff(db: Db, query: { before?: string | undefined; limit: number }): Promise<TAdminNoticePage> {
  const [at, id] = query.before?.split('_') ?? [];
  const rows = await findStaffNoticePage(db, { before: at && id ? { at, id } : undefined, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const translations = await translationsOf(
    db,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    items: page.map((row) => toAdminNotice(row, translations.get(row.id) ?? {})),
    next: rows.length > query.limit && last ? `${last.created_at}_${last.id}` : null,
  };
}

export async function getNoticeForStaff(db: Db, id: string): Promise<TAdminNotice> {
  const row = await findStaffNotice(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toAdminNotice(row, (await translationsOf(db, [id])).get(id) ?? {});
}

function values(input: TAdminNoticeInput) {
  if (input.expiresAt !== null && new Date(input.expiresAt) <= new Date(input.publishAt)) throw new AppError('CONTENT_WINDOW_INVALID');
  return {
    pinned: input.pinned ? 1 : 0,
    published_at: new Date(input.publishAt).toISOString(),
    expires_at: input.expiresAt === null ? null : new Date(input.expiresAt).toISOString(),
  };
}

async function writeTranslations(db: Db, id: string, translations: TAdminNoticeInput['translations']): Promise<void> {
  await replaceNoticeTranslations(
    db,
    id,
    Object.entries(translations).map(([locale, t]) => ({ locale, title: t.title, body: t.body })),
  );
}

/** A new notice, unpublished until staff publish it. */
export async function createNotice(db: Db, input: TAdminNoticeInput, now: Date): Promise<TAdminNotice> {
  const id = newId(now.getTime());
  await insertStaffNotice(db, { id, slug: `staff-${id.toLowerCase()}`, ...values(input), at: now.toISOString() });
  await writeTranslations(db, id, input.translations);
  return getNoticeForStaff(db, id);
}

export async function updateNotice(
  db: Db,
  id: string,
  input: TAdminNoticeInput,
  now: Date,
): Promise<{ before: TAdminNotice; after: TAdminNotice }> {
  const before = await getNoticeForStaff(db, id);
  await updateStaffNotice(db, id, { ...values(input), updated_at: now.toISOString() });
  await writeTranslations(db, id, input.translations);
  return { before, after: await getNoticeForStaff(db, id) };
}

export async function setNoticePublished(
  db: Db,
  id: string,
  published: boolean,
  now: Date,
): Promise<{ before: TAdminNotice; after: TAdminNotice }> {
  const before = await getNoticeForStaff(db, id);
  await updateStaffNotice(db, id, { published: published ? 1 : 0, updated_at: now.toISOString() });
  return { before, after: await getNoticeForStaff(db, id) };
}

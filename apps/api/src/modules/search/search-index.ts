import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isLocale, locales, type TLocale } from '@llk/contracts';
import { findMeta, setMeta } from '../../infrastructure/db/app-meta.repository';
import { dbNow } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { pickTranslation } from '../../infrastructure/content-locale';
import { findCurrentNotices, findNoticeTranslations } from '../announcements';
import { discountsFor, fillFigures, findAllNewsWithTranslations } from '../news';
import { replaceSearchIndex, SearchField, type SearchDocument } from './search.repository';
import { documentTerms, markdownHeadings, markdownToText, SEARCH_TEXT_VERSION } from './search-text';

// Builds the search index from the guide Markdown (content/guide/<locale>/<section>/….md)
// and the news and notices in the database. Every locale gets every news item and notice,
// in its own language when translated and otherwise in the fallback the pages show.

export interface GuidePage {
  locale: TLocale;
  /** /guide/<section>/<topic>; an index.md or _index.md stands for its folder */
  url: string;
  title: string;
  description: string;
  body: string;
}

/** Front matter of the simple `key: value` kind the guide uses. */
export function parseFrontMatter(source: string): { data: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { data: {}, body: source };
  const data: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const pair = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!pair?.[1]) continue;
    let value = (pair[2] ?? '').trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) value = value.slice(1, -1);
    data[pair[1]] = value;
  }
  return { data, body: source.slice(match[0].length) };
}

function firstHeading(markdown: string): string | undefined {
  return /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim();
}

/** Every guide page that exists, in every locale folder; a missing folder is no pages. */
function readGuidePages(guideDir: string): GuidePage[] {
  if (!existsSync(guideDir)) return [];
  const pages: GuidePage[] = [];
  for (const locale of readdirSync(guideDir)) {
    if (!isLocale(locale)) continue;
    const root = path.join(guideDir, locale);
    const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && entry.name.endsWith('.md'),
    );
    for (const file of files) {
      const relative = path.relative(root, path.join(file.parentPath, file.name)).split(path.sep).join('/');
      if (relative.toLowerCase() === 'readme.md') continue;
      const slug = relative.replace(/\.md$/, '').replace(/(^|\/)_?index$/, '');
      const { data, body } = parseFrontMatter(readFileSync(path.join(root, relative), 'utf8'));
      const title = data.title ?? firstHeading(body) ?? slug;
      pages.push({ locale, url: slug ? `/guide/${slug}` : '/guide', title, description: data.description ?? '', body });
    }
  }
  return pages;
}

/** A document with its terms, each in the best field it is in: title, then headings, then body. */
function toDocument(input: Omit<SearchDocument, 'terms' | 'body'> & { text: string; headings?: string[] }): SearchDocument {
  const title = input.title;
  const body = input.text;
  const terms = new Map<string, { frequency: number; field: SearchField }>();
  const add = (text: string, field: SearchField) => {
    for (const [term, frequency] of documentTerms(text, input.locale)) {
      const entry = terms.get(term);
      terms.set(term, {
        frequency: (entry?.frequency ?? 0) + frequency,
        field: Math.max(entry?.field ?? SearchField.body, field) as SearchField,
      });
    }
  };
  add(body, SearchField.body);
  // a heading's words are in the body's text too: they only raise the field, not the count
  for (const heading of input.headings ?? []) {
    for (const term of documentTerms(heading, input.locale).keys()) {
      const entry = terms.get(term);
      terms.set(term, {
        frequency: entry?.frequency ?? 1,
        field: Math.max(entry?.field ?? SearchField.body, SearchField.heading) as SearchField,
      });
    }
  }
  add(title, SearchField.title);
  return {
    locale: input.locale,
    type: input.type,
    ref: input.ref,
    url: input.url,
    title,
    body,
    publishedAt: input.publishedAt,
    expiresAt: input.expiresAt ?? null,
    terms,
  };
}

/** Rebuilds the whole index. */
export async function rebuildSearchIndex(db: Db, guideDir: string): Promise<number> {
  const documents: SearchDocument[] = [];

  for (const page of readGuidePages(guideDir)) {
    const text = [page.description, markdownToText(page.body)].filter(Boolean).join('\n');
    const headings = markdownHeadings(page.body);
    documents.push(
      toDocument({
        locale: page.locale,
        type: 'guide',
        ref: page.url,
        url: page.url,
        title: page.title,
        text,
        headings,
        publishedAt: null,
      }),
    );
  }

  documents.push(...(await newsDocuments(db)), ...(await noticeDocuments(db)));

  await replaceSearchIndex(db, documents);
  return documents.length;
}

/** Documents of every published news item (or of one), in every locale. */
async function newsDocuments(db: Db, publicId?: number): Promise<SearchDocument[]> {
  const documents: SearchDocument[] = [];
  const { news, translations } = await findAllNewsWithTranslations(db, publicId);
  // a promotion's {{discount:SKU}} is indexed as the figure the page shows
  const discounts = await discountsFor(
    db,
    translations.flatMap((t) => [t.title, t.summary, t.body]),
  );
  for (const item of news) {
    const own = translations.filter((t) => t.news_id === item.id);
    for (const locale of locales) {
      const t = pickTranslation(own, locale);
      if (!t) continue;
      const figures = (value: string) => fillFigures(value, discounts, locale);
      const text = [figures(t.summary), markdownToText(figures(t.body))].join('\n');
      const url = `/info-${item.public_id}`;
      const headings = markdownHeadings(figures(t.body));
      documents.push(
        toDocument({
          locale,
          type: 'news',
          ref: String(item.public_id),
          url,
          title: figures(t.title),
          text,
          headings,
          publishedAt: item.published_at,
          expiresAt: item.expires_at,
        }),
      );
    }
  }
  return documents;
}

/** Documents of the current notices (or of the one with that slug), in every locale. */
async function noticeDocuments(db: Db, slug?: string): Promise<SearchDocument[]> {
  const documents: SearchDocument[] = [];
  // Notices that have expired by now are left out; a reseed drops them anyway.
  const notices = (await findCurrentNotices(db, dbNow())).filter((notice) => slug === undefined || notice.slug === slug);
  const noticeTranslations = await findNoticeTranslations(
    db,
    notices.map((notice) => notice.id),
  );
  for (const notice of notices) {
    const own = noticeTranslations.filter((t) => t.notice_id === notice.id);
    for (const locale of locales) {
      const t = pickTranslation(own, locale);
      if (!t) continue;
      const url = `/notice#${notice.slug}`;
      const headings = markdownHeadings(t.body);
      documents.push(
        toDocument({
          locale,
          type: 'notice',
          ref: notice.slug,
          url,
          title: t.title,
          text: markdownToText(t.body),
          headings,
          publishedAt: notice.published_at,
          expiresAt: notice.expires_at,
        }),
      );
    }
  }
  return documents;
}

/**
 * Brings one news item's documents up to date after the back office changed it: its languages
 * as they are now, or none when it is unpublished. Call it in the change's transaction.
 */
export async function reindexNewsItem(db: Db, publicId: number): Promise<void> {
  await replaceSearchIndex(db, await newsDocuments(db, publicId), undefined, { type: 'news', ref: String(publicId) });
}

/** The same for one notice (none when unpublished or expired). */
export async function reindexNotice(db: Db, slug: string): Promise<void> {
  await replaceSearchIndex(db, await noticeDocuments(db, slug), undefined, { type: 'notice', ref: slug });
}

const GUIDE_HASH_KEY = 'search.guideHash';

/** sha256 over every guide file's path and bytes; '' when there is no guide folder. */
function hashGuide(guideDir: string): string {
  if (!existsSync(guideDir)) return '';
  const hash = createHash('sha256');
  const files = readdirSync(guideDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.relative(guideDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(guideDir, file)))
      .update('\0');
  return hash.digest('hex');
}

/**
 * The seed reruns only when content/seed changes, but the guide lives beside it and is
 * edited on its own: on start the index is rebuilt when the guide's hash (with the version of
 * the text extraction, SEARCH_TEXT_VERSION) differs from the one recorded at the last rebuild.
 * Returns whether it rebuilt.
 */
export async function syncGuideIndex(db: Db, guideDir: string): Promise<boolean> {
  // the way text is drawn from Markdown is part of the index: a new way rebuilds it once
  const hash = `${SEARCH_TEXT_VERSION}:${hashGuide(guideDir)}`;
  if ((await findMeta(db, GUIDE_HASH_KEY)) === hash) return false;
  await db.transaction().execute(async (trx) => {
    await rebuildSearchIndex(trx, guideDir);
    await setMeta(trx, GUIDE_HASH_KEY, hash);
  });
  return true;
}

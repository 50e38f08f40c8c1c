import { type THotSearches, type TLocale, type TSearchHit, type TSearchRecordResult, type TSearchResult, type TSearchType } from '@llk/contracts';
import { dbNow } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type KeyValueStore } from '../../lib/kv';
import { findMatches, findTopSearches, incrementSearchRecord } from './search.repository';
import { makeSnippet, normalizeKeyword, queryTerms, requiredMatches } from './search-text';

const CJK_LOCALES: TLocale[] = ['zh-CN', 'zh-tw', 'ja', 'ko'];

export async function search(db: Db, query: { q: string; page: number; pageSize: number }, locale: TLocale): Promise<TSearchResult> {
  const terms = queryTerms(query.q);
  const empty = { list: [], total: 0, page: query.page, pageSize: query.pageSize, query: query.q };
  if (terms.length === 0) return empty;
  const { rows, total } = await findMatches(db, {
    locale,
    terms,
    required: requiredMatches(terms.length),
    now: dbNow(),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const cjk = CJK_LOCALES.includes(locale);
  const list: TSearchHit[] = rows.map((row) => {
    const snippet = makeSnippet(row.body, terms, { cjk });
    return {
      type: row.type as TSearchType,
      title: row.title,
      snippet: snippet.text,
      highlights: snippet.highlights,
      url: row.url,
      publishedAt: row.published_at,
    };
  });
  return { ...empty, list, total };
}

/** Per client IP: searches counted per minute, and how long one keyword counts only once. */
export const RECORD_LIMIT_PER_MINUTE = 20;
const REPEAT_WINDOW_MS = 10 * 60_000;

/**
 * Counts a search for the hot list. Nothing is counted (recorded: false) for a client over its
 * per-minute budget, for the same keyword again from the same client within ten minutes, or
 * for a keyword that finds nothing, so the public hot list cannot be filled with junk.
 */
export async function recordSearch(
  deps: { db: Db; kv: KeyValueStore },
  keyword: string,
  locale: TLocale,
  clientIp: string,
): Promise<TSearchRecordResult> {
  const normalized = normalizeKeyword(keyword);
  const terms = queryTerms(normalized);
  if (terms.length === 0) return { recorded: false };
  if ((await deps.kv.incr(`search:record:${clientIp}`, 60_000)) > RECORD_LIMIT_PER_MINUTE) return { recorded: false };
  if (!(await deps.kv.setIfAbsent(`search:record:${clientIp}:${locale}:${normalized}`, '1', REPEAT_WINDOW_MS))) return { recorded: false };
  const { total } = await findMatches(deps.db, { locale, terms, required: requiredMatches(terms.length), now: dbNow(), limit: 1, offset: 0 });
  if (total === 0) return { recorded: false };
  await incrementSearchRecord(deps.db, locale, normalized, dbNow());
  return { recorded: true };
}

export const HOT_SEARCH_COUNT = 10;

export async function listHotSearches(db: Db, locale: TLocale): Promise<THotSearches> {
  return { list: await findTopSearches(db, locale, HOT_SEARCH_COUNT) };
}

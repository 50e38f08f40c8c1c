import {
  type THotSearches,
  type TLocale,
  type TSearchHit,
  type TSearchRecordResult,
  type TSearchResult,
  type TSearchType,
} from '@llk/contracts';
import { dbNow, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type KeyValueStore } from '../../infrastructure/kv';
import { hmacHex } from '../../infrastructure/secrets';
import { addSearchVisitor, findHotCandidates, findMatches, hasMatchingDocument, touchSearchRecord } from './search.repository';
import { makeSnippet, normalizeKeyword, queryTerms, requiredMatches } from './search-text';

const CJK_LOCALES: TLocale[] = ['zh-CN', 'zh-tw', 'ja', 'ko'];

export async function search(db: Db, query: { q: string; page: number; pageSize: number }, locale: TLocale): Promise<TSearchResult> {
  const terms = queryTerms(query.q, locale);
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
    const snippet = makeSnippet(row.body, terms, { cjk, locale });
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

/** A term's count is its distinct visitors of the last 30 days (ADR 0007, "Hot searches"). */
export const HOT_SEARCH_WINDOW_DAYS = 30;

/** The start of the window that ends at `now`, as the database keeps times. */
export function hotSearchWindowStart(now: Date): string {
  return toDbDate(new Date(now.getTime() - HOT_SEARCH_WINDOW_DAYS * 86_400_000));
}

/** Who searched: the signed-in account when there is one, else the client address. */
export interface SearchVisitor {
  ip: string;
  userId: string | null;
}

/**
 * The visitor as the database keeps it: a keyed hash of the visitor alone (the secret is the
 * code secret's, for another purpose), so neither an address nor an account id is stored, and
 * the same visitor is the same row whichever day they search.
 */
function visitorKey(secret: Buffer, visitor: SearchVisitor): string {
  const who = visitor.userId ? `user:${visitor.userId}` : `ip:${visitor.ip}`;
  return hmacHex(secret, `search-visitor:${who}`).slice(0, 32);
}

/** Whether a keyword finds something now in a locale: a term that finds nothing is not hot. */
async function findsSomething(db: Db, locale: TLocale, keyword: string): Promise<boolean> {
  const terms = queryTerms(keyword, locale);
  return terms.length > 0 && hasMatchingDocument(db, { locale, terms, required: requiredMatches(terms.length), now: dbNow() });
}

/**
 * Counts a search for the hot list: a visitor counts once per term in the window, however often
 * and on however many days they search it (ADR 0007, "Hot searches"). Nothing is counted
 * (recorded: false) for a client address over its per-minute budget, for a visitor the window
 * already counts for this keyword (within ten minutes without reading the database), or for a
 * keyword that finds nothing, so the public list cannot be filled with junk.
 */
export async function recordSearch(
  deps: { db: Db; kv: KeyValueStore; visitorSecret: Buffer },
  keyword: string,
  locale: TLocale,
  visitor: SearchVisitor,
  now: Date = new Date(),
): Promise<TSearchRecordResult> {
  const normalized = normalizeKeyword(keyword);
  if (queryTerms(normalized, locale).length === 0) return { recorded: false };
  if ((await deps.kv.incr(`search:record:${visitor.ip}`, 60_000)) > RECORD_LIMIT_PER_MINUTE) return { recorded: false };
  const key = visitorKey(deps.visitorSecret, visitor);
  if (!(await deps.kv.setIfAbsent(`search:record:${key}:${locale}:${normalized}`, '1', REPEAT_WINDOW_MS))) return { recorded: false };
  if (!(await findsSomething(deps.db, locale, normalized))) return { recorded: false };
  const seenAt = toDbDate(now);
  const recorded = await deps.db.transaction().execute(async (trx) => {
    if (!(await addSearchVisitor(trx, { locale, keyword: normalized, visitor: key, seenAt, since: hotSearchWindowStart(now) })))
      return false;
    await touchSearchRecord(trx, locale, normalized, seenAt);
    return true;
  });
  return { recorded };
}

export const HOT_SEARCH_COUNT = 10;

/**
 * The public hot list of a locale: pinned terms first, then NORMAL ones with at least
 * `minVisitors` distinct visitors in the window, most visitors first; hidden ones and terms
 * that find nothing (any more) left out. Candidates are checked a list's worth at a time, in parallel.
 */
export async function listHotSearches(db: Db, locale: TLocale, minVisitors: number, now: Date = new Date()): Promise<THotSearches> {
  const candidates = await findHotCandidates(db, { locale, minVisitors, since: hotSearchWindowStart(now), limit: HOT_SEARCH_COUNT * 3 });
  const list: THotSearches['list'] = [];
  for (let at = 0; at < candidates.length && list.length < HOT_SEARCH_COUNT; at += HOT_SEARCH_COUNT) {
    const batch = candidates.slice(at, at + HOT_SEARCH_COUNT);
    const finds = await Promise.all(
      batch.map((row) => (row.state === 'PINNED' ? Promise.resolve(true) : findsSomething(db, locale, row.keyword))),
    );
    for (const [i, row] of batch.entries())
      if (finds[i] && list.length < HOT_SEARCH_COUNT) list.push({ keyword: row.keyword, count: row.count });
  }
  return { list };
}

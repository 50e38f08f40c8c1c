import { type TAdminHotSearch, type TAdminHotSearchList, type THotSearchState, type TLocale } from '@llk/contracts';
import { toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { findSearchRecord, findSearchRecordsForStaff, upsertSearchRecordState, type SearchRecordRow } from './search.repository';
import { hotSearchWindowStart, listHotSearches } from './search.service';
import { normalizeKeyword } from './search-text';

// The back office's side of hot searches (ADR 0007, "Hot searches"): a language's terms with
// their counts (distinct visitors of the window) and states, and pinning, hiding or releasing one. The admin route calls
// setHotSearchState inside its transaction and writes the audit record beside it.

/** Terms listed per language: far more than the public list shows. */
const STAFF_LIST_LIMIT = 200;

function toAdminHotSearch(row: SearchRecordRow, shown: ReadonlySet<string>): TAdminHotSearch {
  return {
    keyword: row.keyword,
    count: row.count,
    state: row.state as THotSearchState,
    shown: shown.has(row.keyword),
    updatedAt: row.updated_at,
  };
}

export async function listHotSearchesForStaff(
  db: Db,
  locale: TLocale,
  minVisitors: number,
  now: Date = new Date(),
): Promise<TAdminHotSearchList> {
  const [rows, hot] = await Promise.all([
    findSearchRecordsForStaff(db, { locale, since: hotSearchWindowStart(now), limit: STAFF_LIST_LIMIT }),
    listHotSearches(db, locale, minVisitors, now),
  ]);
  const shown = new Set(hot.list.map((entry) => entry.keyword));
  return { locale, minVisitors, items: rows.map((row) => toAdminHotSearch(row, shown)) };
}

/** Pins, hides or releases a term (normalised as searches are); before and after for the audit. */
export async function setHotSearchState(
  db: Db,
  input: { locale: TLocale; keyword: string; state: THotSearchState },
  minVisitors: number,
  now: Date = new Date(),
): Promise<{ before: TAdminHotSearch | null; after: TAdminHotSearch }> {
  const keyword = normalizeKeyword(input.keyword);
  const term = { locale: input.locale, keyword, since: hotSearchWindowStart(now) };
  const shownBefore = new Set((await listHotSearches(db, input.locale, minVisitors, now)).list.map((entry) => entry.keyword));
  const previous = await findSearchRecord(db, term);
  await upsertSearchRecordState(db, input.locale, keyword, input.state, toDbDate(now));
  const row = await findSearchRecord(db, term);
  const shownAfter = new Set((await listHotSearches(db, input.locale, minVisitors, now)).list.map((entry) => entry.keyword));
  return { before: previous ? toAdminHotSearch(previous, shownBefore) : null, after: toAdminHotSearch(row!, shownAfter) };
}

import { sql } from 'kysely';
import { newId } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { searchTables } from './search.tables';

/**
 * Where a term stands in a document, the best place it is in, kept in search_postings.in_title
 * (no migration: the column held 0 and 1, body and title): 0 body, 1 a heading, 2 the title.
 * Results rank by field: title before headings before body (ADR 0032).
 */
export const SearchField = { body: 0, heading: 1, title: 2 } as const;
export type SearchField = (typeof SearchField)[keyof typeof SearchField];

export interface SearchDocument {
  locale: string;
  type: string;
  ref: string;
  url: string;
  title: string;
  body: string;
  publishedAt: string | null;
  /** the end of the page's publish window (news, notices); null: none */
  expiresAt?: string | null;
  /** term → its count and the best field it is in (SearchField) */
  terms: Map<string, { frequency: number; field: SearchField }>;
}

// Rows per INSERT: postings have 5 columns, so 2000 rows stay far below the bind-parameter
// limits of SQLite (32766) and PostgreSQL (65535); fewer round trips matter most on pg.
const DOCUMENT_BATCH = 400;
const POSTING_BATCH = 2000;

/** Replaces the whole index with the given documents (or one page's: `only`, every language). */
export async function replaceSearchIndex(
  db: Db,
  documents: SearchDocument[],
  types?: string[],
  only?: { type: string; ref: string },
): Promise<void> {
  if (only) {
    const ids = searchTables(db).selectFrom('search_documents').select('id').where('type', '=', only.type).where('ref', '=', only.ref);
    await searchTables(db).deleteFrom('search_postings').where('document_id', 'in', ids).execute();
    await searchTables(db).deleteFrom('search_documents').where('type', '=', only.type).where('ref', '=', only.ref).execute();
  } else if (types) {
    const ids = searchTables(db).selectFrom('search_documents').select('id').where('type', 'in', types);
    await searchTables(db).deleteFrom('search_postings').where('document_id', 'in', ids).execute();
    await searchTables(db).deleteFrom('search_documents').where('type', 'in', types).execute();
  } else {
    await searchTables(db).deleteFrom('search_postings').execute();
    await searchTables(db).deleteFrom('search_documents').execute();
  }
  const postings: { locale: string; term: string; document_id: string; in_title: number; frequency: number }[] = [];
  const rows = documents.map((doc) => {
    const id = newId();
    for (const [term, info] of doc.terms) {
      postings.push({ locale: doc.locale, term, document_id: id, in_title: info.field, frequency: info.frequency });
    }
    return {
      id,
      locale: doc.locale,
      type: doc.type,
      ref: doc.ref,
      url: doc.url,
      title: doc.title,
      body: doc.body,
      published_at: doc.publishedAt,
      expires_at: doc.expiresAt ?? null,
    };
  });
  for (let i = 0; i < rows.length; i += DOCUMENT_BATCH) {
    await searchTables(db)
      .insertInto('search_documents')
      .values(rows.slice(i, i + DOCUMENT_BATCH))
      .execute();
  }
  for (let i = 0; i < postings.length; i += POSTING_BATCH) {
    await searchTables(db)
      .insertInto('search_postings')
      .values(postings.slice(i, i + POSTING_BATCH))
      .execute();
  }
}

export interface SearchMatch {
  id: string;
  type: string;
  url: string;
  title: string;
  body: string;
  published_at: string | null;
}

/** The postings of the documents of a locale, public now, holding at least `required` of the terms, grouped by document. */
function documentsMatching(db: Db, options: { locale: string; terms: string[]; required: number; now: string }) {
  return searchTables(db)
    .selectFrom('search_postings as p')
    .innerJoin('search_documents as d', 'd.id', 'p.document_id')
    .where('p.locale', '=', options.locale)
    .where('p.term', 'in', options.terms)
    .where((eb) => eb.or([eb('d.published_at', 'is', null), eb('d.published_at', '<=', options.now)]))
    .where((eb) => eb.or([eb('d.expires_at', 'is', null), eb('d.expires_at', '>', options.now)]))
    .groupBy('p.document_id')
    .having((eb) => eb.fn.countAll(), '>=', options.required);
}

/**
 * Documents of a locale holding at least `required` of the terms, best first (ADR 0032): more
 * matched terms, then more of them in the title, then more of them in the title or a heading,
 * then guide pages, then more occurrences. Plain GROUP BY over the
 * postings primary key (locale, term, …), the same SQL on SQLite and PostgreSQL.
 */
export async function findMatches(
  db: Db,
  options: { locale: string; terms: string[]; required: number; now: string; limit: number; offset: number },
): Promise<{ rows: SearchMatch[]; total: number }> {
  const matched = documentsMatching(db, options).select((eb) => [
    'p.document_id as document_id',
    eb.fn.countAll<number>().as('matched'),
    eb.fn.sum<number>(sql`case when p.in_title >= ${SearchField.title} then 1 else 0 end`).as('title_hits'),
    eb.fn.sum<number>(sql`case when p.in_title >= ${SearchField.heading} then 1 else 0 end`).as('heading_hits'),
    eb.fn.sum<number>('p.frequency').as('occurrences'),
  ]);

  const [rows, count] = await Promise.all([
    searchTables(db)
      .selectFrom(matched.as('m'))
      .innerJoin('search_documents as d', 'd.id', 'm.document_id')
      .select(['d.id', 'd.type', 'd.url', 'd.title', 'd.body', 'd.published_at'])
      .orderBy('m.matched', 'desc')
      .orderBy('m.title_hits', 'desc')
      .orderBy('m.heading_hits', 'desc')
      // on a tie the guide comes first: it answers "how do I", which is what people search for
      .orderBy(sql`case when d.type = 'guide' then 0 else 1 end`)
      .orderBy('m.occurrences', 'desc')
      .orderBy('d.published_at', 'desc')
      .orderBy('d.id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    searchTables(db)
      .selectFrom(matched.as('m'))
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Notes that a term of a locale gained a visitor now (adding the term when it is new). */
export async function touchSearchRecord(db: Db, locale: string, keyword: string, now: string): Promise<void> {
  await searchTables(db)
    .insertInto('search_records')
    .values({ locale, keyword, updated_at: now })
    .onConflict((oc) => oc.columns(['locale', 'keyword']).doUpdateSet({ updated_at: now }))
    .execute();
}

/** Seeds a default hot search in a state; a term already there keeps its state. */
export async function insertSearchRecordIfAbsent(
  db: Db,
  row: { locale: string; keyword: string; state: string; now: string },
): Promise<void> {
  await searchTables(db)
    .insertInto('search_records')
    .values({ locale: row.locale, keyword: row.keyword, state: row.state, updated_at: row.now })
    .onConflict((oc) => oc.columns(['locale', 'keyword']).doNothing())
    .execute();
}

/** A term of a locale with its state and the distinct visitors who searched it since the window's start. */
export interface SearchRecordRow {
  keyword: string;
  count: number;
  state: string;
  updated_at: string;
}

/**
 * A locale's terms, each with `count`: its distinct visitors seen at or after `since` (ADR 0007,
 * "Hot searches"). One GROUP BY over the visitors of the window, the same SQL on both dialects.
 */
function termsWithVisitors(db: Db, locale: string, since: string) {
  const visitors = searchTables(db)
    .selectFrom('search_record_visitors')
    .select((eb) => ['keyword', eb.fn.countAll<number | string>().as('visitors')])
    .where('locale', '=', locale)
    .where('seen_at', '>=', since)
    .groupBy('keyword');
  return searchTables(db)
    .selectFrom('search_records as r')
    .leftJoin(visitors.as('v'), 'v.keyword', 'r.keyword')
    .where('r.locale', '=', locale)
    .select((eb) => ['r.keyword', 'r.state', 'r.updated_at', eb.fn.coalesce('v.visitors', eb.lit(0)).as('count')]);
}

function toRow(row: { keyword: string; state: string; updated_at: string; count: number | string }): SearchRecordRow {
  return { keyword: row.keyword, count: Number(row.count), state: row.state, updated_at: row.updated_at };
}

/**
 * Candidates for the public hot list, best first: pinned terms whatever their count, then
 * NORMAL ones of at least `minVisitors` distinct visitors since `since`; hidden ones never. The
 * caller still drops terms that find nothing.
 */
export async function findHotCandidates(
  db: Db,
  options: { locale: string; minVisitors: number; since: string; limit: number },
): Promise<SearchRecordRow[]> {
  const rows = await termsWithVisitors(db, options.locale, options.since)
    .where((eb) =>
      eb.or([
        eb('r.state', '=', 'PINNED'),
        eb.and([eb('r.state', '=', 'NORMAL'), eb(eb.fn.coalesce('v.visitors', eb.lit(0)), '>=', options.minVisitors)]),
      ]),
    )
    .orderBy(sql`case when r.state = 'PINNED' then 0 else 1 end`)
    .orderBy('count', 'desc')
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.keyword')
    .limit(options.limit)
    .execute();
  return rows.map(toRow);
}

/** A locale's terms for the back office: pinned, then hidden, then most searched in the window. */
export async function findSearchRecordsForStaff(
  db: Db,
  options: { locale: string; since: string; limit: number },
): Promise<SearchRecordRow[]> {
  const rows = await termsWithVisitors(db, options.locale, options.since)
    .orderBy(sql`case r.state when 'PINNED' then 0 when 'HIDDEN' then 1 else 2 end`)
    .orderBy('count', 'desc')
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.keyword')
    .limit(options.limit)
    .execute();
  return rows.map(toRow);
}

export async function findSearchRecord(
  db: Db,
  options: { locale: string; keyword: string; since: string },
): Promise<SearchRecordRow | undefined> {
  const row = await termsWithVisitors(db, options.locale, options.since).where('r.keyword', '=', options.keyword).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Sets a term's state, adding the term when nobody searched it yet. */
export async function upsertSearchRecordState(db: Db, locale: string, keyword: string, state: string, now: string): Promise<void> {
  await searchTables(db)
    .insertInto('search_records')
    .values({ locale, keyword, updated_at: now, state })
    .onConflict((oc) => oc.columns(['locale', 'keyword']).doUpdateSet({ state }))
    .execute();
}

/**
 * Adds a visitor of a term, seen at `seenAt`; true when the visitor is new to the window (the
 * table's primary key makes that one answer under any race). A visitor already there is seen
 * again, so they count while they keep searching the term. The term's visitors last seen before
 * `since` go first: they no longer count, and no hash is kept longer than it is needed.
 */
export async function addSearchVisitor(
  db: Db,
  row: { locale: string; keyword: string; visitor: string; seenAt: string; since: string },
): Promise<boolean> {
  await searchTables(db)
    .deleteFrom('search_record_visitors')
    .where('locale', '=', row.locale)
    .where('keyword', '=', row.keyword)
    .where('seen_at', '<', row.since)
    .execute();
  const added = await searchTables(db)
    .insertInto('search_record_visitors')
    .values({ locale: row.locale, keyword: row.keyword, visitor: row.visitor, seen_at: row.seenAt })
    .onConflict((oc) => oc.columns(['locale', 'keyword', 'visitor']).doNothing())
    .returning('visitor')
    .executeTakeFirst();
  if (added) return true;
  await searchTables(db)
    .updateTable('search_record_visitors')
    .set({ seen_at: row.seenAt })
    .where('locale', '=', row.locale)
    .where('keyword', '=', row.keyword)
    .where('visitor', '=', row.visitor)
    .where('seen_at', '<', row.seenAt)
    .execute();
  return false;
}

/** Whether a locale has a document, public now, holding at least `required` of the terms. */
export async function hasMatchingDocument(
  db: Db,
  options: { locale: string; terms: string[]; required: number; now: string },
): Promise<boolean> {
  const row = await documentsMatching(db, options).select('p.document_id').limit(1).executeTakeFirst();
  return row !== undefined;
}

import { sql } from 'kysely';
import { newId } from '../../db/dialect';
import { type Db } from '../../db/schema';

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
  /** term → [count, in title] */
  terms: Map<string, { frequency: number; inTitle: boolean }>;
}

// Rows per INSERT: postings have 5 columns, so 2000 rows stay far below the bind-parameter
// limits of SQLite (32766) and PostgreSQL (65535); fewer round trips matter most on pg.
const DOCUMENT_BATCH = 400;
const POSTING_BATCH = 2000;

/** Replaces the whole index with the given documents (or one page's: `only`, every language). */
export async function replaceSearchIndex(db: Db, documents: SearchDocument[], types?: string[], only?: { type: string; ref: string }): Promise<void> {
  if (only) {
    const ids = db.selectFrom('search_documents').select('id').where('type', '=', only.type).where('ref', '=', only.ref);
    await db.deleteFrom('search_postings').where('document_id', 'in', ids).execute();
    await db.deleteFrom('search_documents').where('type', '=', only.type).where('ref', '=', only.ref).execute();
  } else if (types) {
    const ids = db.selectFrom('search_documents').select('id').where('type', 'in', types);
    await db.deleteFrom('search_postings').where('document_id', 'in', ids).execute();
    await db.deleteFrom('search_documents').where('type', 'in', types).execute();
  } else {
    await db.deleteFrom('search_postings').execute();
    await db.deleteFrom('search_documents').execute();
  }
  const postings: { locale: string; term: string; document_id: string; in_title: number; frequency: number }[] = [];
  const rows = documents.map((doc) => {
    const id = newId();
    for (const [term, info] of doc.terms) {
      postings.push({ locale: doc.locale, term, document_id: id, in_title: info.inTitle ? 1 : 0, frequency: info.frequency });
    }
    return { id, locale: doc.locale, type: doc.type, ref: doc.ref, url: doc.url, title: doc.title, body: doc.body, published_at: doc.publishedAt, expires_at: doc.expiresAt ?? null };
  });
  for (let i = 0; i < rows.length; i += DOCUMENT_BATCH) {
    await db.insertInto('search_documents').values(rows.slice(i, i + DOCUMENT_BATCH)).execute();
  }
  for (let i = 0; i < postings.length; i += POSTING_BATCH) {
    await db.insertInto('search_postings').values(postings.slice(i, i + POSTING_BATCH)).execute();
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

/**
 * Documents of a locale holding at least `required` of the terms, best first: more matched
 * terms and more of them in the title, then guide pages, then more occurrences. Plain GROUP BY over the
 * postings primary key (locale, term, …), the same SQL on SQLite and PostgreSQL.
 */
export async function findMatches(
  db: Db,
  options: { locale: string; terms: string[]; required: number; now: string; limit: number; offset: number },
): Promise<{ rows: SearchMatch[]; total: number }> {
  const matched = db
    .selectFrom('search_postings as p')
    .innerJoin('search_documents as d', 'd.id', 'p.document_id')
    .where('p.locale', '=', options.locale)
    .where('p.term', 'in', options.terms)
    .where((eb) => eb.or([eb('d.published_at', 'is', null), eb('d.published_at', '<=', options.now)]))
    .where((eb) => eb.or([eb('d.expires_at', 'is', null), eb('d.expires_at', '>', options.now)]))
    .groupBy('p.document_id')
    .having((eb) => eb.fn.countAll(), '>=', options.required)
    .select((eb) => [
      'p.document_id as document_id',
      eb.fn.countAll<number>().as('matched'),
      eb.fn.sum<number>('p.in_title').as('title_hits'),
      eb.fn.sum<number>('p.frequency').as('occurrences'),
    ]);

  const [rows, count] = await Promise.all([
    db
      .selectFrom(matched.as('m'))
      .innerJoin('search_documents as d', 'd.id', 'm.document_id')
      .select(['d.id', 'd.type', 'd.url', 'd.title', 'd.body', 'd.published_at'])
      .orderBy(sql`m.matched * 4 + m.title_hits * 3`, 'desc')
      // on a tie the guide comes first: it answers "how do I", which is what people search for
      .orderBy(sql`case when d.type = 'guide' then 0 else 1 end`)
      .orderBy('m.occurrences', 'desc')
      .orderBy('d.published_at', 'desc')
      .orderBy('d.id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    db
      .selectFrom(matched.as('m'))
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Adds one search of a keyword in a locale. */
export async function incrementSearchRecord(db: Db, locale: string, keyword: string, now: string): Promise<void> {
  await db
    .insertInto('search_records')
    .values({ locale, keyword, count: 1, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['locale', 'keyword']).doUpdateSet({ count: sql<number>`${sql.ref('search_records.count')} + 1`, updated_at: now }),
    )
    .execute();
}

/** Seeds a default hot search; counts already recorded are kept. */
export async function insertSearchRecordIfAbsent(db: Db, locale: string, keyword: string, count: number, now: string): Promise<void> {
  await db
    .insertInto('search_records')
    .values({ locale, keyword, count, updated_at: now })
    .onConflict((oc) => oc.columns(['locale', 'keyword']).doNothing())
    .execute();
}

export async function findTopSearches(db: Db, locale: string, limit: number): Promise<{ keyword: string; count: number }[]> {
  const rows = await db
    .selectFrom('search_records')
    .select(['keyword', 'count'])
    .where('locale', '=', locale)
    .orderBy('count', 'desc')
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ keyword: row.keyword, count: Number(row.count) }));
}

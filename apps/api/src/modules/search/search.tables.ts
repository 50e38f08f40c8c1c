import { type Generated, type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// The search module's tables: the index (documents, postings) and the hot searches.
// Timestamps are UTC ISO text (see infrastructure/db/dialect.ts), booleans integer 0/1, bigint
// columns come back as strings from pg (use toCount()).

// 0003-content

export interface SearchDocumentsTable {
  id: string;
  locale: string;
  /** guide | news | notice */
  type: string;
  /** stable key within the type: guide path, news public id, notice slug */
  ref: string;
  url: string;
  title: string;
  /** plain text, for snippets */
  body: string;
  published_at: string | null;
  /** migration 0031: the end of the page's publish window; found only before it */
  expires_at: Generated<string | null>;
}

export interface SearchPostingsTable {
  locale: string;
  term: string;
  document_id: string;
  in_title: number;
  frequency: number;
}

export interface SearchRecordsTable {
  locale: string;
  keyword: string;
  /** when a visitor was last added (or staff set the state); migration 0036 dropped its count */
  updated_at: string;
  /** migration 0036: NORMAL | PINNED | HIDDEN (THotSearchState) */
  state: Generated<string>;
}

// 0036-hot-search-visitors

/** Migration 0036: who searched a term, as a keyed hash of the visitor alone (ADR 0007). */
export interface SearchRecordVisitorsTable {
  locale: string;
  keyword: string;
  visitor: string;
  /** when the visitor last searched the term; rows older than the window go as it is searched again */
  seen_at: string;
}

export interface SearchTables {
  search_documents: SearchDocumentsTable;
  search_postings: SearchPostingsTable;
  search_records: SearchRecordsTable;
  search_record_visitors: SearchRecordVisitorsTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends SearchTables {}
}

/** The search module's tables: its repositories' only handle (ADR 0038). */
export const searchTables = (db: Db): Kysely<SearchTables> => tablesOf<SearchTables>(db);

export type SearchDocumentRow = Selectable<SearchDocumentsTable>;
export type SearchRecordRow = Selectable<SearchRecordsTable>;

import { type Generated } from 'kysely';

// Tables of migration 0003-content. Timestamps are UTC ISO text (see ../dialect.ts), booleans
// integer 0/1, bigint columns come back as strings from pg (use toCount()).

export interface ReleasesTable {
  id: string;
  /** WIN | MAC | LINUX | ANDROID | IOS | IPAD */
  platform: string;
  version: string;
  version_code: number;
  released_at: string;
  min_os: string;
  store_url: string | null;
  /** 1 = shown by the public reads (migration 0028) */
  published: Generated<number>;
  /** seed | staff: a staff row is left alone by a reseed (migration 0028) */
  origin: Generated<string>;
  /** keyset of the staff list (migration 0028) */
  created_at: Generated<string>;
}

export interface ReleasePackagesTable {
  id: string;
  release_id: string;
  /** X86 | ARM | APPLE_SILICON */
  chip_type: string;
  format: string;
  file_path: string | null;
  size_bytes: string | number | bigint | null;
  sha256: string | null;
  sort_order: number;
}

export interface ReleaseNotesTable {
  release_id: string;
  locale: string;
  body: string;
}

export interface NewsTable {
  id: string;
  public_id: number;
  /** NEWS | PROMOTION */
  kind: string;
  slug: string;
  published_at: string;
  valid_from: string | null;
  valid_until: string | null;
  /** end of the publish window, null = open-ended (migration 0028) */
  expires_at: string | null;
  updated_at: string;
  /** 1 = shown by the public reads (migration 0028) */
  published: Generated<number>;
  /** seed | staff: a staff row is left alone by a reseed (migration 0028) */
  origin: Generated<string>;
  /** keyset of the staff list (migration 0028) */
  created_at: Generated<string>;
  /** a path on the site (/images/news/…): the cards' picture and the page's og:image (migration 0043) */
  cover_image_url: Generated<string | null>;
}

export interface NewsTranslationsTable {
  news_id: string;
  locale: string;
  title: string;
  summary: string;
  body: string;
  /** the language's description for search engines and link previews; null: the summary (migration 0043) */
  seo_description: Generated<string | null>;
}

export interface NoticesTable {
  id: string;
  slug: string;
  pinned: number;
  published_at: string;
  expires_at: string | null;
  updated_at: string;
  /** 1 = shown by the public reads (migration 0028) */
  published: Generated<number>;
  /** seed | staff: a staff row is left alone by a reseed (migration 0028) */
  origin: Generated<string>;
  /** keyset of the staff list (migration 0028) */
  created_at: Generated<string>;
}

export interface NoticeTranslationsTable {
  notice_id: string;
  locale: string;
  title: string;
  body: string;
}

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

/** Migration 0036: who searched a term, as a keyed hash of the visitor alone (ADR 0007). */
export interface SearchRecordVisitorsTable {
  locale: string;
  keyword: string;
  visitor: string;
  /** when the visitor last searched the term; rows older than the window go as it is searched again */
  seen_at: string;
}

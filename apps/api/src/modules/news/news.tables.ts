import { type Generated, type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// The news module's tables: news and promotions with their translations.
// Timestamps are UTC ISO text (see infrastructure/db/dialect.ts), booleans integer 0/1, bigint
// columns come back as strings from pg (use toCount()).

// 0003-content

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

export interface NewsTables {
  news: NewsTable;
  news_translations: NewsTranslationsTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends NewsTables {}
}

/** The news module's tables: its repositories' only handle (ADR 0038). */
export const newsTables = (db: Db): Kysely<NewsTables> => tablesOf<NewsTables>(db);

export type NewsRow = Selectable<NewsTable>;
export type NewsTranslationRow = Selectable<NewsTranslationsTable>;

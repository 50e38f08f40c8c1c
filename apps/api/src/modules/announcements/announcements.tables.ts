import { type Generated, type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// The announcements module's tables: notices with their translations.
// Timestamps are UTC ISO text (see infrastructure/db/dialect.ts), booleans integer 0/1, bigint
// columns come back as strings from pg (use toCount()).

// 0003-content

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

export interface AnnouncementsTables {
  notices: NoticesTable;
  notice_translations: NoticeTranslationsTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends AnnouncementsTables {}
}

/** The announcements module's tables: its repositories' only handle (ADR 0038). */
export const announcementsTables = (db: Db): Kysely<AnnouncementsTables> => tablesOf<AnnouncementsTables>(db);

export type NoticeRow = Selectable<NoticesTable>;
export type NoticeTranslationRow = Selectable<NoticeTranslationsTable>;

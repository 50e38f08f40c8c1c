import { type Generated, type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// The downloads module's tables: releases, their packages and notes.
// Timestamps are UTC ISO text (see infrastructure/db/dialect.ts), booleans integer 0/1, bigint
// columns come back as strings from pg (use toCount()).

// 0003-content

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

export interface DownloadsTables {
  releases: ReleasesTable;
  release_packages: ReleasePackagesTable;
  release_notes: ReleaseNotesTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends DownloadsTables {}
}

/** The downloads module's tables: its repositories' only handle (ADR 0038). */
export const downloadsTables = (db: Db): Kysely<DownloadsTables> => tablesOf<DownloadsTables>(db);

export type ReleaseRow = Selectable<ReleasesTable>;
export type ReleasePackageRow = Selectable<ReleasePackagesTable>;
export type ReleaseNoteRow = Selectable<ReleaseNotesTable>;

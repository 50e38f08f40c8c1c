import { type Kysely } from 'kysely';

// Public content: releases and their packages and notes, news and promotions, notices, the
// search index (documents + postings) and recorded searches. Translations live in rows of
// their own keyed by locale, so a missing language is a missing row and readers fall back.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One release of one platform (WIN, MAC, LINUX, ANDROID, IOS, IPAD).
  await db.schema
    .createTable('releases')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    // major*1_000_000 + minor*1_000 + patch: sorts versions numerically ("3.10" after "3.9")
    .addColumn('version_code', 'integer', (col) => col.notNull())
    .addColumn('released_at', 'text', (col) => col.notNull())
    .addColumn('min_os', 'text', (col) => col.notNull())
    .addColumn('store_url', 'text')
    .execute();
  await db.schema.createIndex('releases_platform_version_uq').on('releases').columns(['platform', 'version']).unique().execute();
  await db.schema.createIndex('releases_platform_code_idx').on('releases').columns(['platform', 'version_code']).execute();

  // The files of a release: one per chip type and package format.
  await db.schema
    .createTable('release_packages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('release_id', 'text', (col) => col.notNull().references('releases.id').onDelete('cascade'))
    .addColumn('chip_type', 'text', (col) => col.notNull())
    .addColumn('format', 'text', (col) => col.notNull())
    // path under DOWNLOAD_BASE_URL; null for store listings
    .addColumn('file_path', 'text')
    .addColumn('size_bytes', 'bigint')
    .addColumn('sha256', 'text')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('release_packages_uq')
    .on('release_packages')
    .columns(['release_id', 'chip_type', 'format'])
    .unique()
    .execute();

  await db.schema
    .createTable('release_notes')
    .addColumn('release_id', 'text', (col) => col.notNull().references('releases.id').onDelete('cascade'))
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('release_notes_pk', ['release_id', 'locale'])
    .execute();

  // News and promotions share one store; public_id is the {id} of /info-{id}.
  await db.schema
    .createTable('news')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('public_id', 'integer', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('published_at', 'text', (col) => col.notNull())
    .addColumn('valid_from', 'text')
    .addColumn('valid_until', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('news_kind_published_idx').on('news').columns(['kind', 'published_at']).execute();
  await db.schema.createIndex('news_published_idx').on('news').columns(['published_at']).execute();

  await db.schema
    .createTable('news_translations')
    .addColumn('news_id', 'text', (col) => col.notNull().references('news.id').onDelete('cascade'))
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('news_translations_pk', ['news_id', 'locale'])
    .execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('pinned', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('published_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('notice_translations')
    .addColumn('notice_id', 'text', (col) => col.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('notice_translations_pk', ['notice_id', 'locale'])
    .execute();

  // Search: one document per page and language, and its terms (CJK bigrams/unigrams and
  // folded Latin words) in a postings table that both dialects query with plain SQL.
  await db.schema
    .createTable('search_documents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('ref', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('published_at', 'text')
    .execute();
  await db.schema.createIndex('search_documents_uq').on('search_documents').columns(['locale', 'type', 'ref']).unique().execute();

  await db.schema
    .createTable('search_postings')
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('term', 'text', (col) => col.notNull())
    .addColumn('document_id', 'text', (col) => col.notNull().references('search_documents.id').onDelete('cascade'))
    .addColumn('in_title', 'integer', (col) => col.notNull())
    .addColumn('frequency', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('search_postings_pk', ['locale', 'term', 'document_id'])
    .execute();
  await db.schema.createIndex('search_postings_document_idx').on('search_postings').column('document_id').execute();

  await db.schema
    .createTable('search_records')
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('keyword', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('search_records_pk', ['locale', 'keyword'])
    .execute();
  await db.schema.createIndex('search_records_rank_idx').on('search_records').columns(['locale', 'count']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'search_records',
    'search_postings',
    'search_documents',
    'notice_translations',
    'notices',
    'news_translations',
    'news',
    'release_notes',
    'release_packages',
    'releases',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

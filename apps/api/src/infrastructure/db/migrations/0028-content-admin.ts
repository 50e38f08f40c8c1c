import { type Kysely, sql } from 'kysely';

// The back office edits content and prices (ADR 0019, step 3). Each edited table gets:
// - `published` (0/1): the public reads show a row only when it is published (and its window
//   is open); existing rows stay published;
// - `origin` ('seed' | 'staff'): the seed (content/seed) is the first data; once staff create
//   or edit a row it becomes 'staff' and a reseed neither overwrites nor deletes it;
// - `created_at`: the keyset of the staff lists (created_at, id), backfilled from published_at.
// News also gets `expires_at`, the end of its publish window (notices have one already).

const EPOCH = '1970-01-01T00:00:00.000Z';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['news', 'notices', 'releases']) {
    await db.schema
      .alterTable(table)
      .addColumn('published', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('origin', 'text', (col) => col.notNull().defaultTo('seed'))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(EPOCH))
      .execute();
  }
  await db.schema.alterTable('news').addColumn('expires_at', 'text').execute();
  await sql`update news set created_at = published_at`.execute(db);
  await sql`update notices set created_at = published_at`.execute(db);
  await sql`update releases set created_at = released_at`.execute(db);
  await db.schema.createIndex('news_created_id_idx').on('news').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('notices_created_id_idx').on('notices').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('releases_created_id_idx').on('releases').columns(['created_at', 'id']).execute();

  await db.schema
    .alterTable('catalogue_skus')
    .addColumn('origin', 'text', (col) => col.notNull().defaultTo('seed'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_skus').dropColumn('origin').execute();
  await db.schema.dropIndex('releases_created_id_idx').execute();
  await db.schema.dropIndex('notices_created_id_idx').execute();
  await db.schema.dropIndex('news_created_id_idx').execute();
  await db.schema.alterTable('news').dropColumn('expires_at').execute();
  for (const table of ['news', 'notices', 'releases']) {
    for (const column of ['created_at', 'origin', 'published']) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}

import { type Kysely } from 'kysely';

// Hot searches counted by distinct visitors, with staff's say (ADR 0007, "Hot searches"): each
// term's visitors as keyed hashes of the visitor (never an address) with when they last searched
// it, so a term's count is the number of distinct visitors of the window; and a state per term,
// NORMAL, PINNED (shown first) or HIDDEN (never shown). The counter of the earlier rule (a
// client once every ten minutes, seeded figures added) goes: nothing it counted is a visitor.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('search_records')
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('NORMAL'))
    .execute();
  // SQLite drops no column an index names
  await db.schema.dropIndex('search_records_rank_idx').execute();
  await db.schema.alterTable('search_records').dropColumn('count').execute();
  await db.schema
    .createTable('search_record_visitors')
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('keyword', 'text', (col) => col.notNull())
    .addColumn('visitor', 'text', (col) => col.notNull())
    .addColumn('seen_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('search_record_visitors_pk', ['locale', 'keyword', 'visitor'])
    .execute();
  // the hot list counts a language's visitors of the window
  await db.schema.createIndex('search_record_visitors_seen_idx').on('search_record_visitors').columns(['locale', 'seen_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_record_visitors').execute();
  await db.schema
    .alterTable('search_records')
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('search_records_rank_idx').on('search_records').columns(['locale', 'count']).execute();
  await db.schema.alterTable('search_records').dropColumn('state').execute();
}

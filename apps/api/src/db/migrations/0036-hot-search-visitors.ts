import { type Kysely } from 'kysely';

// Hot searches counted by distinct visitors, with staff's say (ADR 0007, "Hot searches"): each
// term's visitors of the day as keyed hashes (never an address), so a term counts a visitor
// once a day; and a state per term, NORMAL, PINNED (shown first) or HIDDEN (never shown).
// Counts recorded before stay as they are.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('search_records').addColumn('state', 'text', (col) => col.notNull().defaultTo('NORMAL')).execute();
  await db.schema
    .createTable('search_record_visitors')
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('keyword', 'text', (col) => col.notNull())
    .addColumn('visitor', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('search_record_visitors_pk', ['locale', 'keyword', 'visitor'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_record_visitors').execute();
  await db.schema.alterTable('search_records').dropColumn('state').execute();
}

import { type Kysely } from 'kysely';

// Foundation: the app_meta key/value table (seed version and other facts about the data).
// Migrations use `Kysely<any>` on purpose: they must keep compiling after the DB interface
// moves on, describing the schema as it was at the time.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_meta').execute();
}

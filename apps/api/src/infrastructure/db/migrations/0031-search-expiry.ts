import { type Kysely } from 'kysely';

// A search document ends where its page's publish window ends (ADR 0019): `expires_at` (news
// and notices), compared with the clock when searching, as `published_at` already is. Before,
// a news item whose window had closed stayed findable until something rebuilt the index.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('search_documents').addColumn('expires_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('search_documents').dropColumn('expires_at').execute();
}

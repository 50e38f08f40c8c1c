import { type Kysely, PostgresAdapter, sql } from 'kysely';

// The device list's text filter (`lower(name) LIKE '%…%' OR lower(device_key) LIKE '%…%'` within
// an account) read every row of the account. PostgreSQL: trigram GIN indexes (pg_trgm) on both
// expressions serve the LIKE directly — when the extension is available and may be created
// (it is a trusted extension since PostgreSQL 13); without it the query is the same and scans
// as before. SQLite: an index holding the account, the list order and both texts, so the search
// walks an index in list order instead of the table (FTS5's trigram tokenizer would need a
// rowid that VACUUM may renumber on a table keyed by text ids). Indexes only: the query is
// unchanged on both dialects.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The schema pg_trgm lives in, creating it in public when it is missing and allowed; null when unavailable. */
async function trigramSchema(db: AnyDb): Promise<string | null> {
  const find = async () =>
    (
      await sql<{ schema: string }>`SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'`.execute(
        db,
      )
    ).rows[0]?.schema ?? null;
  const found = await find();
  if (found) return found;
  // a failed CREATE EXTENSION (no privilege, not installed, a parallel creator) must not abort the migration's transaction
  await sql`SAVEPOINT llk_pg_trgm`.execute(db);
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`.execute(db);
    await sql`RELEASE SAVEPOINT llk_pg_trgm`.execute(db);
  } catch {
    await sql`ROLLBACK TO SAVEPOINT llk_pg_trgm`.execute(db);
    return null;
  }
  return find();
}

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    const schema = await trigramSchema(db);
    if (!schema) return;
    const ops = sql.raw(`${JSON.stringify(schema)}.gin_trgm_ops`);
    await sql`CREATE INDEX devices_name_trgm_idx ON devices USING gin (lower(name) ${ops})`.execute(db);
    await sql`CREATE INDEX devices_key_trgm_idx ON devices USING gin (lower(device_key) ${ops})`.execute(db);
    return;
  }
  await db.schema
    .createIndex('devices_user_text_idx')
    .on('devices')
    .columns(['user_id', 'created_at', 'id', 'name', 'device_key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP INDEX IF EXISTS devices_name_trgm_idx`.execute(db);
    await sql`DROP INDEX IF EXISTS devices_key_trgm_idx`.execute(db);
    return;
  }
  await db.schema.dropIndex('devices_user_text_idx').execute();
}

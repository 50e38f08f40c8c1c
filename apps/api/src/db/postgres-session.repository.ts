import { sql, type Kysely } from 'kysely';

// The few statements about the PostgreSQL session itself (not about our tables) that the
// start-up lock and the migrator need. Kept here so that only repositories build SQL.

/** The schema unqualified names resolve to (the first of `search_path` that exists). */
export async function currentSchema<T>(db: Kysely<T>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema (check search_path)');
  return schema;
}

const startupKey = sql`hashtext('llk.startup.' || current_schema())`;

/** Waits for this schema's start-up advisory lock; `db` must be one reserved connection. */
export async function lockStartup<T>(db: Kysely<T>): Promise<void> {
  await sql`select pg_advisory_lock(${startupKey})`.execute(db);
}

export async function unlockStartup<T>(db: Kysely<T>): Promise<void> {
  await sql`select pg_advisory_unlock(${startupKey})`.execute(db);
}

/**
 * The tables of one schema, by name only. Kysely's own introspector lists every column of every
 * schema in the database with each column's sequence, which fails when another schema is dropped
 * or altered while it runs; the migrator only needs to know whether its two tables exist.
 */
export async function tablesIn<T>(db: Kysely<T>, schema: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_catalog.pg_tables where schemaname = ${schema}`.execute(db);
  return rows.map((row) => row.name);
}

export async function schemaNames<T>(db: Kysely<T>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(db);
  return rows.map((row) => row.name);
}

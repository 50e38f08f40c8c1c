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

import { sql, type Kysely } from 'kysely';
import { type DatabaseTimeouts } from './timeouts';

// The few statements about the PostgreSQL session itself (not about our tables) that the
// start-up lock, the migrator and the connections' timeouts need. Kept here so that only repositories build SQL.

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

const TIMEOUT_SETTINGS = {
  statementMs: 'statement_timeout',
  lockMs: 'lock_timeout',
  idleInTransactionMs: 'idle_in_transaction_session_timeout',
} as const satisfies Record<keyof DatabaseTimeouts, string>;

/** set_config of each timeout named in `timeouts` (ms) for the session, in one statement. */
async function setTimeouts<T>(db: Kysely<T>, timeouts: Partial<DatabaseTimeouts>): Promise<void> {
  const calls = (Object.keys(TIMEOUT_SETTINGS) as (keyof DatabaseTimeouts)[])
    .filter((key) => timeouts[key] !== undefined)
    .map((key) => sql`set_config(${TIMEOUT_SETTINGS[key]}, ${String(Math.round(timeouts[key] ?? 0))}, false)`);
  if (calls.length > 0) await sql`select ${sql.join(calls)}`.execute(db);
}

/** No statement, lock or idle-transaction limit for this session; `db` must be one reserved connection. */
export async function liftSessionTimeouts<T>(db: Kysely<T>): Promise<void> {
  await setTimeouts(db, { statementMs: 0, lockMs: 0, idleInTransactionMs: 0 });
}

/** The session's limits back to those it connected with (the pool's `-c` options). */
export async function restoreSessionTimeouts<T>(db: Kysely<T>): Promise<void> {
  await sql
    .raw(
      Object.values(TIMEOUT_SETTINGS)
        .map((name) => `reset ${name}`)
        .join('; '),
    )
    .execute(db);
}

import { Migrator, type DatabaseIntrospector, type Kysely, type MigrationResult } from 'kysely';
import { type DatabaseHandle } from './database';
import { migrations } from './migrations';
import { currentSchema, schemaNames, tablesIn } from './postgres-session.repository';

/**
 * Brings the schema to the latest migration; a no-op when it is already there. On PostgreSQL
 * Kysely's bookkeeping tables go into the connection's current schema, because its existence
 * check otherwise matches a same-named table in any schema of the database.
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await migrateOnce(handle);
    } catch (error) {
      if (attempt >= SETUP_ATTEMPTS || !isCatalogRace(error)) throw error;
    }
  }
}

/**
 * Kysely's set-up looks for its bookkeeping tables by listing the tables (and every column's
 * sequence) of every schema; on PostgreSQL that listing fails when another schema is dropped or
 * altered while it runs (the test suites drop theirs as each file ends): "schema … does not
 * exist" (3F000), "column … does not exist" (42703), an undefined table or object (42P01, 42704)
 * or "cache lookup failed" (XX000). The migrator is therefore given an introspector that lists
 * only the names of the current schema's tables (`narrowIntrospection`); should the set-up still
 * meet such a race, nothing has been applied at that point, so it is simply tried again.
 */
const SETUP_ATTEMPTS = 5;
const CATALOG_RACE_CODES = new Set(['3F000', '42703', '42P01', '42704', 'XX000']);

function isCatalogRace(error: unknown): boolean {
  const code = (error instanceof MigrationSetupError ? (error.cause as { code?: unknown } | undefined)?.code : undefined) ?? '';
  return typeof code === 'string' && CATALOG_RACE_CODES.has(code);
}

class MigrationSetupError extends Error {}

async function migrateOnce(handle: DatabaseHandle): Promise<string[]> {
  const migrationTableSchema =
    handle.dialect === 'postgres'
      ? await currentSchema(handle.db).catch((error: Error) => {
          throw new MigrationSetupError(`migration (setup) failed: ${error.message}`, { cause: error });
        })
      : undefined;
  const migrator = new Migrator({
    db: migrationTableSchema ? narrowIntrospection(handle.db, migrationTableSchema) : handle.db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result: MigrationResult) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    const message = `migration ${failed?.migrationName ?? '(setup)'} failed: ${cause.message}`;
    // nothing ran (no results, or none executed): the set-up failed, and may be tried again
    const applied = failed !== undefined || (results ?? []).some((result) => result.status !== 'NotExecuted');
    throw applied ? new Error(message, { cause }) : new MigrationSetupError(message, { cause });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * The same database handle, except that its introspector sees only `schema`'s table names (all the
 * migrator asks of it). A proxy, since Kysely keeps its state in private fields: every other
 * member is read from, and every method called on, the real instance.
 */
function narrowIntrospection<T>(db: Kysely<T>, schema: string): Kysely<T> {
  const getTables = async () => (await tablesIn(db, schema)).map((name) => ({ name, schema, isView: false, columns: [] }));
  const introspection: DatabaseIntrospector = {
    getSchemas: async () => (await schemaNames(db)).map((name) => ({ name })),
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

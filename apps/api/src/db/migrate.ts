import { Migrator, type MigrationResult } from 'kysely';
import { type DatabaseHandle } from './database';
import { migrations } from './migrations';
import { currentSchema } from './postgres-session.repository';

/**
 * Brings the schema to the latest migration; a no-op when it is already there. On PostgreSQL
 * Kysely's bookkeeping tables go into the connection's current schema, because its existence
 * check otherwise matches a same-named table in any schema of the database.
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrationTableSchema = handle.dialect === 'postgres' ? await currentSchema(handle.db) : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result: MigrationResult) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`migration ${failed?.migrationName ?? '(setup)'} failed: ${cause.message}`, { cause });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

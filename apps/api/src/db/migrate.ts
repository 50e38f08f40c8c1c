import { Migrator, sql, type MigrationResult } from 'kysely';
import { type DatabaseHandle } from './database';
import { migrations } from './migrations';
import { defaultGuideDir } from '../modules/search/search.seed';
import { syncGuideIndex } from '../modules/search/search-index';
import { seedDatabase, type SeedOptions, type SeedResult } from './seed';
import { withStartupLock } from './startup-lock';

/**
 * Brings the schema to the latest migration; a no-op when it is already there. On PostgreSQL
 * Kysely's bookkeeping tables go into the connection's current schema, because its existence
 * check otherwise matches a same-named table in any schema of the database.
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrationTableSchema = handle.dialect === 'postgres' ? await currentSchema(handle) : undefined;
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

async function currentSchema(handle: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema (check search_path)');
  return schema;
}

/**
 * Migrates, seeds and brings the guide's search index up to date (the guide is edited apart from
 * the seed), as one critical section across every instance starting on this database (see
 * startup-lock.ts): the first does the work, the others wait and find nothing left to do.
 */
export async function migrateAndSeed(
  handle: DatabaseHandle,
  seedOptions: SeedOptions = {},
): Promise<{ migrations: string[]; seed: SeedResult; guideIndexRebuilt: boolean }> {
  return withStartupLock(handle, async (locked) => {
    const applied = await migrateToLatest(locked);
    const seed = await seedDatabase(locked.db, seedOptions);
    const guideIndexRebuilt = await syncGuideIndex(locked.db, defaultGuideDir);
    return { migrations: applied, seed, guideIndexRebuilt };
  });
}

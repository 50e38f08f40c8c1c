import { type DatabaseHandle } from '../../infrastructure/db/database';
import { migrateToLatest } from '../../infrastructure/db/migrate';
import { withStartupLock } from '../../infrastructure/db/startup-lock';
import { defaultGuideDir, syncGuideIndex } from '../../modules/search';
import { seedDatabase, type SeedOptions, type SeedResult } from './seed';

/**
 * Migrates, seeds and brings the guide's search index up to date (the guide is edited apart from
 * the seed), as one critical section across every instance starting on this database (see
 * db/startup-lock.ts): the first does the work, the others wait and find nothing left to do.
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

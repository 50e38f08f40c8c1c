import { type Db } from './schema';

export interface SeedContext {
  /** The seed folder (content/seed by default). */
  dir: string;
  /** Parses a JSON file of the seed folder. */
  readJson<T = unknown>(relativePath: string): T;
}

/**
 * One kind of seed content (news, releases, pricing …). `run` must be idempotent — an upsert
 * keyed by a stable natural key — because seeding reruns whenever any seed file changes.
 */
export interface SeedStep {
  name: string;
  run(db: Db, context: SeedContext): Promise<void>;
}

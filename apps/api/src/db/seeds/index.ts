import { noticesSeedStep } from '../../modules/announcements/announcements.seed';
import { releasesSeedStep } from '../../modules/downloads/downloads.seed';
import { newsSeedStep } from '../../modules/news/news.seed';
import { pricingSeedStep } from '../../modules/pricing/pricing.seed';
import { searchSeedStep } from '../../modules/search/search.seed';
import { type Db } from '../schema';

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

// Steps run in this order inside one transaction. The foundation seeds only its version;
// later issues append their steps here.
export const seedSteps: SeedStep[] = [
  // content (issue 4): search indexes news and notices, so it runs after them
  releasesSeedStep,
  newsSeedStep,
  noticesSeedStep,
  searchSeedStep(),
  // pricing (issue 5): SKUs and the feature matrix of /memberPricing/detail/v2
  pricingSeedStep,
];

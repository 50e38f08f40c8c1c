import { noticesSeedStep } from '../../modules/announcements/announcements.seed';
import { releasesSeedStep } from '../../modules/downloads/downloads.seed';
import { newsSeedStep } from '../../modules/news/news.seed';
import { pricingSeedStep } from '../../modules/pricing/pricing.seed';
import { searchSeedStep } from '../../modules/search/search.seed';
import { type SeedStep } from '../../infrastructure/db/seed-step';

// Steps run in this order inside one transaction.
export const seedSteps: SeedStep[] = [
  // content: search indexes news and notices, so it runs after them
  releasesSeedStep,
  newsSeedStep,
  noticesSeedStep,
  searchSeedStep(),
  // pricing: SKUs and the feature matrix of /memberPricing/detail/v2
  pricingSeedStep,
];

import path from 'node:path';
import { locales } from '@llk/contracts';
import { z } from 'zod';
import { dbNow } from '../../infrastructure/db/dialect';
import { type SeedStep } from '../../infrastructure/db/seed-step';
import { repoRoot } from '../../paths';
import { insertSearchRecordIfAbsent } from './search.repository';
import { rebuildSearchIndex } from './search-index';
import { normalizeKeyword } from './search-text';

export const defaultGuideDir = path.join(repoRoot, 'content/guide');

// content/seed/hot-searches.json: starting hot searches per locale, seeded PINNED (ADR 0007, "Hot
// searches"): a count is distinct visitors and a seed has none, so the list a new site shows is
// the operator's choice, which staff release or hide like any pin. A reseed adds new terms only:
// a term already there keeps the state staff gave it.
const ZHotSearches = z.partialRecord(z.enum(locales), z.array(z.string().min(1)));

/** Runs after news and notices: indexes them and the guide, then seeds hot searches. */
export function searchSeedStep(guideDir: string = defaultGuideDir): SeedStep {
  return {
    name: 'search',
    async run(db, context) {
      await rebuildSearchIndex(db, guideDir);
      const hot = ZHotSearches.parse(context.readJson('hot-searches.json'));
      const now = dbNow();
      for (const [locale, entries] of Object.entries(hot)) {
        for (const keyword of entries)
          await insertSearchRecordIfAbsent(db, { locale, keyword: normalizeKeyword(keyword), state: 'PINNED', now });
      }
    },
  };
}

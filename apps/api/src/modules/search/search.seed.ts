import path from 'node:path';
import { locales } from '@llk/contracts';
import { z } from 'zod';
import { dbNow } from '../../db/dialect';
import { type SeedStep } from '../../db/seed-step';
import { repoRoot } from '../../paths';
import { insertSearchRecordIfAbsent } from './search.repository';
import { rebuildSearchIndex } from './search-index';
import { normalizeKeyword } from './search-text';

export const defaultGuideDir = path.join(repoRoot, 'content/guide');

// content/seed/hot-searches.json: starting hot searches per locale as [keyword, count]; real
// searches add to them and are never reset by a reseed.
const ZHotSearches = z.partialRecord(z.enum(locales), z.array(z.tuple([z.string().min(1), z.number().int().nonnegative()])));

/** Runs after news and notices: indexes them and the guide, then seeds hot searches. */
export function searchSeedStep(guideDir: string = defaultGuideDir): SeedStep {
  return {
    name: 'search',
    async run(db, context) {
      await rebuildSearchIndex(db, guideDir);
      const hot = ZHotSearches.parse(context.readJson('hot-searches.json'));
      const now = dbNow();
      for (const [locale, entries] of Object.entries(hot)) {
        for (const [keyword, count] of entries) await insertSearchRecordIfAbsent(db, locale, normalizeKeyword(keyword), count, now);
      }
    },
  };
}

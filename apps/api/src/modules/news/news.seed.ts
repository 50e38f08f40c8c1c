import { readdirSync } from 'node:fs';
import path from 'node:path';
import { locales, ZNewsKind } from '@llk/contracts';
import { z } from 'zod';
import { dbNow } from '../../infrastructure/db/dialect';
import { type SeedStep } from '../../infrastructure/db/seed-step';
import { replaceNews, type SeedNews } from './news.repository';

// content/seed/news/<slug>.json, one file per news item or promotion, all languages in it.
// `id` is the public id of /info-{id}: fixed in the file, so links survive reseeding.

const ZTranslation = z.object({ title: z.string().min(1), summary: z.string().min(1), body: z.string().min(1) });

const ZSeedNewsFile = z
  .object({
    id: z.number().int().positive(),
    kind: ZNewsKind,
    publishedAt: z.iso.datetime({ offset: true }),
    validFrom: z.iso.datetime({ offset: true }).nullable().default(null),
    validUntil: z.iso.datetime({ offset: true }).nullable().default(null),
    translations: z.partialRecord(z.enum(locales), ZTranslation),
  })
  .refine((item) => item.kind === 'PROMOTION' || (item.validFrom === null && item.validUntil === null), {
    error: 'only promotions have a validity window',
  });

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

export const newsSeedStep: SeedStep = {
  name: 'news',
  async run(db, context) {
    const files = readdirSync(path.join(context.dir, 'news'))
      .filter((name) => name.endsWith('.json'))
      .sort();
    const items: SeedNews[] = [];
    const ids = new Set<number>();
    for (const file of files) {
      const item = ZSeedNewsFile.parse(context.readJson(`news/${file}`));
      if (ids.has(item.id)) throw new Error(`news/${file}: id ${item.id} is used twice`);
      ids.add(item.id);
      items.push({
        publicId: item.id,
        slug: path.basename(file, '.json'),
        kind: item.kind,
        publishedAt: new Date(item.publishedAt).toISOString(),
        validFrom: iso(item.validFrom),
        validUntil: iso(item.validUntil),
        translations: Object.entries(item.translations).map(([locale, t]) => ({ locale, ...t })),
      });
    }
    await replaceNews(db, items, dbNow());
  },
};

import { locales } from '@llk/contracts';
import { z } from 'zod';
import { dbNow } from '../../infrastructure/db/dialect';
import { type SeedStep } from '../../infrastructure/db/seed-step';
import { replaceNotices } from './announcements.repository';

// content/seed/notices.json: every notice with all its languages, keyed by a stable slug.

const ZSeedNotices = z.array(
  z.object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    pinned: z.boolean().default(false),
    publishedAt: z.iso.datetime({ offset: true }),
    expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
    translations: z.partialRecord(z.enum(locales), z.object({ title: z.string().min(1), body: z.string().min(1) })),
  }),
);

export const noticesSeedStep: SeedStep = {
  name: 'notices',
  async run(db, context) {
    const notices = ZSeedNotices.parse(context.readJson('notices.json'));
    await replaceNotices(
      db,
      notices.map((notice) => ({
        slug: notice.slug,
        pinned: notice.pinned,
        publishedAt: new Date(notice.publishedAt).toISOString(),
        expiresAt: notice.expiresAt === null ? null : new Date(notice.expiresAt).toISOString(),
        translations: Object.entries(notice.translations).map(([locale, t]) => ({ locale, ...t })),
      })),
      dbNow(),
    );
  },
};

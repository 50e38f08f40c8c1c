import { readdirSync } from 'node:fs';
import path from 'node:path';
import { locales, ZChipType, ZPackageFormat, ZReleasePlatform, type TLocale, type TReleasePlatform } from '@llk/contracts';
import { z } from 'zod';
import { type SeedStep } from '../../infrastructure/db/seed-step';
import { replaceReleases, type SeedRelease } from './downloads.repository';

// content/seed/releases.json lists every platform's releases and files;
// content/seed/release-notes/<version>.json holds that version's notes as bullet lists per
// locale, grouped by who they concern: "all", "desktop" (WIN, MAC, LINUX), "mobile" (ANDROID,
// IOS, IPAD) or one platform. A release's notes are its groups' bullets in that order.

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/);

const ZSeedPackage = z.object({
  chipType: ZChipType,
  format: ZPackageFormat,
  file: z.string().min(1).nullable(),
  sizeBytes: z.number().int().positive().nullable(),
  sha256: ZSha256.nullable(),
});

const ZSeedReleases = z.object({
  platforms: z.record(
    ZReleasePlatform,
    z.object({
      minOs: z.string(),
      storeUrl: z.string().url().nullable(),
      releases: z.array(
        z.object({
          version: z.string().regex(/^\d+\.\d+\.\d+$/),
          releasedAt: z.iso.datetime({ offset: true }),
          minOs: z.string().optional(),
          packages: z.array(ZSeedPackage),
        }),
      ),
    }),
  ),
});

const ZBullets = z.partialRecord(z.enum(locales), z.array(z.string().min(1)));
const ZSeedNotes = z.partialRecord(z.enum(['all', 'desktop', 'mobile', ...ZReleasePlatform.options]), ZBullets);
type TSeedNotes = z.infer<typeof ZSeedNotes>;

const DESKTOP: TReleasePlatform[] = ['WIN', 'MAC', 'LINUX'];

export function versionCode(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return major * 1_000_000 + minor * 1_000 + patch;
}

function notesFor(platform: TReleasePlatform, notes: TSeedNotes | undefined): { locale: TLocale; body: string }[] {
  if (!notes) return [];
  const groups = [notes.all, DESKTOP.includes(platform) ? notes.desktop : notes.mobile, notes[platform]];
  const out: { locale: TLocale; body: string }[] = [];
  for (const locale of locales) {
    const bullets = groups.flatMap((group) => group?.[locale] ?? []);
    if (bullets.length > 0) out.push({ locale, body: bullets.map((bullet) => `- ${bullet}`).join('\n') });
  }
  return out;
}

export const releasesSeedStep: SeedStep = {
  name: 'releases',
  async run(db, context) {
    const data = ZSeedReleases.parse(context.readJson('releases.json'));
    const notesDir = path.join(context.dir, 'release-notes');
    const notes = new Map<string, TSeedNotes>();
    for (const file of readdirSync(notesDir).filter((name) => name.endsWith('.json'))) {
      notes.set(path.basename(file, '.json'), ZSeedNotes.parse(context.readJson(`release-notes/${file}`)));
    }
    const releases: SeedRelease[] = [];
    for (const [platform, entry] of Object.entries(data.platforms) as [TReleasePlatform, (typeof data.platforms)[TReleasePlatform]][]) {
      if (!entry) continue;
      for (const release of entry.releases) {
        releases.push({
          platform,
          version: release.version,
          versionCode: versionCode(release.version),
          releasedAt: new Date(release.releasedAt).toISOString(),
          minOs: release.minOs ?? entry.minOs,
          storeUrl: entry.storeUrl,
          packages: release.packages.map((pkg) => ({
            chipType: pkg.chipType,
            format: pkg.format,
            filePath: pkg.file,
            sizeBytes: pkg.sizeBytes,
            sha256: pkg.sha256,
          })),
          notes: notesFor(platform, notes.get(release.version)),
        });
      }
    }
    await replaceReleases(db, releases);
  },
};

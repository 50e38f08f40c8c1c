import type { TChipType, TDownloadPackage, TRelease, TReleasePlatform } from '@llk/contracts';

// The download page's platforms by their share of our users (Windows, macOS, Android,
// iOS/iPadOS, Linux; ADR 0033, in place of the spec's order, which led with
// Android), the visitor's own platform moved first in the browser (components/platform-cards.tsx).
// iOS and iPadOS share a card; both have their own release in the API.

export const PLATFORM_KEYS = ['windows', 'macos', 'android', 'ios', 'linux'] as const;
export type TPlatformKey = (typeof PLATFORM_KEYS)[number];

/** API platforms shown on each card (the first one's release gives version and date). */
const PLATFORM_RELEASES: Record<TPlatformKey, readonly TReleasePlatform[]> = {
  android: ['ANDROID'],
  windows: ['WIN'],
  ios: ['IOS', 'IPAD'],
  macos: ['MAC'],
  linux: ['LINUX'],
};

/** The release of each card, from GET /download/list. */
export function groupReleases(platforms: readonly TRelease[]): Record<TPlatformKey, TRelease | null> {
  const byPlatform = new Map(platforms.map((release) => [release.platform, release]));
  return Object.fromEntries(
    PLATFORM_KEYS.map((key) => [key, PLATFORM_RELEASES[key].map((platform) => byPlatform.get(platform)).find(Boolean) ?? null]),
  ) as Record<TPlatformKey, TRelease | null>;
}

/** Installable files (store listings have none), in the API's order. */
export function filePackages(release: TRelease | null): TDownloadPackage[] {
  return release?.packages.filter((item) => item.format !== 'store' && item.fileName) ?? [];
}

/**
 * The file offered first for a platform and chip: the first package of that chip, else the
 * first one at all. Windows lists the setup .exe before the .msi, Linux the .deb first.
 */
export function primaryPackage(release: TRelease | null, chip?: TChipType): TDownloadPackage | null {
  const files = filePackages(release);
  return (chip && files.find((item) => item.chipType === chip)) || files[0] || null;
}

/** Size in megabytes (10^6 bytes, as operating systems show downloads), e.g. "96.7 MB". */
export function formatSize(bytes: number, languageTag: string): string {
  return new Intl.NumberFormat(languageTag, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1e6);
}

/** Operating-system names are the same in every language. */
export const RELEASE_PLATFORM_NAMES: Record<TReleasePlatform, string> = {
  ANDROID: 'Android',
  WIN: 'Windows',
  IOS: 'iOS',
  IPAD: 'iPadOS',
  MAC: 'macOS',
  LINUX: 'Linux',
};

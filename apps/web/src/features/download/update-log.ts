import { ZUpdateLog, type TReleasePlatform, type TUpdateLogEntry } from '@llk/contracts';
import { type TLocale } from '@llk/contracts/locales';
import { fetchContent } from '@/lib/content-fetch';

/** Release-note platforms in the download page's order (Android, Windows, iOS, iPadOS, macOS, Linux). */
const LOG_PLATFORMS: readonly TReleasePlatform[] = ['ANDROID', 'WIN', 'IOS', 'IPAD', 'MAC', 'LINUX'];
const PAGE_SIZE = 50;
const MAX_PAGES = 20;

/** Every release note of every platform (GET /download/updateLog, all pages); null when the API is down. */
export async function fetchFullUpdateLog(locale: TLocale): Promise<TUpdateLogEntry[] | null> {
  const entries: TUpdateLogEntry[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const data = await fetchContent(`/download/updateLog?page=${page}&pageSize=${PAGE_SIZE}`, locale, ZUpdateLog);
    if (!data) return page === 1 ? null : entries;
    entries.push(...data.list);
    if (entries.length >= data.total || data.list.length < PAGE_SIZE) break;
  }
  return entries;
}

/** Entries per platform, newest first, platforms without notes left out. */
export function groupByPlatform(entries: readonly TUpdateLogEntry[]): { platform: TReleasePlatform; entries: TUpdateLogEntry[] }[] {
  return LOG_PLATFORMS.map((platform) => ({
    platform,
    entries: entries.filter((entry) => entry.platform === platform).sort((a, b) => b.releasedAt.localeCompare(a.releasedAt)),
  })).filter((group) => group.entries.length > 0);
}

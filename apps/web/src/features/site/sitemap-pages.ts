import { defaultLocale } from '@llk/contracts/locales';
import { getGuideTree } from '@/features/guide/guide-content';
import { guideHref, listGuidePaths } from '@/features/guide/guide-tree';
import { getNewsList, NEWS_PAGE_SIZE } from '@/features/news/news-api';
import { infoPath, LEGAL_DOCS, legalPath, newsPath } from '@/lib/routes';

// What sitemap.xml lists: public paths without the locale prefix; each is listed in all seven
// languages with hreflang alternates (app/sitemap.ts). Pages of other features add themselves
// here: a static path to SITEMAP_PATHS, or a source for pages that come from content (guide
// topics, news items), which may read files or call the API when the sitemap is generated.

interface TSitemapPage {
  path: string;
  /** 0.0–1.0, relative importance within the site */
  priority?: number;
  changeFrequency?: 'daily' | 'weekly' | 'monthly' | 'yearly';
  /** ISO date of the last change, when known */
  lastModified?: string;
}

/** Indexable pages with fixed paths (no /order, /pay, /search, /login, /signup, /resetPW or /account…: per-user or transactional). */
export const SITEMAP_PATHS: readonly TSitemapPage[] = [
  { path: '/', priority: 1, changeFrequency: 'weekly' },
  { path: '/download', priority: 0.9, changeFrequency: 'weekly' },
  { path: '/pricing', priority: 0.9, changeFrequency: 'monthly' },
  { path: '/cloudPc', priority: 0.7, changeFrequency: 'monthly' },
  { path: '/guide', priority: 0.8, changeFrequency: 'weekly' },
  { path: newsPath(1), priority: 0.6, changeFrequency: 'daily' },
  { path: '/notice', priority: 0.5, changeFrequency: 'daily' },
  { path: '/log', priority: 0.5, changeFrequency: 'weekly' },
  { path: '/about', priority: 0.5, changeFrequency: 'yearly' },
  { path: '/security', priority: 0.5, changeFrequency: 'monthly' },
  { path: '/contact', priority: 0.5, changeFrequency: 'yearly' },
  { path: '/promotionPlan', priority: 0.4, changeFrequency: 'monthly' },
  ...LEGAL_DOCS.map((doc) => ({ path: legalPath(doc), priority: 0.2, changeFrequency: 'yearly' as const })),
];

/** Content-driven pages; each source returns its pages (and should not throw when data is missing). */
type TSitemapSource = () => Promise<readonly TSitemapPage[]> | readonly TSitemapPage[];

/**
 * Every guide topic at any depth. The paths are the same in all languages (a page missing in one
 * language falls back to another), so the default locale's tree lists them all. The files are
 * read from content/guide, which the server finds from its working directory (the repository).
 */
export function guideSitemapPages(tree = getGuideTree(defaultLocale)): TSitemapPage[] {
  return listGuidePaths(tree).map((path) => ({
    path: guideHref({ path }),
    priority: path.length === 1 ? 0.7 : 0.6,
    changeFrequency: 'monthly' as const,
  }));
}

/** Sitemap reads of the news store stop here: 20 pages of 50 = 1,000 items. */
const NEWS_SITEMAP_MAX_PAGES = 20;
const NEWS_SITEMAP_PAGE_SIZE = 50;

/**
 * Every news item and promotion (/info-{id}) and every listing page after the first
 * (/news-2 …), from the API. Items carry all seven translations under one id, so the default
 * locale's list is the whole list. When the API cannot be reached (a build without it), the
 * sitemap goes on without them and picks them up when it is regenerated.
 */
export async function newsSitemapPages(list = getNewsList): Promise<TSitemapPage[]> {
  const pages: TSitemapPage[] = [];
  let total = 0;
  try {
    for (let page = 1; page <= NEWS_SITEMAP_MAX_PAGES; page += 1) {
      const result = await list(defaultLocale, page, undefined, NEWS_SITEMAP_PAGE_SIZE);
      total = result.total;
      for (const item of result.list)
        pages.push({ path: infoPath(item.id), priority: 0.5, changeFrequency: 'monthly', lastModified: item.publishedAt });
      if (result.list.length < NEWS_SITEMAP_PAGE_SIZE || page * NEWS_SITEMAP_PAGE_SIZE >= total) break;
    }
  } catch (error) {
    console.warn('[sitemap] news unavailable:', error instanceof Error ? error.message : error);
    return [];
  }
  const listingPages = Math.ceil(total / NEWS_PAGE_SIZE);
  for (let page = 2; page <= listingPages; page += 1) pages.push({ path: newsPath(page), priority: 0.4, changeFrequency: 'daily' });
  return pages;
}

const SITEMAP_SOURCES: readonly TSitemapSource[] = [guideSitemapPages, newsSitemapPages];

/** Every page of the sitemap, static ones first, each path once. */
export async function collectSitemapPages(sources: readonly TSitemapSource[] = SITEMAP_SOURCES): Promise<TSitemapPage[]> {
  const results = await Promise.all(sources.map(async (source) => source()));
  const seen = new Set<string>();
  return [...SITEMAP_PATHS, ...results.flat()].filter((page) => !seen.has(page.path) && seen.add(page.path));
}

import { LEGAL_DOCS, legalPath, newsPath } from '@/lib/routes';

// What sitemap.xml lists: public paths without the locale prefix; each is listed in all seven
// languages with hreflang alternates (app/sitemap.ts). Pages of other features add themselves
// here: a static path to SITEMAP_PATHS, or a source for pages that come from content (guide
// topics, news items), which may read files or call the API when the sitemap is generated.

export interface TSitemapPage {
  path: string;
  /** 0.0–1.0, relative importance within the site */
  priority?: number;
  changeFrequency?: 'daily' | 'weekly' | 'monthly' | 'yearly';
  /** ISO date of the last change, when known */
  lastModified?: string;
}

/** Indexable pages with fixed paths (no /order, /pay, /search, /login, /signup or /resetPW: per-user or transactional). */
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
  { path: '/contact', priority: 0.5, changeFrequency: 'yearly' },
  { path: '/promotionPlan', priority: 0.4, changeFrequency: 'monthly' },
  ...LEGAL_DOCS.map((doc) => ({ path: legalPath(doc), priority: 0.2, changeFrequency: 'yearly' as const })),
];

/** Content-driven pages; each source returns its pages (and should not throw when data is missing). */
export type TSitemapSource = () => Promise<readonly TSitemapPage[]> | readonly TSitemapPage[];

export const SITEMAP_SOURCES: readonly TSitemapSource[] = [];

/** Every page of the sitemap, static ones first, each path once. */
export async function collectSitemapPages(sources: readonly TSitemapSource[] = SITEMAP_SOURCES): Promise<TSitemapPage[]> {
  const results = await Promise.all(sources.map(async (source) => source()));
  const seen = new Set<string>();
  return [...SITEMAP_PATHS, ...results.flat()].filter((page) => !seen.has(page.path) && seen.add(page.path));
}

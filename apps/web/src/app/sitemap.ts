import { defaultLocale, localeEntries, locales } from '@llk/contracts/locales';
import type { MetadataRoute } from 'next';
import { collectSitemapPages } from '@/features/site/sitemap-pages';
import { getSiteUrl, localizePath } from '@/lib/metadata';

// sitemap.xml: every page in every language, each URL with its hreflang alternates (the same
// set as the pages' <link rel="alternate">, x-default → zh-CN). Regenerated hourly so content
// sources (news, guide) stay current without a rebuild.
export const revalidate = 3600;

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = getSiteUrl().replace(/\/+$/, '');
  const pages = await collectSitemapPages();
  return pages.flatMap((page) => {
    const languages: Record<string, string> = Object.fromEntries(
      locales.map((locale) => [localeEntries[locale].iso, `${origin}${localizePath(locale, page.path)}`]),
    );
    languages['x-default'] = `${origin}${localizePath(defaultLocale, page.path)}`;
    return locales.map((locale) => ({
      url: `${origin}${localizePath(locale, page.path)}`,
      ...(page.lastModified ? { lastModified: page.lastModified } : {}),
      ...(page.changeFrequency ? { changeFrequency: page.changeFrequency } : {}),
      ...(page.priority !== undefined ? { priority: page.priority } : {}),
      alternates: { languages },
    }));
  });
}

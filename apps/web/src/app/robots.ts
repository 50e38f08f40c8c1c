import { locales, localePrefix } from '@llk/contracts/locales';
import type { MetadataRoute } from 'next';
import { getSiteUrl } from '@/lib/metadata';

// robots.txt: everything is crawlable except the API forward and per-user pages (payment,
// search results, account screens), in every language.
const PRIVATE_PATHS = ['/pay', '/order', '/search?', '/resetPW', '/account'] as const;

export default function robots(): MetadataRoute.Robots {
  const origin = getSiteUrl().replace(/\/+$/, '');
  const disallow = ['/api/', ...locales.flatMap((locale) => PRIVATE_PATHS.map((path) => `${localePrefix(locale)}${path}`))];
  return {
    rules: { userAgent: '*', allow: '/', disallow },
    sitemap: `${origin}/sitemap.xml`,
    host: origin,
  };
}

import { localeEntries, localePrefix, locales, defaultLocale, type TLocale } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

// Page metadata in one place: localized title with the brand, canonical URL, hreflang
// alternates for all seven locales (x-default → zh-CN), Open Graph and Twitter card.

export const SHARE_IMAGE = { url: '/imgs/logo-120.png', width: 120, height: 120 } as const;
/** Browser chrome around our pages: the white of the header (viewport and web manifest). */
export const THEME_COLOR = '#ffffff';
/** Every page's icons (scripts/make-icons.mjs renders them from public/imgs/logo.svg). */
export const ICONS = { icon: '/favicon.ico', apple: '/apple-touch-icon.png' } as const;

/** Public origin of the site, from NEXT_PUBLIC_SITE_URL (inlined at build time). */
export function getSiteUrl(): string {
  return process.env.NEXT_PUBLIC_SITE_URL || 'http://localhost:3000';
}

/** The URL path of `path` (as a visitor sees it, e.g. '/', '/pricing', '/news-2') in `locale`. */
export function localizePath(locale: TLocale, path: string): string {
  const normalized = path === '' || path === '/' ? '' : path.startsWith('/') ? path : `/${path}`;
  return `${localePrefix(locale)}${normalized}` || '/';
}

/** Open Graph wants language_TERRITORY (zh_CN), not BCP 47 (zh-CN). */
function ogLocale(locale: TLocale): string {
  return localeEntries[locale].iso.replace('-', '_');
}

interface PageMetadataInput {
  locale: TLocale;
  /** Public path without the locale prefix, e.g. '/', '/pricing', '/guide/account'. */
  path: string;
  /** Full document title, brand included (see buildPageMetadata for the message template). */
  title: string;
  description: string;
  siteName: string;
  siteUrl?: string;
  /** For pages that only make sense with per-user query data (pay, search results). */
  noIndex?: boolean;
  /** The page's own picture for link previews (a path on the site: a news item's cover); the logo otherwise. */
  imagePath?: string | null;
}

/** Pure part of buildPageMetadata, so it can be tested without the request context. */
export function createPageMetadata({
  locale,
  path,
  title,
  description,
  siteName,
  siteUrl = getSiteUrl(),
  noIndex,
  imagePath,
}: PageMetadataInput): Metadata {
  const origin = siteUrl.replace(/\/+$/, '');
  const url = (target: TLocale) => `${origin}${localizePath(target, path)}`;
  const languages: Record<string, string> = {};
  for (const target of locales) languages[localeEntries[target].iso] = url(target);
  languages['x-default'] = url(defaultLocale);
  const image = imagePath
    ? { url: `${origin}${imagePath}`, alt: title }
    : { ...SHARE_IMAGE, url: `${origin}${SHARE_IMAGE.url}`, alt: siteName };

  return {
    title: { absolute: title },
    description,
    alternates: { canonical: url(locale), languages },
    openGraph: {
      type: 'website',
      title,
      description,
      url: url(locale),
      siteName,
      locale: ogLocale(locale),
      alternateLocale: locales.filter((other) => other !== locale).map(ogLocale),
      images: [image],
    },
    twitter: { card: imagePath ? 'summary_large_image' : 'summary', title, description, images: [image.url] },
    icons: ICONS,
    ...(noIndex ? { robots: { index: false, follow: true } } : {}),
  };
}

interface BuildPageMetadataInput {
  locale: TLocale;
  path: string;
  /** The page's own title, without the brand. */
  title: string;
  description: string;
  /** 'home' puts the brand first (Metadata.homeTitleTemplate); default is Metadata.titleTemplate. */
  template?: 'page' | 'home';
  noIndex?: boolean;
  /** see PageMetadataInput.imagePath */
  imagePath?: string | null;
}

/**
 * Metadata for a page. The brand comes from message app.title.1 and is joined to the page
 * title with a localized template (Metadata.titleTemplate, "{title} | {brand}" in English).
 */
export async function buildPageMetadata({
  locale,
  path,
  title,
  description,
  template = 'page',
  noIndex,
  imagePath,
}: BuildPageMetadataInput): Promise<Metadata> {
  const [brandT, metaT] = await Promise.all([
    getTranslations({ locale, namespace: 'app.title' }),
    getTranslations({ locale, namespace: 'Metadata' }),
  ]);
  const siteName = brandT('1');
  const fullTitle = metaT(template === 'home' ? 'homeTitleTemplate' : 'titleTemplate', { title, brand: siteName });
  return createPageMetadata({ locale, path, title: fullTitle, description, siteName, noIndex, imagePath });
}

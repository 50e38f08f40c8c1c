import { localeEntries, locales, localePrefix, type TLocale } from '@llk/contracts';

export { localeEntries, locales, localePrefix, type TLocale };

/** Every page of the spec's route table (plus /search), as a visitor types it. */
export const routes = [
  '/',
  '/login',
  '/signup',
  '/resetPW',
  '/pay?qrCodeId=e2e-code',
  '/promotionPlan',
  '/order',
  '/pricing',
  '/download',
  '/cloudPc',
  '/about',
  '/contact',
  '/notice',
  '/log',
  '/guide',
  '/guide/purchase-benefits/membership',
  '/info-1',
  '/news-1',
  '/search',
] as const;

/** The URL of `route` in `locale`: zh-CN unprefixed, the others under their prefix. */
export function localized(locale: TLocale, route: string): string {
  const prefix = localePrefix(locale);
  if (!prefix) return route;
  return route === '/' ? prefix : route.startsWith('/?') ? `${prefix}${route.slice(1)}` : `${prefix}${route}`;
}

export const crawlerAgent = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

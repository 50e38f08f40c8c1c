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

/** Every public page type, as the layout, axe and HTML checks visit them. */
export const PUBLIC_PAGES: readonly string[] = [
  ...routes,
  '/search?q=LLK',
  '/security',
  '/legal/privacy',
  '/legal/terms',
  '/legal/value-added-services',
  '/legal/membership-agreement',
  // an invitation link the API does not know: its "cannot be used" state (org-join.spec.ts joins by a real one)
  '/org/join?token=e2e-unknown',
];

/** A path nobody has: the fatal page in its 404 form, laid out and checked like the others. */
export const NOT_FOUND_PAGE = '/no-such-page-e2e';

/**
 * Every public page as a logged-in visitor sees it (the header holds the account and the plan),
 * and the page only a logged-in visitor reaches: switching accounts.
 */
export const LOGGED_IN_PUBLIC_PAGES: readonly string[] = [...PUBLIC_PAGES, '/switchAccount'];

/**
 * The public pages whose content (not only the header) changes with a session: the order form,
 * the ambassador's own state, the rental form, the plan one holds, switching accounts. axe checks
 * these logged in as well; the rest it checks logged out, and the header is one component.
 */
export const SESSION_PAGES: readonly string[] = [
  '/',
  '/pricing',
  '/order',
  '/pay?qrCodeId=e2e-code',
  '/promotionPlan',
  '/cloudPc',
  '/switchAccount',
];

/**
 * Every page of the account area (an order's own page needs an order: account-orders.spec.ts),
 * and the organisations the account belongs to (/org, in the account's navigation).
 */
export const ACCOUNT_PAGES: readonly string[] = [
  '/account',
  '/account/profile',
  '/account/security',
  '/account/orders',
  '/account/devices',
  '/account/connections',
  '/account/seats',
  '/account/walls',
  '/account/redeem',
  '/account/cancel',
  '/org',
];

import { defaultLocale, type TLocale } from '@llk/contracts/locale-codes';
import { splitLocalePrefix } from './locale-path';

// The one route table of the site. Pure: the proxy validates every page
// request against it, the header and footer take their targets from it, and it maps the
// public forms that Next cannot express as segments (/info-{id}, /news-{page}) to the
// internal folders (info/[id], news/[page]).

/** Legal documents served at /legal/{doc}; the order page links the membership agreement. */
export const LEGAL_DOCS = ['privacy', 'terms', 'value-added-services', 'membership-agreement'] as const;
export type TLegalDoc = (typeof LEGAL_DOCS)[number];

/** Pages of the auth layout (spec: "no layout"); every other page uses the default layout. */
const AUTH_PATHS = ['/login', '/signup', '/resetPW', '/pay', '/promotionPlan', '/switchAccount'] as const;

/** Static paths of the default layout. */
const MARKETING_PATHS = [
  '/',
  '/order',
  '/pricing',
  '/download',
  '/cloudPc',
  '/about',
  '/contact',
  '/notice',
  '/log',
  '/guide',
  '/search',
  '/security',
] as const;

/**
 * The account area (logged-in only, noindex, never in the sitemap; the proxy sends visitors
 * without a session to /login?redirectUrl=…). Orders have two more routes with an id:
 * /account/orders/{id} and /account/orders/{id}/receipt (matched below).
 */
export const ACCOUNT_PATHS = [
  '/account',
  '/account/profile',
  '/account/security',
  '/account/devices',
  '/account/connections',
  '/account/walls',
  '/account/seats',
  '/account/redeem',
  '/account/orders',
  '/account/cancel',
] as const;
export type TAccountPath = (typeof ACCOUNT_PATHS)[number];

/** Whether a public path (locale prefix removed) belongs to the account area. */
export function isAccountPath(path: string): boolean {
  return path === '/account' || path.startsWith('/account/');
}

/** Public paths of an order's detail and receipt pages. */
export const accountOrderPath = (id: string) => `/account/orders/${encodeURIComponent(id)}`;
export const accountReceiptPath = (id: string) => `/account/orders/${encodeURIComponent(id)}/receipt`;

/**
 * Organisations: /org (the ones I belong to, and create one; logged-in only, the page sends a
 * visitor without a session to /login?redirectUrl=…) and /org/join?token=… (an invitation's
 * link: public, noindex). Neither is in the sitemap.
 */
export const ORG_PATHS = ['/org', '/org/join'] as const;

/** Development pages: they answer 404 unless the API runs in its development mode. */
const DEV_PATHS = ['/dev/outbox'] as const;

const STATIC_PATHS: ReadonlySet<string> = new Set([...MARKETING_PATHS, ...ACCOUNT_PATHS, ...ORG_PATHS, ...AUTH_PATHS, ...DEV_PATHS]);

const POSITIVE_INT = /^[1-9]\d{0,14}$/; // 1 … 10^15-1, well inside Number.MAX_SAFE_INTEGER
const SLUG_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
/** An order id as the API's contract has it (ZOrderId: 1–64 of A–Z a–z 0–9). */
const ORDER_ID = /^[0-9A-Za-z]{1,64}$/;

/** Public path of news list page `page` and of detail page `id`. */
export const newsPath = (page: number) => `/news-${page}`;
export const infoPath = (id: number | string) => `/info-${id}`;
export const legalPath = (doc: TLegalDoc) => `/legal/${doc}`;

export type TRouteFailure = 'notFound' | 'noQrCodeId';

type TRouteMatch =
  { ok: true; /** path of the app folder, without the locale */ internalPath: string } | { ok: false; failure: TRouteFailure };

/**
 * Validates a public path (locale prefix already removed) and its query.
 * Returns the internal path to render, or why the page fails (404 by default).
 */
export function matchRoute(path: string, search: URLSearchParams): TRouteMatch {
  if (STATIC_PATHS.has(path)) {
    if (path === '/pay' && !search.get('qrCodeId')) return { ok: false, failure: 'noQrCodeId' };
    return { ok: true, internalPath: path };
  }
  const numbered = /^\/(info|news)-([^/]+)$/.exec(path);
  if (numbered) {
    const [, kind, value = ''] = numbered;
    return POSITIVE_INT.test(value) ? { ok: true, internalPath: `/${kind}/${value}` } : { ok: false, failure: 'notFound' };
  }
  const segments = path.split('/').slice(1);
  if (segments[0] === 'guide' && segments.length > 1 && segments.slice(1).every((s) => SLUG_SEGMENT.test(s))) {
    return { ok: true, internalPath: path };
  }
  if (segments[0] === 'account' && segments[1] === 'orders' && ORDER_ID.test(segments[2] ?? '')) {
    if (segments.length === 3 || (segments.length === 4 && segments[3] === 'receipt')) return { ok: true, internalPath: path };
  }
  if (segments[0] === 'legal' && segments.length === 2 && (LEGAL_DOCS as readonly string[]).includes(segments[1]!)) {
    return { ok: true, internalPath: path };
  }
  return { ok: false, failure: 'notFound' };
}

interface TLocalePath {
  /** Locale named by the URL prefix, or the default locale for an unprefixed path. */
  locale: TLocale;
  /** Whether the URL carried a prefix (/en, /zh-tw, …; /zh-CN counts as prefixed). */
  prefixed: boolean;
  /** The rest of the path, always starting with '/'. */
  path: string;
}

/** Splits '/en/pricing' into en + '/pricing'; '/pricing' is the unprefixed zh-CN variant. */
export function parseLocalePath(pathname: string): TLocalePath {
  const { locale, path } = splitLocalePrefix(pathname);
  return locale ? { locale, prefixed: true, path } : { locale: defaultLocale, prefixed: false, path };
}

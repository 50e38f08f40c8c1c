import { defaultLocale, isLocale, type TLocale } from '@llk/contracts/locale-codes';

// Locale prefixes of public URLs (zh-CN unprefixed; /en, /zh-tw, … for the others). Pure and
// browser-safe: Link, the language switch and the proxy's route table all use it.

export type THrefObject = {
  pathname: string;
  query?: Record<string, string | number | boolean | readonly string[] | null | undefined>;
  hash?: string;
};
export type THref = string | THrefObject;

/** '/pricing' + { query: { tab: 'year' } } → '/pricing?tab=year'. */
export function hrefToString(href: THref): string {
  if (typeof href === 'string') return href;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(href.query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.append(name, String(value));
  }
  const query = search.toString();
  const hash = href.hash ? (href.hash.startsWith('#') ? href.hash : `#${href.hash}`) : '';
  return `${href.pathname}${query ? `?${query}` : ''}${hash}`;
}

/** Splits '/en/pricing' into en + '/pricing'; an unprefixed path has locale null. */
export function splitLocalePrefix(pathname: string): { locale: TLocale | null; path: string } {
  const [, first = '', ...rest] = pathname.split('/');
  if (isLocale(first)) return { locale: first, path: `/${rest.join('/')}` };
  return { locale: null, path: pathname || '/' };
}

/**
 * Public URL of an internal href in `locale`: '/pricing' → '/en/pricing', '/' → '/en',
 * '/?a=1' → '/en?a=1'. Anything that is not a site path (https:, mailto:, #top, //host) is
 * returned unchanged.
 */
export function localizeHref(locale: string, href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const prefix = locale === defaultLocale ? '' : `/${locale}`;
  if (!prefix) return href;
  if (href === '/') return prefix;
  if (href.startsWith('/?') || href.startsWith('/#')) return `${prefix}${href.slice(1)}`;
  return `${prefix}${href}`;
}

/** The same page (path and query) in another language: the language switch's target. */
export function switchLocaleHref(target: string, pathname: string, search: string): string {
  return localizeHref(target, `${splitLocalePrefix(pathname).path}${search}`);
}

/**
 * A language switch link: the same page in `target`, naming the choice in the query
 * (`lang`, see request-decision.ts) for a click the page's script does not handle.
 */
export function languageChoiceHref(target: string, pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.set('lang', target);
  return switchLocaleHref(target, pathname, `?${query.toString()}`);
}

/** document.cookie line for the language cookie (same rules as the proxy: /, 365 days, Lax). */
export function localeCookieLine(name: string, value: string, maxAge: number, secure: boolean): string {
  return `${name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

import { defaultLocale, detectLocale, isLocale, localePrefix, type TLocale } from '@llk/contracts/locales';
import { isCrawler } from './crawler';
import { matchRoute, parseLocalePath, type TRouteFailure } from './routes';

// What the proxy does with one page request, as a pure function of the request's path,
// query, language cookie, Accept-Language and User-Agent. src/proxy.ts only applies it.

export interface TPageRequest {
  pathname: string;
  /** '' or '?a=1' */
  search: string;
  /** value of the llk-lang cookie, if any */
  cookie?: string | null;
  acceptLanguage?: string | null;
  userAgent?: string | null;
}

type TDecision =
  /** Render `target` (internal path + query); set the language cookie when `setCookie` is given. */
  | { action: 'render'; target: string; locale: TLocale; setCookie?: TLocale }
  /** 307 to `location` (same path and query in another language variant). */
  | { action: 'redirect'; location: string; setCookie?: TLocale }
  /**
   * Fatal page, 404: the page in `locale` with the message for `failure` naming `path`;
   * `bare` (crawlers) means the status with an empty body.
   */
  | { action: 'fatal'; status: 404; failure: TRouteFailure; path: string; locale: TLocale; bare: boolean }
  /** The back office (/admin, /admin/…): no locale prefix, no language cookie, no detection. */
  | { action: 'admin' };

/** /admin and below: the back office (ADR 0019), served as it is, outside the locale routes. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

function joinPath(prefix: string, path: string, search: string): string {
  const body = path === '/' ? prefix || '/' : `${prefix}${path}`;
  return `${body}${search}`;
}

/**
 * The language switch's links name the choice in the query (`?lang=ja` on a /ja/… URL), so that
 * a click before the page's script runs, or without script, still saves it: the proxy sets the
 * cookie and sends the visitor to the same URL without the parameter. With script the switch
 * saves the cookie itself and loads the clean URL.
 */
export const LANGUAGE_CHOICE_PARAM = 'lang';

export function decideRequest(request: TPageRequest): TDecision {
  const { pathname, search } = request;
  if (isAdminPath(pathname)) return { action: 'admin' };
  const crawler = isCrawler(request.userAgent);
  const cookie = isLocale(request.cookie) ? request.cookie : null;
  const { locale: urlLocale, prefixed, path } = parseLocalePath(pathname);

  const query = new URLSearchParams(search);
  if (query.has(LANGUAGE_CHOICE_PARAM)) {
    const chosen = query.get(LANGUAGE_CHOICE_PARAM);
    query.delete(LANGUAGE_CHOICE_PARAM);
    const rest = query.size > 0 ? `?${query.toString()}` : '';
    // Only a choice of the URL's own language counts (a link cannot choose for another page).
    const choice = !crawler && chosen === urlLocale && chosen !== cookie ? { setCookie: urlLocale } : {};
    return { action: 'redirect', location: `${pathname}${rest}`, ...choice };
  }

  // /zh-CN/… is the internal form of the unprefixed default locale: send it to its public URL.
  if (prefixed && urlLocale === defaultLocale) {
    return { action: 'redirect', location: joinPath('', path, search), ...(crawler || cookie ? {} : { setCookie: defaultLocale }) };
  }

  const match = matchRoute(path, new URLSearchParams(search));
  if (!match.ok) {
    // An unprefixed URL is shown in the visitor's chosen language (no detection, no cookie).
    const locale = prefixed || crawler || !cookie ? urlLocale : cookie;
    return { action: 'fatal', status: 404, failure: match.failure, path: pathname, locale, bare: crawler };
  }

  const render = (locale: TLocale, setCookie?: TLocale): TDecision => ({
    action: 'render',
    target: `/${locale}${match.internalPath === '/' ? '' : match.internalPath}${search}`,
    locale,
    ...(setCookie ? { setCookie } : {}),
  });

  if (crawler) return render(urlLocale);
  if (prefixed) return render(urlLocale, cookie ? undefined : urlLocale);

  // Unprefixed (zh-CN) URL: a valid cookie decides; otherwise first-visit detection sets it.
  const chosen = cookie ?? detectLocale(request.acceptLanguage);
  const setCookie = cookie ? undefined : chosen;
  if (chosen === defaultLocale) return render(defaultLocale, setCookie);
  return { action: 'redirect', location: joinPath(localePrefix(chosen), path, search), ...(setCookie ? { setCookie } : {}) };
}

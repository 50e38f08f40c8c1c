import { localizeHref, splitLocalePrefix } from '@/lib/locale-path';

// Where a logged-in visitor goes from a guest-only page (redirectUrl, else home; DESIGN.md "Sessions
// and security"). Pure and browser-safe: the proxy decides with the allowlist, the log-in
// forms only need to know whether the answer is internal.

/** Pages only a visitor without a session sees; a logged-in one is sent on (redirectUrl or /). */
export const GUEST_ONLY_PATHS: readonly string[] = ['/login', '/signup', '/resetPW'];

type TRedirectTarget =
  /** an allowed origin: the proxy appends a fresh accessKey and redirects there */
  | { kind: 'external'; url: string }
  /** a public path of this site, locale prefix included */
  | { kind: 'internal'; href: string };

const BASE = 'http://internal.invalid';

/** REDIRECT_ALLOWLIST ("https://a.example, https://b.example:8443") → exact origins. */
export function parseAllowlist(value: string | undefined | null): string[] {
  const origins: string[] = [];
  for (const item of value?.split(',') ?? []) {
    const trimmed = item.trim();
    if (!trimmed) continue;
    try {
      const { origin } = new URL(trimmed);
      if (origin !== 'null') origins.push(origin);
    } catch {
      // not a URL: ignored, as an origin that can never match
    }
  }
  return origins;
}

export function isAbsoluteUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(value.trim());
}

/**
 * An internal redirectUrl ('/pricing?x=1', '/fr/order') split into its locale prefix (null when
 * it has none) and the unprefixed href; null for anything that is not a path of this site, or
 * that is a guest-only page (a logged-in visitor would bounce straight back).
 */
export function parseInternalRedirect(value: string): { locale: string | null; href: string } | null {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  const url = new URL(value, BASE);
  // '/a/..//evil.example' normalizes to the path '//evil.example': a protocol-relative URL.
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  const { locale, path } = splitLocalePrefix(url.pathname);
  if (GUEST_ONLY_PATHS.includes(path)) return null;
  return { locale, href: `${path}${url.search}${url.hash}` };
}

function internalTarget(value: string, locale: string): TRedirectTarget | null {
  const parsed = parseInternalRedirect(value);
  return parsed ? { kind: 'internal', href: localizeHref(parsed.locale ?? locale, parsed.href) } : null;
}

/**
 * redirectUrl → target. An internal path (locale prefix optional) stays on the site; an
 * absolute http(s) URL on this site's own origin is taken as its path; one whose exact origin
 * is on `allowlist` becomes an external hand-off; anything else means "no redirect" (home).
 */
export function resolveRedirect(
  redirectUrl: string | null | undefined,
  locale: string,
  allowlist: readonly string[],
  selfOrigin?: string,
): TRedirectTarget {
  const home: TRedirectTarget = { kind: 'internal', href: localizeHref(locale, '/') };
  const value = redirectUrl?.trim() ?? '';
  if (!value) return home;
  if (value.startsWith('/')) return internalTarget(value, locale) ?? home;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return home;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return home;
  if (selfOrigin && url.origin === selfOrigin) return internalTarget(`${url.pathname}${url.search}${url.hash}`, locale) ?? home;
  return allowlist.includes(url.origin) ? { kind: 'external', url: url.href } : home;
}

/** The hand-off URL: `url` with accessKey set (replacing any it had). */
export function withAccessKey(url: string, accessKey: string): string {
  const target = new URL(url);
  target.searchParams.set('accessKey', accessKey);
  return target.href;
}

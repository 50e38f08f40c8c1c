'use client';

import { useParams, usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { type ComponentProps, type MouseEvent, useCallback, useMemo } from 'react';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, defaultLocale, isLocale } from '@llk/contracts/locale-codes';
import { mergeCarryParams } from '../lib/carry-params';
import { type THref, hrefToString, localeCookieLine, localizeHref, splitLocalePrefix } from '../lib/locale-path';

// The site's Link, useRouter and usePathname (also exported from '@/i18n/navigation').
// Same contract as next-intl's: hrefs are written without the locale ('/pricing') and get the
// current locale's prefix, or the `locale` prop's. On top, the spec's query carry-over:
// clientType, redirectUrl and from travel to the next route when it lacks them.
//
// An <a> driven by the app router's public API (push, replace, prefetch) rather than next/link
// or next-intl's Link: next-intl's reads the locale from use-intl's provider, whose runtime
// (intl-messageformat included) would add ~10 KiB gzip to every page; next/link brings ~3 KiB
// gzip of helpers for props the site never uses (URL objects, legacyBehavior, link status), and
// every page has links in its header, its not-found boundary and its content (JS budget,
// README). What it did is kept: a plain left click on a site path navigates in the app, other
// clicks are the browser's; a link is prefetched when it comes near the viewport (200 px, as
// next/link) and again on hover or touch (the router keeps what it already has). The locale
// comes from the [locale] route param.

export type TLinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** '/pricing', '/news-2?x=1' or { pathname, query, hash }; external URLs pass through */
  href: THref;
  /** link to this page in another language (sets the language cookie when followed) */
  locale?: string;
  /** false: never prefetched */
  prefetch?: boolean | null;
  /** replace the current history entry instead of adding one */
  replace?: boolean;
  /** false: keep the scroll position */
  scroll?: boolean;
};

/** The current page's locale code (the [locale] param; the default outside it). */
export function useLocaleCode(): string {
  const params = useParams<{ locale?: string }>();
  return isLocale(params?.locale) ? params.locale : defaultLocale;
}

/** The current path without its locale prefix: '/en/pricing' → '/pricing'. */
export function usePathname(): string {
  return splitLocalePrefix(useNextPathname() ?? '/').path;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const { currentTarget: anchor } = event;
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    (!anchor.target || anchor.target === '_self') &&
    !anchor.hasAttribute('download')
  );
}

function saveLocaleCookie(locale: string) {
  document.cookie = localeCookieLine(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE, window.location.protocol === 'https:');
}

/** A path of this site ('/pricing'), not another origin, a protocol-relative URL or a fragment. */
function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

// As next/link: no prefetching in development, where it would compile every linked page.
const PREFETCH = process.env.NODE_ENV === 'production';

// One observer for every link: each is prefetched once, when it first comes near the viewport.
const whenSeen = new WeakMap<Element, () => void>();
let viewport: IntersectionObserver | null = null;

function prefetchWhenSeen(anchor: Element, prefetch: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') return () => {};
  viewport ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        whenSeen.get(entry.target)?.();
        viewport?.unobserve(entry.target);
      }
    },
    { rootMargin: '200px' },
  );
  whenSeen.set(anchor, prefetch);
  viewport.observe(anchor);
  return () => viewport?.unobserve(anchor);
}

export function Link({ href, locale, children, onClick, onMouseEnter, onTouchStart, prefetch, replace, scroll, ...props }: TLinkProps) {
  const router = useNextRouter();
  const current = useLocaleCode();
  const switching = locale !== undefined && locale !== current;
  // The href stays the plain localized path (stable markup, cacheable static HTML); the
  // carried parameters are added when the link is followed.
  const target = localizeHref(locale ?? current, hrefToString(href));
  const prefetchable = PREFETCH && isSitePath(target) && !switching && prefetch !== false;
  const observe = useCallback(
    (anchor: HTMLAnchorElement) => (prefetchable ? prefetchWhenSeen(anchor, () => router.prefetch(target)) : undefined),
    [prefetchable, router, target],
  );

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented) return;
    // Following a link into another language is a language choice: the proxy must not send
    // the visitor back to the old one.
    if (switching) saveLocaleCookie(locale);
    if (!isSitePath(target) || !isPlainLeftClick(event)) return;
    event.preventDefault();
    const carried = mergeCarryParams(target, window.location.search);
    const options = { scroll: scroll ?? true };
    if (replace) router.replace(carried, options);
    else router.push(carried, options);
  }

  return (
    <a
      ref={observe}
      {...props}
      href={target}
      onClick={handleClick}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        if (prefetchable) router.prefetch(target);
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        if (prefetchable) router.prefetch(target);
      }}
    >
      {children}
    </a>
  );
}

type TNavigateOptions = { locale?: string; scroll?: boolean };

/** next/navigation's router taking unprefixed hrefs (and `locale`), with the carry-over. */
export function useRouter() {
  const router = useNextRouter();
  const current = useLocaleCode();
  return useMemo(() => {
    const resolve = (href: THref, locale?: string) => {
      if (locale && locale !== current) saveLocaleCookie(locale);
      return mergeCarryParams(localizeHref(locale ?? current, hrefToString(href)), window.location.search);
    };
    return {
      ...router,
      push: (href: THref, { locale, ...options }: TNavigateOptions = {}) => router.push(resolve(href, locale), options),
      replace: (href: THref, { locale, ...options }: TNavigateOptions = {}) => router.replace(resolve(href, locale), options),
      prefetch: (href: THref, { locale }: { locale?: string } = {}) => router.prefetch(localizeHref(locale ?? current, hrefToString(href))),
    };
  }, [router, current]);
}

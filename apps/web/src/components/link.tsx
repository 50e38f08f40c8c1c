'use client';

import NextLink from 'next/link';
import { useParams, usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { type ComponentProps, type MouseEvent, useMemo } from 'react';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, defaultLocale, isLocale } from '@llk/contracts/locale-codes';
import { mergeCarryParams } from '../lib/carry-params';
import { type THref, hrefToString, localeCookieLine, localizeHref, splitLocalePrefix } from '../lib/locale-path';

// The site's Link, useRouter and usePathname (also exported from '@/i18n/navigation').
// Same contract as next-intl's: hrefs are written without the locale ('/pricing') and get the
// current locale's prefix, or the `locale` prop's. On top, the spec's query carry-over:
// clientType, redirectUrl and from travel to the next route when it lacks them.
//
// Built on next/link rather than next-intl's Link: that one reads the locale from use-intl's
// provider, whose runtime (intl-messageformat included) would add ~10 KiB gzip to every page.
// The locale comes from the [locale] route param instead.

export type TLinkProps = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale'> & {
  /** '/pricing', '/news-2?x=1' or { pathname, query, hash }; external URLs pass through */
  href: THref;
  /** link to this page in another language (sets the language cookie when followed) */
  locale?: string;
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

export function Link({ href, locale, onClick, prefetch, ...props }: TLinkProps) {
  const router = useNextRouter();
  const current = useLocaleCode();
  const switching = locale !== undefined && locale !== current;
  // The href stays the plain localized path (stable markup, cacheable static HTML); the
  // carried parameters are added when the link is followed.
  const target = localizeHref(locale ?? current, hrefToString(href));

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented) return;
    // Following a link into another language is a language choice: the proxy must not send
    // the visitor back to the old one.
    if (switching) saveLocaleCookie(locale);
    if (!isPlainLeftClick(event)) return;
    const carried = mergeCarryParams(target, window.location.search);
    if (carried === target) return; // nothing to carry: next/link navigates as usual
    event.preventDefault();
    const options = { scroll: props.scroll ?? true };
    if (props.replace) router.replace(carried, options);
    else router.push(carried, options);
  }

  return <NextLink {...props} href={target} prefetch={switching ? false : prefetch} onClick={handleClick} />;
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

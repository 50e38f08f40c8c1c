import { redirect as nextRedirect } from 'next/navigation';
import { type THref, hrefToString, localizeHref } from '../lib/locale-path';

// Locale-aware navigation for the whole app, with next-intl's API shape:
//   <Link href="/pricing">, useRouter().push('/login'), usePathname() → '/pricing'   (client)
//   getPathname({ href, locale }), redirect({ href, locale })                         (anywhere)
// Link/useRouter also carry clientType, redirectUrl and from to the next route: see
// components/link.tsx for why this is not next-intl's createNavigation().

export { Link, useLocaleCode, usePathname, useRouter, type TLinkProps } from '../components/link';

export function getPathname({ href, locale }: { href: THref; locale: string }): string {
  return localizeHref(locale, hrefToString(href));
}

export function redirect(target: { href: THref; locale: string }): never {
  return nextRedirect(getPathname(target));
}

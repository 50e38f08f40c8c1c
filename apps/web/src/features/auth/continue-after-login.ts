import { defaultLocale } from '@llk/contracts/locale-codes';
import { CARRIED_PARAMS } from '@/lib/carry-params';
import { localizeHref, splitLocalePrefix } from '@/lib/locale-path';
import { session } from '@/lib/session';
import { isAbsoluteUrl, parseInternalRedirect } from './redirect-target';

/**
 * After a log-in (or a sign-up, which logs in): on to redirectUrl or home,
 * with clientType and from carried along (redirectUrl is used up).
 * An absolute redirectUrl needs the allowlist and a fresh accessKey, which the proxy handles:
 * reloading this guest-only page with the new session cookie makes it redirect (to the allowed
 * origin with the key, or home).
 */
export function continueAfterLogin(router: { replace(href: string): void }): void {
  session.markLoggedIn();
  const search = new URLSearchParams(window.location.search);
  const redirectUrl = search.get('redirectUrl')?.trim();
  if (redirectUrl && isAbsoluteUrl(redirectUrl)) {
    window.location.reload();
    return;
  }
  const internal = redirectUrl ? parseInternalRedirect(redirectUrl) : null;
  const locale = internal?.locale ?? splitLocalePrefix(window.location.pathname).locale ?? defaultLocale;
  const target = new URL(localizeHref(locale, internal?.href ?? '/'), window.location.origin);
  for (const name of CARRIED_PARAMS) {
    const value = search.get(name);
    if (name !== 'redirectUrl' && value && !target.searchParams.has(name)) target.searchParams.set(name, value);
  }
  router.replace(`${target.pathname}${target.search}${target.hash}`);
}

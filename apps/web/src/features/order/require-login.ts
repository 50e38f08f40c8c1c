import 'server-only';
import type { TLocale } from '@llk/contracts/locales';
import { cookies } from 'next/headers';
import { SESSION_COOKIE } from '@/features/auth/session-cookies';
import { getPathname } from '@/i18n/navigation';
import { loginHref } from '@/lib/login-href';

/**
 * The order and pay pages are for logged-in users. Without a session cookie the page answers
 * 200 (every route of the table does) with a log-in prompt whose link, followed at once by a
 * small client redirect (LoginRedirect), leads to /login with redirectUrl back to this page.
 * A cookie whose session has died is caught by the first API call (401 → the same redirect,
 * features/order/checkout-api.ts). Returns that login URL for visitors, null when logged in.
 */
export async function loginUrlForVisitor(locale: TLocale, path: string, query: Record<string, string>): Promise<string | null> {
  const store = await cookies();
  if (store.get(SESSION_COOKIE)?.value) return null;
  const search = new URLSearchParams(query).toString();
  return loginHref(getPathname({ href: '/login', locale }), getPathname({ href: path, locale }), search ? `?${search}` : '');
}

import 'server-only';
import type { TLocale } from '@llk/contracts/locales';
import { type TApiClient } from '@llk/contracts/client';
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { SESSION_COOKIE } from '@/features/auth/session-cookies';
import { redirect } from 'next/navigation';
import { getPathname } from '@/i18n/navigation';
import { createServerApi } from '@/lib/api-server';
import { loginHref } from '@/lib/login-href';
import { buildPageMetadata } from '@/lib/metadata';
import type { TAccountSection } from '../sections';

// The account area is for logged-in users only. The proxy already sends visitors without a
// session cookie to /login?redirectUrl=… (features/auth/server/proxy-session.ts); here the
// pages (dynamic: they read the cookie) do the same for a missing cookie and for a session the
// API no longer knows (401 on any call), so the log-in page comes back to the same page.

function loginTarget(locale: TLocale, path: string, search = ''): string {
  return loginHref(getPathname({ href: '/login', locale }), getPathname({ href: path, locale }), search);
}

/**
 * The API client for an account page, with the visitor's session. `path` is the page's public
 * path (no locale) and `search` its query ('?page=2'): where the log-in page leads back to.
 */
export async function accountApi(locale: TLocale, path: string, search = ''): Promise<TApiClient> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const login = loginTarget(locale, path, search);
  if (!token) redirect(login);
  // A dead session: the 401 handler's redirect() throws out of the call into Next.
  return createServerApi(locale, { token, onUnauthorized: () => redirect(login) });
}

/** Metadata of an account page: its title, never indexed. */
export async function accountMetadata(locale: TLocale, path: string, section: TAccountSection | 'receipt' | 'order'): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'accountShell' });
  return buildPageMetadata({ locale, path, title: t(`titles.${section}`), description: t('description'), noIndex: true });
}

import 'server-only';
import { ADMIN_SESSION_COOKIE, type TAdminMe } from '@llk/contracts';
import type { TPermission, TStaffLocale } from '@llk/contracts/admin-roles';
import { createApiClient, type TApiClient } from '@llk/contracts/client';
import { createTranslator } from 'next-intl';
import { cookies, headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { getApiOrigin } from '@/lib/api-origin';
import { ADMIN_LANGUAGE_COOKIE, pickStaffLanguage } from '@/features/admin/shell/language';
import { loadAdminMessages, type TAdminMessages } from '@/features/admin/shell/messages';

// Server side of every /admin page: who is signed in (GET /admin/me with the page request's
// llk_admin cookie), in which language the page is, its texts, and an API client that calls
// the admin API as that staff member. Cached per request, so layout and page ask once.

export interface TAdminContext {
  me: TAdminMe | null;
  language: TStaffLocale;
  messages: TAdminMessages;
}

/** The admin API as the staff member of this page request: paths relative to /admin ('/audit'). */
export const getAdminServerApi = cache(async (): Promise<TApiClient> => {
  const jar = await cookies();
  const token = jar.get(ADMIN_SESSION_COOKIE)?.value;
  const language = jar.get(ADMIN_LANGUAGE_COOKIE)?.value === 'en' ? 'en' : 'zh-CN';
  return createApiClient({
    baseUrl: `${getApiOrigin()}/admin`,
    getLocale: () => language,
    fetch: (input, init) => {
      const sent = new Headers(init?.headers);
      if (token) sent.set('cookie', `${ADMIN_SESSION_COOKIE}=${token}`);
      return fetch(input, { ...init, headers: sent, cache: 'no-store' });
    },
  });
});

async function findMe(): Promise<TAdminMe | null> {
  const token = (await cookies()).get(ADMIN_SESSION_COOKIE)?.value;
  if (!token) return null;
  const api = await getAdminServerApi();
  try {
    return await api.get<TAdminMe>('/me', { silent: true, ignoreUnauthorized: true, retry: false });
  } catch {
    return null;
  }
}

export const getAdminContext = cache(async (): Promise<TAdminContext> => {
  const [me, jar, requestHeaders] = await Promise.all([findMe(), cookies(), headers()]);
  const language = pickStaffLanguage({
    setting: me?.language,
    cookie: jar.get(ADMIN_LANGUAGE_COOKIE)?.value,
    acceptLanguage: requestHeaders.get('accept-language'),
  });
  return { me, language, messages: await loadAdminMessages(language) };
});

/** The signed-in staff member, or off to /admin/login. */
export async function requireStaff(): Promise<TAdminMe> {
  const { me } = await getAdminContext();
  if (!me) redirect('/admin/login');
  return me;
}

/** The signed-in staff member whose role holds `permission`; a section they may not open is not there (404). */
export async function requirePermission(permission: TPermission): Promise<TAdminMe> {
  const me = await requireStaff();
  if (!me.permissions.includes(permission)) notFound();
  return me;
}

/** Texts of one namespace (AdminStaff, …) in the page's language, for server components. */
export async function getAdminT(namespace: string) {
  const { language, messages } = await getAdminContext();
  return createTranslator({ locale: language, messages: messages as never, namespace: namespace as never }) as unknown as (
    key: string,
    values?: Record<string, string | number>,
  ) => string;
}

import type { TStaffLocale } from '@llk/contracts/admin-roles';
import { createApiClient, type TApiClient } from '@llk/contracts/client';
import { toast } from '@/lib/toast';

// The back office's browser client: /admin/api/<path> on the web origin, forwarded to the API's
// /admin/<path> (app/admin/api/[...path]/route.ts) with the llk_admin cookie. Paths are relative
// to the admin API: adminApi.get('/audit'), adminApi.post('/staff', { body }).
//   errcode ≠ 0 → toast with the API's errmsg (in the page's language); pass { silent: true }
//                 to show the error yourself (the ApiError carries errcode and errmsg)
//   401         → the session is gone: off to /admin/login, back here afterwards

function pageLanguage(): TStaffLocale {
  return typeof document !== 'undefined' && document.documentElement.lang === 'en' ? 'en' : 'zh-CN';
}

/** The staff log-in page; a hard navigation after a session ends, so no page state survives. */
export const ADMIN_LOGIN_PATH = '/admin/login';

function toLogin() {
  const here = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname === ADMIN_LOGIN_PATH) return;
  const login = new URL(ADMIN_LOGIN_PATH, window.location.origin);
  login.searchParams.set('next', here);
  window.location.assign(login.href);
}

export const adminApi: TApiClient = createApiClient({
  baseUrl: '/admin/api',
  getLocale: pageLanguage,
  onUnauthorized: toLogin,
  onError: (message) => toast.error(message),
});

/** Where to go after signing in: an /admin path from ?next=, else the dashboard. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/admin') || next.startsWith('//') || next.includes('\\')) return '/admin';
  if (next.startsWith('/admin/login') || next.startsWith('/admin/setup') || next.startsWith('/admin/api')) return '/admin';
  return next;
}

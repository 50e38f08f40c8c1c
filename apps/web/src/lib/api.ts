import { defaultLocale, localeEntries, locales, type TLocale } from '@llk/contracts/locales';
import { type TApiClient, createApiClient, createPayClient } from '@llk/contracts/client';
import { mergeCarryParams } from './carry-params';
import { localizeHref } from './locale-path';
import { loginHref } from './login-href';
import { session } from './session';
import { toast } from './toast';

// The browser's API client (the envelope's errcode, the error texts, a 401's log-out), talking to /api on the web origin (the web
// forwards it to the API). The session token is an httpOnly cookie, so no getToken here.
//   api     errcode ≠ 0 → toast with errmsg; 401 → session cleared, off to /login
//   payApi  order and payment calls: no toast, rejects with errmsg or 'Error'; 401 → session
//           cleared, off to /login with redirectUrl back to the page being paid on
// It carries the contracts' fallback texts of seven languages, so components load it on demand
// with loadApi() (./load-api) rather than import it into a page's first load.
// Server code uses createServerApi() from ./api-server instead.

/** The page's locale, from <html lang> (set by the root layout). */
export function getPageLocale(): TLocale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return locales.find((code) => localeEntries[code].iso === lang) ?? defaultLocale;
}

function toLogin() {
  session.clear();
  const login = localizeHref(getPageLocale(), '/login');
  if (window.location.pathname === login) return;
  window.location.assign(mergeCarryParams(login, window.location.search));
}

function toLoginAndBack() {
  session.clear();
  window.location.assign(loginHref(localizeHref(getPageLocale(), '/login'), window.location.pathname, window.location.search));
}

const shared = { baseUrl: '/api', getLocale: getPageLocale };

export const api: TApiClient = createApiClient({ ...shared, onUnauthorized: toLogin, onError: (message) => toast.error(message) });
export const payApi: TApiClient = createPayClient({ ...shared, onUnauthorized: toLoginAndBack });

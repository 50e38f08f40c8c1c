import type { TMemberLevel, TUserInfo } from '@llk/contracts';
import { ApiError, UNAUTHORIZED_ERRCODES, type TRequestOptions } from '@llk/contracts/client';
import { api, getPageLocale } from '@/lib/api';
import { localizeHref } from '@/lib/locale-path';
import { session } from '@/lib/session';

// The header's account calls, loaded only when the session hint is set or on Log Out, so the
// API client (and its seven-language fallback texts) stays out of every page's first load.

const QUIET: TRequestOptions = { silent: true, ignoreUnauthorized: true };

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || UNAUTHORIZED_ERRCODES.has(error.errcode));
}

/**
 * Profile and plan for the header (GET /user/info, /user/currentMemberLevel). Failures are only
 * logged, never shown. A dead session is forgotten quietly instead of sending a visitor who
 * is reading a public page to /login: the hint goes, and POST /logout removes the stale cookie.
 * Resolves false when the answer is still unknown (network, server error).
 */
export async function loadAccount(): Promise<boolean> {
  try {
    const [info, level] = await Promise.all([
      api.get<TUserInfo>('/user/info', QUIET),
      api.get<TMemberLevel>('/user/currentMemberLevel', QUIET),
    ]);
    session.setUser({
      id: info.id,
      name: info.nickname || info.username || '',
      plan: level.plan,
      expiresAt: level.expiresAt,
      active: level.active,
      eraseAt: info.cancellation?.eraseAt ?? null,
    });
    return true;
  } catch (error) {
    if (!isUnauthorized(error)) {
      console.error('account: loading the profile failed', error);
      return false;
    }
    session.clear();
    await api.post('/logout', { ...QUIET, retry: false }).catch(() => undefined);
    return true;
  }
}

/** Log Out: tell the server, ignore failure, clear state, go to /login. */
export async function logout(): Promise<void> {
  await api.post('/logout', { ...QUIET, retry: false }).catch(() => undefined);
  session.clear();
  window.location.assign(localizeHref(getPageLocale(), '/login'));
}

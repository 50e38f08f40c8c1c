import type { TAmbassadorInfo, TAmbassadorJoinResult } from '@llk/contracts';
import { ApiError, UNAUTHORIZED_ERRCODES } from '@llk/contracts/client';
import { api } from '@/lib/api';

// The ambassador calls, loaded by the panel only once it knows there is a session, so the API
// client stays out of the page's first load.

const AMBASSADOR_PATH = '/activity/participant/marketingAmbassador';

export type TLoadResult = { kind: 'ready'; info: TAmbassadorInfo } | { kind: 'loggedOut' } | { kind: 'failed' };

/** GET: the caller's programme page. A dead session answers loggedOut (no redirect, no toast). */
export async function loadAmbassador(): Promise<TLoadResult> {
  try {
    return { kind: 'ready', info: await api.get<TAmbassadorInfo>(AMBASSADOR_PATH, { silent: true, ignoreUnauthorized: true }) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || UNAUTHORIZED_ERRCODES.has(error.errcode))) return { kind: 'loggedOut' };
    console.error('ambassador: loading failed', error);
    return { kind: 'failed' };
  }
}

/** POST (query parameters, activityType LZ): join; errors are toasted by the client. */
export function joinAmbassador(): Promise<TAmbassadorJoinResult> {
  return api.post<TAmbassadorJoinResult>(AMBASSADOR_PATH, { query: { activityType: 'LZ' } });
}

/** POST: where payouts go, confirmed by the account password; errors are toasted by the client. */
export function savePayee(body: { account: string; name: string; password: string }): Promise<{ payeeAccount: string; payeeName: string }> {
  return api.post<{ payeeAccount: string; payeeName: string }>('/activity/participant/payee', { body });
}

import type { TOrgCreateRequest, TOrgList } from '@llk/contracts';
import { loadApi } from '@/lib/load-api';
import { localizeHref } from '@/lib/locale-path';
import { session } from '@/lib/session';

// The organisation pages' calls in the browser, through the one API client. They are silent: a
// refusal rejects with the API's errmsg in the visitor's language, and the page shows it next to
// what was refused.

export async function acceptInvitation(token: string, network?: string): Promise<{ orgId: string }> {
  return (await loadApi(network)).post<{ orgId: string }>('/org/invitation/accept', { body: { token }, silent: true });
}

export async function createOrg(request: TOrgCreateRequest, network?: string): Promise<{ id: string }> {
  return (await loadApi(network)).post<{ id: string }>('/org/create', { body: request, silent: true });
}

export async function listOrgs(network?: string): Promise<TOrgList> {
  return (await loadApi(network)).get<TOrgList>('/org/list', { silent: true });
}

/**
 * "Sign in with another account": the session ends (a failure is ignored, as Log Out does) and
 * the log-in page opens, leading back to `loginHref`'s redirectUrl (the invitation).
 */
export async function switchAccount(locale: string, loginHref: string, network?: string): Promise<void> {
  const api = await loadApi(network);
  await api.post('/logout', { silent: true, ignoreUnauthorized: true, retry: false }).catch(() => undefined);
  session.clear();
  window.location.assign(localizeHref(locale, loginHref));
}

/** What to show for a refused call: the API's message, else the network text. */
export function failureText(error: unknown, network: string): string {
  return error instanceof Error && error.name === 'ApiError' && error.message ? error.message : network;
}

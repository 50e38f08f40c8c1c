import type { TPasskey, TPasskeyList, TPasskeyLoginOptions, TPasskeyRegisterOptions, TSignedIn } from '@llk/contracts';
import { loadApi } from '@/lib/load-api';
import { createCredential, getAssertion } from './webauthn';

// The passkey calls of the browser. API refusals are toasted by the API client (errmsg in the
// visitor's language) and reject; a ceremony the browser refused rejects with a CeremonyError.

export async function listPasskeys(network?: string): Promise<TPasskey[]> {
  const api = await loadApi(network);
  return (await api.get<TPasskeyList>('/user/passkeys')).passkeys;
}

/** Options from the API, the browser's ceremony, then the API stores the passkey under `name`. */
export async function addPasskey(name: string, network?: string): Promise<TPasskey> {
  const api = await loadApi(network);
  const { options } = await api.post<TPasskeyRegisterOptions>('/user/passkeys/registerOptions');
  const response = await createCredential(options);
  return api.post<TPasskey>('/user/passkeys/register', { body: { name, response } });
}

export async function renamePasskey(id: string, name: string, network?: string): Promise<void> {
  await (await loadApi(network)).post('/user/passkeys/rename', { body: { id, name } });
}

export async function removePasskey(id: string, network?: string): Promise<void> {
  await (await loadApi(network)).post('/user/passkeys/remove', { body: { id } });
}

/** Usernameless log-in: any passkey of this site the browser offers; opens a session (cookie). */
export async function logInWithPasskey(network?: string): Promise<TSignedIn> {
  const api = await loadApi(network);
  const { options } = await api.post<TPasskeyLoginOptions>('/passkeyLogin/options');
  const response = await getAssertion(options);
  return api.post<TSignedIn>('/passkeyLogin/verify', { body: { response } });
}

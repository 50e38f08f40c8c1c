import type { TApiClient } from '@llk/contracts/client';
import { toast } from '@/lib/toast';

// The browser API client (lib/api.ts, with its seven-language fallback texts) is loaded when a
// form is first touched, not with the page: it stays out of the auth pages' first load.

let loading: Promise<TApiClient> | null = null;

/** The `api` client; `networkText` is toasted if its code cannot be loaded (then retried next time). */
export function loadApi(networkText?: string): Promise<TApiClient> {
  loading ??= import('@/lib/api')
    .then((module) => module.api)
    .catch((error: unknown) => {
      loading = null;
      console.error('auth: loading the API client failed', error);
      if (networkText) toast.error(networkText);
      throw error;
    });
  return loading;
}

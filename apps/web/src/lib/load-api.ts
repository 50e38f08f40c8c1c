import type { TApiClient } from '@llk/contracts/client';
import { toast } from './toast';

// The one way a client component reaches the browser API client (./api): loaded when it is
// first needed (a form touched, a session hinted, a button clicked), not with the page, so the
// client and its seven-language fallback texts stay out of every page's first load.

let loading: Promise<TApiClient> | null = null;

/** The `api` client; `networkText` is toasted if its code cannot be loaded (then retried next time). */
export function loadApi(networkText?: string): Promise<TApiClient> {
  loading ??= import('./api')
    .then((module) => module.api)
    .catch((error: unknown) => {
      loading = null;
      console.error('loading the API client failed', error);
      if (networkText) toast.error(networkText);
      throw error;
    });
  return loading;
}

import type { TLocale } from '@llk/contracts';
import { type TApiClient, createApiClient } from '@llk/contracts/client';
import { getApiOrigin } from './api-origin';

// API calls from server code (server components, route handlers): straight to API_URL, in
// the page's language. Pass the visitor's token only for per-user data in dynamic routes.
export function createServerApi(locale: TLocale, token?: string): TApiClient {
  return createApiClient({ baseUrl: getApiOrigin(), getLocale: () => locale, getToken: () => token });
}

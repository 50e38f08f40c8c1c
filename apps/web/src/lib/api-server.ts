import 'server-only';
import type { TLocale } from '@llk/contracts/locales';
import { type TApiClient, type TApiClientOptions, createApiClient } from '@llk/contracts/client';
import { getApiOrigin } from './api-origin';

// API calls from server code (server components, route handlers): straight to API_URL, in
// the page's language. Pass the visitor's token only for per-user data in dynamic routes;
// `fetch` lets an ISR page hand Next its caching options (next.revalidate) with every call.
export function createServerApi(
  locale: TLocale,
  options: { token?: string; fetch?: typeof fetch; timeoutMs?: number; onUnauthorized?: () => void } = {},
): TApiClient {
  const settings: TApiClientOptions = { baseUrl: getApiOrigin(), getLocale: () => locale, getToken: () => options.token };
  if (options.fetch) settings.fetch = options.fetch;
  if (options.timeoutMs !== undefined) settings.timeoutMs = options.timeoutMs;
  if (options.onUnauthorized) settings.onUnauthorized = options.onUnauthorized;
  return createApiClient(settings);
}

import 'server-only';
import type { TLocale } from '@llk/contracts/locales';
import type { z } from 'zod';
import { createServerApi } from '@/lib/api-server';

// Content for static pages (download, release notes), read from the API on the server when a
// page is generated and again by ISR (`revalidate`), never per request and never in the browser.
// The build must not need the API: when it is not reachable the caller renders its fallback,
// and the retry below lowers the page's revalidation time so that the first visit after the API
// is back brings the real page (Next keeps the smallest `revalidate` of a render's fetches).

/** How long a generated page with API data is served before it is regenerated (seconds). */
const CONTENT_REVALIDATE = 300;
/** Revalidation time of a page rendered with its fallback (the API did not answer). */
const FALLBACK_REVALIDATE = 5;
const TIMEOUT_MS = 5000;

async function request<T>(path: string, locale: TLocale, schema: z.ZodType<T>, revalidate: number): Promise<T> {
  const api = createServerApi(locale, { fetch: (input, init) => fetch(input, { ...init, next: { revalidate } }), timeoutMs: TIMEOUT_MS });
  return schema.parse(await api.get(path, { silent: true, retry: false }));
}

/** GET `path` from the API in `locale`; null when it fails (logged), so the page can fall back. */
export async function fetchContent<T>(path: string, locale: TLocale, schema: z.ZodType<T>): Promise<T | null> {
  try {
    return await request(path, locale, schema, CONTENT_REVALIDATE);
  } catch (error) {
    try {
      return await request(path, locale, schema, FALLBACK_REVALIDATE);
    } catch {
      console.warn(`content ${path} (${locale}) unavailable, rendering the fallback: ${String(error)}`);
      return null;
    }
  }
}

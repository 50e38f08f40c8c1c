import 'server-only';
import type { TNewsInfo, TNewsList, TNoticeList } from '@llk/contracts';
import type { TLocale } from '@llk/contracts/locales';
import { ApiError, type TApiClient } from '@llk/contracts/client';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { createServerApi } from '@/lib/api-server';

// Server-side reads of news, promotions and notices. The pages that call these are ISR pages
// (export const revalidate): rendered on first request, then served from the cache and
// re-rendered in the background at most once per revalidate period. An API failure throws, so
// a broken answer is never cached (a stale copy keeps being served instead).
//
// A page prerendered by the build (/notice) must not wait a whole revalidate period for real
// data: the build may run without an API. Its API calls therefore carry revalidate: 1, which
// Next applies to the page before the call is made, so the build's copy (with data, or with
// the "unavailable" text) is refreshed by the first request after the server starts.

function serverApi(locale: TLocale): TApiClient {
  const building = process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;
  return createServerApi(locale, building ? { fetch: (input, init) => fetch(input, { ...init, next: { revalidate: 1 } }) } : {});
}

export const NEWS_PAGE_SIZE = 10;
export const PROMOTIONS_SHOWN = 3;

export function getNewsList(locale: TLocale, page: number, kind?: 'NEWS' | 'PROMOTION', pageSize = NEWS_PAGE_SIZE): Promise<TNewsList> {
  return serverApi(locale).get<TNewsList>('/news/list', { query: { page, pageSize, ...(kind ? { kind } : {}) }, silent: true });
}

/** The item with public id `id`, or null when the API says it does not exist (404). */
export async function findNewsItem(locale: TLocale, id: string): Promise<TNewsInfo | null> {
  try {
    return await serverApi(locale).get<TNewsInfo>('/news/info', { query: { id }, silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function getNotices(locale: TLocale): Promise<TNoticeList> {
  return serverApi(locale).get<TNoticeList>('/announcements/info', { silent: true });
}

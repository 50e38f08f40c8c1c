import { ZCloudPcPlans, type TUpdateLogEntry } from '@llk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCloudPcPlans } from '@/features/cloud-pc/plans-data';
import { cloudPcPlansFromSeed } from '@/features/cloud-pc/seed-fallback';
import { findNewsItem, getNewsList, getNotices } from '@/features/news/news-api';
import { loadPricing } from '@/features/pricing/pricing-data';
import { pricingFromSeed } from '@/features/pricing/seed-fallback';
import { fetchContent } from '@/lib/content-fetch';

// Content is re-read every 5 minutes; a fallback (API down) is retried after 5 s.
const CONTENT_REVALIDATE = 300;
const FALLBACK_REVALIDATE = 5;
import { fetchFullUpdateLog, groupByPlatform } from './update-log';

// The server's reads of the API for static (ISR) pages, over a fake fetch at API_URL: the
// language sent, Next's revalidate per call, the fallback when the API does not answer.

interface TCall {
  url: string;
  language: string | null;
  revalidate: number | undefined;
}

function answer(data: unknown, status = 200, errcode = 0) {
  return new Response(JSON.stringify({ errcode, errmsg: errcode ? 'not found' : 'ok', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function serve(route: (url: URL) => Response | undefined): TCall[] {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit & { next?: { revalidate?: number } }) => {
      calls.push({ url: input, language: new Headers(init.headers).get('Accept-Language'), revalidate: init.next?.revalidate });
      const response = route(new URL(input));
      if (!response) throw new TypeError('fetch failed');
      return response;
    }),
  );
  return calls;
}

beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test/');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function entry(platform: TUpdateLogEntry['platform'], version: string, releasedAt: string): TUpdateLogEntry {
  return { platform, version, releasedAt, notes: `- ${version}`, contentHtml: `<ul>\n<li>${version}</li>\n</ul>\n`, locale: 'en' };
}

describe('fetchContent', () => {
  it('asks API_URL in the page language with the content revalidate time', async () => {
    const calls = serve(() => answer({ plans: [] }));
    expect(await fetchContent('/cloudPc/plans', 'ja', ZCloudPcPlans)).toEqual({ plans: [] });
    expect(calls).toEqual([{ url: 'http://api.test/cloudPc/plans', language: 'ja', revalidate: CONTENT_REVALIDATE }]);
  });

  it('tries once more with the short revalidate time, then gives null', async () => {
    const calls = serve(() => undefined);
    expect(await fetchContent('/cloudPc/plans', 'en', ZCloudPcPlans)).toBeNull();
    expect(calls.map((call) => call.revalidate)).toEqual([CONTENT_REVALIDATE, FALLBACK_REVALIDATE]);
    expect(FALLBACK_REVALIDATE).toBe(5);
  });

  it('treats an answer of the wrong shape as unavailable', async () => {
    serve(() => answer({ plans: 'none' }));
    expect(await fetchContent('/cloudPc/plans', 'en', ZCloudPcPlans)).toBeNull();
  });
});

describe('pricing and cloud-PC plans', () => {
  it('use the live answer when there is one', async () => {
    const live = pricingFromSeed('en');
    serve((url) =>
      url.pathname === '/memberPricing/detail/v2' ? answer(live) : answer({ plans: cloudPcPlansFromSeed().plans.slice(0, 1) }),
    );
    expect(await loadPricing('en')).toEqual({ pricing: live, live: true });
    expect((await loadCloudPcPlans('en')).plans).toHaveLength(1);
  });

  it('fall back to the seed (and say so) when the API is down, so nothing is sold at a guessed price', async () => {
    serve(() => undefined);
    expect(await loadPricing('zh-CN')).toEqual({ pricing: pricingFromSeed('zh-CN'), live: false });
    expect(await loadCloudPcPlans('zh-CN')).toEqual({ plans: cloudPcPlansFromSeed().plans, live: false });
  });
});

describe('fetchFullUpdateLog', () => {
  it('reads every page until the total is reached', async () => {
    const first = Array.from({ length: 50 }, (_, index) =>
      entry('WIN', `1.${index}`, `2026-01-${String((index % 28) + 1).padStart(2, '0')}T00:00:00.000Z`),
    );
    const calls = serve((url) =>
      url.searchParams.get('page') === '1'
        ? answer({ list: first, total: 51, page: 1, pageSize: 50 })
        : answer({ list: [entry('MAC', '2.0', '2026-02-01T00:00:00.000Z')], total: 51, page: 2, pageSize: 50 }),
    );
    const log = await fetchFullUpdateLog('en');
    expect(log).toHaveLength(51);
    expect(calls.map((call) => call.url)).toEqual([
      'http://api.test/download/updateLog?page=1&pageSize=50',
      'http://api.test/download/updateLog?page=2&pageSize=50',
    ]);
  });

  it('is null when the first page fails and keeps what it has when a later one fails', async () => {
    serve(() => undefined);
    expect(await fetchFullUpdateLog('en')).toBeNull();
    const first = Array.from({ length: 50 }, (_, index) => entry('WIN', `1.${index}`, '2026-01-01T00:00:00.000Z'));
    serve((url) => (url.searchParams.get('page') === '1' ? answer({ list: first, total: 80, page: 1, pageSize: 50 }) : undefined));
    expect(await fetchFullUpdateLog('en')).toHaveLength(50);
  });

  it('groups by platform in the download page order, newest first', () => {
    const groups = groupByPlatform([
      entry('MAC', '1.0', '2026-01-01T00:00:00.000Z'),
      entry('ANDROID', '3.1', '2026-03-01T00:00:00.000Z'),
      entry('ANDROID', '3.2', '2026-04-01T00:00:00.000Z'),
    ]);
    expect(groups.map((group) => [group.platform, group.entries.map((e) => e.version)])).toEqual([
      ['ANDROID', ['3.2', '3.1']],
      ['MAC', ['1.0']],
    ]);
  });
});

describe('news-api', () => {
  it('lists news with page, size and kind, in the page language', async () => {
    const calls = serve(() => answer({ list: [], total: 0, page: 2, pageSize: 10 }));
    await getNewsList('ko', 2, 'PROMOTION');
    await getNotices('ko');
    expect(calls.map((call) => [call.url, call.language])).toEqual([
      ['http://api.test/news/list?page=2&pageSize=10&kind=PROMOTION', 'ko'],
      ['http://api.test/announcements/info', 'ko'],
    ]);
  });

  it('finds an item, gives null for a 404 and throws on other failures (so no broken page is cached)', async () => {
    serve((url) => (url.searchParams.get('id') === '7' ? answer({ id: 7 }) : answer(null, 404, 40400)));
    expect(await findNewsItem('en', '7')).toEqual({ id: 7 });
    expect(await findNewsItem('en', '8')).toBeNull();
    serve(() => answer(null, 500, 50000));
    await expect(findNewsItem('en', '7')).rejects.toThrow();
  });
});

import type { TNewsList } from '@llk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sitemap from '@/app/sitemap';
import { getGuideTree } from '@/features/guide/guide-content';
import { flattenGuide } from '@/features/guide/guide-tree';
import { collectSitemapPages, guideSitemapPages, newsSitemapPages, SITEMAP_PATHS } from './sitemap-pages';

describe('sitemap pages', () => {
  it('adds content sources after the static pages, each path once', async () => {
    const pages = await collectSitemapPages([() => [{ path: '/guide/account' }], async () => [{ path: '/download' }, { path: '/info-7' }]]);
    expect(pages.map((page) => page.path)).toEqual([...SITEMAP_PATHS.map((page) => page.path), '/guide/account', '/info-7']);
  });

  it('leaves per-user and transactional pages out', () => {
    const paths = SITEMAP_PATHS.map((page) => page.path);
    for (const path of ['/pay', '/order', '/search', '/login', '/signup', '/resetPW']) expect(paths).not.toContain(path);
    // the security and privacy page is public and indexed
    expect(paths).toContain('/security');
    expect(paths.filter((path) => path === '/account' || path.startsWith('/account/'))).toEqual([]);
  });
});

describe('sitemap content sources', () => {
  it('lists every guide topic at every depth', () => {
    const pages = guideSitemapPages().map((page) => page.path);
    expect(pages).toHaveLength(flattenGuide(getGuideTree('zh-CN')).length);
    expect(pages.length).toBeGreaterThan(60);
    expect(pages).toContain('/guide/quick-start');
    expect(pages).toContain('/guide/purchase-benefits/membership');
    expect(pages).toContain('/guide/remote-control/input-devices/gamepad');
    expect(new Set(pages).size).toBe(pages.length);
  });

  it('lists every news item and every listing page after the first, reading the API page by page', async () => {
    const items = Array.from({ length: 73 }, (_, index) => ({ id: index + 1, publishedAt: `2026-0${(index % 9) + 1}-01T00:00:00.000Z` }));
    const calls: Array<[string, number, number | undefined]> = [];
    const list = async (locale: string, page: number, _kind?: string, pageSize = 10): Promise<TNewsList> => {
      calls.push([locale, page, pageSize]);
      const slice = items.slice((page - 1) * pageSize, page * pageSize);
      return {
        list: slice.map((item) => ({
          ...item,
          kind: 'NEWS',
          title: 't',
          summary: 's',
          validFrom: null,
          validUntil: null,
          locale: 'zh-CN',
        })),
        total: items.length,
        page,
        pageSize,
      };
    };
    const pages = await newsSitemapPages(list as never);
    expect(calls).toEqual([
      ['zh-CN', 1, 50],
      ['zh-CN', 2, 50],
    ]);
    const paths = pages.map((page) => page.path);
    expect(paths.filter((path) => path.startsWith('/info-'))).toHaveLength(73);
    expect(paths).toContain('/info-73');
    expect(pages.find((page) => page.path === '/info-5')?.lastModified).toBe('2026-05-01T00:00:00.000Z');
    // 73 items at ten a page: /news-1 is a fixed path, /news-2 … /news-8 come from here
    expect(paths.filter((path) => path.startsWith('/news-'))).toEqual([
      '/news-2',
      '/news-3',
      '/news-4',
      '/news-5',
      '/news-6',
      '/news-7',
      '/news-8',
    ]);
  });

  it('leaves news out, without failing, when the API cannot be reached', async () => {
    const pages = await newsSitemapPages(async () => {
      throw new Error('connect ECONNREFUSED');
    });
    expect(pages).toEqual([]);
  });
});

describe('sitemap.xml entries', () => {
  const saved = process.env.API_URL;
  // No API in unit tests: point at a closed port so the news source gives up at once.
  beforeAll(() => {
    process.env.API_URL = 'http://127.0.0.1:9';
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.API_URL;
    else process.env.API_URL = saved;
  });

  it('lists every page in all seven languages with the same hreflang alternates', async () => {
    const entries = await sitemap();
    expect(entries).toHaveLength((SITEMAP_PATHS.length + guideSitemapPages().length) * 7);
    expect(entries.filter((entry) => new URL(entry.url).pathname === '/ja/guide/remote-control/input-devices/gamepad')).toHaveLength(1);
    const download = entries.filter((entry) => entry.url.endsWith('/download'));
    expect(download.map((entry) => new URL(entry.url).pathname)).toEqual([
      '/download',
      '/en/download',
      '/zh-tw/download',
      '/es/download',
      '/fr/download',
      '/ja/download',
      '/ko/download',
    ]);
    expect(download[0]?.alternates?.languages).toEqual({
      'zh-CN': 'http://localhost:3000/download',
      en: 'http://localhost:3000/en/download',
      'zh-TW': 'http://localhost:3000/zh-tw/download',
      es: 'http://localhost:3000/es/download',
      fr: 'http://localhost:3000/fr/download',
      ja: 'http://localhost:3000/ja/download',
      ko: 'http://localhost:3000/ko/download',
      'x-default': 'http://localhost:3000/download',
    });
    expect(entries.find((entry) => entry.url === 'http://localhost:3000/en')?.priority).toBe(1);
  });
});

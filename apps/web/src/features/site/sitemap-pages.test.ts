import { describe, expect, it } from 'vitest';
import sitemap from '@/app/sitemap';
import { collectSitemapPages, SITEMAP_PATHS } from './sitemap-pages';

describe('sitemap pages', () => {
  it('adds content sources after the static pages, each path once', async () => {
    const pages = await collectSitemapPages([() => [{ path: '/guide/account' }], async () => [{ path: '/download' }, { path: '/info-7' }]]);
    expect(pages.map((page) => page.path)).toEqual([...SITEMAP_PATHS.map((page) => page.path), '/guide/account', '/info-7']);
  });

  it('leaves per-user and transactional pages out', () => {
    const paths = SITEMAP_PATHS.map((page) => page.path);
    for (const path of ['/pay', '/order', '/search', '/login', '/signup', '/resetPW']) expect(paths).not.toContain(path);
  });
});

describe('sitemap.xml entries', () => {
  it('lists every page in all seven languages with the same hreflang alternates', async () => {
    const entries = await sitemap();
    expect(entries).toHaveLength(SITEMAP_PATHS.length * 7);
    const download = entries.filter((entry) => entry.url.endsWith('/download'));
    expect(download.map((entry) => new URL(entry.url).pathname)).toEqual(['/download', '/en/download', '/zh-tw/download', '/es/download', '/fr/download', '/ja/download', '/ko/download']);
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

import { describe, expect, it, vi } from 'vitest';
import { createPageMetadata, localizePath } from './metadata';

vi.mock('next-intl/server', () => ({ getTranslations: vi.fn() }));

const base = { title: 'Pricing | LLK Remote', description: 'Plans', siteName: 'LLK Remote', siteUrl: 'https://llk.test' };

describe('localizePath', () => {
  it('leaves zh-CN unprefixed and prefixes the others', () => {
    expect(localizePath('zh-CN', '/')).toBe('/');
    expect(localizePath('zh-CN', '/pricing')).toBe('/pricing');
    expect(localizePath('en', '/')).toBe('/en');
    expect(localizePath('zh-tw', '/guide/account')).toBe('/zh-tw/guide/account');
    expect(localizePath('ja', 'news-2')).toBe('/ja/news-2');
  });
});

describe('createPageMetadata', () => {
  it('sets the title as given and the description', () => {
    const meta = createPageMetadata({ ...base, locale: 'en', path: '/pricing' });
    expect(meta.title).toEqual({ absolute: 'Pricing | LLK Remote' });
    expect(meta.description).toBe('Plans');
  });

  it('points the canonical URL at the page in its own locale', () => {
    expect(createPageMetadata({ ...base, locale: 'en', path: '/pricing' }).alternates?.canonical).toBe('https://llk.test/en/pricing');
    expect(createPageMetadata({ ...base, locale: 'zh-CN', path: '/pricing' }).alternates?.canonical).toBe('https://llk.test/pricing');
    expect(createPageMetadata({ ...base, locale: 'ko', path: '/' }).alternates?.canonical).toBe('https://llk.test/ko');
    expect(createPageMetadata({ ...base, locale: 'zh-CN', path: '/' }).alternates?.canonical).toBe('https://llk.test/');
  });

  it('lists all seven locales by BCP 47 tag plus x-default → zh-CN', () => {
    const languages = createPageMetadata({ ...base, locale: 'fr', path: '/news-3' }).alternates?.languages;
    expect(languages).toEqual({
      'zh-CN': 'https://llk.test/news-3',
      en: 'https://llk.test/en/news-3',
      'zh-TW': 'https://llk.test/zh-tw/news-3',
      es: 'https://llk.test/es/news-3',
      fr: 'https://llk.test/fr/news-3',
      ja: 'https://llk.test/ja/news-3',
      ko: 'https://llk.test/ko/news-3',
      'x-default': 'https://llk.test/news-3',
    });
  });

  it('fills Open Graph and the Twitter card with the share image', () => {
    const meta = createPageMetadata({ ...base, locale: 'zh-tw', path: '/download' });
    expect(meta.openGraph).toMatchObject({
      title: 'Pricing | LLK Remote',
      description: 'Plans',
      url: 'https://llk.test/zh-tw/download',
      siteName: 'LLK Remote',
      locale: 'zh_TW',
      images: [{ url: 'https://llk.test/imgs/logo-120.png', width: 120, height: 120 }],
    });
    expect((meta.openGraph as { alternateLocale: string[] }).alternateLocale).toEqual(['zh_CN', 'en', 'es', 'fr', 'ja', 'ko']);
    expect(meta.twitter).toMatchObject({ card: 'summary', title: 'Pricing | LLK Remote', images: ['https://llk.test/imgs/logo-120.png'] });
  });

  it('shows a page’s own picture (a news cover) in link previews instead of the logo', () => {
    const meta = createPageMetadata({ ...base, locale: 'ja', path: '/info-17', imagePath: '/images/news/launch.webp' });
    expect((meta.openGraph as { images: unknown[] }).images).toEqual([
      { url: 'https://llk.test/images/news/launch.webp', alt: 'Pricing | LLK Remote' },
    ]);
    expect(meta.twitter).toMatchObject({ card: 'summary_large_image', images: ['https://llk.test/images/news/launch.webp'] });
  });

  it('marks per-user pages noindex only when asked', () => {
    expect(createPageMetadata({ ...base, locale: 'en', path: '/pay' }).robots).toBeUndefined();
    expect(createPageMetadata({ ...base, locale: 'en', path: '/pay', noIndex: true }).robots).toEqual({ index: false, follow: true });
  });

  it('trims a trailing slash from the site URL', () => {
    const meta = createPageMetadata({ ...base, siteUrl: 'https://llk.test/', locale: 'en', path: '/about' });
    expect(meta.alternates?.canonical).toBe('https://llk.test/en/about');
  });
});

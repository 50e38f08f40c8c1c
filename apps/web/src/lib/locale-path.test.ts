import { describe, expect, it } from 'vitest';
import { hrefToString, languageChoiceHref, localeCookieLine, localizeHref, splitLocalePrefix, switchLocaleHref } from './locale-path';

describe('localizeHref', () => {
  it('prefixes all but the default locale', () => {
    expect(localizeHref('zh-CN', '/pricing')).toBe('/pricing');
    expect(localizeHref('zh-CN', '/')).toBe('/');
    expect(localizeHref('en', '/')).toBe('/en');
    expect(localizeHref('en', '/?a=1')).toBe('/en?a=1');
    expect(localizeHref('en', '/#top')).toBe('/en#top');
    expect(localizeHref('ja', '/news-2?x=1')).toBe('/ja/news-2?x=1');
  });
  it('leaves anything but site paths alone', () => {
    for (const href of ['https://example.com/x', '//cdn.example/x', 'mailto:a@b.c', '#top', 'tel:1'])
      expect(localizeHref('en', href)).toBe(href);
  });
});

describe('splitLocalePrefix', () => {
  it('reads a locale prefix', () => {
    expect(splitLocalePrefix('/en')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocalePrefix('/zh-tw/news-2')).toEqual({ locale: 'zh-tw', path: '/news-2' });
    expect(splitLocalePrefix('/zh-CN/x')).toEqual({ locale: 'zh-CN', path: '/x' });
  });
  it('treats the rest as unprefixed', () => {
    expect(splitLocalePrefix('/')).toEqual({ locale: null, path: '/' });
    expect(splitLocalePrefix('/EN/pricing')).toEqual({ locale: null, path: '/EN/pricing' });
    expect(splitLocalePrefix('/english')).toEqual({ locale: null, path: '/english' });
  });
});

describe('hrefToString', () => {
  it('serialises href objects', () => {
    expect(hrefToString('/a?b=1')).toBe('/a?b=1');
    expect(hrefToString({ pathname: '/pricing', query: { tab: 'year', n: 2, skip: undefined, many: ['a', 'b'] }, hash: 'plans' })).toBe(
      '/pricing?tab=year&n=2&many=a&many=b#plans',
    );
    expect(hrefToString({ pathname: '/x' })).toBe('/x');
  });
});

describe('switchLocaleHref', () => {
  it('keeps the page and the query', () => {
    expect(switchLocaleHref('en', '/pricing', '?from=app')).toBe('/en/pricing?from=app');
    expect(switchLocaleHref('ja', '/en/news-2', '')).toBe('/ja/news-2');
    expect(switchLocaleHref('zh-CN', '/fr/guide/account/login', '?a=1&b=2')).toBe('/guide/account/login?a=1&b=2');
    expect(switchLocaleHref('zh-tw', '/ko/info-5', '')).toBe('/zh-tw/info-5');
  });
  it('handles the home pages', () => {
    expect(switchLocaleHref('en', '/', '')).toBe('/en');
    expect(switchLocaleHref('zh-CN', '/en', '')).toBe('/');
    expect(switchLocaleHref('zh-CN', '/en', '?x=1')).toBe('/?x=1');
    expect(switchLocaleHref('ko', '/ja', '')).toBe('/ko');
  });
});

describe('languageChoiceHref', () => {
  it("names the chosen language in the query, after the page's own parameters", () => {
    expect(languageChoiceHref('ja', '/en/pricing', '?from=app')).toBe('/ja/pricing?from=app&lang=ja');
    expect(languageChoiceHref('zh-CN', '/ko', '')).toBe('/?lang=zh-CN');
    // a stale choice in the current query is replaced, not repeated
    expect(languageChoiceHref('fr', '/ja/about', '?lang=ja')).toBe('/fr/about?lang=fr');
  });
});

describe('localeCookieLine', () => {
  it('matches the proxy rules: path /, 365 days, Lax', () => {
    expect(localeCookieLine('llk-lang', 'ja', 31536000, false)).toBe('llk-lang=ja; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(localeCookieLine('llk-lang', 'ja', 31536000, true)).toMatch(/; Secure$/);
  });
});

import { describe, expect, it } from 'vitest';
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  defaultLocale,
  detectLocale,
  isLocale,
  localeEntries,
  localeFromAcceptLanguage,
  localePrefix,
  locales,
  matchBrowserLanguage,
  parseAcceptLanguage,
  readAcceptLanguage,
} from './locales';

describe('locale constants', () => {
  it('has the seven locales, zh-CN by default, and the llk-lang cookie for 365 days', () => {
    expect([...locales].sort()).toEqual(['en', 'es', 'fr', 'ja', 'ko', 'zh-CN', 'zh-tw']);
    expect(defaultLocale).toBe('zh-CN');
    expect(LOCALE_COOKIE).toBe('llk-lang');
    expect(LOCALE_COOKIE_MAX_AGE).toBe(31_536_000);
  });

  it('prefixes every locale but the default', () => {
    expect(localePrefix('zh-CN')).toBe('');
    expect(localePrefix('en')).toBe('/en');
    expect(localePrefix('zh-tw')).toBe('/zh-tw');
    expect(localePrefix('ko')).toBe('/ko');
  });

  it('sends the Accept-Language value of each locale', () => {
    expect(Object.fromEntries(locales.map((l) => [l, localeEntries[l].language]))).toEqual({
      'zh-CN': 'zh-CN',
      'zh-tw': 'zh-TW',
      en: 'en',
      es: 'es',
      fr: 'fr',
      ja: 'ja',
      ko: 'ko',
    });
    for (const locale of locales) expect(localeEntries[locale].code).toBe(locale);
  });

  it('recognises only the exact locale codes', () => {
    expect(isLocale('zh-tw')).toBe(true);
    expect(isLocale('en')).toBe(true);
    expect(isLocale('zh-TW')).toBe(false);
    expect(isLocale('de')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
    expect(isLocale(7)).toBe(false);
  });
});

describe('detectLocale (first visit, from Accept-Language)', () => {
  it.each([
    [undefined, 'en'],
    [null, 'en'],
    ['', 'en'],
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-cn', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-HK', 'zh-tw'],
    ['zh-TW', 'zh-tw'],
    ['zh-MO', 'zh-tw'],
    ['zh-Hant', 'zh-tw'],
    ['zh-Hant-TW', 'zh-tw'],
    ['de', 'en'],
    ['de,fr;q=0.8', 'fr'],
    ['de-DE,de;q=0.9,ja;q=0.5,ko;q=0.7', 'ko'],
    ['fr;q=0.5,es;q=0.9', 'es'],
    ['en;q=0.1,ja', 'ja'],
    ['ja;q=0,fr', 'fr'],
    ['es;Q=0.1,fr;q=0.5', 'fr'],
    ['fr ; q = 0.4 , ko ; q = 0.6', 'ko'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7', 'zh-tw'],
    ['en-US', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['ja-JP', 'ja'],
    ['ko-KR', 'ko'],
    ['es-419', 'es'],
    ['fr-CA', 'fr'],
    ['*', 'en'],
    [';;;,,,', 'en'],
    ['q=1', 'en'],
    ['zz-ZZ;q=abc', 'en'],
    ['en;q=abc,fr;q=0.2', 'fr'],
    ['english', 'en'],
    ['japanese,korean', 'en'],
    ['💥', 'en'],
  ])('%j → %s', (header, expected) => {
    expect(detectLocale(header)).toBe(expected);
  });
});

describe('localeFromAcceptLanguage (language of API messages)', () => {
  it('uses the default locale only when there is no header', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('zh-CN');
    expect(localeFromAcceptLanguage('')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('  ')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('de')).toBe('en');
    expect(localeFromAcceptLanguage('de,ja;q=0.5')).toBe('ja');
  });

  it('maps every value the client sends back to its locale', () => {
    for (const locale of locales) expect(localeFromAcceptLanguage(localeEntries[locale].language)).toBe(locale);
  });
});

describe('parseAcceptLanguage and matchBrowserLanguage', () => {
  it('orders by q, stable for equal q, dropping q=0 and *', () => {
    expect(parseAcceptLanguage('a;q=0.5, b, c;q=0.5, d;q=0, *;q=0.1, e;q=1')).toEqual(['b', 'e', 'a', 'c']);
  });

  it('reads every range in header order, q 1 when absent, a malformed q as 0', () => {
    expect(readAcceptLanguage('en-GB ; Q=0.5,zh, *;q=0.1,fr;q=x,,ja;q=0')).toEqual([
      { tag: 'en-GB', q: 0.5, index: 0 },
      { tag: 'zh', q: 1, index: 1 },
      { tag: '*', q: 0.1, index: 2 },
      { tag: 'fr', q: 0, index: 3 },
      { tag: '', q: 1, index: 4 },
      { tag: 'ja', q: 0, index: 5 },
    ]);
    expect(readAcceptLanguage(null)).toEqual([]);
    expect(readAcceptLanguage('')).toEqual([]);
  });

  it('maps single tags and refuses unknown ones', () => {
    expect(matchBrowserLanguage('ZH-cn')).toBe('zh-CN');
    expect(matchBrowserLanguage('zh-SG')).toBe('zh-tw');
    expect(matchBrowserLanguage('ko')).toBe('ko');
    expect(matchBrowserLanguage('pt-BR')).toBeNull();
    expect(matchBrowserLanguage('')).toBeNull();
  });
});

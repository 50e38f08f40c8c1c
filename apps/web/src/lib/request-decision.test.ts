import { describe, expect, it } from 'vitest';
import { decideRequest, type TPageRequest } from './request-decision';

const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const decide = (r: Partial<TPageRequest> & { pathname: string }) => decideRequest({ search: '', userAgent: chrome, ...r });

describe('first visit (no valid cookie) to an unprefixed path', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'en'],
    ['zh-HK', 'zh-tw'],
    ['zh-TW,zh;q=0.9', 'zh-tw'],
    ['de-DE,fr;q=0.8', 'fr'],
    ['ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    ['es-MX', 'es'],
    ['ko', 'ko'],
  ])('Accept-Language %s → 307 to /%s with the cookie, query kept', (acceptLanguage, locale) => {
    expect(decide({ pathname: '/pricing', search: '?from=ad', acceptLanguage })).toEqual({
      action: 'redirect',
      location: `/${locale}/pricing?from=ad`,
      setCookie: locale,
    });
  });

  it('zh and zh-CN stay and get the zh-CN cookie', () => {
    for (const acceptLanguage of ['zh-CN,zh;q=0.9', 'zh']) {
      expect(decide({ pathname: '/', acceptLanguage })).toEqual({
        action: 'render',
        target: '/zh-CN',
        locale: 'zh-CN',
        setCookie: 'zh-CN',
      });
    }
  });

  it('redirects home to the bare prefix', () => {
    expect(decide({ pathname: '/', acceptLanguage: 'ja' })).toEqual({ action: 'redirect', location: '/ja', setCookie: 'ja' });
    expect(decide({ pathname: '/', search: '?from=x', acceptLanguage: 'ja' })).toMatchObject({ location: '/ja?from=x' });
  });

  it('ignores an invalid cookie value', () => {
    expect(decide({ pathname: '/about', cookie: 'de', acceptLanguage: 'ko' })).toEqual({
      action: 'redirect',
      location: '/ko/about',
      setCookie: 'ko',
    });
    expect(decide({ pathname: '/about', cookie: 'zh-TW', acceptLanguage: 'zh-CN' })).toEqual({
      action: 'render',
      target: '/zh-CN/about',
      locale: 'zh-CN',
      setCookie: 'zh-CN',
    });
  });
});

describe('a valid cookie', () => {
  it('wins over the browser languages and is never rewritten', () => {
    expect(decide({ pathname: '/about', cookie: 'ja', acceptLanguage: 'zh-CN' })).toEqual({ action: 'redirect', location: '/ja/about' });
    expect(decide({ pathname: '/about', cookie: 'zh-CN', acceptLanguage: 'en' })).toEqual({
      action: 'render',
      target: '/zh-CN/about',
      locale: 'zh-CN',
    });
  });

  it('does not stop a prefixed page from being served in its own language', () => {
    expect(decide({ pathname: '/ko/contact', cookie: 'fr' })).toEqual({ action: 'render', target: '/ko/contact', locale: 'ko' });
  });
});

describe('prefixed paths', () => {
  it('are served as is and set the cookie on a first visit', () => {
    expect(decide({ pathname: '/fr/contact', acceptLanguage: 'ja' })).toEqual({
      action: 'render',
      target: '/fr/contact',
      locale: 'fr',
      setCookie: 'fr',
    });
    expect(decide({ pathname: '/en' })).toEqual({ action: 'render', target: '/en', locale: 'en', setCookie: 'en' });
  });

  it('rewrite /info-{id} and /news-{page} to their folders, keeping the query', () => {
    expect(decide({ pathname: '/en/info-12', search: '?a=1', cookie: 'en' })).toEqual({
      action: 'render',
      target: '/en/info/12?a=1',
      locale: 'en',
    });
    expect(decide({ pathname: '/news-3', cookie: 'zh-CN' })).toEqual({ action: 'render', target: '/zh-CN/news/3', locale: 'zh-CN' });
  });

  it('send /zh-CN/… to the unprefixed URL', () => {
    expect(decide({ pathname: '/zh-CN/pricing', search: '?x=1', cookie: 'en' })).toEqual({ action: 'redirect', location: '/pricing?x=1' });
    expect(decide({ pathname: '/zh-CN' })).toEqual({ action: 'redirect', location: '/', setCookie: 'zh-CN' });
  });
});

describe('a language chosen through a link (?lang=, the switch without its script)', () => {
  it('saves the choice, replacing the old cookie, and drops the parameter', () => {
    expect(decide({ pathname: '/pricing', search: '?lang=zh-CN', cookie: 'ja' })).toEqual({
      action: 'redirect',
      location: '/pricing',
      setCookie: 'zh-CN',
    });
    expect(decide({ pathname: '/ja/pricing', search: '?from=app&lang=ja&clientType=MAC', cookie: 'en' })).toEqual({
      action: 'redirect',
      location: '/ja/pricing?from=app&clientType=MAC',
      setCookie: 'ja',
    });
    expect(decide({ pathname: '/zh-tw', search: '?lang=zh-tw' })).toEqual({ action: 'redirect', location: '/zh-tw', setCookie: 'zh-tw' });
  });

  it("ignores a choice that is not the page's own language, a cookie that already says it, and crawlers", () => {
    expect(decide({ pathname: '/ja/pricing', search: '?lang=en', cookie: 'fr' })).toEqual({ action: 'redirect', location: '/ja/pricing' });
    expect(decide({ pathname: '/pricing', search: '?lang=xx' })).toEqual({ action: 'redirect', location: '/pricing' });
    expect(decide({ pathname: '/ko', search: '?lang=ko', cookie: 'ko' })).toEqual({ action: 'redirect', location: '/ko' });
    expect(decide({ pathname: '/ko', search: '?lang=ko', userAgent: googlebot })).toEqual({ action: 'redirect', location: '/ko' });
  });
});

describe('fatal pages', () => {
  it.each(['/info-abc', '/info-0', '/news-0', '/news-x', '/info/1', '/en/news/2', '/en/no-such-page', '/ja/info-abc'])(
    '%s is a 404 naming the path, before any language redirect',
    (pathname) => {
      expect(decide({ pathname, acceptLanguage: 'fr' })).toMatchObject({
        action: 'fatal',
        status: 404,
        failure: 'notFound',
        path: pathname,
        bare: false,
      });
    },
  );

  it('shows in the language of the prefix, or of the cookie on an unprefixed URL', () => {
    expect(decide({ pathname: '/ja/info-abc', cookie: 'en' })).toMatchObject({ locale: 'ja' });
    expect(decide({ pathname: '/info-abc', cookie: 'en' })).toMatchObject({ locale: 'en' });
    expect(decide({ pathname: '/info-abc', acceptLanguage: 'en' })).toMatchObject({ locale: 'zh-CN' });
    expect(decide({ pathname: '/info-abc' })).not.toHaveProperty('setCookie');
  });

  it('/pay without qrCodeId fails with noQrCodeId', () => {
    for (const [pathname, search] of [
      ['/pay', ''],
      ['/pay', '?qrCodeId='],
      ['/en/pay', ''],
      ['/ko/pay', '?other=1'],
    ] as const) {
      expect(decide({ pathname, search, cookie: 'zh-CN' })).toMatchObject({ action: 'fatal', failure: 'noQrCodeId', path: pathname });
    }
    expect(decide({ pathname: '/en/pay', search: '?qrCodeId=q1' })).toMatchObject({ action: 'render', target: '/en/pay?qrCodeId=q1' });
  });
});

describe('crawlers', () => {
  it('are never redirected by language and never get a cookie', () => {
    expect(decide({ pathname: '/', userAgent: googlebot, acceptLanguage: 'en' })).toEqual({
      action: 'render',
      target: '/zh-CN',
      locale: 'zh-CN',
    });
    expect(decide({ pathname: '/ja/pricing', userAgent: googlebot })).toEqual({ action: 'render', target: '/ja/pricing', locale: 'ja' });
    expect(decide({ pathname: '/zh-CN/pricing', userAgent: googlebot })).toEqual({ action: 'redirect', location: '/pricing' });
  });

  it('get a bare 404 on a fatal page', () => {
    for (const pathname of ['/info-abc', '/en/pay', '/en/nothing-here']) {
      expect(decide({ pathname, userAgent: googlebot, cookie: 'ja' })).toMatchObject({ action: 'fatal', status: 404, bare: true });
    }
  });
});

describe('the back office', () => {
  it.each(['/admin', '/admin/', '/admin/login', '/admin/setup', '/admin/api/me', '/admin/staff'])(
    '%s passes without a prefix, a cookie or a redirect',
    (pathname) => {
      expect(decide({ pathname, acceptLanguage: 'ja' })).toEqual({ action: 'admin' });
      expect(decide({ pathname, cookie: 'en', userAgent: googlebot })).toEqual({ action: 'admin' });
    },
  );

  it('leaves look-alikes to the locale routes', () => {
    expect(decide({ pathname: '/administrator', cookie: 'zh-CN' })).toMatchObject({ action: 'fatal', status: 404 });
    expect(decide({ pathname: '/en/admin', cookie: 'en' })).toMatchObject({ action: 'fatal', status: 404 });
  });
});

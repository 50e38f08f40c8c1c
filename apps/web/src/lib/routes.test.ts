import { describe, expect, it } from 'vitest';
import { matchRoute, parseLocalePath } from './routes';

const q = (s = '') => new URLSearchParams(s);

describe('matchRoute', () => {
  it.each([
    ['/', '/'],
    ['/login', '/login'],
    ['/signup', '/signup'],
    ['/resetPW', '/resetPW'],
    ['/promotionPlan', '/promotionPlan'],
    ['/order', '/order'],
    ['/pricing', '/pricing'],
    ['/download', '/download'],
    ['/cloudPc', '/cloudPc'],
    ['/about', '/about'],
    ['/contact', '/contact'],
    ['/notice', '/notice'],
    ['/log', '/log'],
    ['/guide', '/guide'],
    ['/search', '/search'],
    ['/guide/quick-start', '/guide/quick-start'],
    ['/guide/purchase-benefits/membership', '/guide/purchase-benefits/membership'],
    ['/guide/a/b/c/d', '/guide/a/b/c/d'],
    ['/info-1', '/info/1'],
    ['/info-123', '/info/123'],
    ['/news-1', '/news/1'],
    ['/news-42', '/news/42'],
    ['/legal/privacy', '/legal/privacy'],
    ['/legal/terms', '/legal/terms'],
    ['/legal/value-added-services', '/legal/value-added-services'],
    ['/legal/membership-agreement', '/legal/membership-agreement'],
    ['/account', '/account'],
    ['/account/profile', '/account/profile'],
    ['/account/security', '/account/security'],
    ['/account/orders', '/account/orders'],
    ['/account/walls', '/account/walls'],
    ['/account/seats', '/account/seats'],
    ['/account/redeem', '/account/redeem'],
    ['/account/cancel', '/account/cancel'],
    ['/account/orders/01JABCDEF0123456789XYZ', '/account/orders/01JABCDEF0123456789XYZ'],
    ['/account/orders/01JABCDEF0123456789XYZ/receipt', '/account/orders/01JABCDEF0123456789XYZ/receipt'],
    ['/org', '/org'],
    ['/org/join', '/org/join'],
  ])('%s renders %s', (path, internalPath) => {
    expect(matchRoute(path, q())).toEqual({ ok: true, internalPath });
  });

  it.each([
    '/info-abc',
    '/info-0',
    '/info--1',
    '/info-1.5',
    '/info-01',
    '/info-',
    '/info-9999999999999999999',
    '/news-0',
    '/news-x',
    '/news-',
    '/info/1',
    '/news/2',
    '/org/join/x',
    '/org/list',
    '/info',
    '/news',
    '/nope',
    '/account/',
    '/account/unknown',
    '/account/orders/',
    '/account/orders/a-b',
    '/account/orders/abc/other',
    '/account/orders/abc/receipt/x',
    `/account/orders/${'a'.repeat(65)}`,
    '/Pricing',
    '/pricing/extra',
    '/guide/',
    '/guide/../etc',
    '/guide/a//b',
    '/legal',
    '/legal/unknown',
    '/legal/privacy/x',
    '/fatal',
  ])('%s is not found', (path) => {
    expect(matchRoute(path, q())).toEqual({ ok: false, failure: 'notFound' });
  });

  it('requires a non-empty qrCodeId on /pay', () => {
    expect(matchRoute('/pay', q())).toEqual({ ok: false, failure: 'noQrCodeId' });
    expect(matchRoute('/pay', q('qrCodeId='))).toEqual({ ok: false, failure: 'noQrCodeId' });
    expect(matchRoute('/pay', q('other=1'))).toEqual({ ok: false, failure: 'noQrCodeId' });
    expect(matchRoute('/pay', q('qrCodeId=abc'))).toEqual({ ok: true, internalPath: '/pay' });
  });
});

describe('parseLocalePath', () => {
  it('reads a locale prefix', () => {
    expect(parseLocalePath('/en')).toEqual({ locale: 'en', prefixed: true, path: '/' });
    expect(parseLocalePath('/en/')).toEqual({ locale: 'en', prefixed: true, path: '/' });
    expect(parseLocalePath('/zh-tw/news-2')).toEqual({ locale: 'zh-tw', prefixed: true, path: '/news-2' });
    expect(parseLocalePath('/zh-CN/pricing')).toEqual({ locale: 'zh-CN', prefixed: true, path: '/pricing' });
  });
  it('treats everything else as the unprefixed zh-CN variant', () => {
    expect(parseLocalePath('/')).toEqual({ locale: 'zh-CN', prefixed: false, path: '/' });
    expect(parseLocalePath('/pricing')).toEqual({ locale: 'zh-CN', prefixed: false, path: '/pricing' });
    expect(parseLocalePath('/EN/pricing')).toEqual({ locale: 'zh-CN', prefixed: false, path: '/EN/pricing' });
    expect(parseLocalePath('/zh-TW')).toEqual({ locale: 'zh-CN', prefixed: false, path: '/zh-TW' });
    expect(parseLocalePath('/english')).toEqual({ locale: 'zh-CN', prefixed: false, path: '/english' });
  });
});

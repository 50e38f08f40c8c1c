import { describe, expect, it } from 'vitest';
import { parseAllowlist, resolveRedirect, withAccessKey } from './redirect-target';

const allow = parseAllowlist(' https://console.example.com , http://127.0.0.1:5000/path, nonsense ');

describe('parseAllowlist', () => {
  it('keeps exact origins and drops what is not a URL', () => {
    expect(allow).toEqual(['https://console.example.com', 'http://127.0.0.1:5000']);
    expect(parseAllowlist(undefined)).toEqual([]);
  });
});

describe('resolveRedirect', () => {
  it('goes home without a redirectUrl', () => {
    expect(resolveRedirect(null, 'en', allow)).toEqual({ kind: 'internal', href: '/en' });
    expect(resolveRedirect('', 'zh-CN', allow)).toEqual({ kind: 'internal', href: '/' });
  });

  it('localizes an internal path unless it has a prefix', () => {
    expect(resolveRedirect('/pricing?tab=year', 'ja', allow)).toEqual({ kind: 'internal', href: '/ja/pricing?tab=year' });
    expect(resolveRedirect('/fr/order', 'ja', allow)).toEqual({ kind: 'internal', href: '/fr/order' });
  });

  it('never targets a guest-only page or another host through a path', () => {
    expect(resolveRedirect('/login', 'en', allow)).toEqual({ kind: 'internal', href: '/en' });
    expect(resolveRedirect('/en/signup', 'en', allow)).toEqual({ kind: 'internal', href: '/en' });
    expect(resolveRedirect('//evil.example/x', 'en', allow)).toEqual({ kind: 'internal', href: '/en' });
    expect(resolveRedirect('/\\evil.example', 'en', allow)).toEqual({ kind: 'internal', href: '/en' });
    expect(resolveRedirect('/a/..//evil.example/x', 'zh-CN', allow)).toEqual({ kind: 'internal', href: '/' });
    expect(resolveRedirect('/\t/evil.example', 'zh-CN', allow)).toEqual({ kind: 'internal', href: '/' });
    expect(resolveRedirect('https://www.example.com/a/..//evil.example', 'zh-CN', [], 'https://www.example.com')).toEqual({
      kind: 'internal',
      href: '/',
    });
  });

  it('hands off only to an allowed exact origin', () => {
    expect(resolveRedirect('https://console.example.com/a?b=1', 'en', allow)).toEqual({
      kind: 'external',
      url: 'https://console.example.com/a?b=1',
    });
    expect(resolveRedirect('https://console.example.com:444/a', 'en', allow).kind).toBe('internal');
    expect(resolveRedirect('http://console.example.com/a', 'en', allow).kind).toBe('internal');
    expect(resolveRedirect('https://evil.example/', 'en', allow)).toEqual({ kind: 'internal', href: '/en' });
    expect(resolveRedirect('javascript:alert(1)', 'en', allow)).toEqual({ kind: 'internal', href: '/en' });
  });

  it('treats an absolute URL on its own origin as that path', () => {
    expect(resolveRedirect('https://www.example.com/pricing', 'ko', [], 'https://www.example.com')).toEqual({
      kind: 'internal',
      href: '/ko/pricing',
    });
  });
});

describe('withAccessKey', () => {
  it('appends or replaces the key', () => {
    expect(withAccessKey('https://a.example/x?y=1', 'k1')).toBe('https://a.example/x?y=1&accessKey=k1');
    expect(withAccessKey('https://a.example/?accessKey=old', 'k2')).toBe('https://a.example/?accessKey=k2');
  });
});

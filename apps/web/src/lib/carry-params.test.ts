import { describe, expect, it } from 'vitest';
import { mergeCarryParams } from './carry-params';

describe('mergeCarryParams', () => {
  const current = '?clientType=WIN&redirectUrl=%2Fpricing%3Fa%3D1&from=app&other=drop';

  it('adds clientType, redirectUrl and from, and nothing else', () => {
    const merged = mergeCarryParams('/en/download', current);
    const url = new URL(merged, 'http://x');
    expect(url.pathname).toBe('/en/download');
    expect(url.searchParams.get('clientType')).toBe('WIN');
    expect(url.searchParams.get('redirectUrl')).toBe('/pricing?a=1');
    expect(url.searchParams.get('from')).toBe('app');
    expect(url.searchParams.has('other')).toBe(false);
  });

  it('keeps what the next route names itself, its other params and its hash', () => {
    const merged = mergeCarryParams('/login?from=header&x=1#form', current);
    const url = new URL(merged, 'http://x');
    expect(url.searchParams.get('from')).toBe('header');
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('clientType')).toBe('WIN');
    expect(url.hash).toBe('#form');
  });

  it('returns the same href when nothing is carried', () => {
    const href = '/pricing';
    expect(mergeCarryParams(href, '')).toBe(href);
    expect(mergeCarryParams(href, '?other=1&from=')).toBe(href);
    expect(mergeCarryParams('/a?clientType=MAC&redirectUrl=%2F&from=x', current)).toBe('/a?clientType=MAC&redirectUrl=%2F&from=x');
  });

  it('leaves external and non-path links alone', () => {
    for (const href of ['https://example.com/x', '//evil.example/x', 'mailto:a@b.c', '#top', 'tel:123']) {
      expect(mergeCarryParams(href, current)).toBe(href);
    }
  });

  it('merges into href objects', () => {
    expect(mergeCarryParams({ pathname: '/pricing', query: { from: 'mine', tab: 'year' } }, new URLSearchParams(current))).toEqual({
      pathname: '/pricing',
      query: { from: 'mine', tab: 'year', clientType: 'WIN', redirectUrl: '/pricing?a=1' },
    });
    const object = { pathname: '/x' };
    expect(mergeCarryParams(object, '?y=1')).toBe(object);
  });
});

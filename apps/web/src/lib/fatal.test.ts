import { describe, expect, it } from 'vitest';
import { decodeFatal, encodeFatal, fatalMessage } from './fatal';

describe('fatal hand-off', () => {
  it('round-trips through a header-safe value', () => {
    const fatal = { failure: 'notFound' as const, path: '/ja/info-abc' };
    const encoded = encodeFatal(fatal);
    expect(encoded).toMatch(/^[\x20-\x7e]+$/);
    expect(decodeFatal(encoded)).toEqual(fatal);
    expect(decodeFatal(encodeFatal({ failure: 'noQrCodeId', path: '/pay x' }))).toEqual({ failure: 'noQrCodeId', path: '/pay x' });
  });

  it('rejects anything else', () => {
    expect(decodeFatal(null)).toBeNull();
    expect(decodeFatal('')).toBeNull();
    expect(decodeFatal('boom /x')).toBeNull();
    expect(decodeFatal('notFound %E0%A4%A')).toBeNull();
  });

  it('formats the spec texts', () => {
    expect(fatalMessage({ failure: 'notFound', path: '/info-abc' })).toBe('Page Not Found: /info-abc');
    expect(fatalMessage({ failure: 'notFound', path: '/%E6%96%B0%E9%97%BB' })).toBe('Page Not Found: /新闻');
    expect(fatalMessage({ failure: 'notFound', path: '/%E0%A4%A' })).toBe('Page Not Found: /%E0%A4%A');
    expect(fatalMessage({ failure: 'noQrCodeId', path: '/pay' })).toBe('no qrCodeId');
  });
});

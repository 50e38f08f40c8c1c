import { describe, expect, it } from 'vitest';
import { initialPayMethod, orderPayMethods } from './pay-methods';

describe('orderPayMethods', () => {
  const all = ['ZFB', 'WX', 'CARD'] as const;
  it('puts Alipay and WeChat Pay first on the zh pages and in mainland China, the card first elsewhere', () => {
    expect(orderPayMethods(all, 'zh-CN', null)).toEqual(['ZFB', 'WX', 'CARD']);
    expect(orderPayMethods(all, 'zh-TW', 'US')).toEqual(['ZFB', 'WX', 'CARD']);
    expect(orderPayMethods(all, 'en', 'CN')).toEqual(['ZFB', 'WX', 'CARD']);
    expect(orderPayMethods(all, 'en', 'US')).toEqual(['CARD', 'ZFB', 'WX']);
    expect(orderPayMethods(all, 'es', null)).toEqual(['CARD', 'ZFB', 'WX']);
    expect(orderPayMethods(all, 'ja', 'JP')).toEqual(['CARD', 'ZFB', 'WX']);
  });
  it('offers only what the server offers: no card when cards are off', () => {
    expect(orderPayMethods(['ZFB', 'WX'], 'fr', 'FR')).toEqual(['ZFB', 'WX']);
  });
  it('starts the page on Alipay on the zh pages and on the card elsewhere', () => {
    expect(initialPayMethod('zh-CN')).toBe('ZFB');
    expect(initialPayMethod('zh-TW')).toBe('ZFB');
    expect(initialPayMethod('en')).toBe('CARD');
    expect(initialPayMethod('ko')).toBe('CARD');
  });
});

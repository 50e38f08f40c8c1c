import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../../messages-admin/en/pricing.json';
import zh from '../../../../messages-admin/zh-CN/pricing.json';
import { fenToYuanText, skuName, yuanTextToFen } from './pricing';

describe('the pricing screen in yuan', () => {
  it('shows fen as yuan and reads typed yuan back as the same fen', () => {
    expect(fenToYuanText(29900)).toBe('299.00');
    expect(fenToYuanText(5)).toBe('0.05');
    expect(yuanTextToFen('299')).toBe(29900);
    expect(yuanTextToFen('268.5')).toBe(26850);
    expect(yuanTextToFen('0')).toBe(0);
    for (const fen of [0, 1, 99, 1800, 29900, 123456]) expect(yuanTextToFen(fenToYuanText(fen))).toBe(fen);
  });

  it('refuses what is not an amount in yuan', () => {
    for (const bad of ['', '1.234', '-1', '1e3', '29,900', 'abc']) expect(yuanTextToFen(bad)).toBeNull();
  });
});

describe('SKUs by their names', () => {
  const name = (messages: typeof en, locale: string, sku: Parameters<typeof skuName>[1]) =>
    skuName(
      createTranslator({ locale, messages, namespace: 'AdminPricing' }) as unknown as (
        key: string,
        values?: Record<string, string | number>,
      ) => string,
      sku,
    );
  it('names memberships, screen walls and quality tiers in the staff member’s language', () => {
    expect(name(en, 'en', { itemType: 'MEMBER', timeUnit: 'MONTH', duration: 1, quantity: 1, qualityTier: null })).toBe(
      'Membership · 1 month',
    );
    expect(name(en, 'en', { itemType: 'MEMBER', timeUnit: 'YEAR', duration: 1, quantity: 1, qualityTier: null })).toBe(
      'Membership · 1 year',
    );
    expect(name(en, 'en', { itemType: 'MONITOR', timeUnit: null, duration: 1, quantity: 10, qualityTier: null })).toBe('Screen walls · 10');
    expect(name(zh, 'zh-CN', { itemType: 'MEMBER', timeUnit: 'MONTH', duration: 3, quantity: 1, qualityTier: null })).toBe('会员 · 3 个月');
    expect(name(zh, 'zh-CN', { itemType: 'QUALITY', timeUnit: 'YEAR', duration: 1, quantity: 1, qualityTier: 'HD' })).toBe(
      '画质 高清 · 1 年',
    );
    expect(name(zh, 'zh-CN', { itemType: 'MONITOR', timeUnit: null, duration: 1, quantity: 1, qualityTier: null })).toBe('屏幕墙 · 1 个');
  });
});

import { toMembershipPrices } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { formatFen, formatPercent } from './money';

// The server's figures for the seeded catalogue (content/seed/pricing.json).
const [month, year] = toMembershipPrices([
  { id: 'MEMBER_MONTH', itemType: 'MEMBER', timeUnit: 'MONTH', duration: 1, quantity: 1, qualityTier: null, priceFen: 3000, originalPriceFen: 3800 },
  { id: 'MEMBER_YEAR', itemType: 'MEMBER', timeUnit: 'YEAR', duration: 1, quantity: 1, qualityTier: null, priceFen: 26800, originalPriceFen: 45600 },
]);

describe('formatFen', () => {
  it('formats the annual figures as RMB in each language', () => {
    expect(formatFen(year!.priceFen, 'zh-CN')).toBe('¥268');
    expect(formatFen(year!.priceFen, 'en')).toBe('CN¥268');
    expect(formatFen(year!.originalPriceFen, 'zh-TW')).toBe('CN¥456');
    expect(formatFen(year!.savingFen, 'fr').replace(/\s/g, ' ')).toBe('92 CNY');
    expect(formatFen(year!.monthlyPriceFen, 'zh-CN')).toBe('¥22.33');
    expect(formatFen(year!.monthlyPriceFen, 'es').replace(/\s/g, ' ')).toBe('22,33 CNY');
    expect(formatFen(year!.priceFen, 'ja')).toMatch(/^元\s?268$/);
    expect(formatFen(month!.discountFen, 'ko')).toBe('CN¥8');
  });

  it('keeps two decimals whenever there are fen, and shows zero as a whole amount', () => {
    expect(formatFen(5, 'zh-CN')).toBe('¥0.05');
    expect(formatFen(1050, 'en')).toBe('CN¥10.50');
    expect(formatFen(0, 'zh-CN')).toBe('¥0');
  });

  it('refuses a fractional number of fen', () => {
    expect(() => formatFen(26800.5, 'en')).toThrow(RangeError);
  });
});

describe('formatPercent', () => {
  it('formats the server’s whole percentages per language', () => {
    expect(formatPercent(year!.savingPercent, 'en')).toBe('26%');
    expect(formatPercent(year!.discountPercent, 'fr').replace(/\s/g, ' ')).toBe('41 %');
    expect(formatPercent(month!.discountPercent, 'zh-CN')).toBe('21%');
  });
});

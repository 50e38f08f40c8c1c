import { toMembershipPrices } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { fill, formatDate, formatDateTime, formatDay, formatFen, formatPercent, formatTime, formatVisitorDateTime, formatVisitorTime } from './format';

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
    // Japanese and Korean write the unit after the number (Intl's "元 268" read as a typo)
    expect(formatFen(year!.priceFen, 'ja')).toBe('268元');
    expect(formatFen(-18800, 'ja')).toBe('-188元');
    expect(formatFen(year!.monthlyPriceFen, 'ja')).toBe('22.33元');
    expect(formatFen(month!.discountFen, 'ko')).toBe('8위안');
    expect(formatFen(1_234_500, 'ko')).toBe('12,345위안');
  });

  it('keeps two decimals whenever there are fen, and shows zero as a whole amount', () => {
    expect(formatFen(5, 'zh-CN')).toBe('¥0.05');
    expect(formatFen(1050, 'en')).toBe('CN¥10.50');
    expect(formatFen(0, 'zh-CN')).toBe('¥0');
    expect(formatFen(59990, 'en')).toBe('CN¥599.90');
    expect(formatFen(1, 'zh-CN')).toBe('¥0.01');
    expect(formatFen(0, 'en')).toBe('CN¥0');
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

describe('dates and times', () => {
  it('are in China time whatever the machine’s zone', () => {
    // 16:30 UTC is half past midnight the next day in Shanghai
    expect(formatDate('2026-03-01T16:30:00.000Z', 'en', 'medium')).toBe('Mar 2, 2026');
    expect(formatDate('2026-03-01T16:30:00.000Z', 'zh-CN', 'medium')).toBe('2026年3月2日');
    expect(formatDate('2026-02-09T18:00:00Z', 'en')).toBe('February 10, 2026');
    expect(formatDate('2026-02-09T18:00:00Z', 'zh-CN')).toBe('2026年2月10日');
    expect(formatDate('2026-10-28T02:00:00.000Z', 'zh-CN')).toBe('2026年10月28日');
    expect(formatDate('2026-10-27T20:00:00.000Z', 'en')).toBe('October 28, 2026');
    // every time of day says its zone, in the script's parentheses
    expect(formatDateTime('2026-11-22T16:30:00.000Z', 'en')).toBe('Nov 23, 2026, 12:30 AM (UTC+8)');
    expect(formatTime('2026-11-22T16:30:00.000Z', 'en')).toBe('12:30 AM (UTC+8)');
    expect(formatTime('2026-11-22T06:01:00.000Z', 'ja')).toBe('14:01（UTC+8）');
    expect(formatDateTime('2026-11-22T06:01:00.000Z', 'zh-CN')).toBe('2026年11月22日 14:01（UTC+8）');
    expect(formatTime('2026-11-22T06:01:00.000Z', 'ko')).toMatch(/^\S+ 2:01 \(UTC\+8\)$/);
  });

  it('a calendar day of the service is that day in every zone', () => {
    expect(formatDay('2026-11-22', 'en')).toBe('November 22, 2026');
    expect(formatDay('2026-11-22', 'ja')).toBe('2026年11月22日');
    expect(formatDay('2026-01-01', 'zh-CN', 'medium')).toBe('2026年1月1日');
  });

  it('the payment deadline is on the visitor’s clock and says the visitor’s offset', () => {
    // the Japanese visitor of the issue: 14:01 in Shanghai is 15:01 in Tokyo
    expect(formatVisitorTime('2026-11-22T06:01:00.000Z', 'ja', 'Asia/Tokyo')).toBe('15:01（UTC+9）');
    expect(formatVisitorTime('2026-11-22T06:01:00.000Z', 'en', 'America/New_York')).toBe('1:01 AM (UTC-5)');
    expect(formatVisitorTime('2026-11-22T06:01:00.000Z', 'en', 'Asia/Kolkata')).toBe('11:31 AM (UTC+5:30)');
    expect(formatVisitorTime('2026-11-22T06:01:00.000Z', 'fr', 'UTC')).toBe('06:01 (UTC)');
    // in China the visitor's clock is the service's, and it reads as every other time
    expect(formatVisitorTime('2026-11-22T06:01:00.000Z', 'zh-CN', 'Asia/Shanghai')).toBe(formatTime('2026-11-22T06:01:00.000Z', 'zh-CN'));
    expect(formatVisitorDateTime('2026-11-22T16:30:00.000Z', 'en', 'Asia/Shanghai')).toBe(formatDateTime('2026-11-22T16:30:00.000Z', 'en'));
    expect(formatVisitorDateTime('2026-11-22T16:30:00.000Z', 'en', 'Europe/Paris')).toBe('Nov 22, 2026, 5:30 PM (UTC+1)');
  });
});

describe('fill', () => {
  it('replaces known placeholders and keeps unknown ones', () => {
    expect(fill('Showing the latest {shown} of {total}.', { shown: 100, total: 250 })).toBe('Showing the latest 100 of 250.');
    expect(fill('Cancel {name}?', { name: 'CPC-7K2M9Q' })).toBe('Cancel CPC-7K2M9Q?');
    expect(fill('{a} {b}', { a: 1 })).toBe('1 {b}');
    expect(fill(undefined, {})).toBe('');
  });
});

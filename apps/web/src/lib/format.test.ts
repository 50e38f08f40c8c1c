import { toMembershipPrices } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import {
  fill,
  formatDate,
  formatDateTime,
  formatDay,
  formatFen,
  formatNumericDate,
  formatPercent,
  formatTime,
  formatZoneOffset,
} from './format';

// The server's figures for the seeded catalogue (content/seed/pricing.json).
const [month, year] = toMembershipPrices([
  {
    id: 'MEMBER_MONTH',
    itemType: 'MEMBER',
    timeUnit: 'MONTH',
    duration: 1,
    quantity: 1,
    qualityTier: null,
    priceFen: 3000,
    originalPriceFen: 3800,
  },
  {
    id: 'MEMBER_YEAR',
    itemType: 'MEMBER',
    timeUnit: 'YEAR',
    duration: 1,
    quantity: 1,
    qualityTier: null,
    priceFen: 26800,
    originalPriceFen: 45600,
  },
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

describe('dates and times (docs/adr/0031)', () => {
  it('are on the given zone’s clock and calendar, China time without one, whatever the machine’s zone', () => {
    // 16:30 UTC is half past midnight the next day in Shanghai, still the 1st in Madrid
    expect(formatDate('2026-03-01T16:30:00.000Z', 'en', 'medium')).toBe('Mar 2, 2026');
    expect(formatDate('2026-03-01T16:30:00.000Z', 'zh-CN', 'medium')).toBe('2026年3月2日');
    expect(formatDate('2026-03-01T16:30:00.000Z', 'en', 'medium', 'Europe/Madrid')).toBe('Mar 1, 2026');
    expect(formatDate('2026-03-01T16:30:00.000Z', 'es', 'long', 'Europe/Madrid')).toBe('1 de marzo de 2026');
    expect(formatDate('2026-02-09T18:00:00Z', 'en')).toBe('February 10, 2026');
    expect(formatDate('2026-02-09T18:00:00Z', 'zh-CN', 'long', 'Asia/Shanghai')).toBe('2026年2月10日');
    expect(formatDate('2026-02-09T18:00:00Z', 'en', 'long', 'America/Los_Angeles')).toBe('February 9, 2026');
  });

  it('say the offset of the zone they are in after every time of day, in the script’s parentheses', () => {
    expect(formatDateTime('2026-11-22T16:30:00.000Z', 'en')).toBe('Nov 23, 2026, 12:30 AM (UTC+8)');
    expect(formatTime('2026-11-22T16:30:00.000Z', 'en')).toBe('12:30 AM (UTC+8)');
    expect(formatDateTime('2026-11-22T06:01:00.000Z', 'zh-CN', 'Asia/Shanghai')).toBe('2026年11月22日 14:01（UTC+8）');
    // a visitor in Japan: 14:01 in Shanghai is 15:01 in Tokyo
    expect(formatTime('2026-11-22T06:01:00.000Z', 'ja', 'Asia/Tokyo')).toBe('15:01（UTC+9）');
    expect(formatTime('2026-11-22T06:01:00.000Z', 'en', 'America/New_York')).toBe('1:01 AM (UTC-5)');
    expect(formatTime('2026-11-22T06:01:00.000Z', 'en', 'Asia/Kolkata')).toBe('11:31 AM (UTC+5:30)');
    expect(formatTime('2026-11-22T06:01:00.000Z', 'fr', 'UTC')).toBe('06:01 (UTC)');
    expect(formatDateTime('2026-12-02T06:05:00.000Z', 'es', 'Europe/Madrid').replace(/\s/g, ' ')).toBe('2 dic 2026, 7:05 (UTC+1)');
    expect(formatTime('2026-11-22T06:01:00.000Z', 'ko', 'Asia/Seoul')).toMatch(/^\S+ 3:01 \(UTC\+9\)$/);
  });

  it('follow daylight saving time: Paris is UTC+1 in winter and UTC+2 in summer', () => {
    expect(formatDateTime('2026-01-15T12:00:00.000Z', 'fr', 'Europe/Paris').replace(/\s/g, ' ')).toBe('15 janv. 2026, 13:00 (UTC+1)');
    expect(formatDateTime('2026-07-15T12:00:00.000Z', 'fr', 'Europe/Paris').replace(/\s/g, ' ')).toBe('15 juil. 2026, 14:00 (UTC+2)');
    // the night the clocks go forward (29 March 2026, 02:00 → 03:00): either side of the jump
    expect(formatTime('2026-03-29T00:59:00.000Z', 'en', 'Europe/Paris')).toBe('1:59 AM (UTC+1)');
    expect(formatTime('2026-03-29T01:00:00.000Z', 'en', 'Europe/Paris')).toBe('3:00 AM (UTC+2)');
    expect(formatZoneOffset('2026-10-25T00:30:00.000Z', 'Europe/Paris')).toBe('UTC+2');
    expect(formatZoneOffset('2026-10-25T01:30:00.000Z', 'Europe/Paris')).toBe('UTC+1');
    expect(formatZoneOffset(new Date('2026-07-01T00:00:00Z'), 'America/St_Johns')).toBe('UTC-2:30');
  });

  it('a business day of the service is that day in every zone', () => {
    expect(formatDay('2026-11-22', 'en')).toBe('November 22, 2026');
    expect(formatDay('2026-11-22', 'ja')).toBe('2026年11月22日');
    expect(formatDay('2026-01-01', 'zh-CN', 'medium')).toBe('2026年1月1日');
  });

  it('Korean times say 오전 and 오후, never AM and PM', () => {
    expect(formatTime('2026-12-01T17:21:00.000Z', 'ko', 'Asia/Seoul')).toBe('오전 2:21 (UTC+9)');
    expect(formatTime('2026-12-01T05:21:00.000Z', 'ko', 'Asia/Seoul')).toBe('오후 2:21 (UTC+9)');
    expect(formatDateTime('2026-12-01T17:21:00.000Z', 'ko', 'Asia/Seoul')).toBe('2026. 12. 2. 오전 2:21 (UTC+9)');
    expect(formatDateTime('2026-12-01T05:21:00.000Z', 'ko', 'Asia/Seoul')).not.toMatch(/AM|PM/);
    expect(formatTime('2026-12-01T05:21:00.000Z', 'en', 'Asia/Seoul')).toBe('2:21 PM (UTC+9)');
  });

  it('the header’s short date keeps a four-digit year in every language', () => {
    const end = '2027-12-01T16:30:00.000Z'; // 2 December 2027 in China
    expect(['zh-CN', 'zh-TW', 'en', 'es', 'fr', 'ja', 'ko'].map((tag) => formatNumericDate(end, tag))).toEqual([
      '2027/12/2',
      '2027/12/2',
      '12/2/2027',
      '2/12/2027',
      '02/12/2027',
      '2027/12/2',
      '2027. 12. 2.',
    ]);
    expect(formatNumericDate(end, 'es', 'Europe/Madrid')).toBe('1/12/2027');
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

import { describe, expect, it } from 'vitest';
import { formatDate, formatFen } from './format';

describe('formatFen', () => {
  it('shows fen as yuan with two decimals', () => {
    expect(formatFen(59990, 'en')).toBe('CN¥599.90');
    expect(formatFen(1, 'zh-CN')).toBe('¥0.01');
    expect(formatFen(0, 'en')).toBe('CN¥0.00');
  });
});

describe('formatDate', () => {
  it('uses China time', () => {
    // 16:30 UTC is half past midnight the next day in Shanghai
    expect(formatDate('2026-03-01T16:30:00.000Z', 'en')).toBe('Mar 2, 2026');
    expect(formatDate('2026-03-01T16:30:00.000Z', 'zh-CN')).toBe('2026年3月2日');
  });
});

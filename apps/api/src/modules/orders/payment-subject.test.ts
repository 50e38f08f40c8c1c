import { describe, expect, it } from 'vitest';
import { SUBJECT_MAX_BYTES, fitBytes, paymentSubject } from './payment-subject';

const item = { item_type: 'MEMBER', time_unit: 'MONTH', duration: 1, units: 1, quantity: 1, quality_tier: null, as_seats: 0 };

describe('paymentSubject', () => {
  it('names items in words with their term and count', () => {
    expect(paymentSubject([item])).toBe('LLK Remote 会员 1个月');
    expect(paymentSubject([{ ...item, as_seats: 1, quantity: 3 }])).toBe('LLK Remote 会员席位 1个月 ×3');
    expect(
      paymentSubject([
        { ...item, item_type: 'QUALITY', quality_tier: 'ULTRA', time_unit: 'YEAR' },
        { ...item, item_type: 'MONITOR', time_unit: null, units: 2 },
      ]),
    ).toBe('LLK Remote 超清画质 1年、屏幕墙 ×2');
    expect(
      paymentSubject([
        { ...item, item_type: 'CLOUD_PC' },
        { ...item, item_type: 'CHANNEL', time_unit: 'YEAR' },
      ]),
    ).toBe('LLK Remote 云电脑 1个月、全球通道 1年');
  });

  it('fits WeChat Pay’s 127 bytes without cutting a character in half', () => {
    const many = paymentSubject(Array.from({ length: 20 }, () => ({ ...item, item_type: 'CHANNEL' })));
    expect(SUBJECT_MAX_BYTES).toBe(127);
    expect(Buffer.byteLength(many)).toBeLessThanOrEqual(127);
    expect(many.endsWith('…')).toBe(true);
    expect(many).not.toContain('\uFFFD');
    expect(fitBytes('短', 127)).toBe('短');
  });
});

import { describe, expect, it } from 'vitest';
import { fenToYuan, fromBeijingTime, toBeijingTime, toRfc3339Beijing, yuanToFen } from '../../../src/modules/payments/money';

describe('money conversions', () => {
  it('turns fen into Alipay yuan strings', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(8800)).toBe('88.00');
    expect(fenToYuan(19_999_999)).toBe('199999.99');
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan(-1)).toThrow(RangeError);
  });

  it('turns yuan strings into fen exactly, where floats would not', () => {
    expect(yuanToFen('0.29')).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(yuanToFen('1.15')).toBe(115); // 1.15 * 100 = 114.99999999999999
    expect(yuanToFen('88')).toBe(8800);
    expect(yuanToFen('88.5')).toBe(8850);
    expect(yuanToFen('88.00')).toBe(8800);
    for (const bad of ['', '-1.00', '1.001', '1e3', '0x10', '1,00', ' ', 'abc', '.5']) expect(yuanToFen(bad), bad).toBeNull();
  });

  it('round-trips every amount up to 100 000 yuan in steps', () => {
    for (let fen = 0; fen <= 10_000_000; fen += 9_973) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });

  it('formats and parses Beijing time', () => {
    const date = new Date('2026-01-31T18:30:05.000Z');
    expect(toBeijingTime(date)).toBe('2026-02-01 02:30:05');
    expect(toRfc3339Beijing(date)).toBe('2026-02-01T02:30:05+08:00');
    expect(fromBeijingTime('2026-02-01 02:30:05')?.toISOString()).toBe('2026-01-31T18:30:05.000Z');
    expect(fromBeijingTime('yesterday')).toBeNull();
    expect(fromBeijingTime(undefined)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { dayFormatter, dayTimes } from './day-chart';

describe('the dashboard chart days', () => {
  it('are written in the staff member’s language, in UTC+8 (never uPlot’s English)', () => {
    const [noon] = dayTimes(['2026-12-02']);
    expect(dayFormatter('zh-CN')(noon!)).toBe('2026年12月2日');
    expect(dayFormatter('en')(noon!)).toBe('Dec 2, 2026');
  });
});

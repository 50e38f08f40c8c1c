import { describe, expect, it } from 'vitest';
import { chinaDayStart, cleanQuery, nextHref, yuanToFen } from './rules';

describe('admin people rules', () => {
  it('turns yuan typed by staff into whole fen, refusing signs, commas and a third decimal', () => {
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen(' 268 ')).toBe(26800);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('300.00')).toBe(30000);
    for (const bad of ['', '0', '0.00', '-1', '1,000', '1.234', 'abc', '1e3', '.5']) expect(yuanToFen(bad), bad).toBeNull();
  });

  it('reads a filter day in China time', () => {
    expect(chinaDayStart('2026-11-24')).toBe('2026-11-23T16:00:00.000Z');
    expect(chinaDayStart('24/11/2026')).toBeUndefined();
    expect(chinaDayStart(undefined)).toBeUndefined();
  });

  it('keeps only the filters given and carries them into the next page', () => {
    const query = cleanQuery({ q: ' alice ', status: '', before: 'x', extra: 'y' }, ['q', 'status']);
    expect(query).toEqual({ q: 'alice' });
    expect(nextHref('/admin/users', query, '2026-11-24T08:00:00.000Z_01ABC')).toBe(
      '/admin/users?q=alice&before=2026-11-24T08%3A00%3A00.000Z_01ABC',
    );
  });
});

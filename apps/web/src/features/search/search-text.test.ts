import { describe, expect, it } from 'vitest';
import { formatCount, hitPath, readQuery, splitHighlights } from './search-text';

describe('splitHighlights', () => {
  it('marks the highlighted ranges, in order, and keeps the rest', () => {
    expect(
      splitHighlights('远程控制与屏幕墙', [
        [5, 8],
        [0, 2],
      ]),
    ).toEqual([
      { text: '远程', match: true },
      { text: '控制与', match: false },
      { text: '屏幕墙', match: true },
    ]);
  });

  it('ignores ranges outside the snippet or overlapping an earlier one', () => {
    expect(
      splitHighlights('gamepad', [
        [0, 4],
        [2, 5],
        [20, 30],
      ]),
    ).toEqual([
      { text: 'game', match: true },
      { text: 'p', match: true },
      { text: 'ad', match: false },
    ]);
    expect(splitHighlights('text', [])).toEqual([{ text: 'text', match: false }]);
  });
});

describe('hitPath', () => {
  it('maps a section index file to its folder page', () => {
    expect(hitPath('/guide/account/_index')).toBe('/guide/account');
    expect(hitPath('/guide/remote-control/input-devices/index')).toBe('/guide/remote-control/input-devices');
    expect(hitPath('/guide/account/log-in')).toBe('/guide/account/log-in');
    expect(hitPath('/notice#maintenance')).toBe('/notice#maintenance');
  });
});

describe('readQuery and formatCount', () => {
  it('trims and caps the query', () => {
    expect(readQuery('  远程  ')).toBe('远程');
    expect(readQuery(null)).toBe('');
    expect(readQuery('x'.repeat(80))).toHaveLength(64);
  });

  it('picks the plural form of the language', () => {
    const messages = { one: '{count} result for “{query}”', other: '{count} results for “{query}”' };
    expect(formatCount(messages, 1, 'wall', 'en')).toBe('1 result for “wall”');
    expect(formatCount(messages, 1200, 'wall', 'en')).toBe('1,200 results for “wall”');
    expect(formatCount(messages, 1, 'x', 'ja')).toBe('1 results for “x”');
  });
});

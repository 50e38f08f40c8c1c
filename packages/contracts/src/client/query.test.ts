import { describe, expect, it } from 'vitest';
import { encodeQuery } from './query';

describe('encodeQuery', () => {
  it('encodes scalars as usual', () => {
    expect(encodeQuery({ page: 2, keyword: 'remote desktop', on: true })).toBe('page=2&keyword=remote%20desktop&on=true');
  });

  it('escapes reserved characters in names and values', () => {
    expect(encodeQuery({ 'a&b': 'c=d&e', q: '中文' })).toBe('a%26b=c%3Dd%26e&q=%E4%B8%AD%E6%96%87');
  });

  it('sends arrays as repeated name[] with JSON-stringified items', () => {
    expect(encodeQuery({ ids: [1, 'a', { x: 1 }, null] })).toBe('ids[]=1&ids[]=%22a%22&ids[]=%7B%22x%22%3A1%7D&ids[]=null');
    const parsed = new URLSearchParams(encodeQuery({ tags: ['x', 'y'] }));
    expect(parsed.getAll('tags[]')).toEqual(['"x"', '"y"']);
  });

  it('omits undefined and null values, empty arrays and items without a JSON form', () => {
    expect(encodeQuery({ a: undefined, b: null, c: [], d: [undefined], e: 0, f: '' })).toBe('e=0&f=');
    expect(encodeQuery(undefined)).toBe('');
    expect(encodeQuery({})).toBe('');
  });

  it('writes dates as ISO strings and objects as JSON', () => {
    expect(encodeQuery({ at: new Date('2025-07-01T00:00:00Z'), filter: { type: 'MEMBER' } })).toBe(
      'at=2025-07-01T00%3A00%3A00.000Z&filter=%7B%22type%22%3A%22MEMBER%22%7D',
    );
  });
});

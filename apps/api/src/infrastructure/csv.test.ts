import { describe, expect, it } from 'vitest';
import { csvCell } from './csv';

describe('csvCell', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '＝1+1', '＋1', '－1', '＠SUM(A1)', '＝HYPERLINK("http://x")'])(
    'neutralises a formula prefix: %s',
    (value) => {
      expect(csvCell(value)).toBe(`"'${value.replace(/"/g, '""')}"`);
    },
  );

  it('leaves other values as they are, quoted', () => {
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('ａ')).toBe('"ａ"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(12)).toBe('"12"');
  });
});

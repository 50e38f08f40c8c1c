import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff';

describe('the audit log change column', () => {
  it('lists only the fields that changed, old and new', () => {
    expect(auditDiff('{"state":"OPEN","note":"x","count":3}', '{"state":"PAID","note":"x","count":3}')).toEqual([
      { field: 'state', before: 'OPEN', after: 'PAID' },
    ]);
  });

  it('shows a field only before or only after as removed or added', () => {
    expect(auditDiff('{"published":false}', '{"published":true,"reference":"R-1"}')).toEqual([
      { field: 'published', before: 'false', after: 'true' },
      { field: 'reference', before: null, after: 'R-1' },
    ]);
    expect(auditDiff(null, '{"role":"CONTENT"}')).toEqual([{ field: 'role', before: null, after: 'CONTENT' }]);
  });

  it('cuts long values to one short line', () => {
    const long = 'a'.repeat(500);
    const [row] = auditDiff(null, JSON.stringify({ body: long }));
    expect(row?.after).toHaveLength(80);
    expect(row?.after?.endsWith('…')).toBe(true);
  });

  it('reads a value that is not an object as one unnamed field', () => {
    expect(auditDiff('"1"', '"2"')).toEqual([{ field: '', before: '1', after: '2' }]);
  });
});

describe('nested audit values', () => {
  it('names a changed field inside an object by its path', () => {
    expect(auditDiff('{"translations":{"en":{"title":"Old","body":"b"}}}', '{"translations":{"en":{"title":"New","body":"b"}}}')).toEqual([
      { field: 'translations.en.title', before: 'Old', after: 'New' },
    ]);
  });
});

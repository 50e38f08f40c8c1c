// The audit log's change column as people read it: the fields an action changed, each with its
// value before and after (the record's before_json / after_json, both JSON objects as
// recordAudit writes them). Unchanged fields are left out; a value that is not an object is
// one field named "", nested objects are read as dotted fields (translations.en.title). Long
// values are cut for the table, and the table shows the first few fields (the raw record and
// the rest are shown on demand).

export type TAuditField = { field: string; before: string | null; after: string | null };

const MAX_VALUE = 80;

function parse(json: string | null): unknown {
  if (json === null) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function flatten(value: Record<string, unknown>, prefix: string, into: Record<string, unknown>): Record<string, unknown> {
  for (const [key, inner] of Object.entries(value)) {
    if (isObject(inner) && Object.keys(inner).length > 0) flatten(inner, `${prefix}${key}.`, into);
    else into[`${prefix}${key}`] = inner;
  }
  return into;
}

function fieldsOf(value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  if (isObject(value)) return flatten(value, '', {});
  return { '': value };
}

/** A value in one short line: strings as they are, the rest as compact JSON, cut at 80 characters. */
export function auditValue(value: unknown): string | null {
  if (value === undefined) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** The changed fields of one audit record, in the order they first appear (before, then after). */
export function auditDiff(beforeJson: string | null, afterJson: string | null): TAuditField[] {
  const before = fieldsOf(parse(beforeJson));
  const after = fieldsOf(parse(afterJson));
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({ field: key, before: auditValue(before[key]), after: auditValue(after[key]) }));
}

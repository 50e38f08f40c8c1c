export type TQuery = Record<string, unknown>;

function scalarToString(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Encodes query parameters the way the API expects: scalars as usual,
 * arrays as repeated `name[]=` with each item JSON-stringified, undefined and null omitted.
 * Returns the string without the leading '?', '' when nothing is left.
 */
export function encodeQuery(query: TQuery | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const key = encodeURIComponent(name);
    if (Array.isArray(value)) {
      for (const item of value) {
        const json = JSON.stringify(item);
        // undefined and functions have no JSON form; skip them like a missing value
        if (json !== undefined) parts.push(`${key}[]=${encodeURIComponent(json)}`);
      }
      continue;
    }
    parts.push(`${key}=${encodeURIComponent(scalarToString(value))}`);
  }
  return parts.join('&');
}

// Pure rules of the users and orders screens (tested in rules.test.ts).

/** "12.3" / "12.30" / "12" yuan → fen; null for anything else (no sign, at most 2 decimals). */
export function yuanToFen(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return fen > 0 ? fen : null;
}

/** The query of a list page without empty values, for the API and for the next page's link. */
export function cleanQuery(values: Record<string, string | string[] | undefined>, keys: readonly string[]): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of keys) {
    const value = values[key];
    const text = Array.isArray(value) ? value[0] : value;
    if (text && text.trim() !== '') query[key] = text.trim();
  }
  return query;
}

/** A day ("2026-11-24") → the UTC ISO time it starts in China (the service's time zone), or undefined. */
export function chinaDayStart(day: string | undefined): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00+08:00`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The href of a list's next page: the same filters and the page's `next` as `before`. */
export function nextHref(path: string, query: Record<string, string>, next: string): string {
  return `${path}?${new URLSearchParams({ ...query, before: next }).toString()}`;
}

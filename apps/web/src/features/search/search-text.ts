// Pure helpers of the search page (no imports, so they cost nothing in the browser bundle).

interface TTextPart {
  text: string;
  /** true for a part the query matched */
  match: boolean;
}

/** Splits `snippet` at the API's highlight ranges ([start, end) UTF-16 offsets). */
export function splitHighlights(snippet: string, highlights: readonly (readonly [number, number])[]): TTextPart[] {
  const parts: TTextPart[] = [];
  let position = 0;
  for (const [rawStart, rawEnd] of [...highlights].sort((a, b) => a[0] - b[0])) {
    const start = Math.max(rawStart, position);
    const end = Math.min(rawEnd, snippet.length);
    if (end <= start) continue;
    if (start > position) parts.push({ text: snippet.slice(position, start), match: false });
    parts.push({ text: snippet.slice(start, end), match: true });
    position = end;
  }
  if (position < snippet.length) parts.push({ text: snippet.slice(position), match: false });
  return parts;
}

/** A hit's site path: guide folders are indexed by their `_index.md`, whose page is the folder. */
export function hitPath(url: string): string {
  return url.replace(/\/_?index(?=$|[?#])/, '') || '/';
}

/** The query of the address (?q=…), trimmed, at most 64 characters as the API accepts. */
export function readQuery(value: string | null | undefined): string {
  return (value ?? '').trim().slice(0, 64);
}

/** "{count} results for “{query}”" with the plural form of `lang` (one/other messages). */
export function formatCount(messages: { one: string; other: string }, count: number, query: string, lang: string): string {
  const form = new Intl.PluralRules(lang).select(count) === 'one' ? messages.one : messages.other;
  return form.replace('{count}', new Intl.NumberFormat(lang).format(count)).replace('{query}', query);
}

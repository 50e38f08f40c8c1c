// Text handling for search, the same for indexing and querying, with no dialect features:
//  - fold: NFKC (full-width Latin, half-width kana), lower case, Latin diacritics removed
//    ("Método" → "metodo"), character by character and only where that keeps the length, so
//    offsets into the folded text are offsets into the original, which is what is shown;
//  - terms: runs of Chinese, Japanese kana and Korean hangul have no reliable word breaks, so
//    they become character bigrams (plus unigrams in documents, for one-character queries);
//    other letters and digits become folded words.

const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々〆`;
const RUNS = new RegExp(String.raw`([${CJK}]+)|((?:(?![${CJK}])[\p{L}\p{N}])+)`, 'gu');
const LATIN = /\p{Script=Latin}/u;
const MARKS = /\p{M}/gu;

function foldChar(char: string): string {
  const compatible = char.normalize('NFKC');
  let folded = (compatible.length === char.length ? compatible : char).toLowerCase();
  if (LATIN.test(folded)) folded = folded.normalize('NFD').replace(MARKS, '');
  return folded.length === char.length ? folded : char;
}

const ACCENTED = /[\u00C0-\u024F\u1E00-\u1EFF]/;
const ACCENTED_ALL = /[\u00C0-\u024F\u1E00-\u1EFF]/g;

function stripAccent(char: string): string {
  const base = char.normalize('NFD').replace(MARKS, '');
  return base.length === 1 ? base : char;
}

/** Lower-cased, accent-free text of the same length. */
export function fold(text: string): string {
  // Fast path: when NFKC and lower-casing keep the length (nearly always), do them on the
  // whole string; only compatibility characters that expand ("㎏") need the slow path.
  const whole = text.normalize('NFKC').toLowerCase();
  if (whole.length === text.length) return ACCENTED.test(whole) ? whole.replace(ACCENTED_ALL, stripAccent) : whole;
  let out = '';
  for (const char of text) out += foldChar(char);
  return out;
}

export interface TermRun {
  cjk: boolean;
  text: string;
}

function runs(text: string): TermRun[] {
  const out: TermRun[] = [];
  for (const match of fold(text).matchAll(RUNS)) {
    if (match[1]) out.push({ cjk: true, text: match[1] });
    else if (match[2]) out.push({ cjk: false, text: match[2] });
  }
  return out;
}

/** Terms of a document with their counts: words, CJK bigrams and CJK unigrams. */
export function documentTerms(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1);
  for (const run of runs(text)) {
    if (!run.cjk) {
      add(run.text);
      continue;
    }
    const chars = [...run.text];
    for (let i = 0; i < chars.length; i++) {
      add(chars[i] ?? '');
      if (i + 1 < chars.length) add(`${chars[i]}${chars[i + 1]}`);
    }
  }
  return counts;
}

/** Distinct terms of a query: words, CJK bigrams, or the character of a one-character run. */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const run of runs(query)) {
    if (!run.cjk) {
      terms.add(run.text);
      continue;
    }
    const chars = [...run.text];
    if (chars.length === 1) terms.add(chars[0] ?? '');
    for (let i = 0; i + 1 < chars.length; i++) terms.add(`${chars[i]}${chars[i + 1]}`);
  }
  return [...terms].filter(Boolean).slice(0, 32);
}

/** How many of a query's terms a document must contain to count as a match. */
export function requiredMatches(termCount: number): number {
  // Up to three terms all must match, so 远程控制 (远程 程控 控制) is found as a phrase and not
  // wherever 远程 and 控制 occur apart; longer queries tolerate a few misses.
  return termCount <= 3 ? termCount : Math.ceil(termCount * 0.7);
}

/** A query as recorded for hot searches: NFKC, trimmed, single spaces, lower case. */
export function normalizeKeyword(keyword: string): string {
  return keyword.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The version of markdownToText's output: raise it when the text drawn from Markdown changes, so
 * that a running site rebuilds its search index once on start (syncGuideIndex). 2: table rows as
 * "cell · cell /".
 */
export const SEARCH_TEXT_VERSION = 2;

/** A table row as words: its cells joined by " · ", the row closed by " /" (so rows stay apart in a snippet). */
function tableRowText(row: string): string {
  const cells = row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '');
  return cells.length ? `${cells.join(' · ')} /` : '';
}

/**
 * Plain text of Markdown, for snippets and indexing: no markup, links and images as their text,
 * a table's rows as "cell · cell /" (not a run of words whose columns cannot be told apart).
 */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/^---\n[\s\S]*?\n---\n?/, '')
    .replace(/^[ \t]*\|?[ \t]*:?-{3,}.*$/gm, '')
    .replace(/^[ \t]*\|.*\|[ \t]*$/gm, (row) => tableRowText(row))
    .replace(/```[^\n]*\n([\s\S]*?)```/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}.*$/gm, '')
    .replace(/[|*_`~]+/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

export interface Snippet {
  text: string;
  highlights: [number, number][];
}

/**
 * A window of the text around the first occurrence of a term, with every occurrence inside it
 * marked. CJK text is denser, so its window is shorter.
 */
export function makeSnippet(text: string, terms: string[], options: { cjk: boolean }): Snippet {
  const flat = text.replace(/\s+/g, ' ').trim();
  const folded = fold(flat);
  const width = options.cjk ? 80 : 180;
  let first = -1;
  for (const term of terms) {
    const at = folded.indexOf(term);
    if (at !== -1 && (first === -1 || at < first)) first = at;
  }
  let start = first <= 0 ? 0 : Math.max(0, first - Math.floor(width / 4));
  if (!options.cjk && start > 0) {
    const space = flat.indexOf(' ', start);
    if (space !== -1 && space < first) start = space + 1;
  }
  let end = Math.min(flat.length, start + width);
  // a window that ends inside a word ends before it instead
  if (!options.cjk && end < flat.length && /\S/.test(flat[end] ?? '')) {
    const space = flat.lastIndexOf(' ', end);
    if (space > Math.max(start, first)) end = space;
  }
  const prefix = start > 0 ? '…' : '';
  const suffix = end < flat.length ? '…' : '';
  const snippet = prefix + flat.slice(start, end) + suffix;
  const window = folded.slice(start, end);
  const ranges: [number, number][] = [];
  for (const term of terms) {
    for (let at = window.indexOf(term); at !== -1; at = window.indexOf(term, at + 1)) {
      ranges.push([at + prefix.length, at + prefix.length + term.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return { text: snippet, highlights: merged };
}

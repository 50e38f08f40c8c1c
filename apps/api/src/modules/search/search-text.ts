// Text handling for search, the same for indexing and querying, with no dialect features:
//  - fold: NFKC (full-width Latin, half-width kana), lower case, Latin diacritics removed
//    ("Método" → "metodo"), character by character and only where that keeps the length, so
//    offsets into the folded text are offsets into the original, which is what is shown;
//  - words: letters and digits between non-letters in Latin and other spaced scripts;
//    Intl.Segmenter's word boundaries in Chinese, Japanese and Korean (ADR 0032);
//  - terms: Latin words as they are; a CJK word as its character bigrams (plus its characters
//    in documents, for one-character queries), so a query finds the words that hold it, never a
//    pair that straddles two words; a query's stop-words are left out.

import { type TLocale } from '@llk/contracts';

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

/** A word of a text: its folded form and where it stands (offsets into the text, which fold keeps). */
export interface Token {
  cjk: boolean;
  text: string;
  start: number;
  end: number;
  /** made of one-character words joined (joinSingles) */
  joined?: boolean;
}

const SEGMENTERS = new Map<string, Intl.Segmenter>();

function segmenter(locale: string): Intl.Segmenter {
  let found = SEGMENTERS.get(locale);
  if (!found) {
    found = new Intl.Segmenter(locale, { granularity: 'word' });
    SEGMENTERS.set(locale, found);
  }
  return found;
}

/**
 * The words of a text, folded: Latin (and other spaced scripts) by runs of letters and digits;
 * Chinese, Japanese and Korean by Intl.Segmenter's word boundaries (ICU's dictionary for Han and
 * kana: 远程|控制, リモート|デスク|トップ|の; spaces for hangul: 원격으로|제어).
 */
export function tokenize(text: string, locale: string = 'en'): Token[] {
  const out: Token[] = [];
  for (const match of fold(text).matchAll(RUNS)) {
    const at = match.index ?? 0;
    if (match[2]) {
      out.push({ cjk: false, text: match[2], start: at, end: at + match[2].length });
      continue;
    }
    for (const part of segmenter(locale).segment(match[1] ?? '')) {
      if (part.isWordLike === false) continue;
      out.push({ cjk: true, text: part.segment, start: at + part.index, end: at + part.index + part.segment.length });
    }
  }
  return out;
}

/** The character bigrams inside one CJK word, never across two words (so 远程控制 has no 程控). */
function bigrams(word: string): string[] {
  const chars = [...word];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
  return out;
}

/** Terms of a document with their counts: words; CJK words as their bigrams, plus every character (for one-character queries). */
export function documentTerms(text: string, locale: string = 'en'): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1);
  for (const token of tokenize(text, locale)) {
    if (!token.cjk) {
      add(token.text);
      continue;
    }
    for (const char of token.text) add(char);
    for (const pair of bigrams(token.text)) add(pair);
  }
  return counts;
}

// Words a query is not about, per language: articles, prepositions, pronouns, particles and
// question words, in folded form (no accents). A short kept list, not a linguist's: enough that
// "mot de passe oublié" is about mot, passe and oublié, not about every page with "de".
export const STOP_WORDS: Record<TLocale, ReadonlySet<string>> = {
  en: new Set([
    'a',
    'an',
    'the',
    'and',
    'or',
    'of',
    'to',
    'in',
    'on',
    'at',
    'for',
    'with',
    'by',
    'from',
    'is',
    'are',
    'be',
    'it',
    'its',
    'as',
    'this',
    'that',
    'how',
    'do',
    'does',
    'i',
    'my',
    'me',
    'can',
    'what',
    'when',
    'where',
    'why',
    'which',
    'you',
    'your',
    'we',
    's',
  ]),
  fr: new Set([
    'le',
    'la',
    'les',
    'l',
    'un',
    'une',
    'des',
    'de',
    'du',
    'd',
    'et',
    'ou',
    'a',
    'au',
    'aux',
    'en',
    'dans',
    'par',
    'pour',
    'sur',
    'avec',
    'ce',
    'ces',
    'cet',
    'cette',
    'se',
    'sa',
    'son',
    'ses',
    'mon',
    'ma',
    'mes',
    'je',
    'j',
    'tu',
    'il',
    'elle',
    'on',
    'nous',
    'vous',
    'qu',
    'que',
    'qui',
    'quoi',
    'comment',
    'est',
    'sont',
    'ne',
    'n',
    'y',
    'c',
    's',
    'm',
    't',
  ]),
  es: new Set([
    'el',
    'la',
    'los',
    'las',
    'lo',
    'un',
    'una',
    'unos',
    'unas',
    'de',
    'del',
    'y',
    'e',
    'o',
    'u',
    'a',
    'al',
    'en',
    'con',
    'por',
    'para',
    'que',
    'se',
    'su',
    'sus',
    'mi',
    'mis',
    'es',
    'son',
    'como',
    'cual',
    'me',
    'te',
    'le',
    'les',
  ]),
  'zh-CN': new Set([
    '的',
    '了',
    '是',
    '在',
    '和',
    '与',
    '或',
    '及',
    '把',
    '被',
    '吗',
    '呢',
    '吧',
    '啊',
    '怎么',
    '如何',
    '怎样',
    '什么',
    '我',
    '你',
    '我的',
  ]),
  'zh-tw': new Set([
    '的',
    '了',
    '是',
    '在',
    '和',
    '與',
    '或',
    '及',
    '把',
    '被',
    '嗎',
    '呢',
    '吧',
    '啊',
    '怎麼',
    '如何',
    '怎樣',
    '什麼',
    '我',
    '你',
    '我的',
  ]),
  ja: new Set([
    'の',
    'は',
    'が',
    'を',
    'に',
    'へ',
    'で',
    'と',
    'も',
    'や',
    'か',
    'な',
    'ね',
    'よ',
    'た',
    'て',
    'だ',
    'です',
    'ます',
    'する',
    'した',
    'から',
    'まで',
    'より',
    'こと',
    'どう',
  ]),
  ko: new Set(['및', '등', '또는', '그리고', '어떻게', '왜', '무엇', '좀', '수', '것', '그', '이', '저']),
};

// Korean writes its particles onto the word (원격으로, 비밀번호를): a query word loses a final
// particle, longest first, when two syllables or more remain, so it finds the word with any other.
const KO_PARTICLES = [
  '에서',
  '으로',
  '에게',
  '까지',
  '부터',
  '처럼',
  '이나',
  '을',
  '를',
  '이',
  '가',
  '은',
  '는',
  '에',
  '로',
  '의',
  '도',
  '와',
  '과',
  '만',
];

function withoutParticle(word: string): string {
  for (const particle of KO_PARTICLES) {
    if (word.endsWith(particle) && [...word].length - [...particle].length >= 2) return word.slice(0, -particle.length);
  }
  return word;
}

/**
 * Adjacent one-character CJK words of a query joined back into one: characters the dictionary
 * did not know as a word (程控 → 程|控) are searched as the pair they are, not as two characters
 * found anywhere.
 */
function joinSingles(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (const token of tokens) {
    const last = out.at(-1);
    const single = (word: Token) => word.cjk && [...word.text].length === 1;
    if (last && single(token) && last.end === token.start && last.cjk && (single(last) || last.joined)) {
      out[out.length - 1] = { ...last, text: last.text + token.text, end: token.end, joined: true };
    } else out.push({ ...token });
  }
  return out;
}

/**
 * Distinct terms of a query in a language: its words without the language's stop-words (unless
 * it has nothing else); a CJK word as its bigrams, or its character when it has one.
 */
export function queryTerms(query: string, locale: TLocale = 'en'): string[] {
  const words = joinSingles(tokenize(query, locale));
  const stop = STOP_WORDS[locale];
  const kept = words.filter((word) => !stop.has(word.text));
  const terms = new Set<string>();
  for (const word of kept.length > 0 ? kept : words) {
    if (!word.cjk) {
      terms.add(word.text);
      continue;
    }
    const text = locale === 'ko' ? withoutParticle(word.text) : word.text;
    const pairs = bigrams(text);
    if (pairs.length === 0) terms.add(text);
    for (const pair of pairs) terms.add(pair);
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
 * "cell · cell /". 3: whole words, Intl.Segmenter words for CJK, headings as their own field (ADR 0032).
 */
export const SEARCH_TEXT_VERSION = 3;

/** The headings of Markdown (## …), as plain text, one a line: the field ranked between title and body. */
export function markdownHeadings(markdown: string): string[] {
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n?/, '').replace(/```[\s\S]*?```/g, '');
  return [...body.matchAll(/^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((match) => markdownToText(match[1] ?? '')).filter(Boolean);
}

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

const CJK_TERM = new RegExp(`^[${CJK}]+$`, 'u');

/**
 * Where the terms stand in a text, as [start, end) ranges, adjacent ones merged: a Latin term
 * only as a whole word (never "mot" inside "Remote" nor "de" inside "code"), a CJK term only
 * inside one of Intl.Segmenter's words.
 */
export function termRanges(text: string, terms: string[], locale: string = 'en'): [number, number][] {
  const latin = new Set(terms.filter((term) => !CJK_TERM.test(term)));
  const cjk = terms.filter((term) => CJK_TERM.test(term));
  const ranges: [number, number][] = [];
  for (const token of tokenize(text, locale)) {
    if (!token.cjk) {
      if (latin.has(token.text)) ranges.push([token.start, token.end]);
      continue;
    }
    for (const term of cjk) {
      for (let at = token.text.indexOf(term); at !== -1; at = token.text.indexOf(term, at + 1))
        ranges.push([token.start + at, token.start + at + term.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/**
 * A window of the text around the first occurrence of a term, with every occurrence inside it
 * marked (whole words only, as termRanges finds them). CJK text is denser, so its window is shorter.
 */
export function makeSnippet(text: string, terms: string[], options: { cjk: boolean; locale?: string }): Snippet {
  const flat = text.replace(/\s+/g, ' ').trim();
  const found = termRanges(flat, terms, options.locale);
  const width = options.cjk ? 80 : 180;
  const first = found[0]?.[0] ?? -1;
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
  const highlights = found
    .filter(([from, to]) => from >= start && to <= end)
    .map(([from, to]): [number, number] => [from - start + prefix.length, to - start + prefix.length]);
  return { text: prefix + flat.slice(start, end) + suffix, highlights };
}

// Locales, URL prefixes, the language cookie, first-visit detection and the one reader of Accept-Language.

import { defaultLocale, type TLocale } from './locale-codes';

export * from './locale-codes';

export interface LocaleEntry {
  name: string; // the language's own name, for the switcher
  code: TLocale; // as used in the URL prefix and the cookie
  iso: string; // BCP 47 tag for <html lang>, hreflang and Intl
  language: string; // Accept-Language value the clients send to the API
  files: string[]; // message files, fallbacks first
}

export const localeEntries: Record<TLocale, LocaleEntry> = {
  'zh-CN': { name: '简体中文', code: 'zh-CN', iso: 'zh-CN', language: 'zh-CN', files: ['zh-CN.json'] },
  en: { name: 'English', code: 'en', iso: 'en', language: 'en', files: ['en.json'] },
  'zh-tw': { name: '繁體中文', code: 'zh-tw', iso: 'zh-TW', language: 'zh-TW', files: ['zh-tw.json'] },
  es: { name: 'Español', code: 'es', iso: 'es', language: 'es', files: ['es.json'] },
  fr: { name: 'Français', code: 'fr', iso: 'fr', language: 'fr', files: ['fr.json'] },
  ja: { name: '日本語', code: 'ja', iso: 'ja', language: 'ja', files: ['ja.json'] },
  ko: { name: '한국어', code: 'ko', iso: 'ko', language: 'ko', files: ['ko.json'] },
};

/**
 * Maps one browser language tag to a locale with the spec's rule: zh and zh-CN → zh-CN,
 * any other zh-* → zh-tw, en/es/fr/ja/ko (any region) → themselves, anything else → null.
 * A zh tag with the Hans script (zh-Hans, zh-Hans-CN, sent by Apple platforms) names
 * Simplified Chinese explicitly, so it also maps to zh-CN. Underscores (zh_CN) are accepted.
 */
export function matchBrowserLanguage(tag: string): TLocale | null {
  const subtags = tag.trim().toLowerCase().replaceAll('_', '-').split('-');
  const [primary, second] = subtags;
  if (!primary) return null;
  if (primary === 'zh') return second === undefined || second === 'cn' || second === 'hans' ? 'zh-CN' : 'zh-tw';
  if (primary === 'en' || primary === 'es' || primary === 'fr' || primary === 'ja' || primary === 'ko') {
    return primary;
  }
  return null;
}

/** One language range of an Accept-Language header: its tag as written, its weight, its position. */
export interface TAcceptLanguageEntry {
  tag: string;
  q: number;
  index: number;
}

/**
 * Reads an Accept-Language header as it is written: every comma-separated range in header order
 * (empty, `*` and q=0 ranges included), the tag trimmed, q 1 when absent. The only reader of the
 * header's syntax; parseAcceptLanguage and the back office's language choice build on it.
 */
export function readAcceptLanguage(header: string | null | undefined): TAcceptLanguageEntry[] {
  if (!header) return [];
  return header.split(',').map((part, index) => {
    const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
    // Parameter names are case-insensitive (RFC 9110); a malformed q counts as 0.
    const qParam = params.map((p) => p.split('=').map((x) => x.trim())).find(([name]) => name?.toLowerCase() === 'q');
    const q = qParam === undefined ? 1 : qParam[1] ? Number(qParam[1]) : Number.NaN;
    return { tag, q: Number.isFinite(q) ? q : 0, index };
  });
}

/** Parses an Accept-Language header into tags ordered by q (stable for equal q). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  return readAcceptLanguage(header)
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * First-visit detection: the first browser language that maps to a locale wins, else en.
 * (A valid cookie is checked by the caller before this is used.)
 */
export function detectLocale(acceptLanguage: string | null | undefined): TLocale {
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const match = matchBrowserLanguage(tag);
    if (match) return match;
  }
  return 'en';
}

/**
 * Locale for API messages. Without a header (scripts, old clients) the default locale, the
 * primary market; with a header the same rule as first-visit detection, so a caller who asked
 * for a language we do not have (de) reads English rather than Chinese.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): TLocale {
  if (!header?.trim()) return defaultLocale;
  return detectLocale(header);
}

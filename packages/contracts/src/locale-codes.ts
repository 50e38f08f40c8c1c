// The locale codes, the default locale and the language cookie: what every page's links need
// in the browser, kept apart from the locale table and the detection rules (locales.ts) so that
// `@llk/contracts/locale-codes` adds only these few lines to a page's first load (the bundler
// keeps a whole module once any of it is used).

export const locales = ['zh-CN', 'en', 'zh-tw', 'es', 'fr', 'ja', 'ko'] as const;
export type TLocale = (typeof locales)[number];
export const defaultLocale: TLocale = 'zh-CN';

export const LOCALE_COOKIE = 'llk-lang';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60; // seconds, 365 days

export function isLocale(value: unknown): value is TLocale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** URL prefix of a locale: '' for the default, '/en', '/zh-tw', … otherwise. */
export function localePrefix(locale: TLocale): string {
  return locale === defaultLocale ? '' : `/${locale}`;
}

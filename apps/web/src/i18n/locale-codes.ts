// Client-safe copies of the contracts' locale constants. Browser code must not import the
// '@llk/contracts' barrel: it re-exports the zod schemas, which would add ~33 KiB gzip to
// every page (JS budget, README). test/locale-codes.test.ts keeps these equal to contracts.

export const LOCALE_CODES = ['zh-CN', 'en', 'zh-tw', 'es', 'fr', 'ja', 'ko'] as const;
export type TLocaleCode = (typeof LOCALE_CODES)[number];
export const DEFAULT_LOCALE_CODE: TLocaleCode = 'zh-CN';

export const LOCALE_COOKIE_NAME = 'llk-lang';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function isLocaleCode(value: unknown): value is TLocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

import { type TLocale } from '@llk/contracts';

/**
 * Languages to try for translated content, best first: the caller's, then English, then
 * Simplified Chinese (the language every item is written in first).
 */
export function contentLocales(locale: TLocale): TLocale[] {
  return [...new Set<TLocale>([locale, 'en', 'zh-CN'])];
}

/** The row in the best available language, or undefined when none of them exists. */
export function pickTranslation<T extends { locale: string }>(rows: readonly T[], locale: TLocale): T | undefined {
  for (const candidate of contentLocales(locale)) {
    const row = rows.find((r) => r.locale === candidate);
    if (row) return row;
  }
  return undefined;
}

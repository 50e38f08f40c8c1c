import { localeEntries, locales, type TLocale } from '@llk/contracts/locales';

/** Each content language in its own name (简体中文, English, 日本語, …): the editors' tabs and warnings. */
export function languageNames(): Record<TLocale, string> {
  return Object.fromEntries(locales.map((locale) => [locale, localeEntries[locale].name])) as Record<TLocale, string>;
}

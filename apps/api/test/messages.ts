import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type TLocale } from '@llk/contracts';

// Reads the contracts' message files directly, so tests compare the API's answers with the
// texts as written rather than with the API's own lookup.
const dir = path.dirname(createRequire(import.meta.url).resolve('@llk/contracts/messages/en'));

export function messageOf(locale: TLocale, key: string): string {
  const messages = JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Record<string, Record<string, string>>;
  const [namespace = '', name = ''] = key.split('.');
  const text = messages[namespace]?.[name];
  if (text === undefined) throw new Error(`${locale}.json has no ${key}`);
  return text;
}

/** Accept-Language values a client sends for each locale: the locale's code, zh-tw as zh-TW. */
export const acceptLanguageOf: Record<TLocale, string> = {
  'zh-CN': 'zh-CN',
  en: 'en',
  'zh-tw': 'zh-TW',
  es: 'es',
  fr: 'fr',
  ja: 'ja',
  ko: 'ko',
};

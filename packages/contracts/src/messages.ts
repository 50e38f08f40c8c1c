import en from '../messages/en.json' with { type: 'json' };
import es from '../messages/es.json' with { type: 'json' };
import fr from '../messages/fr.json' with { type: 'json' };
import ja from '../messages/ja.json' with { type: 'json' };
import ko from '../messages/ko.json' with { type: 'json' };
import zhCN from '../messages/zh-CN.json' with { type: 'json' };
import zhTW from '../messages/zh-tw.json' with { type: 'json' };
import { type TLocale } from './locales';

// The contracts' own texts (error, validation and success messages) in every locale. The API
// uses them to localise `errmsg`; the web merges them into its next-intl messages. Static
// imports keep every bundler and test runner happy and the catalogue is small.

export type TContractMessages = typeof en;

/** Dotted keys of the catalogue: 'errors.usernameTaken', 'validation.codeInvalid', … */
export type TMessageKey = {
  [NS in keyof TContractMessages]: `${NS & string}.${keyof TContractMessages[NS] & string}`;
}[keyof TContractMessages];

export type TMessageParams = Record<string, string | number>;

const catalogue: Record<TLocale, TContractMessages> = {
  'zh-CN': zhCN,
  en,
  'zh-tw': zhTW,
  es,
  fr,
  ja,
  ko,
};

export function getContractMessages(locale: TLocale): TContractMessages {
  return catalogue[locale] ?? catalogue.en;
}

function lookup(messages: unknown, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Replaces `{name}` with params.name; placeholders without a value stay as written. */
export function interpolate(template: string, params?: TMessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/**
 * Text of a dotted key in a locale, falling back to English and then to the key itself, so a
 * missing text shows up as a readable key instead of an empty toast.
 */
export function translate(locale: TLocale, key: TMessageKey | (string & {}), params?: TMessageParams): string {
  const text = lookup(getContractMessages(locale), key) ?? lookup(catalogue.en, key) ?? key;
  return interpolate(text, params);
}

import { Fragment, type ReactNode, createElement } from 'react';
import { fill } from './format';

// Reading a namespace of texts handed over as props (lib/client-texts.ts) with next-intl's
// shape — t('key'), t('nested.key', values), t.rich('key', { link: (chunks) => … }) — but
// without its runtime: placeholders are {name}, the only plural form used is
// `{count, plural, one {…} other {…}}` (Intl.PluralRules, # is the number), and rich text is
// `<tag>chunks</tag>`.

export type TTexts = { [key: string]: string | TTexts };
export type TValues = Record<string, string | number>;

export interface TTranslate {
  (key: string, values?: TValues): string;
  rich(key: string, tags: Record<string, (chunks: string) => ReactNode>, values?: TValues): ReactNode;
}

const PLURAL_RE = /\{(\w+), plural, ((?:[=\w]+ \{[^{}]*\}\s*)+)\}/g;
const BRANCH_RE = /([=\w]+) \{([^{}]*)\}/g;

function lookup(texts: TTexts, key: string): string | undefined {
  let node: string | TTexts | undefined = texts;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

function plurals(template: string, values: TValues, languageTag: string): string {
  return template.replace(PLURAL_RE, (whole, name: string, branches: string) => {
    const count = Number(values[name]);
    if (!Number.isFinite(count)) return whole;
    const forms = Object.fromEntries([...branches.matchAll(BRANCH_RE)].map(([, form, text]) => [form, text ?? '']));
    const text = forms[`=${count}`] ?? forms[new Intl.PluralRules(languageTag).select(count)] ?? forms.other ?? '';
    return text.replaceAll('#', new Intl.NumberFormat(languageTag).format(count));
  });
}

/** A t() over one namespace; a missing key reads as the key itself, as next-intl shows it. */
export function translator(texts: TTexts, languageTag: string): TTranslate {
  const text = (key: string, values: TValues = {}) => fill(plurals(lookup(texts, key) ?? key, values, languageTag), values);
  const t = text as TTranslate;
  t.rich = (key, tags, values) => {
    const parts = text(key, values)
      .split(/(<\w+>[^<]*<\/\w+>)/)
      .filter(Boolean)
      .map((part) => {
        const match = /^<(\w+)>([^<]*)<\/\1>$/.exec(part);
        const render = match ? tags[match[1]!] : undefined;
        return render ? render(match![2]!) : part;
      });
    // as separate children, so React needs no keys
    return createElement(Fragment, null, ...parts);
  };
  return t;
}

import { type TLocale } from '@llk/contracts/locales';
import { Parser, jaModel, zhHansModel, zhHantModel } from 'budoux';
import { Fragment, type ReactNode } from 'react';

// Chinese and Japanese headings break at phrase boundaries, never inside a word and never with
// 「、」 or one character alone on a line (ADR 0020). BudouX (Google's phrase splitter,
// a small model per language) runs here on the server while the page is rendered, so it costs
// the browser nothing: the heading gets a <wbr> between phrases and `break-keep` (keep-all)
// allows breaks only there and at spaces; `text-balance` avoids orphans. Korean, written with
// spaces, needs only keep-all. Server components only: the models stay out of every client
// bundle, and a client component gets its headings phrased as props (phrasedHeadings). Over
// this, globals.css lets a browser with its own phrase model (word-break: auto-phrase) use it.

const MODELS: Partial<Record<TLocale, ConstructorParameters<typeof Parser>[0]>> = {
  ja: jaModel,
  'zh-CN': zhHansModel,
  'zh-tw': zhHantModel,
};
const parsers = new Map<TLocale, Parser>();

/**
 * A number keeps the word it counts: the space between a figure and the Han or kana word after
 * it ("8 折", "30 天", "10 面") becomes a no-break space, so a heading never ends a line on "8".
 */
const NUMBER_AND_COUNTER = /(\d) (?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu;

/** The brand is one name: "成為 LLK Remote 推廣大使" never ends a line on "LLK". */
const BRAND_SPACE = /\bLLK Remote\b/g;

/**
 * A letter or digit of a script written with spaces ("Windows", "iPhone", "4K"): the Chinese
 * models cut inside such words ("W|indows", "Androi|d"), and a cut between two of them is joined.
 */
const SPACED_WORD_END = /[\p{L}\p{N}](?<![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])$/u;
const SPACED_WORD_START = /^(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}]/u;

/** Whether the model's cut between `before` and `after` must not be a break. */
function keepsTogether(before: string, after: string): boolean {
  return before.endsWith('\u00a0') || after.startsWith('\u00a0') || (SPACED_WORD_END.test(before) && SPACED_WORD_START.test(after));
}

/** The text's phrases in `locale` (one piece in a language without a model). */
export function phrases(source: string, locale: TLocale): string[] {
  const model = MODELS[locale];
  if (!model || source === '') return [source];
  const text = source.replace(NUMBER_AND_COUNTER, '$1\u00a0').replace(BRAND_SPACE, 'LLK\u00a0Remote');
  let parser = parsers.get(locale);
  if (!parser) {
    parser = new Parser(model);
    parsers.set(locale, parser);
  }
  // the model may still cut beside the no-break space or inside a Latin word: such a cut is joined up again
  const parts: string[] = [];
  for (const part of parser.parse(text)) {
    const last = parts.at(-1);
    if (last !== undefined && keepsTogether(last, part)) parts[parts.length - 1] = last + part;
    else parts.push(part);
  }
  return parts;
}

/**
 * A client component's headings, phrase-broken here for it to show (a prop of React elements:
 * they cross to the browser, the splitter does not). `text` reads the heading of a key.
 */
export function phrasedHeadings<K extends string>(keys: readonly K[], text: (key: K) => string, locale: TLocale): Record<K, ReactNode> {
  return Object.fromEntries(keys.map((key) => [key, <Phrased text={text(key)} locale={locale} />])) as Record<K, ReactNode>;
}

/** `text` with a break opportunity (<wbr>) between its phrases; use inside a `break-keep` heading. */
export function Phrased({ text, locale }: { text: string; locale: TLocale }): ReactNode {
  const parts = phrases(text, locale);
  if (parts.length < 2) return text;
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

import { type TLocale } from '@llk/contracts/locales';
import { Parser, jaModel, zhHansModel, zhHantModel } from 'budoux';
import { Fragment, type ReactNode } from 'react';

// Chinese and Japanese headings break at phrase boundaries, never inside a word and never with
// 「、」 or one character alone on a line (issue 20, item 6). BudouX (Google's phrase splitter,
// a small model per language) runs here on the server while the page is rendered, so it costs
// the browser nothing: the heading gets a <wbr> between phrases and `break-keep` (keep-all)
// allows breaks only there and at spaces. Korean, written with spaces, needs only keep-all.
// Server components only: the models stay out of every client bundle.

const MODELS: Partial<Record<TLocale, ConstructorParameters<typeof Parser>[0]>> = {
  ja: jaModel,
  'zh-CN': zhHansModel,
  'zh-tw': zhHantModel,
};
const parsers = new Map<TLocale, Parser>();

/** The text's phrases in `locale` (one piece in a language without a model). */
export function phrases(text: string, locale: TLocale): string[] {
  const model = MODELS[locale];
  if (!model || text === '') return [text];
  let parser = parsers.get(locale);
  if (!parser) {
    parser = new Parser(model);
    parsers.set(locale, parser);
  }
  return parser.parse(text);
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

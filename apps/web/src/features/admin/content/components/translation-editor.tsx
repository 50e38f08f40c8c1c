'use client';

import { localeEntries, locales, type TLocale } from '@llk/contracts/locales';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Field } from '@/components/ui/field';
import { incompleteLocales, startedLocales, type TTexts, type TTranslations } from '@/features/admin/content/translations';
import { MarkdownPreview } from './markdown-preview';
import { MissingLanguages } from './missing-languages';

// The texts of a news item, a notice or a release's changelog in the seven content languages:
// the warning naming the languages not complete, a tab per language (marked while incomplete)
// with the item's fields, and the preview of its Markdown field.

export interface TTranslationField<K extends string> {
  key: K;
  label: string;
  hint?: string;
  /** a Markdown textarea with the preview beside it; otherwise a one-line input */
  markdown?: boolean;
  /** not needed for the language to count as written (an SEO description) */
  optional?: boolean;
  maxLength?: number;
}

export function TranslationEditor<K extends string>({
  fields,
  value,
  onChange,
  languageNames,
  required = [],
}: {
  fields: readonly TTranslationField<K>[];
  value: TTranslations<K>;
  onChange: (value: TTranslations<K>) => void;
  languageNames: Record<TLocale, string>;
  /** languages a save needs (zh-CN for news and notices) */
  required?: readonly TLocale[];
}) {
  const t = useTranslations('AdminEditor');
  const id = useId();
  const [tab, setTab] = useState<TLocale>('zh-CN');
  const keys = fields.filter((field) => !field.optional).map((field) => field.key);
  const incomplete = incompleteLocales(value, keys);
  const current = value[tab] ?? (Object.fromEntries(keys.map((key) => [key, ''])) as TTexts<K>);
  const markdown = fields.find((field) => field.markdown);
  const lang = localeEntries[tab].iso;

  function edit(key: K, text: string) {
    onChange({ ...value, [tab]: { ...current, [key]: text } });
  }

  return (
    <>
      <MissingLanguages
        incomplete={incomplete}
        started={startedLocales(value, keys)}
        required={required.filter((locale) => incomplete.includes(locale))}
        languageNames={languageNames}
      />
      <div role="tablist" aria-label={t('languages')} className="mt-6 flex flex-wrap gap-1 border-b border-line">
        {locales.map((locale) => (
          <button
            key={locale}
            type="button"
            role="tab"
            id={`${id}-tab-${locale}`}
            aria-selected={tab === locale}
            aria-controls={`${id}-panel`}
            onClick={() => setTab(locale)}
            className={`rounded-t-control px-3 py-2 text-sm ${tab === locale ? 'border border-b-0 border-line bg-canvas font-semibold text-ink' : 'text-ink-muted'}`}
          >
            {languageNames[locale]}
            {incomplete.includes(locale) ? (
              <>
                <span aria-hidden="true"> •</span>
                <span className="sr-only"> {t('incompleteTab')}</span>
              </>
            ) : null}
          </button>
        ))}
      </div>
      {/* keyed by language: the preview of one language is not shown under another */}
      <div
        key={tab}
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${tab}`}
        className={`mt-4 grid gap-4 ${markdown ? 'lg:grid-cols-2' : ''}`}
      >
        <div className="grid content-start gap-3">
          {fields.map((field) => (
            <Field key={field.key} label={field.label} hint={field.hint}>
              {(props) =>
                field.markdown ? (
                  <textarea
                    {...props}
                    className={`${props.className} min-h-64 py-2 font-mono text-sm`}
                    value={current[field.key]}
                    onChange={(e) => edit(field.key, e.target.value)}
                    lang={lang}
                  />
                ) : (
                  <input
                    {...props}
                    className={`${props.className} h-11`}
                    value={current[field.key] ?? ''}
                    maxLength={field.maxLength}
                    onChange={(e) => edit(field.key, e.target.value)}
                    lang={lang}
                  />
                )
              }
            </Field>
          ))}
        </div>
        {markdown ? <MarkdownPreview markdown={current[markdown.key]} lang={lang} /> : null}
      </div>
    </>
  );
}

'use client';

import type { TLocale } from '@llk/contracts/locale-codes';
import { useFormatter, useTranslations } from 'next-intl';

// The editors' warning: the languages not complete (a save leaves them out and their visitors
// read the fallback), those begun but not finished (their text would be lost), and a required
// language that blocks the save (zh-CN, every page's last fallback).

export function MissingLanguages({
  incomplete,
  started,
  required,
  languageNames,
}: {
  incomplete: readonly TLocale[];
  started: readonly TLocale[];
  /** incomplete languages the API requires: nothing can be saved until they are written */
  required: readonly TLocale[];
  languageNames: Record<TLocale, string>;
}) {
  const t = useTranslations('AdminEditor');
  const format = useFormatter();
  if (incomplete.length === 0) return null;
  const names = (list: readonly TLocale[]) => format.list(list.map((locale) => languageNames[locale]));
  return (
    <div
      role="alert"
      className="mt-4 space-y-1 rounded-card border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="missing-languages"
    >
      <p>{t('missing', { languages: names(incomplete) })}</p>
      {started.length > 0 ? <p className="font-medium">{t('dropped', { languages: names(started) })}</p> : null}
      {required.map((locale) => (
        <p key={locale} className="font-medium">
          {t('required', { language: languageNames[locale] })}
        </p>
      ))}
    </div>
  );
}

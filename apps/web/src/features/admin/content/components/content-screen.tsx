'use client';

import type { TAdminNews, TAdminNewsPage, TLocale } from '@llk/contracts';
import { NEWS_COVER_RE } from '@llk/contracts/rules';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { browserZone } from '@/lib/visitor-zone';
import { completeTranslations, isoOfZonedInput, zonedInputOf, type TTranslations } from '@/features/admin/content/translations';
import { type TEditorBinding, usePublishable } from '@/features/admin/content/use-publishable';
import { EditorFrame } from './editor-frame';
import { PublishableList } from './publishable-list';
import { TranslationEditor } from './translation-editor';
import { PublishWindowFields } from './zoned-date-time-field';

// /admin/content: news and promotions, newest first, and the editor — the publish window and a
// tab per language with title, summary and Markdown body, the preview as the public page
// renders it (the API's POST /admin/content/preview) and a warning naming the languages not
// complete, which a save leaves out.

const FIELDS = ['title', 'summary', 'body'] as const;
type TDraft = {
  kind: TAdminNews['kind'];
  publishAt: string;
  expiresAt: string;
  coverImageUrl: string;
  translations: TTranslations<(typeof FIELDS)[number] | 'seoDescription'>;
};

function draftOf(item: TAdminNews | null): TDraft {
  if (!item)
    return {
      kind: 'NEWS',
      publishAt: zonedInputOf(new Date().toISOString(), browserZone()),
      expiresAt: '',
      coverImageUrl: '',
      translations: {},
    };
  return {
    kind: item.kind,
    publishAt: zonedInputOf(item.publishAt, browserZone()),
    expiresAt: zonedInputOf(item.expiresAt, browserZone()),
    coverImageUrl: item.coverImageUrl ?? '',
    translations: item.translations as TDraft['translations'],
  };
}

export function ContentScreen({ initial, languageNames }: { initial: TAdminNewsPage; languageNames: Record<TLocale, string> }) {
  const t = useTranslations('AdminContent');
  const news = usePublishable<TAdminNews>('/news', initial);
  if (news.editor) return <Editor {...news.editor} languageNames={languageNames} />;
  return (
    <PublishableList
      name="content"
      namespace="AdminContent"
      list={news}
      heading={(item) => (
        <TitleWithFigures
          text={item.translations['zh-CN']?.title ?? item.translations.en?.title ?? item.url}
          chip={(sku) => t('figureChip', { sku })}
        />
      )}
      nameOf={(item) => item.translations['zh-CN']?.title ?? item.translations.en?.title ?? item.url}
      dateOf={(item) => item.publishAt}
      missingOf={(item) => item.missingLocales}
      languageNames={languageNames}
      detail={(item) => (
        <p>
          {t(`kind.${item.kind}`)} · {item.url} · {item.published ? t('published') : t('draft')}
          {item.missingLocales.length > 0 ? ` · ${t('missingShort', { count: item.missingLocales.length })}` : ''}
        </p>
      )}
    />
  );
}

/**
 * A title as a list line: each {{discount:SKU}} the site fills from the prices is shown as a
 * labelled chip ("MEMBER_YEAR discount"), not as the raw token (the editor keeps the token).
 */
export function TitleWithFigures({ text, chip }: { text: string; chip: (sku: string) => string }) {
  const parts = text.split(/\{\{discount:([A-Z0-9_]+)\}\}/);
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="mx-0.5 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-700" data-testid="content-figure">
        {chip(part)}
      </span>
    ) : (
      part
    ),
  );
}

function Editor({
  item,
  onSave,
  onPublish,
  onClose,
  languageNames,
}: TEditorBinding<TAdminNews> & { languageNames: Record<TLocale, string> }) {
  const t = useTranslations('AdminContent');
  const e = useTranslations('AdminEditor');
  const [draft, setDraft] = useState<TDraft>(() => draftOf(item));
  const [coverError, setCoverError] = useState<string | undefined>();
  const complete = completeTranslations(draft.translations, FIELDS);

  function save() {
    // a promotion's own validity is not edited here: it goes back as it was
    const validity = { validFrom: item?.validFrom ?? null, validUntil: item?.validUntil ?? null };
    const coverImageUrl = draft.coverImageUrl.trim() || null;
    if (coverImageUrl !== null && !NEWS_COVER_RE.test(coverImageUrl)) {
      setCoverError(e('coverInvalid'));
      return Promise.resolve();
    }
    setCoverError(undefined);
    return onSave({
      kind: draft.kind,
      publishAt: isoOfZonedInput(draft.publishAt, browserZone()),
      expiresAt: isoOfZonedInput(draft.expiresAt, browserZone()),
      ...validity,
      coverImageUrl,
      translations: complete,
    });
  }

  return (
    <EditorFrame
      name="content"
      title={item ? t('editTitle', { url: item.url }) : t('newTitle')}
      published={item?.published ?? false}
      canSave={complete['zh-CN'] !== undefined}
      onSave={save}
      onPublish={onPublish}
      onClose={onClose}
      itemName={item?.translations['zh-CN']?.title ?? item?.url ?? ''}
      missing={item?.missingLocales ?? []}
      languageNames={languageNames}
    >
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <Field label={t('kindLabel')}>
          {(props) => (
            <select
              {...props}
              className={`${props.className} h-11`}
              value={draft.kind}
              onChange={(e) => setDraft({ ...draft, kind: e.target.value as TDraft['kind'] })}
            >
              <option value="NEWS">{t('kind.NEWS')}</option>
              <option value="PROMOTION">{t('kind.PROMOTION')}</option>
            </select>
          )}
        </Field>
        <PublishWindowFields
          publishAt={draft.publishAt}
          expiresAt={draft.expiresAt}
          onChange={(dates) => setDraft({ ...draft, ...dates })}
        />
      </div>
      <div className="mt-4">
        <Field label={e('coverLabel')} hint={e('coverHint')} error={coverError}>
          {(props) => (
            <input
              {...props}
              name="coverImageUrl"
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="/images/news/launch.webp"
              className={`${props.className} h-11 font-mono text-sm`}
              value={draft.coverImageUrl}
              onChange={(event) => setDraft({ ...draft, coverImageUrl: event.target.value })}
            />
          )}
        </Field>
      </div>
      <TranslationEditor
        fields={[
          { key: 'title', label: t('titleLabel') },
          { key: 'summary', label: t('summaryLabel') },
          { key: 'seoDescription', label: e('seoLabel'), hint: e('seoHint'), optional: true, maxLength: 300 },
          { key: 'body', label: t('bodyLabel'), hint: t('figuresHint', { token: '{{discount:MEMBER_YEAR}}' }), markdown: true },
        ]}
        value={draft.translations}
        onChange={(translations) => setDraft({ ...draft, translations })}
        languageNames={languageNames}
        required={['zh-CN']}
      />
    </EditorFrame>
  );
}

'use client';

import type { TAdminNotice, TAdminNoticePage, TLocale } from '@llk/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime } from '@/lib/format';
import { browserZone } from '@/lib/visitor-zone';
import { completeTranslations, isoOfZonedInput, zonedInputOf, type TTranslations } from '@/features/admin/content/translations';
import { type TEditorBinding, usePublishable } from '@/features/admin/content/use-publishable';
import { EditorFrame } from './editor-frame';
import { PublishableList } from './publishable-list';
import { TranslationEditor } from './translation-editor';
import { PublishWindowFields } from './zoned-date-time-field';

// /admin/notices: the notices of /notice, newest first, and the editor — pinned (listed first
// on the site), the publish window and a tab per language with title and Markdown body, the
// preview and the warning naming the languages not complete, which a save leaves out.

const FIELDS = ['title', 'body'] as const;
type TDraft = { pinned: boolean; publishAt: string; expiresAt: string; translations: TTranslations<(typeof FIELDS)[number]> };

function draftOf(item: TAdminNotice | null): TDraft {
  if (!item) return { pinned: false, publishAt: zonedInputOf(new Date().toISOString(), browserZone()), expiresAt: '', translations: {} };
  return {
    pinned: item.pinned,
    publishAt: zonedInputOf(item.publishAt, browserZone()),
    expiresAt: zonedInputOf(item.expiresAt, browserZone()),
    translations: item.translations,
  };
}

export function NoticesScreen({ initial, languageNames }: { initial: TAdminNoticePage; languageNames: Record<TLocale, string> }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminNotices');
  // the staff member's language (zh-CN or en) when the notice has it
  const language = useLocale() as TLocale;
  const notices = usePublishable<TAdminNotice>('/notices', initial);
  if (notices.editor) return <Editor {...notices.editor} languageNames={languageNames} />;
  return (
    <PublishableList
      name="notice"
      namespace="AdminNotices"
      list={notices}
      nameOf={(item) => (item.translations[language] ?? item.translations['zh-CN'])?.title ?? item.slug}
      dateOf={(item) => item.publishAt}
      heading={(item) => (
        <>
          {item.pinned ? (
            <span className="mr-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{t('pinned')}</span>
          ) : null}
          {(item.translations[language] ?? item.translations['zh-CN'])?.title ?? item.slug}
        </>
      )}
      detail={(item) => (
        <p>
          {item.published ? t('published') : t('draft')} · {formatDateTime(item.publishAt, language, zone)}
          {item.expiresAt ? ` – ${formatDateTime(item.expiresAt, language, zone)}` : ''}
          {item.missingLocales.length > 0 ? ` · ${t('missingShort', { count: item.missingLocales.length })}` : ''}
        </p>
      )}
    />
  );
}

function Editor({
  item,
  onSave,
  onPublish,
  onClose,
  languageNames,
}: TEditorBinding<TAdminNotice> & { languageNames: Record<TLocale, string> }) {
  const t = useTranslations('AdminNotices');
  const [draft, setDraft] = useState<TDraft>(() => draftOf(item));
  const complete = completeTranslations(draft.translations, FIELDS);

  return (
    <EditorFrame
      name="notice"
      title={item ? t('editTitle', { slug: item.slug }) : t('newTitle')}
      published={item?.published ?? false}
      canSave={complete['zh-CN'] !== undefined}
      onSave={() =>
        onSave({
          pinned: draft.pinned,
          publishAt: isoOfZonedInput(draft.publishAt, browserZone()),
          expiresAt: isoOfZonedInput(draft.expiresAt, browserZone()),
          translations: complete,
        })
      }
      onPublish={onPublish}
      onClose={onClose}
    >
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <label className="flex items-center gap-2 self-end pb-3 text-sm font-medium text-ink">
          <input
            type="checkbox"
            className="size-4"
            checked={draft.pinned}
            onChange={(e) => setDraft({ ...draft, pinned: e.target.checked })}
          />
          {t('pinnedLabel')}
        </label>
        <PublishWindowFields
          publishAt={draft.publishAt}
          expiresAt={draft.expiresAt}
          onChange={(dates) => setDraft({ ...draft, ...dates })}
        />
      </div>
      <TranslationEditor
        fields={[
          { key: 'title', label: t('titleLabel') },
          { key: 'body', label: t('bodyLabel'), markdown: true },
        ]}
        value={draft.translations}
        onChange={(translations) => setDraft({ ...draft, translations })}
        languageNames={languageNames}
        required={['zh-CN']}
      />
    </EditorFrame>
  );
}

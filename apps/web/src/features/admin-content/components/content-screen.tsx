'use client';

import { locales, type TAdminNews, type TAdminNewsPage, type TLocale } from '@llk/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { adminApi } from '@/features/admin/admin-api';

// /admin/content: news and promotions, newest first, and the editor — a tab per language with
// title, summary and Markdown body, the preview as the public page renders it (the API's
// POST /admin/content/preview), the publish window and a warning naming the missing languages.

type TDraft = { kind: 'NEWS' | 'PROMOTION'; publishAt: string; expiresAt: string; translations: Partial<Record<TLocale, { title: string; summary: string; body: string }>> };

const localInput = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16) : '');
const fromLocalInput = (value: string) => (value ? new Date(`${value}:00.000Z`).toISOString() : null);

function draftOf(item: TAdminNews | null): TDraft {
  if (!item) return { kind: 'NEWS', publishAt: localInput(new Date().toISOString()), expiresAt: '', translations: {} };
  return { kind: item.kind, publishAt: localInput(item.publishAt), expiresAt: localInput(item.expiresAt), translations: item.translations };
}

export function ContentScreen({ initial, languageNames }: { initial: TAdminNewsPage; languageNames: Record<TLocale, string> }) {
  const t = useTranslations('AdminContent');
  const [items, setItems] = useState(initial.items);
  const [next, setNext] = useState(initial.next);
  const [editing, setEditing] = useState<TAdminNews | null | 'new'>(null);

  async function more() {
    if (!next) return;
    const page = await adminApi.get<TAdminNewsPage>('/news', { query: { before: next } });
    setItems((list) => [...list, ...page.items]);
    setNext(page.next);
  }

  function replace(item: TAdminNews) {
    setItems((list) => (list.some((row) => row.id === item.id) ? list.map((row) => (row.id === item.id ? item : row)) : [item, ...list]));
    setEditing(item);
  }

  async function setPublished(item: TAdminNews, published: boolean) {
    const { item: changed } = await adminApi.post<{ item: TAdminNews }>(`/news/${item.id}/${published ? 'publish' : 'unpublish'}`);
    replace(changed);
  }

  if (editing !== null) {
    return (
      <Editor
        item={editing === 'new' ? null : editing}
        languageNames={languageNames}
        onSaved={replace}
        onPublish={(item, published) => void setPublished(item, published)}
        onClose={() => setEditing(null)}
      />
    );
  }

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
        <Button size="sm" onClick={() => setEditing('new')} data-testid="content-new">
          {t('new')}
        </Button>
      </div>
      <ul className="mt-6 divide-y divide-line rounded-card border border-line" data-testid="content-list">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <button type="button" className="text-left font-medium text-ink underline-offset-2 hover:underline" onClick={() => setEditing(item)}>
                <TitleWithFigures text={item.translations['zh-CN']?.title ?? item.translations.en?.title ?? item.url} chip={(sku) => t('figureChip', { sku })} />
              </button>
              <p className="text-sm text-ink-muted">
                {t(`kind.${item.kind}`)} · {item.url} · {item.published ? t('published') : t('draft')}
                {item.missingLocales.length > 0 ? ` · ${t('missingShort', { count: item.missingLocales.length })}` : ''}
              </p>
            </div>
            <Button size="sm" variant="secondary" onClick={() => void setPublished(item, !item.published)}>
              {item.published ? t('unpublish') : t('publish')}
            </Button>
          </li>
        ))}
      </ul>
      {next ? (
        <Button className="mt-4" size="sm" variant="secondary" onClick={() => void more()}>
          {t('more')}
        </Button>
      ) : null}
    </section>
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
  languageNames,
  onSaved,
  onPublish,
  onClose,
}: {
  item: TAdminNews | null;
  languageNames: Record<TLocale, string>;
  onSaved: (item: TAdminNews) => void;
  onPublish: (item: TAdminNews, published: boolean) => void;
  onClose: () => void;
}) {
  const t = useTranslations('AdminContent');
  const [draft, setDraft] = useState<TDraft>(() => draftOf(item));
  const [tab, setTab] = useState<TLocale>('zh-CN');
  const [preview, setPreview] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const current = draft.translations[tab] ?? { title: '', summary: '', body: '' };
  const missing = locales.filter((locale) => !draft.translations[locale]?.title);

  function edit(field: 'title' | 'summary' | 'body', value: string) {
    setDraft((d) => ({ ...d, translations: { ...d.translations, [tab]: { ...current, [field]: value } } }));
  }

  async function showPreview() {
    const { html } = await adminApi.post<{ html: string }>('/content/preview', { body: { markdown: current.body } });
    setPreview(html);
  }

  async function save() {
    setSaving(true);
    try {
      const translations = Object.fromEntries(Object.entries(draft.translations).filter(([, value]) => value && value.title.trim() && value.summary.trim() && value.body.trim()));
      const body = { kind: draft.kind, publishAt: fromLocalInput(draft.publishAt), expiresAt: fromLocalInput(draft.expiresAt), translations };
      const saved = item ? (await adminApi.put<{ item: TAdminNews }>(`/news/${item.id}`, { body })).item : await adminApi.post<TAdminNews>('/news', { body });
      onSaved(saved);
    } finally {
      setSaving(false);
    }
  }

  const field = 'mt-1 w-full rounded-control border border-line bg-canvas px-3 py-2 text-ink';
  return (
    <section data-testid="content-editor">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">{item ? t('editTitle', { url: item.url }) : t('newTitle')}</h1>
        <Button size="sm" variant="quiet" onClick={onClose}>
          {t('back')}
        </Button>
      </div>
      {missing.length > 0 ? (
        <p role="alert" className="mt-4 rounded-card border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="missing-languages">
          {t('missing', { languages: missing.map((locale) => languageNames[locale]).join(', ') })}
        </p>
      ) : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <label className="text-sm text-ink-soft">
          {t('kindLabel')}
          <select className={field} value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value as TDraft['kind'] })}>
            <option value="NEWS">{t('kind.NEWS')}</option>
            <option value="PROMOTION">{t('kind.PROMOTION')}</option>
          </select>
        </label>
        <label className="text-sm text-ink-soft">
          {t('publishAt')}
          <input type="datetime-local" className={field} value={draft.publishAt} onChange={(e) => setDraft({ ...draft, publishAt: e.target.value })} />
        </label>
        <label className="text-sm text-ink-soft">
          {t('expiresAt')}
          <input type="datetime-local" className={field} value={draft.expiresAt} onChange={(e) => setDraft({ ...draft, expiresAt: e.target.value })} />
        </label>
      </div>
      <p className="mt-1 text-xs text-ink-muted">{t('utc')}</p>
      <div role="tablist" aria-label={t('languages')} className="mt-6 flex flex-wrap gap-1 border-b border-line">
        {locales.map((locale) => (
          <button
            key={locale}
            type="button"
            role="tab"
            aria-selected={tab === locale}
            onClick={() => {
              setTab(locale);
              setPreview(null);
            }}
            className={`rounded-t-control px-3 py-2 text-sm ${tab === locale ? 'border border-b-0 border-line bg-canvas font-semibold text-ink' : 'text-ink-muted'}`}
          >
            {languageNames[locale]}
            {missing.includes(locale) ? ' •' : ''}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="grid gap-3">
          <label className="text-sm text-ink-soft">
            {t('titleLabel')}
            <input className={field} value={current.title} onChange={(e) => edit('title', e.target.value)} lang={tab} />
          </label>
          <label className="text-sm text-ink-soft">
            {t('summaryLabel')}
            <input className={field} value={current.summary} onChange={(e) => edit('summary', e.target.value)} lang={tab} />
          </label>
          <label className="text-sm text-ink-soft">
            {t('bodyLabel')}
            <textarea className={`${field} min-h-64 font-mono text-sm`} value={current.body} onChange={(e) => edit('body', e.target.value)} lang={tab} />
          </label>
          <p className="text-xs text-ink-muted">{t('figuresHint', { token: '{{discount:MEMBER_YEAR}}' })}</p>
        </div>
        <div>
          <Button size="sm" variant="secondary" onClick={() => void showPreview()}>
            {t('preview')}
          </Button>
          {preview !== null ? (
            // the API renders with the public pages' renderer (raw HTML escaped)
            <div className="prose mt-3 max-w-none rounded-card border border-line p-4" data-testid="content-preview" lang={tab} dangerouslySetInnerHTML={{ __html: preview }} />
          ) : null}
        </div>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={() => void save()} disabled={saving} data-testid="content-save">
          {t('save')}
        </Button>
        {item ? (
          <Button variant="secondary" onClick={() => onPublish(item, !item.published)}>
            {item.published ? t('unpublish') : t('publish')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

'use client';

import type { TLocale } from '@llk/contracts/locale-codes';
import { useLocale, useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime } from '@/lib/format';
import type { TPublishable } from '@/features/admin/content/use-publishable';
import { PublishButton } from './publish-button';

// The list screen of news, notices and releases: its heading and "new" button, a search over
// the loaded items' names and a filter by state, the items newest first (each with its date and
// author, opens the editor, and is published or withdrawn in place, withdrawing after a
// question), "show more".

type TState = 'all' | 'published' | 'draft';

export function PublishableList<T extends { id: string; published: boolean; createdBy?: string | null | undefined }>({
  name,
  list,
  namespace,
  heading,
  detail,
  nameOf,
  dateOf,
  missingOf,
  languageNames,
}: {
  /** test ids `${name}-new` and `${name}-list` */
  name: string;
  list: TPublishable<T>;
  /** the screen's texts, with its title, new, publish, unpublish and more */
  namespace: 'AdminContent' | 'AdminNotices' | 'AdminReleases';
  /** the item's line, which opens it */
  heading: (item: T) => ReactNode;
  detail: (item: T) => ReactNode;
  /** the item's name as plain text: searched, and named in the questions */
  nameOf: (item: T) => string;
  /** the item's date (publication or release) */
  dateOf: (item: T) => string;
  /** languages not written: publishing asks first (news) */
  missingOf?: (item: T) => readonly TLocale[];
  languageNames?: Record<TLocale, string>;
}) {
  const t = useTranslations(namespace);
  const tList = useTranslations('AdminEditor');
  const locale = useLocale();
  const zone = useStaffZone();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<TState>('all');
  const needle = query.trim().toLocaleLowerCase(locale);
  const shown = list.items.filter(
    (item) =>
      (state === 'all' || (state === 'published') === item.published) &&
      (needle === '' || nameOf(item).toLocaleLowerCase(locale).includes(needle)),
  );
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
        <Button size="sm" onClick={() => list.edit('new')} data-testid={`${name}-new`}>
          {t('new')}
        </Button>
      </div>
      <div role="search" className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <Field label={tList('listSearch')}>
          {(props) => (
            <input
              {...props}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              className={`${props.className} h-11`}
              data-testid={`${name}-search`}
            />
          )}
        </Field>
        <Field label={tList('listState')}>
          {(props) => (
            <select
              {...props}
              value={state}
              onChange={(event) => setState(event.target.value as TState)}
              className={`${props.className} h-11`}
            >
              <option value="all">{tList('stateAll')}</option>
              <option value="published">{tList('statePublished')}</option>
              <option value="draft">{tList('stateDraft')}</option>
            </select>
          )}
        </Field>
      </div>
      {shown.length === 0 && list.items.length > 0 ? <p className="mt-4 text-sm text-ink-muted">{tList('listNone')}</p> : null}
      <ul className="mt-4 divide-y divide-line rounded-card border border-line empty:hidden" data-testid={`${name}-list`}>
        {shown.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <button
                type="button"
                className="text-left font-medium text-ink underline-offset-2 hover:underline"
                onClick={() => list.edit(item)}
              >
                {heading(item)}
              </button>
              <p className="text-sm text-ink-muted" data-testid={`${name}-byline`}>
                {tList('byline', { date: formatDateTime(dateOf(item), locale, zone), author: item.createdBy ?? tList('seedAuthor') })}
              </p>
              <div className="text-sm text-ink-muted">{detail(item)}</div>
            </div>
            <PublishButton
              published={item.published}
              title={nameOf(item)}
              missing={missingOf?.(item) ?? []}
              {...(languageNames ? { languageNames } : {})}
              onChange={(published) => list.setPublished(item, published)}
            />
          </li>
        ))}
      </ul>
      {list.next ? (
        <Button className="mt-4" size="sm" variant="secondary" onClick={() => void list.more()}>
          {t('more')}
        </Button>
      ) : null}
    </section>
  );
}

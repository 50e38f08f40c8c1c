'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { TPublishable } from '../use-publishable';

// The list screen of news, notices and releases: its heading and "new" button, the items
// newest first (each opens the editor, and is published or withdrawn in place), "show more".

export function PublishableList<T extends { id: string; published: boolean }>({
  name,
  list,
  namespace,
  heading,
  detail,
}: {
  /** test ids `${name}-new` and `${name}-list` */
  name: string;
  list: TPublishable<T>;
  /** the screen's texts, with its title, new, publish, unpublish and more */
  namespace: 'AdminContent' | 'AdminNotices' | 'AdminReleases';
  /** the item's line, which opens it */
  heading: (item: T) => ReactNode;
  detail: (item: T) => ReactNode;
}) {
  const t = useTranslations(namespace);
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
        <Button size="sm" onClick={() => list.edit('new')} data-testid={`${name}-new`}>
          {t('new')}
        </Button>
      </div>
      <ul className="mt-6 divide-y divide-line rounded-card border border-line empty:hidden" data-testid={`${name}-list`}>
        {list.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <button type="button" className="text-left font-medium text-ink underline-offset-2 hover:underline" onClick={() => list.edit(item)}>
                {heading(item)}
              </button>
              <div className="text-sm text-ink-muted">{detail(item)}</div>
            </div>
            <Button size="sm" variant="secondary" onClick={() => void list.setPublished(item, !item.published)}>
              {item.published ? t('unpublish') : t('publish')}
            </Button>
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

'use client';

import type { TNewsList, TNewsSummary } from '@llk/contracts';
import { useState, type MouseEvent } from 'react';
import { Link } from '@/i18n/navigation';
import { loadApi } from '@/lib/load-api';
import { NewsCard, type TNewsCardLabels } from './news-card';
import { buttonClass } from '@/components/ui/button';
import { useAction } from '@/lib/use-action';

// "View more" under the news list. Without JavaScript (or when the API call fails) it is a
// plain link to /news-{next}; with it, a click appends the next page in place.

interface TNewsMoreProps {
  nextPage: number;
  total: number;
  pageSize: number;
  /** BCP 47 tag of the page */
  lang: string;
  label: string;
  labels: TNewsCardLabels;
}

export function NewsMore({ nextPage, total, pageSize, lang, label, labels }: TNewsMoreProps) {
  const [items, setItems] = useState<TNewsSummary[]>([]);
  const [page, setPage] = useState(nextPage);
  const { busy, run } = useAction();
  const hasMore = (page - 1) * pageSize < total;

  async function loadMore(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    const fallback = event.currentTarget.href;
    if (busy) return;
    await run(
      async () => {
        const api = await loadApi();
        const data = await api.get<TNewsList>('/news/list', { query: { page, pageSize }, silent: true, ignoreUnauthorized: true });
        setItems((current) => [...current, ...data.list]);
        setPage((current) => current + 1);
      },
      {
        onError: () => {
          window.location.assign(fallback);
        },
      },
    );
  }

  return (
    <>
      {items.length > 0 ? (
        <ol className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="news-more-list">
          {items.map((item) => (
            <li key={item.id}>
              <NewsCard item={item} lang={lang} labels={labels} />
            </li>
          ))}
        </ol>
      ) : null}
      {hasMore ? (
        <div className="mt-10 flex justify-center">
          <Link
            href={`/news-${page}`}
            rel="next"
            // loadMore cancels the navigation before its first await and falls back to it on failure
            onClick={(event) => void loadMore(event)}
            aria-busy={busy || undefined}
            className={buttonClass()}
          >
            {label}
          </Link>
        </div>
      ) : null}
    </>
  );
}

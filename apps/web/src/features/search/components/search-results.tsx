'use client';

import type { THotSearches, TSearchHit, TSearchResult, TSearchType } from '@llk/contracts';
import type { TQuery } from '@llk/contracts/client';
import { useSearchParams } from 'next/navigation';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from '@/i18n/navigation';
import { loadApi } from '@/lib/load-api';
import { formatCount, hitPath, readQuery, splitHighlights } from '../search-text';

// The dynamic part of the otherwise static /search page: reads ?q=, asks the API (through the
// /api forward, in the page's language) for results and hot searches, and records the query.
// The form itself is server-rendered outside this component (so text typed before hydration
// is kept); this only puts the current query into its box (id search-q).
// Texts come in as props (no message runtime in the browser). Failures only show the "failed"
// text: the calls are silent (no toast) and never send a visitor to /login.

export interface TSearchTexts {
  count: { one: string; other: string };
  none: string;
  /** phrase-broken by the page (lib/phrases.tsx) */
  hotHeading: ReactNode;
  types: Record<TSearchType, string>;
  loading: string;
  failed: string;
  resultsLabel: string;
  more: string;
  moreLoading: string;
}

/** Results asked for at a time; "Show more" asks for the next page of the same size. */
const SEARCH_PAGE_SIZE = 20;

type TState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'done'; total: number; list: TSearchHit[]; page: number; more: 'idle' | 'loading' | 'failed' };

async function call<T>(method: 'GET' | 'POST', path: string, query: TQuery): Promise<T> {
  return (await loadApi()).request<T>(method, path, { query, silent: true, ignoreUnauthorized: true });
}

function search(query: string, page: number): Promise<TSearchResult> {
  return call('GET', '/search', { q: query, page, pageSize: SEARCH_PAGE_SIZE });
}

export function SearchResults({ lang, texts }: { lang: string; texts: TSearchTexts }) {
  const query = readQuery(useSearchParams().get('q'));
  const [state, setState] = useState<TState>({ status: 'idle' });
  const [hot, setHot] = useState<string[]>([]);

  useEffect(() => {
    call<THotSearches>('GET', '/search/hotContent', {})
      .then((data) => setHot(data.list.map((item) => item.keyword)))
      .catch(() => setHot([]));
  }, []);

  useEffect(() => {
    const input = document.getElementById('search-q');
    if (query && input instanceof HTMLInputElement && document.activeElement !== input) input.value = query;
  }, [query]);

  useEffect(() => {
    if (!query) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    search(query, 1)
      .then((data) => current && setState({ status: 'done', total: data.total, list: data.list, page: 1, more: 'idle' }))
      .catch(() => current && setState({ status: 'failed' }));
    // Counted for hot searches; the spec sends the keyword as a query parameter only.
    call('POST', '/search/record', { keyword: query }).catch(() => undefined);
    return () => {
      current = false;
    };
  }, [query]);

  function showMore() {
    if (state.status !== 'done' || state.more === 'loading') return;
    const asked = query;
    const next = state.page + 1;
    setState({ ...state, more: 'loading' });
    search(asked, next)
      .then((data) =>
        setState((previous) => {
          if (previous.status !== 'done' || readQuery(new URLSearchParams(window.location.search).get('q')) !== asked) return previous;
          const seen = new Set(previous.list.map((hit) => `${hit.type}:${hit.url}`));
          const added = data.list.filter((hit) => !seen.has(`${hit.type}:${hit.url}`));
          return { status: 'done', total: data.total, list: [...previous.list, ...added], page: next, more: 'idle' };
        }),
      )
      .catch(() => setState((previous) => (previous.status === 'done' ? { ...previous, more: 'failed' } : previous)));
  }

  const message =
    state.status === 'loading'
      ? texts.loading
      : state.status === 'failed'
        ? texts.failed
        : state.status === 'done'
          ? state.total === 0
            ? texts.none.replace('{query}', query)
            : formatCount(texts.count, state.total, query, lang)
          : '';

  return (
    <div className="mt-8 w-full">
      <p role="status" className="text-ink-soft" data-testid="search-status">
        {message}
      </p>
      {state.status === 'done' && state.list.length > 0 ? (
        <ol aria-label={texts.resultsLabel} className="mt-6 space-y-4" data-testid="search-results">
          {state.list.map((hit) => (
            <li key={`${hit.type}:${hit.url}`} className="rounded-card border border-line bg-canvas p-5 shadow-card">
              <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{texts.types[hit.type]}</p>
              <h2 className="mt-1 text-lg font-semibold">
                <Link href={hitPath(hit.url)} className="text-ink hover:text-brand-700 hover:underline">
                  {hit.title}
                </Link>
              </h2>
              <p className="mt-2 leading-relaxed text-ink-muted">
                {splitHighlights(hit.snippet, hit.highlights).map((part, index) =>
                  part.match ? (
                    <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-ink">
                      {part.text}
                    </mark>
                  ) : (
                    part.text
                  ),
                )}
              </p>
            </li>
          ))}
        </ol>
      ) : null}
      {state.status === 'done' && state.list.length < state.total ? (
        <div className="mt-6 text-center">
          <button
            type="button"
            onClick={showMore}
            disabled={state.more === 'loading'}
            aria-busy={state.more === 'loading'}
            className="rounded-full border border-line bg-canvas px-5 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
            data-testid="search-more"
          >
            {state.more === 'loading' ? texts.moreLoading : texts.more}
          </button>
          {state.more === 'failed' ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {texts.failed}
            </p>
          ) : null}
        </div>
      ) : null}
      {hot.length > 0 ? (
        <section aria-labelledby="hot-searches" className="mt-10">
          <h2 id="hot-searches" className="text-sm font-semibold text-balance break-keep text-ink-muted">
            {texts.hotHeading}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2" data-testid="hot-searches">
            {hot.map((keyword) => (
              <li key={keyword}>
                <Link
                  href={{ pathname: '/search', query: { q: keyword } }}
                  className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-700 hover:bg-brand-100"
                >
                  {keyword}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

import type { TSearchHit } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/content.json';
import { SearchForm } from './search-form';
import { SearchResults, type TSearchTexts } from './search-results';

const SEARCH_PAGE_SIZE = 20;

// /search in the browser: ?q= → GET /search (20 at a time), POST /search/record, hot searches,
// all through the browser API client (lib/api.ts) over a fake fetch; results with highlights.

const nav = vi.hoisted(() => ({ search: '' }));
vi.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(nav.search),
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/search',
}));

const r = en.SearchResults;
const texts: TSearchTexts = {
  count: { one: r.countOne, other: r.countOther },
  none: r.none,
  hotHeading: r.hotHeading,
  types: r.types,
  loading: r.loading,
  failed: r.failed,
  resultsLabel: r.resultsLabel,
  more: r.more,
  moreLoading: r.moreLoading,
};

function answer(data: unknown, status = 200, errcode = 0) {
  return new Response(JSON.stringify({ errcode, errmsg: errcode ? 'down' : 'ok', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function hit(index: number): TSearchHit {
  return {
    type: 'guide',
    title: `Screen wall ${index}`,
    snippet: `Set up a screen wall (${index})`,
    highlights: [[9, 20]],
    url: `/guide/walls/${index}`,
    publishedAt: null,
  };
}

function serve(route: (url: URL, method: string) => Response | undefined): Array<[string, string]> {
  const calls: Array<[string, string]> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push([String(init.method), `${url.pathname}${url.search}`]);
      return route(url, String(init.method)) ?? answer({}, 404, 404);
    }),
  );
  return calls;
}

function openWith(search: string) {
  nav.search = search;
  window.history.replaceState(null, '', `/en/search${search}`);
}

beforeEach(() => {
  document.documentElement.lang = 'en';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchResults', () => {
  it('searches for ?q=, records it, shows the count, the kinds and the highlighted matches', async () => {
    openWith('?q=screen%20wall');
    const calls = serve((url) => {
      if (url.pathname === '/api/search/hotContent')
        return answer({
          list: [
            { keyword: 'redeem', count: 9 },
            { keyword: 'screen wall', count: 4 },
          ],
        });
      if (url.pathname === '/api/search')
        return answer({
          total: 2,
          page: 1,
          pageSize: SEARCH_PAGE_SIZE,
          query: 'screen wall',
          list: [hit(1), { ...hit(2), type: 'notice', url: '/notice' }],
        });
      if (url.pathname === '/api/search/record') return answer({ recorded: true });
      return undefined;
    });
    render(
      <>
        <SearchForm
          action="/en/search"
          query=""
          texts={{ label: 'Search keywords', placeholder: 'For example: screen wall', submit: 'Search' }}
        />
        <SearchResults lang="en" texts={texts} />
      </>,
    );
    expect(screen.getByTestId('search-status').textContent).toBe('Searching…');
    await vi.waitFor(() => expect(screen.getByTestId('search-status').textContent).toBe('2 results for “screen wall”'));

    expect(calls).toEqual([
      ['GET', '/api/search/hotContent'],
      ['GET', '/api/search?q=screen%20wall&page=1&pageSize=20'],
      ['POST', '/api/search/record?keyword=screen%20wall'],
    ]);
    const items = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')!.textContent)).toEqual(['User guide', 'Notice']);
    expect(within(items[0]!).getByRole('link', { name: 'Screen wall 1' }).getAttribute('href')).toBe('/en/guide/walls/1');
    expect(items[0]!.querySelector('mark')!.textContent).toBe('screen wall');
    expect((screen.getByLabelText('Search keywords') as HTMLInputElement).value).toBe('screen wall');

    await vi.waitFor(() => expect(screen.getByTestId('hot-searches')).toBeTruthy());
    expect(within(screen.getByTestId('hot-searches')).getByRole('link', { name: 'redeem' }).getAttribute('href')).toBe(
      '/en/search?q=redeem',
    );
  });

  it('says one result in the singular and nothing found with the query', async () => {
    openWith('?q=wall');
    serve((url) =>
      url.pathname === '/api/search' ? answer({ total: 1, page: 1, pageSize: 20, query: 'wall', list: [hit(1)] }) : undefined,
    );
    render(<SearchResults lang="en" texts={texts} />);
    await vi.waitFor(() => expect(screen.getByTestId('search-status').textContent).toBe('1 result for “wall”'));
    expect(screen.queryByTestId('search-more')).toBeNull();
    cleanup();

    openWith('?q=zzz');
    serve((url) => (url.pathname === '/api/search' ? answer({ total: 0, page: 1, pageSize: 20, query: 'zzz', list: [] }) : undefined));
    render(<SearchResults lang="en" texts={texts} />);
    await vi.waitFor(() =>
      expect(screen.getByTestId('search-status').textContent).toBe('Nothing found for “zzz”. Try other words, or browse the user guide.'),
    );
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
  });

  it('asks nothing without a query and shows only the hot searches', async () => {
    openWith('');
    const calls = serve((url) =>
      url.pathname === '/api/search/hotContent' ? answer({ list: [{ keyword: 'redeem', count: 9 }] }) : undefined,
    );
    render(<SearchResults lang="en" texts={texts} />);
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Popular searches' })).toBeTruthy());
    expect(calls).toEqual([['GET', '/api/search/hotContent']]);
    expect(screen.getByTestId('search-status').textContent).toBe('');
  });

  it('shows the failure text when the search is down, without a toast or a redirect', async () => {
    openWith('?q=wall');
    serve(() => answer(null, 503, 50300));
    render(<SearchResults lang="en" texts={texts} />);
    await vi.waitFor(() =>
      expect(screen.getByTestId('search-status').textContent).toBe('Search is not available right now. Please try again later.'),
    );
    expect(screen.queryByTestId('hot-searches')).toBeNull();
  });

  it('appends the next page with "Show more", without repeating a hit, and says when that fails', async () => {
    openWith('?q=wall');
    let failMore = false;
    const firstPage = Array.from({ length: 20 }, (_, index) => hit(index + 1));
    const calls = serve((url) => {
      if (url.pathname !== '/api/search') return undefined;
      if (url.searchParams.get('page') === '1') return answer({ total: 22, page: 1, pageSize: 20, query: 'wall', list: firstPage });
      return failMore
        ? answer(null, 500, 50000)
        : answer({ total: 22, page: 2, pageSize: 20, query: 'wall', list: [hit(20), hit(21), hit(22)] });
    });
    render(<SearchResults lang="en" texts={texts} />);
    await vi.waitFor(() => expect(screen.getByTestId('search-status').textContent).toBe('22 results for “wall”'));
    expect(within(screen.getByTestId('search-results')).getAllByRole('listitem')).toHaveLength(20);

    failMore = true;
    fireEvent.click(screen.getByRole('button', { name: 'Show more results' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Search is not available right now. Please try again later.'),
    );

    failMore = false;
    fireEvent.click(screen.getByRole('button', { name: 'Show more results' }));
    await vi.waitFor(() => expect(within(screen.getByTestId('search-results')).getAllByRole('listitem')).toHaveLength(22));
    expect(screen.queryByTestId('search-more')).toBeNull();
    expect(
      calls.filter(([, path]) => path.startsWith('/api/search?')).map(([, path]) => new URL(path, 'http://x').searchParams.get('page')),
    ).toEqual(['1', '2', '2', '2']); // a GET answered 500 is retried once
  });
});

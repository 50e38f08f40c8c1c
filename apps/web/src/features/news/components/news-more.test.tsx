import type { TNewsSummary } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/content.json';
import { renderToString } from 'react-dom/server';
import { formatDate } from '@/lib/format';
import { browserZone } from '@/lib/visitor-zone';
import { NewsCard, type TNewsCardLabels } from './news-card';
import { NewsMore } from './news-more';

// News cards (kind, date in China time, promotion state, language of the item) and "View more",
// which appends the next page from GET /news/list (lib/api.ts over a fake fetch) or, failing
// that, follows its link to /news-{page}.

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/news-2',
}));

const labels: TNewsCardLabels = {
  kinds: en.NewsList.kinds,
  running: en.NewsList.promotions.running,
  upcoming: en.NewsList.promotions.upcoming,
  ended: en.NewsList.promotions.ended,
};

function item(id: number, overrides: Partial<TNewsSummary> = {}): TNewsSummary {
  return {
    id,
    kind: 'NEWS',
    title: `Release ${id}`,
    summary: `What is new in ${id}`,
    publishedAt: '2026-11-01T16:30:00.000Z',
    validFrom: null,
    validUntil: null,
    locale: 'en',
    ...overrides,
  };
}

function answer(data: unknown, status = 200) {
  return new Response(JSON.stringify({ errcode: status === 200 ? 0 : 500, errmsg: 'x', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  document.documentElement.lang = 'en';
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T02:00:00.000Z') });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('NewsCard', () => {
  it('shows kind, the date on the reader’s calendar (China’s in the server’s HTML), a link to /info-{id} and the summary', () => {
    // 16:30 UTC on 1 November is already the 2nd in China (docs/adr/0031)
    expect(renderToString(<NewsCard item={item(12)} lang="en" labels={labels} />)).toContain('>November 2, 2026</time>');
    render(<NewsCard item={item(12)} lang="en" labels={labels} />);
    const card = screen.getByTestId('news-item');
    expect(within(card).getByText('News')).toBeTruthy();
    expect(card.querySelector('time')!.textContent).toBe(formatDate('2026-11-01T16:30:00.000Z', 'en', 'long', browserZone()));
    expect(within(card).getByRole('link', { name: 'Release 12' }).getAttribute('href')).toBe('/en/info-12');
    expect(card.getAttribute('lang')).toBeNull();
  });

  it('has a cover drawn by us: the offer ticket for a promotion, one of the product screens for news', () => {
    const { rerender } = render(<NewsCard item={item(12, { kind: 'PROMOTION' })} lang="en" labels={labels} />);
    const cover = () => screen.getByTestId('news-cover').querySelector('svg')!;
    expect(cover().getAttribute('data-scene')).toBe('offer');
    expect(cover().getAttribute('aria-hidden')).toBe('true');
    const scenes = new Set<string | null>();
    for (const id of [12, 13, 14]) {
      rerender(<NewsCard item={item(id)} lang="en" labels={labels} />);
      scenes.add(cover().getAttribute('data-scene'));
    }
    expect([...scenes].sort()).toEqual(['devices', 'toolbar', 'wall']);
    // the item's own cover picture (back office, migration 0043) takes the drawing's place
    rerender(<NewsCard item={item(12, { coverImageUrl: '/images/news/launch.webp' })} lang="en" labels={labels} />);
    const picture = screen.getByTestId('news-cover').querySelector('img')!;
    expect([picture.getAttribute('src'), picture.getAttribute('alt')]).toEqual(['/images/news/launch.webp', '']);
    expect(screen.getByTestId('news-cover').querySelector('svg')).toBeNull();
  });

  it('says whether a promotion runs, starts later or has ended, and marks another language', () => {
    const { rerender } = render(
      <NewsCard
        item={item(1, { kind: 'PROMOTION', validFrom: '2026-11-01T00:00:00.000Z', validUntil: '2026-12-31T15:59:59.000Z' })}
        lang="en"
        labels={labels}
      />,
    );
    expect(screen.getByText('On now, ends December 31, 2026')).toBeTruthy();
    rerender(<NewsCard item={item(1, { kind: 'PROMOTION', validFrom: '2026-12-01T00:00:00.000Z' })} lang="en" labels={labels} />);
    expect(screen.getByText('Starts December 1, 2026')).toBeTruthy();
    rerender(
      <NewsCard item={item(1, { kind: 'PROMOTION', validUntil: '2026-11-01T00:00:00.000Z', locale: 'zh-tw' })} lang="en" labels={labels} />,
    );
    expect(screen.getByText('Ended')).toBeTruthy();
    expect(screen.getByTestId('news-item').getAttribute('lang')).toBe('zh-TW');
  });
});

describe('NewsMore', () => {
  it('appends the next page in place and hides itself after the last one', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        asked.push(input);
        return answer({ list: [item(3), item(4)], total: 14, page: 2, pageSize: 10 });
      }),
    );
    render(<NewsMore nextPage={2} total={14} pageSize={10} lang="en" label="View more" labels={labels} />);
    const link = screen.getByRole('link', { name: 'View more' });
    expect(link.getAttribute('href')).toBe('/en/news-2');
    fireEvent.click(link);
    await vi.waitFor(() => expect(within(screen.getByTestId('news-more-list')).getAllByTestId('news-item')).toHaveLength(2));
    expect(asked).toEqual(['/api/news/list?page=2&pageSize=10']);
    expect(screen.queryByRole('link', { name: 'View more' })).toBeNull();
  });

  it('follows the link when the API cannot answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(null, 500)),
    );
    render(<NewsMore nextPage={3} total={40} pageSize={10} lang="en" label="View more" labels={labels} />);
    fireEvent.click(screen.getByRole('link', { name: 'View more' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/en/news-3'));
    expect(screen.queryByTestId('news-more-list')).toBeNull();
  });

  it('shows nothing when there is no further page', () => {
    render(<NewsMore nextPage={3} total={20} pageSize={10} lang="en" label="View more" labels={labels} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

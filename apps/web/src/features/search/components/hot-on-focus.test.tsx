import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeApi } from '../../../../test/support/fake-api';
import { HotOnFocus } from './hot-on-focus';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), prefetch: vi.fn() }),
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/guide',
}));

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HotOnFocus', () => {
  it('asks for the hot searches on the first focus only, and links each to its results', async () => {
    api.reply('GET /search/hotContent', {
      data: {
        list: [
          { keyword: 'screen wall', count: 9 },
          { keyword: 'redeem', count: 4 },
        ],
      },
    });
    render(
      <>
        <input id="search-q" aria-label="Search" />
        <HotOnFocus inputId="search-q" heading="Popular searches" />
      </>,
    );
    expect(screen.queryByTestId('hot-on-focus')).toBeNull();
    expect(api.calls).toEqual([]);
    fireEvent.focus(screen.getByLabelText('Search'));
    await vi.waitFor(() => expect(screen.getByTestId('hot-on-focus')).toBeTruthy());
    expect(screen.getByRole('heading', { name: 'Popular searches' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'screen wall' }).getAttribute('href')).toBe('/en/search?q=screen+wall');
    fireEvent.blur(screen.getByLabelText('Search'));
    fireEvent.focus(screen.getByLabelText('Search'));
    expect(api.callsTo('GET /search/hotContent')).toHaveLength(1);
  });

  it('shows nothing when there are no hot searches or the API fails', async () => {
    api.reply('GET /search/hotContent', { data: null, errcode: 50000, errmsg: 'Internal error', status: 500 });
    render(
      <>
        <input id="search-q" aria-label="Search" />
        <HotOnFocus inputId="search-q" heading="Popular searches" />
      </>,
    );
    fireEvent.focus(screen.getByLabelText('Search'));
    await vi.waitFor(() => expect(api.callsTo('GET /search/hotContent')).toHaveLength(1));
    expect(screen.queryByTestId('hot-on-focus')).toBeNull();
    expect(api.toasts.error).not.toHaveBeenCalled();
  });
});

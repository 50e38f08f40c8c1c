import type { TAdminHotSearchList } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import search from '../../../../../messages-admin/en/search.json';
import zhSearch from '../../../../../messages-admin/zh-CN/search.json';
import { fakeApi, type FakeApi } from '../../../../../test/support/fake-api';
import { languageNames } from '@/features/admin/content/language-names';
import { HotSearchesScreen } from './hot-searches-screen';

// The hot-search screen: one language's terms, pinned, hidden or by count, and what the public
// list shows; each action is one PUT, after which the list is read again (a change moves others).

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const zh: TAdminHotSearchList = {
  locale: 'zh-CN',
  minVisitors: 3,
  items: [
    { keyword: '屏幕墙', count: 1280, state: 'NORMAL', shown: true, updatedAt: '2026-01-01T00:00:00.000Z' },
    { keyword: '<script>', count: 1, state: 'NORMAL', shown: false, updatedAt: '2026-01-01T00:00:00.000Z' },
  ],
};

const withIntl = (ui: React.ReactNode, locale: 'en' | 'zh-CN' = 'en') =>
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? search : zhSearch} timeZone="Asia/Shanghai">
      {ui}
    </NextIntlClientProvider>,
  );

const rows = () => screen.getAllByTestId('hot-term').map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent));

describe('the hot-search screen', () => {
  it('lists the terms with their visitors, state and whether the search page shows them', () => {
    withIntl(<HotSearchesScreen initial={zh} languageNames={languageNames()} />);
    expect(screen.getByText(/at least 3 visitors/)).toBeTruthy();
    expect(rows()).toEqual([
      ['屏幕墙', '1280', 'By count', 'Shown', 'PinHide'],
      ['<script>', '1', 'By count', 'Not shownFewer than 3 visitors', 'PinHide'],
    ]);
  });

  it('hides a term with one PUT and shows the list read again', async () => {
    api.reply('PUT /admin/api/search/hot', { data: { item: { ...zh.items[1], state: 'HIDDEN' } } });
    api.reply('GET /admin/api/search/hot', { data: { ...zh, items: [zh.items[0], { ...zh.items[1], state: 'HIDDEN' }] } });
    withIntl(<HotSearchesScreen initial={zh} languageNames={languageNames()} />);
    const row = screen.getAllByTestId('hot-term')[1]!;
    fireEvent.click(within(row).getByRole('button', { name: 'Hide' }));
    await vi.waitFor(() => expect(rows()[1]).toEqual(['<script>', '1', 'Hidden', 'Not shown', 'UnhidePin']));
    expect(api.callsTo('PUT /admin/api/search/hot').map((call) => call.body)).toEqual([
      { locale: 'zh-CN', keyword: '<script>', state: 'HIDDEN' },
    ]);
    expect(api.callsTo('GET /admin/api/search/hot').map((call) => call.query)).toEqual(['locale=zh-CN']);
  });

  it('pins a new term, and switches language', async () => {
    api.reply('PUT /admin/api/search/hot', {
      data: { item: { keyword: '远程控制', count: 0, state: 'PINNED', shown: true, updatedAt: '2026-01-01T00:00:00.000Z' } },
    });
    api.reply('GET /admin/api/search/hot', (call) =>
      call.query === 'locale=ja'
        ? { data: { locale: 'ja', minVisitors: 3, items: [] } }
        : {
            data: {
              ...zh,
              items: [{ keyword: '远程控制', count: 0, state: 'PINNED', shown: true, updatedAt: '2026-01-01T00:00:00.000Z' }, ...zh.items],
            },
          },
    );
    withIntl(<HotSearchesScreen initial={zh} languageNames={languageNames()} />, 'zh-CN');
    fireEvent.change(screen.getByTestId('hot-new-term'), { target: { value: '远程控制' } });
    fireEvent.click(screen.getByTestId('hot-pin-new'));
    await vi.waitFor(() => expect(rows()[0]).toEqual(['远程控制', '0', '已置顶', '显示中', '取消置顶隐藏']));
    expect((screen.getByTestId('hot-new-term') as HTMLInputElement).value).toBe('');
    expect(api.callsTo('PUT /admin/api/search/hot')[0]?.body).toEqual({ locale: 'zh-CN', keyword: '远程控制', state: 'PINNED' });

    fireEvent.change(screen.getByTestId('hot-language'), { target: { value: 'ja' } });
    await vi.waitFor(() => expect(screen.getByText('这一语言下还没有人搜索过。')).toBeTruthy());
    expect((screen.getByTestId('hot-language') as HTMLSelectElement).value).toBe('ja');
  });
});

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../messages/en/notifications.json';
import ko from '../../../messages/ko/notifications.json';
import { session } from '@/lib/session';
import { NOTIFICATIONS_POLL_MS, relativeTime } from './notifications-bell';
import { NotificationsSlot } from './notifications-slot';

// The header's bell: nothing for a visitor; for a signed-in user the unread count, the panel
// with who connected to which device (and the security alarm), mark-all-read, and a poll every
// 60 s that stops while the tab is hidden. The API is a fake fetch behind lib/api.ts.

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/pricing',
}));

const NOW = Date.parse('2026-11-20T10:00:00.000Z');
const items = [
  {
    id: 'n2',
    kind: 'ALARM',
    deviceId: 'd1',
    deviceName: 'Office PC',
    sessionId: 's2',
    who: 'mallory',
    country: null,
    attempts: 10,
    at: new Date(NOW - 3 * 60_000).toISOString(),
    read: false,
  },
  {
    id: 'n1',
    kind: 'ACCESS',
    deviceId: 'd1',
    deviceName: 'Office PC',
    sessionId: 's1',
    who: 'bob',
    country: 'US',
    attempts: null,
    at: new Date(NOW - 2 * 3600_000).toISOString(),
    read: false,
  },
];

function answer(data: unknown) {
  return new Response(JSON.stringify({ errcode: 0, errmsg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

function serve(unread = 2): string[] {
  const calls: string[] = [];
  let state = { items, unread };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      calls.push(`${String(init.method)} ${input}`);
      if (input === '/api/notification/list') return answer(state);
      if (input === '/api/notification/read') {
        state = { items: items.map((item) => ({ ...item, read: true })), unread: 0 };
        return answer({ marked: 2 });
      }
      return answer(null);
    }),
  );
  return calls;
}

const user = { id: 'u1', name: 'Alice', plan: 'FREE' as const, expiresAt: null, active: false };
const renderBell = (texts = en.Notifications, iso = 'en') => render(<NotificationsSlot texts={texts} network="Network error" iso={iso} />);
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  session.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('NotificationsBell', () => {
  it('shows nothing to a visitor and asks nothing', async () => {
    const calls = serve();
    renderBell();
    await act(async () => {});
    expect(screen.queryByTestId('notifications-bell')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows the unread count and, opened, who connected and the alarm, newest first', async () => {
    const calls = serve();
    act(() => session.setUser(user));
    renderBell();
    const bell = await vi.waitFor(() => screen.getByTestId('notifications-bell'));
    await vi.waitFor(() => expect(screen.getByTestId('notifications-count').textContent).toBe('2'));
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(screen.getByTestId('notifications-panel').hidden).toBe(true);

    fireEvent.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByTestId('notifications-panel');
    expect(panel.hidden).toBe(false);
    const shown = screen.getAllByTestId('notification').map((item) => item.textContent);
    expect(shown).toEqual([
      '10 refused attempts on Office PC from mallory3 minutes ago',
      'bob connected to Office PC from United States2 hours ago',
    ]);
    expect(screen.getByRole('link', { name: 'All connections' }).getAttribute('href')).toBe('/en/account/connections');
    expect(calls).toEqual(['GET /api/notification/list']);
  });

  it('marks all read: the count goes away', async () => {
    const calls = serve();
    act(() => session.setUser(user));
    renderBell();
    fireEvent.click(await vi.waitFor(() => screen.getByTestId('notifications-bell')));
    await vi.waitFor(() => screen.getByTestId('notifications-count'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' })));
    await vi.waitFor(() => expect(screen.queryByTestId('notifications-count')).toBeNull());
    expect(screen.getByTestId('notifications-bell').getAttribute('aria-label')).toBe('Notifications');
    expect(calls).toContain('POST /api/notification/read');
  });

  it('asks again every 60 s while the tab is visible, not while it is hidden', async () => {
    const calls = serve();
    act(() => session.setUser(user));
    renderBell();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(NOTIFICATIONS_POLL_MS).toBe(60 * 1000);
    // a round of 59 s asks nothing more
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(calls).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1_000));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    visibility = 'hidden';
    await act(async () => vi.advanceTimersByTime(3 * 60_000));
    expect(calls).toHaveLength(2);
    // back in view after a while: asked at once
    visibility = 'visible';
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await vi.waitFor(() => expect(calls).toHaveLength(3));
  });

  it('speaks the page’s language', async () => {
    serve(1);
    act(() => session.setUser(user));
    renderBell(ko.Notifications, 'ko');
    fireEvent.click(await vi.waitFor(() => screen.getByTestId('notifications-bell')));
    await vi.waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(2));
    expect(screen.getAllByTestId('notification')[1]?.textContent).toContain('bob님이 미국에서 Office PC에 연결했습니다');
    expect(screen.getByTestId('notifications-bell').getAttribute('aria-label')).toBe('알림, 읽지 않음 1개');
    expect(relativeTime(new Date(NOW - 3 * 60_000).toISOString(), NOW, 'ko')).toBe('3분 전');
  });
});

import type { TSessionRecord } from '@llk/contracts';
import { locales } from '@llk/contracts/locales';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHtml } from '../../../test/support/next-stubs';

// /account/connections as the server renders it: "now", the first page of the history for the
// address's filters and the devices to filter by, read with the visitor's session, in every
// language (a missing message fails); without a session the log-in page leads back, filters kept.

vi.mock('next-intl/server', async () => (await import('../../../test/support/next-stubs')).nextIntlServer('en'));
const cookieJar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/headers', () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ get: (name: string) => (cookieJar.has(name) ? { name, value: cookieJar.get(name) } : undefined) }),
}));
vi.mock('next/navigation', async () => (await import('../../../test/support/next-stubs')).nextNavigation('/en/account/connections'));

const { default: AccountConnectionsPage } = await import('@/app/[locale]/(marketing)/account/connections/page');
const { SESSION_COOKIE } = await import('@/features/auth/session-cookies');

const side = (name: string, mine: boolean): TSessionRecord['from'] => ({
  deviceId: mine ? 'd1' : null,
  deviceName: name,
  clientType: 'WIN',
  appVersion: null,
  userId: mine ? 'u1' : 'u2',
  userName: mine ? 'me' : 'alice',
  mine,
  address: '198.51.100.x',
  country: 'JP',
});
const session: TSessionRecord = {
  id: 's1',
  status: 'LIVE',
  direction: 'INCOMING',
  kind: 'VIEW',
  permission: 'VIEW',
  from: side('Alice PC', false),
  to: side('Office PC', true),
  startedAt: '2026-11-24T02:00:00.000Z',
  endedAt: null,
  durationSeconds: null,
  bytes: null,
  endReason: null,
  endedBy: null,
  refusal: null,
  refusalMessage: null,
  files: [],
  notes: [],
  alarm: false,
};

function serve(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input);
      asked.push(`${url.pathname}${url.search}`);
      const data =
        url.pathname === '/session/list'
          ? { items: [session], next: null, historyDays: 180 }
          : url.pathname === '/session/live'
            ? { items: [session] }
            : url.pathname === '/device/list'
              ? { list: [{ id: 'd1', name: 'Office PC' }], total: 1, page: 1, pageSize: 100 }
              : null;
      return new Response(JSON.stringify({ errcode: data ? 0 : 40400, errmsg: data ? 'ok' : 'not found', data }), {
        status: data ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

const render = async (locale: string, search: Record<string, string> = {}) =>
  renderHtml((await AccountConnectionsPage({ params: Promise.resolve({ locale }), searchParams: Promise.resolve(search) })) as ReactNode);

beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
  cookieJar.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('/account/connections', () => {
  it('renders now and the history for the address’s filters, read with the session', async () => {
    cookieJar.set(SESSION_COOKIE, 'token-1');
    const asked = serve();
    const doc = await render('en', { deviceId: 'd1', kind: 'NOPE', refused: 'true' });
    expect(doc.querySelector('h1')!.textContent).toBe('Connection history');
    expect(doc.querySelectorAll('[data-testid="live-session"]')).toHaveLength(1);
    expect(doc.querySelector('[data-testid="session"]')!.getAttribute('data-status')).toBe('LIVE');
    expect(doc.querySelector('[data-testid="connections-history-days"]')!.textContent).toContain('180 days');
    // the unknown kind is dropped, not sent
    expect(asked.sort()).toEqual([
      '/device/list?page=1&pageSize=100',
      '/session/list?pageSize=50&deviceId=d1&refused=true',
      '/session/live',
    ]);
  });

  it.each(locales)('renders in %s with every message there', async (locale) => {
    cookieJar.set(SESSION_COOKIE, 'token-1');
    serve();
    const doc = await render(locale);
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelectorAll('[data-testid="session"]')).toHaveLength(1);
    expect(doc.querySelector('[data-testid="connections-filters"]')).not.toBeNull();
  });

  it('sends a visitor without a session to log in and back to the same filters', async () => {
    serve();
    await expect(render('en', { deviceId: 'd1' })).rejects.toThrow(
      'NEXT_REDIRECT /en/login?redirectUrl=%2Fen%2Faccount%2Fconnections%3FdeviceId%3Dd1',
    );
  });
});

import type { TDevice } from '@llk/contracts';
import { locales } from '@llk/contracts/locales';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHtml } from './support/next-stubs';

// /account/devices as the server renders it: the first page of devices, the groups and the
// plan's limit read from the API with the visitor's session, in every language (a missing
// message fails); a visitor without a session goes to the log-in page, which leads back here.

vi.mock('next-intl/server', async () => (await import('./support/next-stubs')).nextIntlServer('en'));
const cookieJar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/headers', () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ get: (name: string) => (cookieJar.has(name) ? { name, value: cookieJar.get(name) } : undefined) }),
}));
vi.mock('next/navigation', async () => (await import('./support/next-stubs')).nextNavigation('/en/account/devices'));

const { default: AccountDevicesPage } = await import('@/app/[locale]/(marketing)/account/devices/page');
const { SESSION_COOKIE } = await import('@/features/auth/session-cookies');

const office: TDevice = {
  id: 'd1',
  deviceId: 'app-1',
  name: 'Office PC',
  clientType: 'WIN',
  chipType: 'X86',
  osVersion: '11',
  appVersion: '3.5.0',
  groupId: null,
  policy: 'ONLY_CONTROLLED',
  online: true,
  lastSeenAt: '2026-11-24T02:00:00.000Z',
  createdAt: '2026-11-20T02:00:00.000Z',
  sharedBy: null,
  permission: 'MANAGE',
};

function serve(): Array<{ url: string; token: string | null }> {
  const asked: Array<{ url: string; token: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input);
      asked.push({ url: `${url.pathname}${url.search}`, token: new Headers(init?.headers).get('authorization') });
      const data =
        url.pathname === '/device/list'
          ? { list: [office], total: 1, page: 1, pageSize: 20 }
          : url.pathname === '/deviceGroup/list'
            ? {
                list: [{ id: 'g1', name: 'Front office', deviceCount: 0, onlineCount: 0, createdAt: '2026-11-20T02:00:00.000Z' }],
                ungroupedCount: 1,
                ungroupedOnlineCount: 0,
              }
            : url.pathname === '/user/queryManageCount'
              ? { manageCount: 10, deviceLimit: 10, sessionLimit: 1, deviceCount: 9, groupCount: 1, sharesGiven: 0, sharesReceived: 0 }
              : null;
      return new Response(JSON.stringify({ errcode: data ? 0 : 40400, errmsg: data ? 'ok' : 'not found', data }), {
        status: data ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

const render = async (locale: string) => renderHtml((await AccountDevicesPage({ params: Promise.resolve({ locale }) })) as ReactNode);

beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
  cookieJar.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('/account/devices', () => {
  it('renders the devices, groups and the 80 % warning from the API with the session', async () => {
    cookieJar.set(SESSION_COOKIE, 'token-1');
    const asked = serve();
    const doc = await render('en');
    expect(doc.querySelector('h1')!.textContent).toBe('My devices');
    expect(doc.querySelector('[data-testid="device-name"]')!.textContent).toBe('Office PC');
    expect(doc.querySelector('[data-testid="device-policy"]')!.textContent).toBe('Permission level: Controlled only');
    expect(doc.querySelector('[data-testid="group"]')!.textContent).toContain('Front office');
    expect(doc.querySelector('[data-testid="device-limit-warning"]')!.textContent).toContain(
      'You are using 9 of the 10 devices your plan allows.',
    );
    expect(asked.map((call) => call.url).sort()).toEqual([
      '/device/list?page=1&pageSize=20',
      '/deviceGroup/list',
      '/user/queryManageCount',
    ]);
    expect(asked.every((call) => call.token === 'token-1')).toBe(true);
  });

  it.each(locales)('renders in %s with every message there', async (locale) => {
    cookieJar.set(SESSION_COOKIE, 'token-1');
    serve();
    const doc = await render(locale);
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelectorAll('[data-testid="device"]')).toHaveLength(1);
  });

  it('sends a visitor without a session to log in and back', async () => {
    serve();
    await expect(render('en')).rejects.toThrow('NEXT_REDIRECT /en/login?redirectUrl=%2Fen%2Faccount%2Fdevices');
  });
});

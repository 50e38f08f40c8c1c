import { locales } from '@llk/contracts/locales';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHtml } from './support/next-stubs';

// The screen-wall, seat and redemption pages as the server renders them, in the seven languages:
// a visitor is sent to log in and back; a user gets the heading and the panel filled with the
// API's answers (walls and their usage, seats and their holders, the code form). The panels'
// behaviour is tested in features/account-fleet.

vi.mock('next-intl/server', async () => (await import('./support/next-stubs')).nextIntlServer());
const cookieJar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (cookieJar.has(name) ? { name, value: cookieJar.get(name) } : undefined) }),
}));
vi.mock('next/navigation', async () => (await import('./support/next-stubs')).nextNavigation('/en/account/walls'));

const { default: WallsPage } = await import('@/app/[locale]/(marketing)/account/walls/page');
const { default: SeatsPage } = await import('@/app/[locale]/(marketing)/account/seats/page');
const { default: RedeemPage } = await import('@/app/[locale]/(marketing)/account/redeem/page');
const { SESSION_COOKIE } = await import('@/features/auth/session-cookies');

type TPage = (props: { params: Promise<{ locale: string }> }) => Promise<ReactNode>;
const render = async (page: TPage, locale: string) => renderHtml(await page({ params: Promise.resolve({ locale }) }));

const device = (id: string, name: string) => ({
  id,
  deviceId: `app-${id}`,
  name,
  clientType: 'WIN',
  chipType: null,
  osVersion: null,
  appVersion: null,
  groupId: null,
  policy: 'ALL',
  online: true,
  lastSeenAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  sharedBy: null,
  permission: 'MANAGE',
});
const answers: Record<string, unknown> = {
  '/monitorWall/list': {
    walls: [
      {
        id: 'w1',
        name: 'Front desk',
        deviceIds: ['d2', 'd1'],
        createdAt: '2026-11-20T08:00:00.000Z',
        updatedAt: '2026-11-20T08:00:00.000Z',
      },
    ],
    owned: 3,
    used: 2,
  },
  '/device/list': { list: [device('d1', 'Office PC'), device('d2', 'Home Mac')], total: 2, page: 1, pageSize: 100 },
  '/seat/list': {
    seats: [
      {
        id: 's1',
        kind: 'MEMBER',
        orderId: 'o1',
        startsAt: '2026-11-20T08:00:00.000Z',
        expiresAt: '2027-11-20T08:00:00.000Z',
        active: true,
        assignee: { type: 'DEVICE', deviceId: 'd1' },
        assignedAt: '2026-11-21T08:00:00.000Z',
        movableFrom: '2026-11-28T08:00:00.000Z',
      },
    ],
  },
  '/user/info': { username: 'ann' },
};

function serve(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input);
      asked.push(`${url.pathname}${url.search}`);
      return new Response(JSON.stringify({ errcode: 0, errmsg: 'ok', data: answers[url.pathname] ?? null }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
  cookieJar.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('account fleet pages', () => {
  it.each([
    ['/account/walls', WallsPage],
    ['/account/seats', SeatsPage],
    ['/account/redeem', RedeemPage],
  ] as Array<[string, TPage]>)('%s sends a visitor to log in and back', async (path, page) => {
    serve();
    await expect(page({ params: Promise.resolve({ locale: 'ko' }) })).rejects.toThrow(
      `NEXT_REDIRECT /ko/login?redirectUrl=${encodeURIComponent(`/ko${path}`)}`,
    );
  });

  it.each(locales)('%s: the walls page shows the walls, their devices in order and the usage', async (locale) => {
    cookieJar.set(SESSION_COOKIE, 'token-1');
    const asked = serve();
    const doc = await render(WallsPage as TPage, locale);
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelector('[data-testid="walls-usage"]')?.textContent).toMatch(/2.*3|3.*2/);
    expect(doc.querySelector('[data-testid="wall-name"]')?.textContent).toBe('Front desk');
    expect([...doc.querySelectorAll('[data-testid="wall-devices"] li')].map((item) => item.textContent)).toEqual(['Home Mac', 'Office PC']);
    expect(asked).toContain('/device/list?page=1&pageSize=100');
  });

  it.each(locales)('%s: the seats page states the rule and shows the seat, its holder and the next move', async (locale) => {
    cookieJar.set(SESSION_COOKIE, 'token-1');
    serve();
    const doc = await render(SeatsPage as TPage, locale);
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelector('[data-testid="seats-rule"]')?.textContent).toContain('7');
    expect(doc.querySelector('[data-testid="seat-holder"]')?.textContent).toContain('Office PC');
    expect(doc.querySelector('[data-testid="seat-move-limit"]')?.textContent).toMatch(/2026/);
    expect(doc.querySelector('[data-testid="seats-buy"]')?.getAttribute('href')).toMatch(/\/order\?plan=YEAR&seats=1$/);
  });

  it.each(locales)('%s: the redeem page shows the code form', async (locale) => {
    cookieJar.set(SESSION_COOKIE, 'token-1');
    serve();
    const doc = await render(RedeemPage as TPage, locale);
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelector('[data-testid="redeem-form"] input[name="code"]')?.getAttribute('placeholder')).toBe('XXXX-XXXX-XXXX-XXXX');
  });
});

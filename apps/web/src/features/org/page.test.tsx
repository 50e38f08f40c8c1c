import { locales } from '@llk/contracts/locales';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHtml } from '../../../test/support/next-stubs';

// /org/join and /org as the server renders them, in every language (a missing message fails):
// the preview without JavaScript, the refused link in the API's words, the signed-in account
// named, log-in links that come back; /org with the list, and to log-in without a session.

vi.mock('next-intl/server', async () => (await import('../../../test/support/next-stubs')).nextIntlServer('en'));
const cookieJar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/headers', () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ get: (name: string) => (cookieJar.has(name) ? { name, value: cookieJar.get(name) } : undefined) }),
}));
vi.mock('next/navigation', async () => (await import('../../../test/support/next-stubs')).nextNavigation('/en/org/join'));

const { default: OrgJoinPage, generateMetadata: joinMetadata } = await import('@/app/[locale]/(marketing)/org/join/page');
const { default: OrgPage } = await import('@/app/[locale]/(marketing)/org/page');
const { SESSION_COOKIE } = await import('@/features/auth/session-cookies');

const preview = {
  orgName: 'Acme',
  logoUrl: null,
  role: { id: 'MEMBER', code: 'MEMBER', name: 'Member' },
  channel: 'EMAIL',
  expiresAt: '2026-12-11T04:00:00.000Z',
  invitedBy: 'Zhang Wei',
  department: 'Sales',
  target: 'a***@example.com',
};
type TAnswer = { errcode: number; errmsg: string; data: unknown; status: number };
const ok = (data: unknown): TAnswer => ({ errcode: 0, errmsg: 'ok', data, status: 200 });

function serve(answers: Record<string, TAnswer>): { asked: string[]; tokens: (string | null)[]; languages: (string | null)[] } {
  const seen = { asked: [] as string[], tokens: [] as (string | null)[], languages: [] as (string | null)[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input);
      const headers = new Headers(init?.headers);
      seen.asked.push(`${url.pathname}${url.search}`);
      seen.tokens.push(headers.get('authorization'));
      seen.languages.push(headers.get('accept-language'));
      const answer = answers[url.pathname] ?? { errcode: 40400, errmsg: 'not found', data: null, status: 404 };
      return new Response(JSON.stringify({ errcode: answer.errcode, errmsg: answer.errmsg, data: answer.data }), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return seen;
}

const join = async (locale: string, search: Record<string, string> = {}) =>
  renderHtml((await OrgJoinPage({ params: Promise.resolve({ locale }), searchParams: Promise.resolve(search) })) as ReactNode);
const orgs = async (locale: string) => renderHtml((await OrgPage({ params: Promise.resolve({ locale }) })) as ReactNode);

beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
  cookieJar.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('/org/join', () => {
  it('signed out: the preview read without a session, and log-in and sign-up that come back to the link', async () => {
    const seen = serve({ '/org/invitation/preview': ok(preview) });
    const doc = await join('en', { token: 'tok 1' });
    expect(seen.asked).toEqual(['/org/invitation/preview?token=tok%201']);
    expect(seen.tokens).toEqual([null]);
    expect(doc.querySelector('h1')!.textContent).toBe('Join Acme');
    expect(doc.querySelector('[data-testid="join-role"]')!.textContent).toBe('Member');
    expect(doc.querySelector('[data-testid="join-invited-by"]')!.textContent).toBe('Invited by Zhang Wei');
    expect(doc.querySelector('[data-testid="join-department"]')!.textContent).toBe('Sales');
    expect(doc.querySelector('[data-testid="join-preview"] time')!.getAttribute('dateTime')).toBe('2026-12-11T04:00:00.000Z');
    expect(doc.querySelector('[data-testid="join-login"]')!.getAttribute('href')).toBe(
      '/en/login?redirectUrl=%2Fen%2Forg%2Fjoin%3Ftoken%3Dtok%2B1',
    );
    expect(doc.querySelector('[data-testid="join-signup"]')!.getAttribute('href')).toBe(
      '/en/signup?redirectUrl=%2Fen%2Forg%2Fjoin%3Ftoken%3Dtok%2B1',
    );
    expect(doc.querySelector('[data-testid="join-accept"]')).toBeNull();
  });

  it('signed in: names the account as the API masks it, with the contact of the channel', async () => {
    cookieJar.set(SESSION_COOKIE, 'session-1');
    const seen = serve({
      '/org/invitation/preview': ok(preview),
      '/user/info': ok({ id: 'u1', username: null, nickname: 'Ann', mobile: '138****8000', email: 'a***@example.com' }),
    });
    const doc = await join('en', { token: 'tok-1' });
    expect(seen.asked).toEqual(['/org/invitation/preview?token=tok-1', '/user/info']);
    expect(seen.tokens[1]).toBe('session-1');
    expect(doc.querySelector('[data-testid="join-account"]')!.textContent).toBe('You are signed in as a***@example.com.');
    expect(doc.querySelector('[data-testid="join-accept"]')!.textContent).toBe('Join Acme');
    expect(doc.querySelector('[data-testid="join-login"]')).toBeNull();
  });

  it('a dead session counts as signed out', async () => {
    cookieJar.set(SESSION_COOKIE, 'dead');
    serve({ '/org/invitation/preview': ok(preview), '/user/info': { errcode: 40100, errmsg: 'Please log in', data: null, status: 401 } });
    const doc = await join('en', { token: 'tok-1' });
    expect(doc.querySelector('[data-testid="join-login"]')).not.toBeNull();
    expect(doc.querySelector('[data-testid="join-accept"]')).toBeNull();
  });

  it('a refused link: the API’s message in the page’s language, asked in that language', async () => {
    const message = '此邀请链接无效：可能已被使用或撤销，或已过期。请联系对方重新邀请。';
    const seen = serve({ '/org/invitation/preview': { errcode: 71031, errmsg: message, data: null, status: 404 } });
    const doc = await join('zh-CN', { token: 'used' });
    expect(seen.languages).toEqual(['zh-CN']);
    expect(doc.querySelector('[data-testid="join-invalid"]')!.getAttribute('data-kind')).toBe('invalid');
    expect(doc.querySelector('h1')!.textContent).toBe('此邀请无法使用');
    expect(doc.querySelector('[data-testid="join-invalid-message"]')!.textContent).toBe(message);
  });

  it('no token: says so without asking the API', async () => {
    const seen = serve({});
    const doc = await join('ja');
    expect(seen.asked).toEqual([]);
    expect(doc.querySelector('[data-testid="join-invalid"]')!.getAttribute('data-kind')).toBe('missing');
    expect(doc.querySelector('[data-testid="join-invalid-message"]')!.textContent).toBe(
      'このリンクには招待が含まれていません。招待メールまたはSMSのリンクをもう一度開いてください。',
    );
  });

  it('the API down: try again later, not a crash', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    const doc = await join('en', { token: 'tok-1' });
    expect(doc.querySelector('[data-testid="join-invalid"]')!.getAttribute('data-kind')).toBe('unavailable');
    expect(doc.querySelector('[data-testid="join-invalid-message"]')!.textContent).toBe(
      'The invitation cannot be loaded right now. Try again in a moment.',
    );
  });

  it('is never indexed', async () => {
    const metadata = await joinMetadata({ params: Promise.resolve({ locale: 'en' }) });
    expect(metadata.robots).toMatchObject({ index: false });
    expect(metadata.title).toMatchObject({ absolute: expect.stringContaining('Join an organisation') });
  });

  it.each(locales)('renders in %s with every message there', async (locale) => {
    cookieJar.set(SESSION_COOKIE, 'session-1');
    serve({
      '/org/invitation/preview': ok(preview),
      '/user/info': ok({ id: 'u1', username: null, nickname: 'Ann', mobile: null, email: 'a***@example.com' }),
    });
    const doc = await join(locale, { token: 'tok-1' });
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelector('[data-testid="join-accept"]')).not.toBeNull();
    expect(doc.body.textContent).not.toMatch(/\b(join|list|roles)\.\w+/);
  });
});

describe('/org', () => {
  const list = {
    list: [
      { id: 'o1', name: 'Acme', logoUrl: null, role: { id: 'OWNER', code: 'OWNER', name: 'Owner' }, joinedAt: '2026-11-02T03:00:00.000Z' },
    ],
  };

  it('lists my organisations, read with the session, inside the account navigation', async () => {
    cookieJar.set(SESSION_COOKIE, 'session-1');
    const seen = serve({ '/org/list': ok(list) });
    const doc = await orgs('en');
    expect(seen.asked).toEqual(['/org/list']);
    expect(seen.tokens).toEqual(['session-1']);
    expect(doc.querySelector('h1')!.textContent).toBe('My organisations');
    expect(doc.querySelector('[data-testid="org-role"]')!.textContent).toBe('Role: Owner');
    const nav = doc.querySelector('[data-testid="account-nav"]')!;
    expect([...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toContain('/en/org');
    expect(doc.querySelector('[data-testid="org-create"]')).not.toBeNull();
  });

  it.each(locales)('renders in %s with every message there', async (locale) => {
    cookieJar.set(SESSION_COOKIE, 'session-1');
    serve({ '/org/list': ok({ list: [] }) });
    const doc = await orgs(locale);
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelector('[data-testid="org-empty"]')).not.toBeNull();
  });

  it('sends a visitor without a session to log in and back to /org', async () => {
    serve({});
    await expect(orgs('ja')).rejects.toThrow('NEXT_REDIRECT /ja/login?redirectUrl=%2Fja%2Forg');
  });
});

import type { TNewsInfo, TUpdateLogEntry } from '@llk/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHtml } from './support/next-stubs';

// The API-driven content pages as the server renders them (to HTML): a news article (and a
// not-found for a bad or unknown id), the release-notes log, the not-found pages' language and
// message, the account-switch question, and the development outbox (this machine only, and only
// while the API has one). The API is a fake fetch at API_URL; next-intl's server entry is use-intl's
// translator over the app's messages; a missing message fails.

vi.mock('next-intl/server', async () => (await import('./support/next-stubs')).nextIntlServer('ja'));
const requestHeaders = vi.hoisted(() => ({ value: new Headers() }));
const cookieJar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/headers', () => ({
  headers: async () => requestHeaders.value,
  cookies: async () => ({ get: (name: string) => (cookieJar.has(name) ? { name, value: cookieJar.get(name) } : undefined) }),
}));
vi.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('NEXT_NOT_FOUND');
  },
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en',
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

const { default: NewsDetailPage } = await import('@/app/[locale]/(marketing)/info/[id]/page');
const { default: LogPage } = await import('@/app/[locale]/(marketing)/log/page');
const { default: GlobalNotFound } = await import('@/app/global-not-found');
const { default: NotFound } = await import('@/app/[locale]/not-found');
const { default: DevOutboxPage } = await import('@/app/[locale]/dev/outbox/page');
const { default: SwitchAccountPage } = await import('@/app/[locale]/(auth)/switchAccount/page');
const { SWITCH_COOKIE, encodePendingSwitch } = await import('@/features/auth/switch-account');
const { SESSION_COOKIE } = await import('@/features/auth/session-cookies');
const { REQUEST_PATH_HEADER } = await import('@/lib/fatal');

const html = (node: ReactNode) => renderHtml(node, 'document');

const article: TNewsInfo = {
  id: 12,
  kind: 'NEWS',
  title: 'Screen walls arrive on Android',
  summary: 'Watch many devices at once.',
  body: 'Screen walls now work on **Android**.\n\n- up to 16 devices',
  contentHtml: '<p>Screen walls now work on <strong>Android</strong>.</p>\n<ul>\n<li>up to 16 devices</li>\n</ul>\n',
  publishedAt: '2026-11-01T16:30:00.000Z',
  validFrom: null,
  validUntil: null,
  locale: 'en',
};

function serve(route: (url: URL) => unknown): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      const data = route(new URL(input));
      if (data === undefined)
        return new Response(JSON.stringify({ errcode: 40400, errmsg: 'not found', data: null }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        });
      return new Response(JSON.stringify({ errcode: 0, errmsg: 'ok', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
  requestHeaders.value = new Headers();
  cookieJar.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('news article /info-{id}', () => {
  it('shows the article of the API in the page language, with its Markdown body', async () => {
    const asked = serve((url) => (url.searchParams.get('id') === '12' ? article : undefined));
    const doc = await html(await NewsDetailPage({ params: Promise.resolve({ locale: 'en', id: '12' }) }));
    expect(doc.querySelector('h1')!.textContent).toBe('Screen walls arrive on Android');
    expect(doc.querySelector('strong')!.textContent).toBe('Android');
    expect(Array.from(doc.querySelectorAll('article li')).map((li) => li.textContent)).toContain('up to 16 devices');
    expect(asked).toEqual(['http://api.test/news/info?id=12']);
  });

  it('marks an article shown in another language', async () => {
    serve(() => article);
    const doc = await html(await NewsDetailPage({ params: Promise.resolve({ locale: 'ja', id: '12' }) }));
    expect(doc.querySelector('h1')!.closest('[lang]')!.getAttribute('lang')).toBe('en');
  });

  it('is not found for an id that is not a positive int32, without asking the API, or that the API does not know', async () => {
    const asked = serve(() => undefined);
    for (const id of ['0', '012', 'abc', '2147483648']) {
      await expect(NewsDetailPage({ params: Promise.resolve({ locale: 'en', id }) })).rejects.toThrow('NEXT_NOT_FOUND');
    }
    expect(asked).toEqual([]);
    await expect(NewsDetailPage({ params: Promise.resolve({ locale: 'en', id: '99' }) })).rejects.toThrow('NEXT_NOT_FOUND');
  });
});

describe('release notes /log', () => {
  it('groups the notes by platform, newest first, with the notes as lists', async () => {
    const entries: TUpdateLogEntry[] = [
      {
        platform: 'WIN',
        version: '3.1.0',
        releasedAt: '2026-10-01T00:00:00.000Z',
        notes: '- Faster start\n- Fixes',
        contentHtml: '<ul>\n<li>Faster start</li>\n<li>Fixes</li>\n</ul>\n',
        locale: 'en',
      },
      {
        platform: 'WIN',
        version: '3.2.0',
        releasedAt: '2026-11-01T00:00:00.000Z',
        notes: 'Screen walls.',
        contentHtml: '<p>Screen walls.</p>\n',
        locale: 'en',
      },
      {
        platform: 'ANDROID',
        version: '2.0.0',
        releasedAt: '2026-09-01T00:00:00.000Z',
        notes: '- New look',
        contentHtml: '<ul>\n<li>New look</li>\n</ul>\n',
        locale: 'zh-CN',
      },
    ];
    serve(() => ({ list: entries, total: 3, page: 1, pageSize: 50 }));
    const doc = await html(await LogPage({ params: Promise.resolve({ locale: 'en' }) }));
    expect(Array.from(doc.querySelectorAll('h2[id^="log-"]')).map((h) => h.id)).toEqual(['log-android', 'log-win']);
    const win = doc.getElementById('log-win')!.parentElement!;
    expect(Array.from(win.querySelectorAll('h3')).map((h) => h.textContent)).toEqual([
      expect.stringContaining('3.2.0'),
      expect.stringContaining('3.1.0'),
    ]);
    expect(Array.from(win.querySelectorAll('li li, ul li')).map((li) => li.textContent)).toEqual(
      expect.arrayContaining(['Faster start', 'Fixes']),
    );
    expect(doc.querySelector('[lang="zh-CN"] li')!.textContent).toBe('New look');
  });
});

describe('not-found pages', () => {
  it('the global one speaks the language the proxy resolved and names the path it forwarded', async () => {
    requestHeaders.value = new Headers({ 'x-next-intl-locale': 'ko', [REQUEST_PATH_HEADER]: encodeURIComponent('/ko/guide/nope') });
    const doc = await html(await GlobalNotFound());
    expect(doc.documentElement.getAttribute('lang')).toBe('ko');
    expect(doc.body.textContent).toContain('Page Not Found: /ko/guide/nope');
    // the error pages (ADR 0020): a heading, an explanation and links onwards, in the visitor's language
    expect(doc.querySelector('h1')!.textContent).not.toBe('');
    const onwards = doc.querySelector('nav[aria-labelledby="fatal-elsewhere"]')!;
    expect(onwards.querySelector('h2')!.textContent).toBe('자주 찾는 페이지');
    // ADR 0033: the header's own links and the site search, a GET form to /search
    expect(Array.from(onwards.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['요금제', '/ko/pricing'],
      ['가이드', '/ko/guide'],
      ['소개', '/ko/about'],
      ['다운로드', '/ko/download'],
      ['클라우드 PC', '/ko/cloudPc'],
      ['뉴스', '/ko/news-1'],
      ['문의하기', '/ko/contact'],
    ]);
    const search = doc.querySelector('form[role="search"]')!;
    expect([search.getAttribute('action'), search.getAttribute('method')]).toEqual(['/ko/search', 'get']);
    expect(search.querySelector('input[name="q"]')!.id).toBe(search.querySelector('label')!.getAttribute('for'));
    expect(search.querySelector('label')!.textContent).toBe('검색어');
    expect(search.querySelector('button[type="submit"]')!.textContent).toBe('검색');
  });

  it('the global one falls back to the default language and the browser path', async () => {
    requestHeaders.value = new Headers({ 'x-next-intl-locale': 'xx', [REQUEST_PATH_HEADER]: '%E0%A4%A' });
    const doc = await html(await GlobalNotFound());
    expect(doc.documentElement.getAttribute('lang')).toBe('zh-CN');
    expect(doc.body.textContent).toContain('Page Not Found');
  });

  it("a page's notFound() shows the fatal page with the requested path", async () => {
    const doc = await html(await NotFound());
    expect(doc.querySelector('h1')).not.toBeNull();
    expect(doc.body.textContent).toContain('Page Not Found');
  });
});

describe('development outbox /dev/outbox', () => {
  const outbox = (to?: string) =>
    DevOutboxPage({ params: Promise.resolve({ locale: 'en' }), searchParams: Promise.resolve(to ? { to } : {}) });

  it('does not exist for a visitor from another machine, and the API is not asked', async () => {
    const asked = serve(() => ({ messages: [] }));
    requestHeaders.value = new Headers({ 'x-llk-peer': 'remote' });
    await expect(outbox()).rejects.toThrow('NEXT_NOT_FOUND');
    expect(asked).toEqual([]);
  });

  it('does not exist when the API has no outbox (production)', async () => {
    serve(() => undefined);
    requestHeaders.value = new Headers({ 'x-llk-peer': 'loopback' });
    await expect(outbox()).rejects.toThrow('NEXT_NOT_FOUND');
  });

  it('lists the codes sent to the address asked for, on this machine', async () => {
    const asked = serve(() => ({
      messages: [
        {
          channel: 'SMS',
          to: '13800138000',
          purpose: 'LOGIN',
          code: '123456',
          subject: null,
          text: 'Your code is 123456',
          sentAt: '2026-11-24T02:00:00.000Z',
        },
      ],
    }));
    requestHeaders.value = new Headers({ 'x-llk-peer': 'loopback' });
    const doc = await html(await outbox(' 13800138000 '));
    expect(asked).toEqual(['http://api.test/dev/outbox?to=13800138000']);
    expect(doc.querySelector('h1')).not.toBeNull();
    expect(Array.from(doc.querySelectorAll('td')).map((cell) => cell.textContent)).toContain('123456');
  });
});

describe('account switch /switchAccount', () => {
  const page = () => SwitchAccountPage({ params: Promise.resolve({ locale: 'en' }) });

  it('says the link is no longer valid without a pending switch (or with a forged one)', async () => {
    let doc = await html(await page());
    expect(doc.querySelector('h1')!.textContent).toBe('This sign-in link is no longer valid');
    cookieJar.set(SWITCH_COOKIE, encodePendingSwitch({ key: 'k1', next: '//evil.example/' }));
    doc = await html(await page());
    expect(doc.querySelector('h1')!.textContent).toBe('This sign-in link is no longer valid');
  });

  it('asks, naming only the account signed in (from the API with the session token)', async () => {
    const sent: Array<[string, string | null]> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit) => {
        sent.push([input, new Headers(init.headers).get('authorization')]);
        return new Response(JSON.stringify({ errcode: 0, errmsg: 'ok', data: { nickname: 'Alice', username: 'alice_01' } }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    cookieJar.set(SWITCH_COOKIE, encodePendingSwitch({ key: 'k1', next: '/pricing' }));
    cookieJar.set(SESSION_COOKIE, 'token-1');
    const doc = await html(await page());
    expect(doc.querySelector('h1')!.textContent).toBe('Switch to another account?');
    expect(doc.body.textContent).toContain('You are signed in as Alice.');
    expect(Array.from(doc.querySelectorAll('button[name="choice"]')).map((b) => [b.getAttribute('value'), b.textContent])).toEqual([
      ['switch', 'Switch account'],
      ['stay', 'Stay signed in as Alice'],
    ]);
    expect(sent).toEqual([['http://api.test/user/info', 'token-1']]);
  });

  it('offers not to switch when the session is gone', async () => {
    cookieJar.set(SWITCH_COOKIE, encodePendingSwitch({ key: 'k1', next: '/pricing' }));
    const doc = await html(await page());
    expect(doc.body.textContent).toContain('You are not signed in at the moment.');
    expect(doc.querySelector('button[value="stay"]')!.textContent).toBe("Don't switch");
  });
});

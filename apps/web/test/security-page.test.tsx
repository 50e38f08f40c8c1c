import type { TUpdateLogEntry } from '@llk/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../messages/en/pages.json';
import { renderHtml } from './support/next-stubs';

// /security says what the product does (ADR 0033), with the numbers of its code
// (features/security/facts.ts, held to the API by security-facts.test.ts), the release history
// and cadence from the API's release notes, and no claim it cannot back: no seal, certificate or
// logo, no count the API does not publish.

vi.mock('next-intl/server', async () => (await import('./support/next-stubs')).nextIntlServer());
vi.mock('next/headers', () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));
vi.mock('next/navigation', () => ({
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/security',
  useRouter: () => ({ push: vi.fn(), prefetch: vi.fn() }),
}));

const { default: SecurityPage } = await import('@/app/[locale]/(marketing)/security/page');

const entry = (platform: TUpdateLogEntry['platform'], version: string, releasedAt: string): TUpdateLogEntry => ({
  platform,
  version,
  releasedAt,
  notes: '- Fixes',
  contentHtml: '<ul>\n<li>Fixes</li>\n</ul>\n',
  locale: 'en',
});

let log: TUpdateLogEntry[] | null = [];
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubEnv('API_URL', 'http://api.test');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      if (!log) throw new TypeError('fetch failed');
      const data = { list: log, total: log.length, page: 1, pageSize: 50 };
      return new Response(JSON.stringify({ errcode: 0, errmsg: 'ok', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const render = async (locale = 'en') => renderHtml((await SecurityPage({ params: Promise.resolve({ locale }) })) as ReactNode, 'document');

describe('/security', () => {
  it('states what the code does, with its numbers, and says it shows no seal or certificate', async () => {
    log = [];
    const doc = await render();
    const text = doc.body.textContent!;
    expect(doc.querySelector('h1')!.textContent).toBe('Security and privacy');
    expect(doc.querySelector('[data-testid="no-claims"]')!.textContent).toBe(en.SecurityPage.noClaims);
    expect(text).toContain('argon2id hashes (19 MiB of memory, 2 passes)');
    expect(text).toContain('From the 5th wrong password');
    expect(text).toContain('A session ends after 30 days without use, and 180 days after log-in at the latest.');
    expect(text).toContain('For 15 days you can change your mind');
    const retention = Array.from(doc.querySelectorAll('[data-testid="retention"] dd')).map((dd) => dd.textContent);
    expect(retention).toEqual([
      'As long as you keep your account',
      '30 days without use, 180 days at most',
      '5 minutes',
      'Expire after 30 minutes',
      'Until you remove them or your account is erased',
      'Kept after erasure, without your contact details, as accounting law requires',
    ]);
    expect(Array.from(doc.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual([
      '/en/account/cancel',
      '/en/legal/privacy',
      '/en/log',
    ]);
    expect(doc.querySelectorAll('img')).toHaveLength(0);
  });

  it('tells the release history and cadence from the API’s release notes, the newest version of each app', async () => {
    log = [
      entry('WIN', '3.2.0', '2026-11-30T02:00:00.000Z'),
      entry('MAC', '3.2.0', '2026-11-30T03:00:00.000Z'),
      entry('WIN', '3.1.0', '2026-10-31T02:00:00.000Z'),
      entry('ANDROID', '2.9.0', '2026-10-01T02:00:00.000Z'),
    ];
    const doc = await render();
    expect(asked).toEqual(['http://api.test/download/updateLog?pageSize=50']);
    expect(doc.querySelector('[data-testid="release-cadence"]')!.textContent).toBe(
      '4 releases across every platform between October 1, 2026 and November 30, 2026: a new version about every 30 days.',
    );
    expect(Array.from(doc.querySelectorAll('section[aria-labelledby="security-releases"] li')).map((li) => li.textContent)).toEqual([
      'Windows 3.2.0November 30, 2026',
      'macOS 3.2.0November 30, 2026',
      'Android 2.9.0October 1, 2026',
    ]);
  });

  it('without the API, points to the release notes instead of inventing a history', async () => {
    log = null;
    const doc = await render('fr');
    expect(doc.querySelector('[data-testid="release-cadence"]')).toBeNull();
    expect(doc.body.textContent).toContain('L’historique des versions se trouve sur la page des notes de version.');
  });
});

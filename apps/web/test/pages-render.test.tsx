import { locales } from '@llk/contracts/locales';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHtml } from './support/next-stubs';

// The pages of the route table render on the server in each of the seven languages, with the
// API down as at build time (news and notices get empty lists): one <h1>, no message missing in
// that language (use-intl's translator over the app's messages throws on a missing key here), no
// crash. The pages' own logic is tested where it lives (features/*; pricing, order and cloudPc in
// their own files); this catches a page or a locale that breaks as a whole, and the layouts'
// frame (lang, header, main, footer).

vi.mock('next-intl/server', async () => (await import('./support/next-stubs')).nextIntlServer());
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
  headers: async () => new Headers(),
}));
const nav = vi.hoisted(() => ({ locale: 'en' }));
vi.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('NEXT_NOT_FOUND');
  },
  redirect: (url: string) => {
    throw new Error(`NEXT_REDIRECT ${url}`);
  },
  permanentRedirect: (url: string) => {
    throw new Error(`NEXT_REDIRECT ${url}`);
  },
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useParams: () => ({ locale: nav.locale }),
  usePathname: () => `/${nav.locale}`,
  useSearchParams: () => new URLSearchParams(),
}));

type TPage = (props: { params: Promise<Record<string, unknown>>; searchParams: Promise<Record<string, string>> }) => Promise<ReactNode>;
type TLayout = (props: { params: Promise<{ locale: string }>; children: ReactNode }) => Promise<ReactNode>;

const page = async (load: Promise<{ default: unknown }>) => (await load).default as TPage;

const pages: Array<[string, Promise<TPage>, Record<string, unknown>, Record<string, string>]> = [
  ['/', page(import('@/app/[locale]/(marketing)/page')), {}, {}],
  ['/about', page(import('@/app/[locale]/(marketing)/about/page')), {}, {}],
  ['/contact', page(import('@/app/[locale]/(marketing)/contact/page')), {}, {}],
  ['/download', page(import('@/app/[locale]/(marketing)/download/page')), {}, {}],
  ['/guide', page(import('@/app/[locale]/(marketing)/guide/page')), {}, {}],
  ['/log', page(import('@/app/[locale]/(marketing)/log/page')), {}, {}],
  ['/notice', page(import('@/app/[locale]/(marketing)/notice/page')), {}, {}],
  ['/news-1', page(import('@/app/[locale]/(marketing)/news/[page]/page')), { page: '1' }, {}],
  ['/legal/privacy', page(import('@/app/[locale]/(marketing)/legal/[doc]/page')), { doc: 'privacy' }, {}],
  ['/search', page(import('@/app/[locale]/(marketing)/search/page')), {}, {}],
  ['/security', page(import('@/app/[locale]/(marketing)/security/page')), {}, {}],
  ['/login', page(import('@/app/[locale]/(auth)/login/page')), {}, {}],
  ['/signup', page(import('@/app/[locale]/(auth)/signup/page')), {}, {}],
  ['/resetPW', page(import('@/app/[locale]/(auth)/resetPW/page')), {}, {}],
  ['/pay', page(import('@/app/[locale]/(auth)/pay/page')), {}, { qrCodeId: 'code_1' }],
  ['/promotionPlan', page(import('@/app/[locale]/(auth)/promotionPlan/page')), {}, {}],
  ['/switchAccount', page(import('@/app/[locale]/(auth)/switchAccount/page')), {}, {}],
  ['/fatal', page(import('@/app/[locale]/fatal/page')), {}, {}],
];

const guideArticle = await import('@/app/[locale]/(marketing)/guide/[...slug]/page');
const [firstGuidePage] = guideArticle.generateStaticParams({ params: { locale: 'en' } });
pages.push([
  `/guide/${firstGuidePage!.slug.join('/')}`,
  Promise.resolve(guideArticle.default as unknown as TPage),
  { slug: firstGuidePage!.slug },
  {},
]);

const html = (node: ReactNode) => renderHtml(node, 'document');

beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      // News and notices are ISR pages that throw rather than cache a failure: they get empty lists.
      const path = new URL(input).pathname;
      const data =
        path === '/news/list' ? { list: [], total: 0, page: 1, pageSize: 10 } : path === '/announcements/info' ? { list: [] } : null;
      if (!data) throw new TypeError('fetch failed');
      return new Response(JSON.stringify({ errcode: 0, errmsg: 'ok', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe.each(locales)('pages in %s', (locale) => {
  it.each(pages.map(([path, load, params, query]) => ({ path, load, params, query })))(
    '$path renders with one heading',
    async ({ load, params, query }) => {
      nav.locale = locale;
      const Page = await load;
      const doc = await html(await Page({ params: Promise.resolve({ locale, ...params }), searchParams: Promise.resolve(query) }));
      const headings = doc.querySelectorAll('h1');
      expect(headings).toHaveLength(1);
      expect(headings[0]!.textContent!.trim()).not.toBe('');
    },
  );
});

describe('layouts', () => {
  it('set <html lang> and frame the page with header, main and footer (marketing) or the card (auth)', async () => {
    const Root = (await import('@/app/[locale]/layout')).default as TLayout;
    const Marketing = (await import('@/app/[locale]/(marketing)/layout')).default as TLayout;
    const Auth = (await import('@/app/[locale]/(auth)/layout')).default as TLayout;
    const params = Promise.resolve({ locale: 'zh-tw' });
    nav.locale = 'zh-tw';

    let doc = await html(await Root({ params, children: await Marketing({ params, children: <p data-testid="content">x</p> }) }));
    expect(doc.documentElement.getAttribute('lang')).toBe('zh-TW');
    expect(doc.querySelector('header nav')).not.toBeNull();
    expect(doc.querySelector('main [data-testid="content"]')).not.toBeNull();
    expect(doc.querySelector('footer')).not.toBeNull();

    doc = await html(await Auth({ params, children: <p data-testid="content">x</p> }));
    expect(doc.querySelector('[data-testid="content"]')).not.toBeNull();
    expect(doc.querySelector('header nav[aria-label]')).toBeNull();
  });

  it('refuse a path that is not a locale (a file name reaching [locale])', async () => {
    const Root = (await import('@/app/[locale]/layout')).default as TLayout;
    await expect(Root({ params: Promise.resolve({ locale: 'wp-login.php' }), children: null })).rejects.toThrow('NEXT_NOT_FOUND');
  });
});

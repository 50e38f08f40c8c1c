import { localeEntries, locales, type TLocale } from '@llk/contracts/locales';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestedPathMessage } from '@/components/requested-path-message';
import en from '../../messages/en/common.json';
import ja from '../../messages/ja/common.json';
import zh from '../../messages/zh-CN/common.json';
import PageError from './[locale]/error';
import { loadErrorTexts } from '@/components/error-screen-texts';
import GlobalError from './global-error';
import manifest from './manifest';
import robots from './robots';

// The error pages (ADR 0020): a failing page keeps the spec's line 'error' and says,
// in the visitor's language, what happened, with "try again" and links onwards (crawlers get
// nothing); a page that calls notFound() names the requested path. robots.txt keeps per-user
// pages out of search engines in every language; the manifest speaks the default locale.

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const route = vi.hoisted(() => ({ params: {} as { locale?: string } }));
vi.mock('next/navigation', () => ({ useParams: () => route.params }));

afterEach(() => {
  cleanup();
  route.params = {};
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** The links of the screen: [name, href]. */
function links(scope: HTMLElement) {
  return within(scope)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('error fallbacks', () => {
  it('a failing page: heading, the spec’s line, explanation, try again and links onwards in the page’s language', async () => {
    route.params = { locale: 'en' };
    const retry = vi.fn();
    await act(async () => {
      render(<PageError error={new Error('boom')} reset={vi.fn()} retry={retry} />);
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(en.ErrorPage.title);
    expect(screen.getByText('error').getAttribute('lang')).toBe('en');
    expect(screen.getByText(en.ErrorPage.hint)).toBeTruthy();
    expect(links(document.body)).toEqual([
      ['LLK Remote', '/en'],
      [en.Fatal.backHome, '/en'],
      [en.Header.download, '/en/download'],
      [en.Header.pricing, '/en/pricing'],
      [en.Header.guide, '/en/guide'],
      [en.Header.contact, '/en/contact'],
    ]);
    expect(screen.getByRole('link', { name: en.Header.homeLabel })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: en.Fatal.elsewhere })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.ErrorPage.retry }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('the default locale without a prefix; reset() when the router gives no retry()', async () => {
    const reset = vi.fn();
    await act(async () => {
      render(<PageError error={new Error('boom')} reset={reset} />);
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(zh.ErrorPage.title);
    expect(screen.getByRole('link', { name: zh.Header.pricing }).getAttribute('href')).toBe('/pricing');
    fireEvent.click(screen.getByRole('button', { name: zh.ErrorPage.retry }));
    expect(reset).toHaveBeenCalledOnce();
  });

  it('show nothing to crawlers', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(GOOGLEBOT);
    const { container } = render(<PageError error={new Error('boom')} reset={vi.fn()} />);
    // the spec's line while the screen's words load, then nothing
    await vi.waitFor(() => expect(container.textContent).toBe(''));
  });

  it('the root layout’s fallback is a whole document in the language of the address’s prefix', async () => {
    window.history.replaceState(null, '', '/ja/pricing');
    await act(async () => {
      render(<GlobalError error={new Error('boom')} reset={vi.fn()} />, { container: document });
    });
    expect(document.documentElement.lang).toBe('ja');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(ja.ErrorPage.title);
    expect(screen.getByRole('link', { name: ja.Header.guide }).getAttribute('href')).toBe('/ja/guide');
    await vi.waitFor(() => expect(document.title).toBe(`${ja.ErrorPage.title} | ${ja.app.title['1']}`));
  });

  it.each(['zh-tw', 'ko'] as const)('%s: the document’s lang is the locale’s', async (locale) => {
    window.history.replaceState(null, '', `/${locale}/news`);
    await act(async () => {
      render(<GlobalError error={new Error('boom')} reset={vi.fn()} />, { container: document });
    });
    expect(document.documentElement.lang).toBe(localeEntries[locale].iso);
  });

  it('on the server (a static 500 document) the spec’s line stands until the browser has the texts', () => {
    const html = renderToString(<GlobalError error={new Error('boom')} reset={vi.fn()} />);
    expect(html).toMatch(/^<html lang="zh-CN">/);
    expect(html).toContain('>error</p>');
  });

  it.each(locales)('%s: the texts come from the locale’s common.json', async (locale: TLocale) => {
    const common = (await import(`../../messages/${locale}/common.json`)) as { default: typeof en };
    expect(await loadErrorTexts(locale)).toMatchObject({
      ErrorPage: common.default.ErrorPage,
      links: { download: common.default.Header.download, contact: common.default.Header.contact },
    });
  });
});

describe('RequestedPathMessage', () => {
  it('names the path the browser asked for', () => {
    window.history.replaceState(null, '', '/en/info-999');
    const { container } = render(<RequestedPathMessage />);
    expect(container.textContent).toBe('Page Not Found: /en/info-999');
  });
});

describe('robots and manifest', () => {
  it('disallow the API and per-user pages in every language and point at the sitemap', () => {
    vi.stubEnv('NEXT_PUBLIC_SITE_URL', 'https://www.llk.example/');
    const rules = robots();
    const disallow = (rules.rules as { disallow: string[] }).disallow;
    expect(disallow).toEqual(
      expect.arrayContaining([
        '/api/',
        '/pay',
        '/order',
        '/search?',
        '/resetPW',
        '/en/pay',
        '/zh-tw/order',
        '/ja/search?',
        '/ko/resetPW',
        '/account',
        '/fr/account',
      ]),
    );
    expect(disallow).not.toContain('/pricing');
    expect(rules.sitemap).toBe('https://www.llk.example/sitemap.xml');
  });

  it('name the app with the default locale brand', () => {
    const app = manifest();
    expect(app.lang).toBe('zh-CN');
    expect(app.name).toBe('LLK Remote');
    expect(app.icons?.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHtml } from './support/next-stubs';

// The default layout's header and footer as the server renders them (to HTML, they are async
// server components), and the menu button's behaviour in the browser. next-intl's server entry
// is use-intl's translator over the app's messages (src/i18n/request.ts); a missing message fails.

vi.mock('next-intl/server', async () => (await import('./support/next-stubs')).nextIntlServer());
const nav = vi.hoisted(() => ({ locale: 'en', pathname: '/en/guide/account' }));
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useParams: () => ({ locale: nav.locale }),
  usePathname: () => nav.pathname,
  notFound: vi.fn(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

const { SiteHeader } = await import('@/components/layout/site-header');
const { SiteFooter } = await import('@/components/layout/site-footer');
const { NavMenu } = await import('@/components/layout/nav-menu');

const html = (node: ReactNode) => renderHtml(node);

function links(root: ParentNode): Array<[string, string | null]> {
  return Array.from(root.querySelectorAll('a')).map((a) => [a.textContent ?? '', a.getAttribute('href')]);
}

beforeEach(() => {
  nav.locale = 'en';
  nav.pathname = '/en/guide/account';
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('SiteHeader', () => {
  it('links home, every section in the page language, marks the current section, and offers Log in', async () => {
    const doc = await html(await SiteHeader({ locale: 'en' }));
    const home = doc.querySelector('a[aria-label="LLK Remote home"]')!;
    expect(home.getAttribute('href')).toBe('/en');
    const main = doc.querySelector('nav[aria-label="Main"]')!;
    expect(links(main)).toEqual([
      ['Pricing', '/en/pricing'],
      ['User guide', '/en/guide'],
      ['About', '/en/about'],
      ['Download', '/en/download'],
      ['Cloud PC', '/en/cloudPc'],
      ['News', '/en/news-1'],
      ['Contact', '/en/contact'],
    ]);
    expect(main.querySelector('[aria-current]')!.textContent).toBe('User guide');
    expect(main.querySelector('[aria-current]')!.getAttribute('aria-current')).toBe('true');
    expect(links(doc).find(([label]) => label === 'Log in')![1]).toBe('/en/login');
    expect(doc.querySelector('button[aria-expanded="false"]')!.textContent).toBe('Open menu');
  });

  it('leaves the default language unprefixed and offers the other languages', async () => {
    nav.locale = 'zh-CN';
    nav.pathname = '/pricing';
    const doc = await html(await SiteHeader({ locale: 'zh-CN' }));
    const main = doc.querySelector('nav')!;
    expect(links(main)[0]).toEqual(['价格', '/pricing']);
    expect(main.querySelector('[aria-current="page"]')!.textContent).toBe('价格');
    const languages = Array.from(doc.querySelectorAll('a[hreflang]')).map((a) => a.getAttribute('hreflang'));
    expect(languages).toEqual(expect.arrayContaining(['en', 'ja', 'ko', 'zh-TW', 'fr', 'es']));
  });
});

describe('SiteFooter', () => {
  it('lists product, company and legal links and the copyright of this year', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T02:00:00.000Z') });
    vi.stubEnv('NEXT_PUBLIC_ICP_FILING', '');
    vi.stubEnv('NEXT_PUBLIC_PSB_FILING', '');
    const doc = await html(await SiteFooter({ locale: 'en' }));
    const legal = doc.querySelector('nav[aria-labelledby="footer-legalHeading"]')!;
    expect(links(legal)).toEqual([
      ['Security and privacy', '/en/security'],
      ['Privacy Policy', '/en/legal/privacy'],
      ['Terms of Service', '/en/legal/terms'],
      ['Value-Added Services Agreement', '/en/legal/value-added-services'],
    ]);
    expect(links(doc.querySelector('nav[aria-labelledby="footer-companyHeading"]')!)).toContainEqual([
      'Ambassador programme',
      '/en/promotionPlan',
    ]);
    expect(doc.body.textContent).toContain('© 2026 LLK Remote. All rights reserved.');
    expect(doc.querySelector('a[href^="https://beian"]')).toBeNull();
  });

  it('shows the filing numbers only when configured, linked to their registries', async () => {
    vi.stubEnv('NEXT_PUBLIC_ICP_FILING', '京ICP备12345678号-1');
    vi.stubEnv('NEXT_PUBLIC_PSB_FILING', '京公网安备11010502000001号');
    const doc = await html(await SiteFooter({ locale: 'zh-CN' }));
    expect(links(doc).filter(([, href]) => href?.startsWith('https://beian'))).toEqual([
      ['京ICP备12345678号-1', 'https://beian.miit.gov.cn/'],
      ['京公网安备11010502000001号', 'https://beian.mps.gov.cn/#/query/webSearch?code=11010502000001'],
    ]);
  });
});

describe('NavMenu', () => {
  function renderMenu() {
    return render(
      <NavMenu openLabel="Open menu" closeLabel="Close menu">
        <a href="#pricing">Pricing</a>
        <span>text</span>
      </NavMenu>,
    );
  }

  it('opens and closes with its button, says which, and closes on Escape with focus back on the button', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Open menu' });
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel.hasAttribute('data-open')).toBe(false);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.textContent).toBe('Close menu');
    expect(panel.hasAttribute('data-open')).toBe(true);
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(panel.hasAttribute('data-open')).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('closes when a link in it is followed, not on other clicks, and on a navigation', () => {
    const { rerender } = renderMenu();
    const button = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(button);
    fireEvent.click(screen.getByText('text'));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    nav.pathname = '/en/about';
    rerender(
      <NavMenu openLabel="Open menu" closeLabel="Close menu">
        <a href="#pricing">Pricing</a>
      </NavMenu>,
    );
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});

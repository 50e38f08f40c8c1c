import { cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestedPathMessage } from '@/components/requested-path-message';
import PageError from './[locale]/error';
import GlobalError from './global-error';
import manifest from './manifest';
import robots from './robots';

// Spec section 2: a failing page shows only the text 'error' (crawlers get nothing); a page
// that calls notFound() names the requested path. robots.txt keeps per-user pages out of
// search engines in every language; the manifest speaks the default locale.

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('error fallbacks', () => {
  it("show only 'error' to people", () => {
    render(<PageError />);
    expect(document.body.textContent).toBe('error');
    // the root layout's own fallback is a whole document
    expect(renderToString(<GlobalError />)).toBe('<html lang="en"><head></head><body>error</body></html>');
  });

  it('show nothing to crawlers', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(GOOGLEBOT);
    const { container } = render(<PageError />);
    expect(container.textContent).toBe('');
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
    expect(disallow).toEqual(expect.arrayContaining(['/api/', '/pay', '/order', '/search?', '/resetPW', '/en/pay', '/zh-tw/order', '/ja/search?', '/ko/resetPW', '/account', '/fr/account']));
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

import { expect, test } from '@playwright/test';
import { LOCALE_COOKIE } from '@llk/contracts';
import { PUBLIC_PAGES, localeEntries, localized, locales } from '../support/site';

// Every route answering 200 in every locale with the right <html lang>: site-html.spec.ts, which
// fetches them all for the HTML check.

test('each page links its seven language versions with hreflang', async ({ request }) => {
  const html = await (await request.get('/en/pricing')).text();
  for (const locale of locales) {
    const href = localized(locale, '/pricing');
    expect(html).toContain(`hrefLang="${localeEntries[locale].iso}"`);
    expect(html).toMatch(new RegExp(`hrefLang="${localeEntries[locale].iso}" href="[^"]*${href.replace(/\//g, '\\/')}"`));
  }
});

test('header and footer carry the spec navigation in every locale', async ({ page, context }) => {
  for (const locale of locales) {
    await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: 'http://127.0.0.1' }]);
    await page.goto(localized(locale, '/about'));
    const header = page.locator('header').first();
    for (const target of ['/pricing', '/guide', '/about', '/download', '/cloudPc', '/news-1', '/contact', '/login']) {
      await expect(header.locator(`a[href="${localized(locale, target)}"]`).first(), `${locale} ${target}`).toBeAttached();
    }
    const footer = page.locator('footer').last();
    for (const doc of ['privacy', 'terms', 'value-added-services']) {
      await expect(footer.locator(`a[href="${localized(locale, `/legal/${doc}`)}"]`), `${locale} ${doc}`).toBeAttached();
    }
  }
});

// The pages of the auth layout (a card under its own slim bar) and the guide and news pages,
// which carry the site's search box as well.
const AUTH_LAYOUT_PAGES = new Set(['/login', '/signup', '/resetPW', '/pay', '/promotionPlan']);
const SEARCH_BOX_PAGES = new Set(['/guide', '/guide/purchase-benefits/membership', '/news-1', '/info-1']);
/** Where a visitor is sent instead (by the page's script): the order form asks them to log in first. */
const VISITOR_REDIRECTS: Record<string, string> = { '/order': '/login' };

// Search can be found from every page: the header's search link, in the bar on
// a phone and beside the language switch on a laptop. The auth pages keep a slim bar of their own
// (the logo and the language switch) with a way back to the site in words (ADR 0020).
for (const width of [390, 1280]) {
  test(`every public page offers search in its header, or a way back to the site on an auth page, at ${width} px`, async ({ browser }) => {
    test.setTimeout(120_000); // some twenty pages, one after the other
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    for (const route of PUBLIC_PAGES) {
      await page.goto(localized('en', route));
      const path = VISITOR_REDIRECTS[route] ?? route.split('?')[0]!;
      if (VISITOR_REDIRECTS[route]) await expect(page, route).toHaveURL(new RegExp(`/en${path}\\?`));
      if (AUTH_LAYOUT_PAGES.has(path)) {
        const back = page.getByRole('link', { name: 'Back to the site' });
        await expect(back, route).toBeVisible();
        await expect(back, route).toHaveAttribute('href', '/en');
        continue;
      }
      const search = page.locator('header').first().getByRole('link', { name: 'Search', exact: true });
      await expect(search, route).toBeVisible();
      await expect(search, route).toHaveAttribute('href', '/en/search');
      if (SEARCH_BOX_PAGES.has(path)) await expect(page.getByTestId('site-search').getByRole('searchbox'), route).toBeVisible();
    }
    await context.close();
  });
}

test('favicon and share image are served', async ({ request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect((await icon.body()).readUInt16LE(2)).toBe(1); // ICO type field
  const share = await request.get('/imgs/logo-120.png');
  expect(share.status()).toBe(200);
  expect((await share.body()).subarray(1, 4).toString()).toBe('PNG');
});

test('viewport is at scale 1 and keeps pinch-zoom', async ({ request }) => {
  const html = await (await request.get('/en')).text();
  const viewport = html.match(/<meta name="viewport" content="([^"]+)"/)?.[1] ?? '';
  expect(viewport).toContain('initial-scale=1');
  expect(viewport).not.toMatch(/user-scalable=(no|0)|maximum-scale=1(?!\d)/);
});

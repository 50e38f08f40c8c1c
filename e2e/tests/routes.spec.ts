import { expect, test } from '@playwright/test';
import { LOCALE_COOKIE } from '@llk/contracts';
import { localeEntries, localized, locales } from '../support/site';

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

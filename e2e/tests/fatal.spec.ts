import { expect, test } from '@playwright/test';
import { LOCALE_COOKIE } from '@llk/contracts';
import { crawlerAgent } from '../support/site';

const zh = { cookie: `${LOCALE_COOKIE}=zh-CN` };

// Route validation failure → fatal page, 404, 'Page Not Found: {path}'.
for (const path of [
  '/info-abc',
  '/info-0',
  '/news-0',
  '/news-x',
  '/en/news-0',
  '/ja/info-abc',
  '/en/no-such-page',
  '/info/1',
  '/en/news/2',
]) {
  test(`${path} is a fatal 404 naming the path`, async ({ request }) => {
    const response = await request.get(path, { headers: zh, maxRedirects: 0 });
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain(`Page Not Found: ${path}`);
  });
}

test('/pay without qrCodeId fails with "no qrCodeId"', async ({ request }) => {
  for (const path of ['/pay', '/pay?qrCodeId=', '/en/pay', '/ko/pay?other=1']) {
    const response = await request.get(path, { headers: zh, maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(html, path).toContain('no qrCodeId');
    expect(html, path).not.toContain('Page Not Found');
  }
});

test('the fatal page renders in the browser, in the page language, with a way home', async ({ page }) => {
  const response = await page.goto('/ja/info-abc');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /ja/info-abc')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('a[href="/ja"]').first()).toBeVisible();
});

test('the fatal page offers the site search and the header’s links', async ({ page }) => {
  const response = await page.goto('/fr/pas-de-page');
  expect(response?.status()).toBe(404);
  const onwards = page.getByRole('navigation', { name: 'Ou allez directement à' });
  await expect(onwards.getByRole('link')).toHaveText(['Tarifs', 'Guide', 'À propos', 'Télécharger', 'PC cloud', 'Actualités', 'Contact']);
  if (process.env.E2E_SHOTS) {
    await page.screenshot({ path: '/tmp/shots/h6-11-404-fr-1280.png', fullPage: true });
  }
  await page.getByRole('searchbox', { name: 'Mots-clés' }).fill('mot de passe');
  await page.getByRole('search').getByRole('button').click();
  await expect(page).toHaveURL(/\/fr\/search\?q=mot\+de\+passe$/);
});

test('crawlers get the status without the error page', async ({ request }) => {
  for (const path of ['/info-abc', '/en/pay', '/en/nothing-here']) {
    const response = await request.get(path, { headers: { 'user-agent': crawlerAgent }, maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    const body = await response.text();
    expect(body, path).not.toContain('Page Not Found');
    expect(body, path).not.toContain('no qrCodeId');
  }
});

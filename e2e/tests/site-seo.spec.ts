import { expect, test } from '@playwright/test';

// Absolute URLs use the origin the site was built with (NEXT_PUBLIC_SITE_URL), so only paths are compared.
const origin = 'https?://[^/<"]+';

test('sitemap.xml lists every page in every language with hreflang alternates', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
  const xml = await response.text();
  for (const path of ['', '/en', '/zh-tw', '/es', '/fr', '/ja', '/ko']) {
    expect(xml).toMatch(new RegExp(`<loc>${origin}${path || '/'}</loc>`));
    expect(xml).toMatch(new RegExp(`<loc>${origin}${path}/download</loc>`));
  }
  expect(xml).toMatch(new RegExp(`<xhtml:link rel="alternate" hreflang="ja" href="${origin}/ja/download" />`));
  expect(xml).toMatch(new RegExp(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/download" />`));
  expect(xml).not.toContain('/pay');
  // every guide topic, to the deepest level, in every language
  for (const path of ['', '/en', '/ja', '/ko'])
    expect(xml).toMatch(new RegExp(`<loc>${origin}${path}/guide/remote-control/input-devices/gamepad</loc>`));
  expect(xml).toMatch(
    new RegExp(`<xhtml:link rel="alternate" hreflang="zh-TW" href="${origin}/zh-tw/guide/purchase-benefits/membership" />`),
  );
});

test('sitemap.xml lists news items and listing pages from the API', async ({ request }) => {
  // A build without the API leaves news out; the sitemap picks it up when regenerated in the background.
  await expect
    .poll(async () => (await (await request.get('/sitemap.xml')).text()).match(/\/info-\d+<\/loc>/g)?.length ?? 0, {
      timeout: 30_000,
      intervals: [500, 1000, 2000],
    })
    .toBeGreaterThanOrEqual(7 * 10);
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toMatch(new RegExp(`<loc>${origin}/fr/info-1</loc>`));
  expect(xml).toMatch(new RegExp(`<loc>${origin}/en/news-2</loc>`));
});

test('robots.txt allows the site, keeps crawlers out of per-user pages and names the sitemap', async ({ request }) => {
  const text = await (await request.get('/robots.txt')).text();
  expect(text).toContain('Allow: /');
  expect(text).toContain('Disallow: /api/');
  expect(text).toContain('Disallow: /en/pay');
  expect(text).toMatch(new RegExp(`Sitemap: ${origin}/sitemap.xml`));
});

test('my pages carry title, description, canonical and Open Graph in their language', async ({ page }) => {
  for (const [path, title] of [
    ['/ja/download', /ダウンロード/],
    ['/en/log', /Release notes/],
    ['/fr/cloudPc', /Cloud PC|PC cloud/i],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^${origin}${path}$`));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
  }
});

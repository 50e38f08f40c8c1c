import { expect, test } from '@playwright/test';
import { LOCALE_COOKIE } from '@llk/contracts';

test('clientType, redirectUrl and from are carried to the next route when it lacks them', async ({ page, context }) => {
  await context.addCookies([{ name: LOCALE_COOKIE, value: 'en', url: 'http://127.0.0.1' }]);
  await page.goto('/en/about?clientType=WIN&redirectUrl=%2Fpricing&from=app&other=drop');
  await page.locator('header a[href="/en/download"]').first().click();
  await expect(page).toHaveURL(/\/en\/download\?/);
  let params = new URL(page.url()).searchParams;
  expect(params.get('clientType')).toBe('WIN');
  expect(params.get('redirectUrl')).toBe('/pricing');
  expect(params.get('from')).toBe('app');
  expect(params.get('other')).toBeNull();

  // and on to the next page again
  await page.locator('footer a[href="/en/legal/privacy"]').first().click();
  await expect(page).toHaveURL(/\/en\/legal\/privacy\?/);
  params = new URL(page.url()).searchParams;
  expect(params.get('clientType')).toBe('WIN');
  expect(params.get('from')).toBe('app');
});

test('nothing is carried when the current route has none of them', async ({ page, context }) => {
  await context.addCookies([{ name: LOCALE_COOKIE, value: 'en', url: 'http://127.0.0.1' }]);
  await page.goto('/en/about?other=1');
  await page.locator('header a[href="/en/download"]').first().click();
  await expect(page).toHaveURL(/\/en\/download$/);
});

test('/api/<path> on the web reaches <path> on the API', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  const body = await health.json();
  expect(body.errcode).toBe(0);
  expect(body.data.database.ok).toBe(true);

  const missing = await request.get('/api/no-such-call', { headers: { 'accept-language': 'ja' } });
  expect(missing.status()).toBe(404);
  const envelope = await missing.json();
  expect(envelope.errcode).not.toBe(0);
  expect(envelope.errmsg).toMatch(/[ぁ-んァ-ン一-龯]/);
});

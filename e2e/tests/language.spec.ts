import { expect, test } from '@playwright/test';
import { LOCALE_COOKIE } from '@llk/contracts';
import { crawlerAgent } from '../support/site';

// First-visit detection: cookie, then browser languages, else en.
const cases: Array<[string | undefined, string]> = [
  [undefined, '/en'],
  ['zh-HK', '/zh-tw'],
  ['zh-TW,zh;q=0.9', '/zh-tw'],
  ['de', '/en'],
  ['de-DE,fr;q=0.8', '/fr'],
  ['ja-JP,ja;q=0.9,en;q=0.8', '/ja'],
  ['ko', '/ko'],
  ['es-MX', '/es'],
];

for (const [acceptLanguage, target] of cases) {
  test(`first visit with Accept-Language ${acceptLanguage ?? '(none)'} goes to ${target}`, async ({ request }) => {
    const headers: Record<string, string> = acceptLanguage ? { 'accept-language': acceptLanguage } : {};
    const response = await request.get('/pricing?from=ad', { headers, maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(
      new URL(response.headers()['location']!, 'http://x').pathname + new URL(response.headers()['location']!, 'http://x').search,
    ).toBe(`${target}/pricing?from=ad`);
    expect(response.headers()['set-cookie']).toContain(`${LOCALE_COOKIE}=${target.slice(1)}`);
  });
}

test('zh and zh-CN browsers stay on the unprefixed zh-CN site and get the cookie', async ({ playwright, baseURL }) => {
  for (const acceptLanguage of ['zh-CN,zh;q=0.9', 'zh']) {
    // a fresh context each time: a context keeps the cookies it is given
    const request = await playwright.request.newContext({ baseURL });
    const response = await request.get('/', { headers: { 'accept-language': acceptLanguage }, maxRedirects: 0 });
    expect(response.status()).toBe(200);
    const cookie = response.headers()['set-cookie'] ?? '';
    expect(cookie).toContain(`${LOCALE_COOKIE}=zh-CN`);
    expect(cookie).toMatch(/Path=\//i);
    expect(cookie).toMatch(/Max-Age=31536000/i);
    await request.dispose();
  }
});

test('an existing cookie wins over the browser languages', async ({ request }) => {
  const response = await request.get('/about', {
    headers: { 'accept-language': 'zh-CN', cookie: `${LOCALE_COOKIE}=ja` },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(307);
  expect(response.headers()['location']).toMatch(/\/ja\/about$/);
  expect(response.headers()['set-cookie']).toBeUndefined();

  const stay = await request.get('/about', { headers: { 'accept-language': 'en', cookie: `${LOCALE_COOKIE}=zh-CN` }, maxRedirects: 0 });
  expect(stay.status()).toBe(200);
});

test('a prefixed first visit sets the cookie to that language, and a later visit keeps it', async ({ request }) => {
  const first = await request.get('/fr/contact', { headers: { 'accept-language': 'ja' }, maxRedirects: 0 });
  expect(first.status()).toBe(200);
  expect(first.headers()['set-cookie']).toContain(`${LOCALE_COOKIE}=fr`);
  const later = await request.get('/ko/contact', { headers: { cookie: `${LOCALE_COOKIE}=fr` }, maxRedirects: 0 });
  expect(later.status()).toBe(200);
  expect(later.headers()['set-cookie']).toBeUndefined();
});

test('a crawler is never redirected and gets no cookie', async ({ request }) => {
  const response = await request.get('/', { headers: { 'user-agent': crawlerAgent, 'accept-language': 'en' }, maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(response.headers()['set-cookie']).toBeUndefined();
  expect(await response.text()).toContain('<html lang="zh-CN"');
});

test('a browser with Japanese preferred lands on /ja with the cookie', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ja-JP' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/ja$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  const cookie = (await context.cookies()).find((c) => c.name === LOCALE_COOKIE);
  expect(cookie?.value).toBe('ja');
  expect(cookie?.path).toBe('/');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  await context.close();
});

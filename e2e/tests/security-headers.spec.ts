import { type TQrCodeResult } from '@llk/contracts';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, createUser, localePath, useLocale } from '../support/accounts';
import { payInSandbox } from '../support/commerce';
import { type TLocale } from '../support/site';

// Every web answer carries the security headers, and every page's Content-Security-Policy
// (hashes of its own inline scripts, scripts from 'self', no eval) lets it work in Chromium:
// each kind of page, in three languages, logs no violation. apps/web/server/security-headers.mjs.

const LOCALES: TLocale[] = ['zh-CN', 'en', 'ja'];
const wechatAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.53(0x18003531) NetType/WIFI Language/zh_CN';

interface TViolation {
  directive: string;
  blocked: string;
  sample: string;
  /** where, so a failure says which script did it */
  source: string;
}

/** Records securitypolicyviolation events and Chromium's CSP console errors from the first byte on. */
async function watchPolicy(page: Page): Promise<{ violations: () => Promise<TViolation[]>; consoleErrors: string[] }> {
  await page.addInitScript(() => {
    const seen: TViolation[] = [];
    (window as unknown as { __csp: TViolation[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      });
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions-Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      consoleErrors.push(message.text());
  });
  return {
    violations: () => page.evaluate(() => (window as unknown as { __csp?: TViolation[] }).__csp ?? []),
    consoleErrors,
  };
}

/** Opens a page, lets it hydrate and load what it loads lazily, and expects no policy complaint. */
async function expectClean(page: Page, url: string, watch: Awaited<ReturnType<typeof watchPolicy>>) {
  const response = await page.goto(url);
  expect(response, url).not.toBeNull();
  expect(response!.headers()['content-security-policy'], url).toMatch(/script-src 'self' 'sha256-/);
  await page.waitForLoadState('networkidle');
  // hydrated: React has attached itself to the root (Next's scripts ran)
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            Object.keys(document.documentElement).some((key) => key.startsWith('__react')) ||
            Boolean((window as unknown as { next?: unknown }).next),
        ),
      { message: url },
    )
    .toBe(true);
  expect(await watch.violations(), url).toEqual([]);
  expect(watch.consoleErrors, url).toEqual([]);
}

test('every answer carries the security headers; pages a script policy of their own', async ({ request }) => {
  const page = await request.get('/en/login');
  const headers = page.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['permissions-policy']).toContain('microphone=()');
  expect(headers['permissions-policy']).toContain('geolocation=()');
  // served over http here: no HSTS (server/security-headers test covers https)
  expect(headers['strict-transport-security']).toBeUndefined();
  const csp = headers['content-security-policy']!;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // the WeChat JS-SDK by the one file the share setup loads, not every script of its origin
  expect(csp).toMatch(/script-src [^;]* https:\/\/res\.wx\.qq\.com\/open\/js\/jweixin-1\.6\.0\.js(;| )/);
  expect(csp).not.toMatch(/https:\/\/res\.wx\.qq\.com[ ;]/);
  // one hash per inline script of this very page
  const html = await page.text();
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].length;
  expect(inline).toBeGreaterThan(1);
  expect(csp.match(/'sha256-/g)).toHaveLength(inline);

  // the home page, a HEAD, a 404 page, a script file, an image, the API forward
  const home = await request.get('/', { headers: { 'accept-language': 'zh-CN' } });
  expect(home.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  const head = await request.head('/en/login');
  expect(head.headers()['content-security-policy']).toBe(csp);
  const missing = await request.get('/en/no-such-page');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  const script = html.match(/<script src="(\/_next\/static\/[^"]+\.js)"/)![1]!;
  for (const url of [script, '/favicon.ico', '/api/health']) {
    const answer = await request.get(url);
    expect(answer.status(), url).toBe(200);
    expect(answer.headers()['x-content-type-options'], url).toBe('nosniff');
    expect(answer.headers()['x-frame-options'], url).toBe('DENY');
    expect(answer.headers()['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
  }
});

test('the policy is enforced: an inline script the page did not carry is refused and reported', async ({ page }) => {
  const watch = await watchPolicy(page);
  await page.goto('/en/about');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
  });
  await expect.poll(watch.violations).toEqual([expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' })]);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});

const publicPages = [
  '/',
  '/about',
  '/contact',
  '/pricing',
  '/download',
  '/cloudPc',
  '/notice',
  '/log',
  '/guide',
  '/guide/purchase-benefits/membership',
  '/info-1',
  '/news-1',
  '/search?keyword=remote',
  '/login',
  '/signup',
  '/resetPW',
  '/promotionPlan',
  '/legal/privacy',
  '/dev/outbox',
  '/no-such-page',
  '/pay',
];

// The policy is the same in every language; what a language changes is the text and the fonts.
// English visits every kind of page, the other languages the pages with the most of their text.
const pagesOf = (locale: TLocale) =>
  locale === 'en' ? publicPages : ['/', '/pricing', '/guide/purchase-benefits/membership', '/login', '/search?keyword=remote'];

for (const locale of LOCALES) {
  test(`${locale}: ${locale === 'en' ? 'every kind of page runs' : 'its pages run'} under the policy without a violation`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await useLocale(context, locale);
    const watch = await watchPolicy(page);
    for (const route of pagesOf(locale)) await expectClean(page, localePath(locale, route), watch);

    // a client-side navigation (RSC fetch) and the language switch's links
    await page.goto(localePath(locale, '/'));
    await page
      .locator(`header a[href="${localePath(locale, '/pricing')}"]`)
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/pricing')}$`));
    await expect(page.locator('main h1')).toBeVisible();
    // what the new page loads after it shows (chunks, prefetches): a busy machine may keep the
    // network from going quiet for 500 ms, which is no failure of the policy
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    expect(await watch.violations()).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });
}

test('en: logged in, the order, payment, cloud PC and ambassador pages run without a violation', async ({ page, context }) => {
  test.setTimeout(120_000);
  const locale: TLocale = 'en';
  await useLocale(context, locale);
  const user = await createUser(page.request);
  const login = await page.request.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: PASSWORD } });
  expect((await login.json()).errcode).toBe(0);
  const watch = await watchPolicy(page);

  for (const route of ['/cloudPc', '/promotionPlan', '/order?plan=YEAR']) await expectClean(page, localePath(locale, route), watch);
  // a payment: the QR code (inline SVG) and the live status polling
  await page.getByTestId('pay-method-WX').check();
  await page.getByTestId('pay-now').click();
  await payInSandbox(page);
  await expect(page.getByTestId('order-success')).toBeVisible({ timeout: 20_000 });
  expect(await watch.violations()).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
});

test('zh-CN inside WeChat: /pay and the share setup (JS-SDK from res.wx.qq.com) run without a violation', async ({ browser, request }) => {
  const context = await browser.newContext({ userAgent: wechatAgent });
  try {
    await useLocale(context, 'zh-CN');
    const page = await context.newPage();
    const user = await createUser(request);
    const login = await request.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: PASSWORD } });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const created = await request.post('/api/order/createQRCodeId', { headers: { Authorization: token }, data: { skuId: 'MONITOR_10' } });
    const code = ((await created.json()) as { data: TQrCodeResult }).data;

    // WeChat's SDK, stood in for: defines wx and reports the way the real one does (an image)
    const sdk: string[] = [];
    await page.route('https://res.wx.qq.com/**', async (route) => {
      sdk.push(route.request().url());
      await route.fulfill({
        contentType: 'application/javascript',
        body: 'window.wx = { config() { new Image().src = "https://open.weixin.qq.com/sdk/report?v=1"; }, ready(f) { f(); }, error() {}, updateAppMessageShareData() {}, updateTimelineShareData() {} };',
      });
    });
    await page.route('https://open.weixin.qq.com/sdk/report**', (route) => route.fulfill({ status: 204 }));
    await page.route('**/api/wxMp/getJsapiTicket?**', (route) =>
      route.fulfill({
        json: { errcode: 0, errmsg: 'ok', data: { appId: 'wxe2e0000000000001', timestamp: 1, nonceStr: 'n', signature: 's' } },
      }),
    );
    const watch = await watchPolicy(page);
    await expectClean(page, code.path, watch);
    await expect(page.getByTestId('pay-details').locator('[data-row="account"] dd')).toHaveText(user.username);
    await expectClean(page, '/about', watch);
    await expect.poll(() => sdk.length).toBeGreaterThan(0);
    expect(await watch.violations()).toEqual([]);
  } finally {
    await context.close();
  }
});

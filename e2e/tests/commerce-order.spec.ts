import { type TLocale, type TQrCodeResult, localeEntries } from '@llk/contracts';
import { expect, test } from '@playwright/test';
import {
  PASSWORD,
  PHONE_ONLY,
  accountTexts,
  apiBase,
  createUser,
  localePath,
  logInThroughRedirect,
  showAccountArea,
  useLocale,
  whenHydrated,
} from '../support/accounts';
import { commerceTexts, fetchPricing, payInSandbox, rmb, spaces, text } from '../support/commerce';
import { data, signUpCustomer } from '../support/customers';

// Buying with the built-in sandbox gateway: the web order of an annual membership (log in via
// redirectUrl, Pay Now, the QR and its sandbox page, live status, the new plan and expiry in
// the header) and the desktop app's QR-code order (/pay?qrCodeId=…).

const locale: TLocale = 'en';
const t = commerceTexts(locale);

// The web order on a desktop in English and Spanish and, on the phone project, in Korean and
// French (the QR code still: the phone project's browser does not say it is a phone; the wallet
// app's flow is the zh-tw journey below).
for (const [locale, tag] of [
  ['en', { tag: '@writes' }],
  ['es', {}],
  ['ko', PHONE_ONLY],
  ['fr', PHONE_ONLY],
] as const) {
  test(
    `${locale}: log in from /order, buy an annual membership in the sandbox, see the plan and expiry in the header`,
    tag,
    async ({ page, context, request, baseURL }) => {
      const t = commerceTexts(locale);
      const a = accountTexts(locale);
      await useLocale(context, locale);
      const user = await createUser(request);
      const pricing = await fetchPricing(request, locale);
      const year = pricing.plans.find((plan) => plan.code === 'PRO')!.prices.find((price) => price.timeUnit === 'YEAR')!;

      // A visitor is sent to log in and comes back to the chosen plan.
      await page.goto(`${localePath(locale, '/order')}?plan=YEAR`);
      const orderPath = localePath(locale, '/order');
      await expect(page).toHaveURL(`${baseURL}${localePath(locale, '/login')}?redirectUrl=${encodeURIComponent(`${orderPath}?plan=YEAR`)}`);
      await logInThroughRedirect(page, user, locale);
      await expect(page).toHaveURL(`${baseURL}${orderPath}?plan=YEAR`);

      // The plan with price, original price and discount from the server.
      await expect(page.getByTestId('plan-YEAR')).toBeChecked();
      const summary = page.getByTestId('order-summary');
      await expect(summary.locator('[data-row="price"] dd')).toHaveText(rmb(year.priceFen, locale));
      await expect(summary.locator('[data-row="original"] dd')).toHaveText(rmb(year.originalPriceFen, locale));
      await expect(summary.locator('[data-row="discount"] dd')).toHaveText(
        text(t, 'Order', 'discountValue').replace('{amount}', rmb(year.discountFen, locale)),
      );
      const agreement = text(t, 'Order', 'agreement').match(/<link>(.+?)<\/link>/)![1]!;
      await expect(page.getByRole('link', { name: agreement })).toHaveAttribute('href', localePath(locale, '/legal/membership-agreement'));

      await page.getByTestId('pay-method-WX').check();
      await page.getByTestId('pay-now').click();
      await expect(page.getByRole('heading', { name: text(t, 'Order', 'scanHeading.WX') })).toBeVisible();
      expect(spaces((await page.getByTestId('amount-due').textContent()) ?? '')).toBe(
        spaces(text(t, 'Order', 'amountDue').replace('{amount}', rmb(year.priceFen, locale))),
      );
      await expect(page.getByText(text(t, 'Order', 'sandboxNote'))).toBeVisible();

      await payInSandbox(page);

      // Live status: success with the new plan and expiry, and the header shows them too. The
      // success is brought into view (on a phone, in ko, it was left below the fold).
      const success = page.getByTestId('order-success');
      await expect(success).toBeVisible({ timeout: 20_000 });
      await expect(success).toBeInViewport();
      const expiry = new Date(Date.now() + 365 * 24 * 3600 * 1000);
      const longDate = new Intl.DateTimeFormat(localeEntries[locale].iso, { dateStyle: 'long', timeZone: 'Asia/Shanghai' });
      const detail = page.getByTestId('order-success-detail');
      await expect(detail).toContainText(pricing.plans.find((plan) => plan.code === 'PRO')!.name);
      // One year from now (the order may straddle midnight in China: either day is right).
      const days = [expiry, new Date(expiry.getTime() + 24 * 3600 * 1000), new Date(expiry.getTime() - 24 * 3600 * 1000)].map((d) =>
        longDate.format(d),
      );
      await expect(detail).toHaveText(new RegExp(days.map((d) => d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')));
      await showAccountArea(page);
      const header = page.getByRole('group', { name: a.AccountStatus!.label! });
      await expect(header).toContainText(a.AccountStatus!.planPro!);
      await expect(header).toContainText(a.AccountStatus!.validUntil!.replace('{date}', '').trim());

      // On the narrowest phone the bar itself shows the plan and its last day (the brand name gives way).
      await page.setViewportSize({ width: 320, height: 700 });
      const chip = page.locator('header [data-plan-chip]');
      await expect(chip).toBeVisible();
      await expect(chip).toContainText(a.AccountStatus!.planPro!);
      await expect(chip).toContainText(/\d/);
      const fit = await chip.evaluate((element) => ({
        right: element.getBoundingClientRect().right,
        documentWidth: document.documentElement.scrollWidth,
      }));
      expect(fit.right).toBeLessThanOrEqual(320);
      expect(fit.documentWidth).toBe(320);

      // The server agrees.
      const level = await page.request.get('/api/user/currentMemberLevel');
      const body = (await level.json()) as { data: { plan: string; active: boolean; expiresAt: string } };
      expect(body.data).toMatchObject({ plan: 'PRO', active: true });
      expect(Math.abs(Date.parse(body.data.expiresAt) - expiry.getTime())).toBeLessThan(2 * 24 * 3600 * 1000);
    },
  );
}

test(
  'en: the desktop app’s QR code opens /pay, which shows the order and is paid in the sandbox',
  { tag: ['@writes', '@phone'] },
  async ({ page, context, request }) => {
    await useLocale(context, locale);
    const user = await createUser(request);
    const login = await request.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: PASSWORD } });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    expect(token).toBeTruthy();
    const created = await request.post('/api/order/createQRCodeId', { headers: { Authorization: token }, data: { skuId: 'MONITOR_10' } });
    const code = ((await created.json()) as { errcode: number; data: TQrCodeResult }).data;
    expect(code.path).toBe(`/pay?qrCodeId=${code.qrCodeId}`);
    const pricing = await fetchPricing(request, locale);
    const walls = pricing.addOns.find((sku) => sku.skuId === 'MONITOR_10')!;

    // The phone that scans the code is not logged in, and needs not be: the page pays for the
    // account the code names and shows it.
    await page.goto(localePath(locale, code.path));
    await expect(page).toHaveURL(new RegExp(`/en/pay\\?qrCodeId=${code.qrCodeId}$`));
    expect((await context.cookies()).some((cookie) => cookie.name.includes('session'))).toBe(false);

    const details = page.getByTestId('pay-details');
    await expect(details.locator('[data-row="account"] dd')).toHaveText(user.username);
    await expect(details.locator('[data-row="nickname"] dd')).not.toBeEmpty();
    await expect(details.locator('[data-row="item"] dd')).toHaveText('10 screen walls');
    await expect(page.getByTestId('order-total')).toHaveText(rmb(walls.priceFen, locale));
    await expect(page.getByTestId('order-summary').locator('[data-row="discount"] dd')).toHaveText(
      text(t, 'Order', 'discountValue').replace('{amount}', rmb(walls.discountFen, locale)),
    );

    // A reload shows the same order (the code itself is single use).
    await page.reload();
    await expect(details.locator('[data-row="account"] dd')).toHaveText(user.username);

    await page.getByTestId('pay-method-ZFB').check();
    await page.getByTestId('pay-submit').click();
    await expect(page.getByRole('heading', { name: text(t, 'Order', 'scanHeading.ZFB') })).toBeVisible();
    await payInSandbox(page);
    await expect(page.getByTestId('pay-success')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('pay-success')).toContainText(text(t, 'Order', 'successHeading'));
    await expect(page.getByTestId('pay-success')).toContainText(user.username);

    const monitors = await request.get('/api/user/queryMonitorAndQuality', { headers: { Authorization: token } });
    expect(((await monitors.json()) as { data: { monitorCount: number } }).data.monitorCount).toBe(10);

    // The code cannot be turned into a second order.
    const again = await request.post(`/api/order/createOrderByCodeId?qrCodeId=${code.qrCodeId}`, { headers: { Authorization: token } });
    expect(((await again.json()) as { errcode: number }).errcode).not.toBe(0);
  },
);

test('zh-tw on a phone outside WeChat: Pay Now opens the wallet’s page (the sandbox here), which brings the payer back to a success in view', async ({
  browser,
  request,
  baseURL,
}) => {
  const zt = commerceTexts('zh-tw');
  const customer = await signUpCustomer(request);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'zh-TW',
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  await context.addCookies([
    { name: 'llk_session', value: customer.token, url: baseURL ?? '', httpOnly: true, sameSite: 'Lax' },
    { name: 'llk_session_hint', value: '1', url: baseURL ?? '', sameSite: 'Lax' },
  ]);
  const page = await context.newPage();
  await page.goto(`${localePath('zh-tw', '/order')}?plan=MONTH`);
  await (await whenHydrated(page.getByTestId('pay-now'))).click();

  // no QR code to scan with the phone showing it: the wallet's page (the sandbox's confirm page) opens in this tab
  await expect(page).toHaveURL(/\/sandbox\/pay\/ZFB\//);
  await page.getByRole('button').click();
  await expect(page.locator('p[role="status"]')).toHaveClass('ok', { timeout: 20_000 });
  await page.getByRole('link', { name: '返回商家頁面' }).click();

  // back on the order page, which follows the same order: the success is on screen, not below the fold
  await expect(page).toHaveURL(/\/zh-tw\/order\?plan=MONTH$/);
  const success = page.getByTestId('order-success');
  await expect(success).toBeVisible({ timeout: 20_000 });
  await expect(success).toBeInViewport();
  await expect(success).toContainText(text(zt, 'Order', 'successHeading'));
  const orders = await data<{ list: { status: string; payClient?: string }[] }>(
    await request.get(`${apiBase}/order/list?page=1&pageSize=10`, { headers: { authorization: customer.token } }),
  );
  expect(orders.list.map((order) => order.status)).toEqual(['FULFILLED']);
  await context.close();
});

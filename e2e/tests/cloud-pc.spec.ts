import { readFileSync } from 'node:fs';
import path from 'node:path';
import { localeEntries, type TCloudPcDevices, type TCloudPcPlans, type TLocale } from '@llk/contracts';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { createUser, localePath, logInThroughRedirect, useLocale, writesIn } from '../support/accounts';
import { commerceTexts, payInSandbox, rmb, text } from '../support/commerce';

// Cloud-PC rental in Chromium: a visitor logs in from /cloudPc, rents a plan through
// /order and the sandbox gateway, finds the machine in "My cloud PCs", switches auto-renew,
// requests an invoice and cancels it (released at once); and the provider sign-up is
// acknowledged with a reference. Texts come from the message files, figures from the API.

type TTexts = Record<string, Record<string, unknown>>;
const root = path.resolve(import.meta.dirname, '../..');
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as TTexts;

function texts(locale: TLocale): TTexts {
  const pages = json(`apps/web/messages/${locale}/pages.json`);
  const contracts = json(`packages/contracts/messages/${locale}.json`);
  return {
    ...commerceTexts(locale),
    ...json(`apps/web/messages/${locale}/cloud-pc.json`),
    CloudPcPage: pages.CloudPcPage ?? {},
    OrderPage: pages.OrderPage ?? {},
    validation: contracts.validation ?? {},
  };
}

async function fetchPlans(request: APIRequestContext, locale: TLocale): Promise<TCloudPcPlans> {
  const response = await request.get('/api/cloudPc/plans', { headers: { 'accept-language': localeEntries[locale].language } });
  const body = (await response.json()) as { errcode: number; data: TCloudPcPlans };
  expect(body.errcode).toBe(0);
  return body.data;
}

/** GET /cloudPc/devices with the page's session. */
async function listDevices(page: Page): Promise<TCloudPcDevices['devices']> {
  const response = await page.request.get('/api/cloudPc/devices');
  const body = (await response.json()) as { errcode: number; data: TCloudPcDevices };
  expect(body.errcode).toBe(0);
  return body.data.devices;
}

/** Logs in through /login?redirectUrl=/cloudPc and rents the plan's monthly offer in the sandbox. */
async function rent(page: Page, request: APIRequestContext, locale: TLocale) {
  const user = await createUser(request);
  const { plans } = await fetchPlans(request, locale);
  const plan = plans[0]!;
  const month = plan.offers.find((offer) => offer.timeUnit === 'MONTH')!;
  await page.goto(`${localePath(locale, '/order')}?sku=${month.skuId}`);
  await expect(page).toHaveURL(/\/login\?redirectUrl=/);
  await logInThroughRedirect(page, user, locale);
  await expect(page).toHaveURL(new RegExp(`/order\\?sku=${month.skuId}$`));
  // the QR journey (outside the zh pages the card comes first, ADR 0029)
  await page.getByTestId('pay-method-ZFB').check();
  await page.getByTestId('pay-now').click();
  await payInSandbox(page);
  await expect(page.getByTestId('order-success')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('to-cloud-pcs').click();
  await expect(page.getByTestId('cloud-pc-device')).toHaveCount(1);
  return { plan, month };
}

test(
  'en: renew a cloud PC through the order page and its renewal order; the expiry moves on',
  { tag: '@writes' },
  async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const t = texts('en');
    await useLocale(context, 'en');
    const { plan, month } = await rent(page, request, 'en');
    const [before] = await listDevices(page);
    expect(before).toMatchObject({ status: 'RUNNING', timeUnit: 'MONTH', pendingRenewalOrderId: null });

    await page.getByTestId('device-renew').click();
    await expect(page).toHaveURL(new RegExp(`/en/order\\?sku=${month.skuId}&renew=${before!.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(t, 'OrderPage', 'renewHeading'));
    await expect(page.getByTestId('plan-MONTH')).toBeChecked();
    await page.getByTestId('pay-method-ZFB').check();
    await page.getByTestId('pay-now').click();
    await payInSandbox(page);
    const detail = page.getByTestId('order-success-detail');
    await expect(detail).toContainText(text(t, 'Order', 'successCloudPcRenewed').split('{plan}')[0]!, { timeout: 20_000 });
    await expect(detail).toContainText(text(t, 'CloudPc', `plans.${plan.planId}`));

    const [after] = await listDevices(page);
    expect(after!.id).toBe(before!.id);
    expect(after!.status).toBe('RUNNING');
    // one more month (28–31 days)
    const added = Date.parse(after!.expiresAt) - Date.parse(before!.expiresAt);
    expect(added).toBeGreaterThanOrEqual(28 * 24 * 3600 * 1000);
    expect(added).toBeLessThanOrEqual(31 * 24 * 3600 * 1000);
  },
);

test(
  'en: the first cloud-PC order is refunded within 15 minutes and the machine released',
  { tag: '@writes' },
  async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const t = texts('en');
    await useLocale(context, 'en');
    await rent(page, request, 'en');
    const device = page.getByTestId('cloud-pc-device');
    await device.getByTestId('device-refund').click();
    const dialog = page.getByTestId('cloud-pc-confirm');
    await expect(dialog).toContainText(text(t, 'CloudPc', 'devices.refundBody'));
    // what is paid back, from the server, before confirming: the rental alone here
    await expect(dialog.getByTestId('cloud-pc-refund-item')).toHaveCount(1);
    await expect(dialog.getByTestId('cloud-pc-refund-total')).toContainText(text(t, 'CloudPc', 'devices.refundTotal'));
    await dialog.getByTestId('cloud-pc-confirm-yes').click();
    await expect(device.getByTestId('device-status')).toHaveText(text(t, 'CloudPc', 'status.RELEASED'));
    await expect(device.getByTestId('device-refund')).toHaveCount(0);
    // refunded once the sandbox confirmed the money back: no invoice to ask for, the refund is said instead
    await expect(device.getByTestId('device-refund-state')).toHaveAttribute('data-state', 'REFUNDED');
    await expect(device.getByTestId('device-refund-state')).toContainText(text(t, 'CloudPc', 'devices.refundStateRefunded'));
    await expect(device.getByTestId('device-refunded')).toBeVisible();
    await expect(device.getByTestId('invoice-open')).toHaveCount(0);

    const [released] = await listDevices(page);
    expect(released).toMatchObject({ status: 'RELEASED', refundableUntil: null, refundedAt: expect.any(String) });
    const order = await page.request.get(`/api/order/info/${released!.orderId}`);
    expect(((await order.json()) as { data: { status: string } }).data.status).toMatch(/^REFUND(ING|ED)$/);
  },
);

for (const locale of ['en', 'zh-CN'] as const satisfies readonly TLocale[]) {
  test(
    `${locale}: log in from /cloudPc, rent a cloud PC in the sandbox, see it in the device list, cancel it`,
    writesIn(locale, 'zh-CN'),
    async ({ page, context, request }) => {
      test.setTimeout(120_000);
      const t = texts(locale);
      await useLocale(context, locale);
      const user = await createUser(request);
      const { plans } = await fetchPlans(request, locale);
      expect(plans.map((plan) => [plan.cores, plan.threads])).toContainEqual([14, 28]);
      expect(plans.map((plan) => [plan.cores, plan.threads])).toContainEqual([52, 104]);
      const plan = plans[0]!;
      const month = plan.offers.find((offer) => offer.timeUnit === 'MONTH')!;

      // The plans with the server's prices; a visitor is asked to log in and comes back.
      await page.goto(localePath(locale, '/cloudPc'));
      await expect(page.getByTestId(`price-${plan.planId}-MONTH`)).toHaveText(rmb(month.priceFen, locale));
      await expect(page.getByTestId('cloud-pc-login')).toBeVisible();
      await page.getByTestId('cloud-pc-login-link').click();
      await expect(page).toHaveURL(/\/login\?redirectUrl=%2FcloudPc/);
      await logInThroughRedirect(page, user, locale);
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/cloudPc').replace(/[.?]/g, '\\$&')}$`));
      await expect(page.getByTestId('cloud-pc-empty')).toBeVisible();

      // Rent: /order?sku=… with the plan's price, Pay Now, the sandbox, success.
      await page.getByTestId(`rent-${month.skuId}`).click();
      await expect(page).toHaveURL(new RegExp(`/order\\?sku=${month.skuId}$`));
      await expect(page.getByTestId('plan-MONTH')).toBeChecked();
      await expect(page.getByTestId('order-total')).toHaveText(rmb(month.priceFen, locale));
      await page.getByTestId('pay-method-ZFB').check();
      await page.getByTestId('pay-now').click();
      await expect(page.getByRole('heading', { name: text(t, 'Order', 'scanHeading.ZFB') })).toBeVisible();
      await payInSandbox(page);
      const success = page.getByTestId('order-success');
      await expect(success).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('order-success-detail')).toContainText(text(t, 'CloudPc', `plans.${plan.planId}`));

      // The machine is in the device list at once: running, with its plan, cores and threads.
      await page.getByTestId('to-cloud-pcs').click();
      const device = page.getByTestId('cloud-pc-device');
      await expect(device).toHaveCount(1);
      await expect(device.getByTestId('device-status')).toHaveText(text(t, 'CloudPc', 'status.RUNNING'));
      await expect(device.getByTestId('device-plan')).toHaveText(text(t, 'CloudPc', `plans.${plan.planId}`));
      await expect(device.getByTestId('device-spec')).toContainText(String(plan.threads));
      // the account's first cloud-PC order: refundable for 15 minutes
      await expect(device.getByTestId('device-refund')).toBeVisible();

      // Auto-renew on, as the server records it.
      const toggle = device.getByTestId('device-auto-renew');
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      expect((await listDevices(page))[0]).toMatchObject({ status: 'RUNNING', autoRenew: true, planId: plan.planId });

      // It is one of the account's devices too: /device/list carries it, and
      // /account/devices shows it as a cloud PC with its plan, end date and auto-renew, with Renew
      // and the way back to auto-renew and cancelling.
      const [rented] = await listDevices(page);
      const listed = (await (await page.request.get('/api/device/list')).json()) as {
        data: { cloudPcs?: Array<{ id: string; planId: string; autoRenew: boolean; expiresAt: string }> };
      };
      expect(listed.data.cloudPcs).toEqual([
        expect.objectContaining({ id: rented!.id, planId: plan.planId, autoRenew: true, expiresAt: rented!.expiresAt }),
      ]);
      await page.goto(localePath(locale, '/account/devices'));
      const inList = page.getByTestId('device-cloud-pc');
      await expect(inList).toHaveCount(1);
      await expect(inList.getByTestId('device-cloud-pc-name')).toHaveText(rented!.name);
      await expect(inList.getByTestId('device-cloud-pc-badge')).toHaveText(text(t, 'CloudPc', 'inDeviceList.badge'));
      await expect(inList.getByTestId('device-cloud-pc-plan')).toHaveText(text(t, 'CloudPc', `plans.${plan.planId}`));
      await expect(inList.getByTestId('device-cloud-pc-auto-renew')).toHaveText(text(t, 'CloudPc', 'devices.on'));
      await expect(inList.getByTestId('device-cloud-pc-expires').locator('time')).toHaveAttribute('datetime', rented!.expiresAt);
      await expect(inList.getByTestId('device-cloud-pc-renew')).toHaveAttribute(
        'href',
        `${localePath(locale, '/order')}?sku=${month.skuId}&renew=${rented!.id}`,
      );
      if (process.env.E2E_SHOTS) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({ path: `/tmp/shots/h2-devices-${locale}-${width}.png`, fullPage: false });
        }
      }
      await inList.getByTestId('device-cloud-pc-manage').click();
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/cloudPc') && url.hash === '#cloud-pc-devices');
      await expect(device.getByTestId('device-auto-renew')).toHaveAttribute('aria-checked', 'true');

      // An invoice request: a special invoice needs the taxpayer id, then it is recorded.
      await device.getByTestId('invoice-open').click();
      const invoice = device.getByTestId('invoice-form');
      await invoice.getByTestId('invoice-kind-SPECIAL').check();
      await invoice.locator('input[name="title"]').fill('Hangzhou Compute Co., Ltd.');
      await invoice.locator('input[name="email"]').fill('finance@example.com');
      await invoice.getByTestId('invoice-submit').click();
      await expect(invoice.locator('input[name="taxId"]')).toHaveAttribute('aria-invalid', 'true');
      await expect(invoice).toContainText(text(t, 'validation', 'required'));
      await invoice.locator('input[name="taxId"]').fill('91330100MA2AAAAA1X');
      await invoice.getByTestId('invoice-submit').click();
      await expect(device.getByTestId('invoice-requested')).toContainText(text(t, 'CloudPc', 'invoice.kinds.SPECIAL'));

      // Cancel: the dialog says what happens; confirming releases the machine at once.
      await device.getByTestId('device-cancel').click();
      const dialog = page.getByTestId('cloud-pc-confirm');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(text(t, 'CloudPc', 'devices.cancelBody'));
      await dialog.getByTestId('cloud-pc-confirm-yes').click();
      await expect(dialog).toBeHidden();
      await expect(device.getByTestId('device-status')).toHaveText(text(t, 'CloudPc', 'status.RELEASED'));
      await expect(device.getByTestId('device-cancel')).toHaveCount(0);
      await expect(device.getByTestId('device-renew')).toHaveCount(0);

      // The server agrees, also after a reload.
      const devices = await listDevices(page);
      expect(devices).toHaveLength(1);
      expect(devices[0]).toMatchObject({ status: 'RELEASED', planId: plan.planId });
      expect(devices[0]!.releasedAt).toBeTruthy();
      await page.reload();
      await expect(page.getByTestId('cloud-pc-device').getByTestId('device-status')).toHaveText(text(t, 'CloudPc', 'status.RELEASED'));
    },
  );

  test(
    `${locale}: the provider sign-up checks its fields and acknowledges with a reference`,
    writesIn(locale, 'en'),
    async ({ page, context }) => {
      const t = texts(locale);
      await useLocale(context, locale);
      await page.goto(localePath(locale, '/cloudPc'));
      const form = page.getByTestId('provider-form');
      await form.getByTestId('provider-submit').click();
      await expect(form.locator('#provider-company')).toHaveAttribute('aria-invalid', 'true');
      await expect(form.locator('#provider-company')).toBeFocused();
      await expect(form).toContainText(text(t, 'validation', 'phoneOrEmailRequired'));

      await form.locator('#provider-company').fill('Hangzhou Compute Co., Ltd.');
      await form.locator('#provider-contactName').fill('Li Wei');
      await form.locator('#provider-email').fill('partners@example.com');
      await form.locator('#provider-region').fill('Zhejiang, Hangzhou');
      await form.locator('#provider-machineCount').fill('0');
      await form.locator('#provider-hardware').fill('AMD EPYC 9654, 256 GB, RTX 4090');
      await form.getByTestId('provider-submit').click();
      await expect(form.locator('#provider-machineCount')).toHaveAttribute('aria-invalid', 'true');
      await expect(form).toContainText(text(t, 'validation', 'invalidValue'));
      await form.locator('#provider-machineCount').fill('48');
      await form.getByTestId('provider-submit').click();

      const ack = page.getByTestId('provider-ack');
      await expect(ack).toBeVisible();
      await expect(ack).toContainText(text(t, 'CloudPc', 'provider.ackHeading'));
      await expect(ack.getByTestId('provider-reference')).not.toBeEmpty();
    },
  );
}

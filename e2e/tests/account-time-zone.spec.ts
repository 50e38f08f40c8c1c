import { expect, test } from '@playwright/test';
import { localeEntries, type TLocale } from '@llk/contracts';
import { formatDateTime, formatTime, formatZoneOffset } from '../../apps/web/src/lib/format';
import { createUser, localePath, logInThroughRedirect, useLocale } from '../support/accounts';
import { commerceTexts, text } from '../support/commerce';

// One rule for time (docs/adr/0031): the payment deadline, the order list and
// the order's page all show the reader's own clock with its offset. A browser in Madrid and one
// in Shanghai (Playwright's timezoneId), each on its own: the same zone on every one of those
// screens, none in the other's, no hydration warning. E2E_SHOTS=1 saves screenshots to /tmp/shots.

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
// On a phone Pay Now hands over to the wallet app, so the deadline is the order page's there
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const JOURNEYS = [
  { locale: 'es', zone: 'Europe/Madrid', viewport: DESKTOP, phone: false },
  { locale: 'es', zone: 'Europe/Madrid', viewport: PHONE, phone: true },
  { locale: 'zh-CN', zone: 'Asia/Shanghai', viewport: DESKTOP, phone: false },
  { locale: 'zh-CN', zone: 'Asia/Shanghai', viewport: PHONE, phone: true },
] as const satisfies readonly { locale: TLocale; zone: string; viewport: { width: number; height: number }; phone: boolean }[];

for (const journey of JOURNEYS) {
  test.describe(`${journey.locale} in ${journey.zone} at ${journey.viewport.width} px`, () => {
    test.use({
      timezoneId: journey.zone,
      viewport: journey.viewport,
      ...(journey.phone ? { isMobile: true, hasTouch: true, userAgent: PHONE_UA } : {}),
    });

    test(`${journey.locale}: the payment deadline, the order list and the order's page are on the ${journey.zone} clock with its offset`, async ({
      page,
      context,
      request,
    }) => {
      test.setTimeout(120_000);
      const { locale, zone } = journey;
      const tag = localeEntries[locale].iso;
      // the offset of that zone today (Madrid: UTC+1 in winter, UTC+2 in summer), and China's
      const offset = formatZoneOffset(new Date(), zone);
      const other = zone === 'Asia/Shanghai' ? formatZoneOffset(new Date(), 'Europe/Madrid') : 'UTC+8';
      const paren = (label: string) => (/^(zh|ja)\b/.test(tag) ? `（${label}）` : ` (${label})`);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /hydrat|did not match/i.test(message.text())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));

      await useLocale(context, locale);
      const user = await createUser(request);
      await page.goto(`${localePath(locale, '/order')}?plan=YEAR`);
      await logInThroughRedirect(page, user, locale);
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/order'));
      // the browser told the site its zone
      await expect
        .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'llk-tz')?.value)
        .toBe(encodeURIComponent(zone));

      let deadline: string | null = null;
      if (journey.phone) {
        // the order as the page's Pay Now makes it, without the hand-over to the wallet
        const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;
        const made = await page.request.post('/api/order/createV2', {
          data: { itemType: 'MEMBER', timeUnit: 'YEAR' },
          headers: { origin },
        });
        expect(((await made.json()) as { errcode: number }).errcode).toBe(0);
      } else {
        // the QR panel's deadline
        const t = commerceTexts(locale);
        await page.getByTestId('pay-method-ZFB').check();
        await page.getByTestId('pay-now').click();
        const before = page.getByTestId('payment-panel').getByText(text(t, 'Order', 'payBefore').split('{time}')[0]!.trim());
        await expect(before).toBeVisible({ timeout: 20_000 });
        deadline = (await before.textContent()) ?? '';
        expect(deadline).toContain(paren(offset));
        expect(deadline).not.toContain(other);
        if (process.env.E2E_SHOTS) await page.screenshot({ path: `/tmp/shots/h7-item9-${locale}-${journey.viewport.width}-deadline.png` });
      }

      // the order list: the order just made, at the time it was made, on the same clock
      const orders = (await (await page.request.get('/api/order/list?page=1&pageSize=10')).json()) as {
        data: { list: { id: string; createdAt: string; expiresAt: string }[] };
      };
      const order = orders.data.list[0]!;
      if (deadline !== null) expect(deadline).toContain(formatTime(order.expiresAt, tag, zone));
      await page.goto(localePath(locale, '/account/orders'));
      const row = page.locator(`[data-order="${order.id}"]`);
      const listed = row.locator('time');
      await expect(listed).toHaveText(formatDateTime(order.createdAt, tag, zone));
      await expect(listed).toHaveAttribute('data-zone', zone);
      expect(await listed.textContent()).toContain(paren(offset));
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `/tmp/shots/h7-item9-${locale}-${journey.viewport.width}-orders.png` });

      // the order's page: made at and pay by, both on that clock, the deadline as the panel said
      await row.getByTestId('order-title').click();
      await expect(page.getByTestId('order-detail')).toBeVisible();
      const payBy = page.getByTestId('pay-by').locator('time');
      await expect(payBy).toHaveText(formatDateTime(order.expiresAt, tag, zone));
      await expect(page.getByTestId('order-detail').locator(`time[datetime="${order.createdAt}"]`)).toHaveText(
        formatDateTime(order.createdAt, tag, zone),
      );
      await expect(page.getByTestId('order-detail')).not.toContainText(other);
      if (process.env.E2E_SHOTS)
        await page.screenshot({ path: `/tmp/shots/h7-item9-${locale}-${journey.viewport.width}-order.png`, fullPage: true });

      expect(problems).toEqual([]);
    });
  });
}

import { expect, test } from '@playwright/test';
import { createUser, localePath, logInThroughRedirect, useLocale, whenHydrated } from '../support/accounts';
import { adminTexts, signedInStaff } from '../support/admin';
import { commerceTexts, text } from '../support/commerce';

// Cards (ADR 0029) with the embedded default: no Stripe keys, so the card
// sandbox's page stands in for Stripe Checkout and sends a Stripe-signed webhook. In English the
// card comes first and says the issuer converts; the payer leaves for the card page, confirms,
// comes back to the order page, which shows the membership; FINANCE refunds it in the back
// office and the order is refunded.

test(
  'en: pay an annual membership by card in the sandbox, then refund it from the back office',
  { tag: '@writes' },
  async ({ page, context, request, browser, baseURL }) => {
    test.setTimeout(120_000);
    const locale = 'en';
    const t = commerceTexts(locale);
    await useLocale(context, locale);
    const user = await createUser(request);

    await page.goto(`${localePath(locale, '/order')}?plan=YEAR`);
    await logInThroughRedirect(page, user, locale);
    await expect(page).toHaveURL(`${baseURL}${localePath(locale, '/order')}?plan=YEAR`);

    // every method selectable, the card first outside the zh pages and mainland China, and chosen
    const methods = page.getByTestId('pay-methods');
    await expect(methods).toHaveAttribute('data-methods', 'CARD ZFB WX');
    await expect(page.getByTestId('pay-method-CARD')).toBeChecked();
    await expect(page.getByTestId('card-currency-note')).toHaveText(text(t, 'Order', 'cardNote'));
    await page.getByTestId('pay-method-ZFB').check();
    await expect(page.getByTestId('card-currency-note')).toHaveCount(0);
    await page.getByTestId('pay-method-CARD').check();

    // Pay now: the card page (Stripe Checkout's stand-in) opens in the same tab
    await (await whenHydrated(page.getByTestId('pay-now'))).click();
    await expect(page).toHaveURL(/\/api\/sandbox\/pay\/CARD\//, { timeout: 20_000 });
    await expect(page.getByText('Card (sandbox)')).toBeVisible();
    await page.getByRole('button').click();
    await expect(page.locator('p[role="status"]')).toHaveClass('ok', { timeout: 20_000 });
    // back to the order page it left, which follows the order until it is paid
    await page.locator('a.return').click();
    const success = page.getByTestId('order-success');
    await expect(success).toBeVisible({ timeout: 20_000 });
    // "Order number 01M8…" (a ULID)
    const orderId = /[0-9A-HJKMNP-TV-Z]{26}/.exec((await success.textContent()) ?? '')?.[0];
    expect(orderId).toBeTruthy();
    const order = await page.request.get(`/api/order/info/${orderId}`);
    expect(((await order.json()) as { data: { status: string; payMethod: string } }).data).toMatchObject({
      status: 'FULFILLED',
      payMethod: 'CARD',
    });

    // FINANCE refunds it in full; the sandbox refunds at once and the order is refunded
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signedInStaff(staff, baseURL ?? '', 'FINANCE');
    const o = adminTexts('en').AdminOrders!;
    await staff.goto(`/admin/orders/${orderId}`);
    await (await whenHydrated(staff.getByTestId('admin-refund-open'))).click();
    const dialog = staff.getByTestId('admin-refund-dialog');
    await dialog.getByLabel(o.reason!).fill('card payment refunded on request');
    await dialog.getByRole('button', { name: o.confirmRefund! }).click();
    await expect
      .poll(
        async () => ((await (await page.request.get(`/api/order/info/${orderId}`)).json()) as { data: { status: string } }).data.status,
        { timeout: 20_000 },
      )
      .toBe('REFUNDED');
    const refunds = await staff.request.get(`/admin/api/orders/${orderId}`);
    expect(JSON.stringify(await refunds.json())).toContain('SUCCEEDED');
    await staffContext.close();
  },
);

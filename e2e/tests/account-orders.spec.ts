import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { type TLocale } from '@llk/contracts';
import { createUser, localePath, logInThroughRedirect, useLocale } from '../support/accounts';
import { rmb, spaces } from '../support/commerce';

// The account area's orders: a visitor is sent to log in and back; the order list
// shows the user's orders newest first with state, method and amount; a paid order's receipt
// prints without the site around it; an unpaid order is cancelled from its page. In zh-CN, en,
// ja and fr, at phone size (390×844) and on a desktop. With ACCOUNT_SHOTS=<dir> each journey
// also saves screenshots of the overview, the list and the receipt there.

type TTexts = Record<string, unknown>;
const root = path.resolve(import.meta.dirname, '../..');

function texts(locale: TLocale): { shell: TTexts; overview: TTexts; orders: TTexts; header: TTexts } {
  const file = JSON.parse(readFileSync(path.join(root, 'apps/web/messages', locale, 'account-home.json'), 'utf8')) as Record<
    string,
    TTexts
  >;
  const common = JSON.parse(readFileSync(path.join(root, 'apps/web/messages', locale, 'common.json'), 'utf8')) as Record<string, TTexts>;
  return { shell: file.accountShell!, overview: file.accountOverview!, orders: file.accountOrders!, header: common.Header! };
}

function at(tree: TTexts, key: string): string {
  let node: unknown = tree;
  for (const part of key.split('.')) node = (node as TTexts | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no message ${key}`);
  return node;
}

/** An API call with the page's session; a cookie-authenticated change must come from the site's own origin. */
async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;
  const response = method === 'GET' ? await request.get(`/api${url}`) : await request.post(`/api${url}`, { data, headers: { origin } });
  const body = (await response.json()) as { errcode: number; errmsg: string; data: T };
  expect(body.errcode, `${url}: ${body.errmsg}`).toBe(0);
  return body.data;
}

/** A paid year of Pro through the payment sandbox (its confirm page, as a payer's phone would). */
async function payOrder(page: Page, orderId: string): Promise<void> {
  const pay = await api<{ codeUrl: string }>(page.request, 'POST', '/pay/payV2', { orderId, payMethod: 'ZFB' });
  const sandbox = await page.context().newPage();
  await sandbox.goto(pay.codeUrl);
  await sandbox.getByRole('button').click();
  await expect(sandbox.locator('p[role="status"]')).toHaveClass('ok', { timeout: 20_000 });
  await sandbox.close();
  await expect
    .poll(async () => (await api<{ status: string }>(page.request, 'GET', `/order/info/${orderId}`)).status, { timeout: 20_000 })
    .toBe('FULFILLED');
}

const shots = process.env.ACCOUNT_SHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

const PHONE = { name: 'phone', size: { width: 390, height: 844 } } as const;
const DESKTOP = { name: 'desktop', size: { width: 1280, height: 800 } } as const;
// Four languages, each at one size, both sizes twice: the layout checks differ by size, the
// texts by language, and every language × size pair would only repeat them.
const JOURNEYS = [
  ['zh-CN', DESKTOP],
  ['en', PHONE],
  ['ja', PHONE],
  ['fr', DESKTOP],
] as const satisfies readonly (readonly [TLocale, typeof PHONE | typeof DESKTOP])[];

for (const [locale, viewport] of JOURNEYS) {
  const writes = locale === 'zh-CN';
  test(
    `${locale} ${viewport.name}: orders listed, a receipt printed, an unpaid order cancelled`,
    writes ? { tag: '@writes' } : {},
    async ({ page, context, request }) => {
      // two accounts' worth of pages and a sandbox payment: slow on a loaded 2-core machine
      test.setTimeout(180_000);
      const t = texts(locale);
      await page.setViewportSize(viewport.size);
      await useLocale(context, locale);
      const user = await createUser(request);

      // a visitor is sent to log in, and comes back to the orders
      await page.goto(localePath(locale, '/account/orders'));
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === localePath(locale, '/login') && url.searchParams.get('redirectUrl') === localePath(locale, '/account/orders'),
      );
      await logInThroughRedirect(page, user, locale);
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/account/orders'));
      await expect(page.getByRole('heading', { level: 1, name: at(t.shell, 'titles.orders') })).toBeVisible();
      await expect(page.getByTestId('orders-empty')).toHaveText(new RegExp(at(t.orders, 'empty').replace(/[.?]/g, '\\$&')));

      // two orders: one paid, one left unpaid (made after it: listed first)
      const paid = await api<{ id: string; totalFen: number }>(page.request, 'POST', '/order/createV2', {
        itemType: 'MEMBER',
        timeUnit: 'YEAR',
      });
      await payOrder(page, paid.id);
      const unpaid = await api<{ id: string; totalFen: number }>(page.request, 'POST', '/order/createV2', {
        itemType: 'MEMBER',
        timeUnit: 'MONTH',
      });

      await page.reload();
      const rows = page.getByTestId('order-list').locator('li');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toHaveAttribute('data-order', unpaid.id);
      await expect(rows.nth(0).locator('[data-state]')).toHaveText(at(t.orders, 'states.CREATED'));
      await expect(rows.nth(1).locator('[data-state]')).toHaveText(at(t.orders, 'states.FULFILLED'));
      await expect(rows.nth(1)).toContainText(at(t.orders, 'methods.ZFB'));
      expect(spaces(await rows.nth(1).getByTestId('order-amount').innerText())).toBe(spaces(rmb(paid.totalFen, locale)));
      // the section navigation marks Orders and fits the phone's width
      const nav = page.getByTestId('account-nav');
      await expect(nav.locator('[aria-current="page"]')).toHaveAttribute('data-section', 'orders');
      expect(await page.locator('main').evaluate((main) => main.scrollWidth - main.clientWidth)).toBe(0);
      // the 26-character order number: on a phone its short form on one line, the whole number in its
      // tooltip and copy button; on a desktop the whole number
      const number = rows.nth(1).locator('[data-order-id]');
      await expect(number).toHaveAttribute('data-order-id', paid.id);
      const shown = number.locator(viewport.name === 'phone' ? '[data-short]' : '[data-full]');
      await expect(shown).toBeVisible();
      await expect(shown).toHaveText(viewport.name === 'phone' ? `${paid.id.slice(0, 6)}…${paid.id.slice(-4)}` : paid.id);
      const lines = await shown.evaluate((element) => element.getClientRects().length);
      expect(lines).toBe(1);
      if (viewport.name === 'phone') await expect(number.locator('[data-short]')).toHaveAttribute('title', paid.id);
      await expect(number.getByRole('button', { name: at(t.orders, 'copyId') })).toBeVisible();
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `/tmp/shots/h1-15-${locale}-${viewport.size.width}.png` });
      await shot(page, `acct-orders-${locale}-${viewport.size.width}-orders`);

      // the paid order's receipt, in the page's language, printing only the receipt
      await rows.nth(1).getByTestId('order-title').click();
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, `/account/orders/${paid.id}`));
      await page.getByTestId('open-receipt').click();
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, `/account/orders/${paid.id}/receipt`));
      const receipt = page.getByTestId('receipt');
      await expect(receipt.getByRole('heading', { level: 1 })).toHaveText(at(t.orders, 'receiptDoc.heading'));
      await expect(receipt).toContainText(user.username);
      await expect(receipt).toContainText(paid.id);
      expect(spaces(await page.getByTestId('receipt-total').innerText())).toBe(spaces(rmb(paid.totalFen, locale)));
      await expect(page.getByTestId('print-receipt')).toHaveText(at(t.orders, 'receiptDoc.print'));
      await shot(page, `acct-orders-${locale}-${viewport.size.width}-receipt`);
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('body > header')).toBeHidden();
      await expect(page.locator('body > footer')).toBeHidden();
      await expect(page.getByTestId('account-nav')).toBeHidden();
      await expect(page.getByTestId('print-receipt')).toBeHidden();
      await expect(receipt).toBeVisible();
      await page.emulateMedia({ media: 'screen' });

      // the unpaid order is cancelled from its page, after a confirmation
      await page.goto(localePath(locale, `/account/orders/${unpaid.id}`));
      await expect(page.getByTestId('order-detail')).toHaveAttribute('data-status', 'CREATED');
      await expect(page.getByTestId('open-receipt')).toHaveCount(0);
      await page.getByTestId('cancel-order').click();
      await expect(page.getByTestId('cancel-confirm')).toContainText(at(t.orders, 'cancelConfirm'));
      await page.getByTestId('cancel-yes').click();
      await expect(page.getByTestId('order-detail')).toHaveAttribute('data-status', 'CANCELLED', { timeout: 30_000 });
      await expect(page.getByTestId('cancel-order')).toHaveCount(0);
      expect((await api<{ status: string }>(page.request, 'GET', `/order/info/${unpaid.id}`)).status).toBe('CANCELLED');

      // the overview: Pro with its expiry, reached from the header's account name
      // (on a phone the header's menu holds it)
      if (viewport.name === 'phone') await page.getByRole('button', { name: at(t.header, 'openMenu') }).click();
      await page.locator('[data-account-name]').click();
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/account'));
      await expect(page.getByTestId('overview-plan')).toContainText(at(t.overview, 'plans.PRO'));
      await expect(page.getByTestId('renew')).toHaveText(at(t.overview, 'renew'));
      // registered now (after 1 July 2025) without the global channel, but with no device abroad:
      // the cross-border notice does not concern it, so it is not shown (when it
      // is shown: apps/api/test/modules/users.test.ts)
      await expect(page.getByTestId('overview-channel')).toBeVisible();
      await expect(page.getByTestId('channel-notice')).toHaveCount(0);
      await shot(page, `acct-orders-${locale}-${viewport.size.width}-overview`);
    },
  );
}

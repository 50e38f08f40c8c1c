import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { logIn, registerSimulatedDevices } from '../../apps/api/tools/devices-simulate';
import { PASSWORD, apiBase as api, createUser, whenHydrated } from '../support/accounts';
import { adminTexts, signedInStaff } from '../support/admin';
import { buyInSandbox, data, signUpCustomer } from '../support/customers';

// The back office's OPS and FINANCE desks (ADR 0019): an OPS member finds a customer's simulated
// device by its app device id, opens its page and asks why it cannot connect to the customer's
// other device (signed out by its owner: refused by its permission level, read in words; allowed
// once the owner signs it in again); a FINANCE member issues a customer's invoice request with
// its number and sees the request's state change, as the customer's own API then answers it.

const root = path.resolve(import.meta.dirname, '../..');
type TTree = { [key: string]: string | TTree };

/** One staff screen's English texts (apps/web/messages-admin/en/<file>.json), {placeholders} filled. */
function screenTexts(file: string, namespace: string) {
  const tree = (JSON.parse(readFileSync(path.join(root, 'apps/web/messages-admin/en', `${file}.json`), 'utf8')) as Record<string, TTree>)[
    namespace
  ];
  return (key: string, values: Record<string, string | number> = {}): string => {
    let node: string | TTree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no text ${namespace}.${key}`);
    return node.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

test(
  'OPS finds a simulated device by its app device id, opens it and reads why a connect check is refused',
  { tag: '@writes' },
  async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const t = screenTexts('devices', 'AdminDevices');
    const nav = adminTexts('en').AdminShell!;

    // a customer's two devices, registered as `npm run devices:simulate` does; the second is signed out by its owner
    const customer = await createUser(request);
    const token = await logIn(api, customer.username, PASSWORD);
    const [phone, tablet] = await registerSimulatedDevices({ baseUrl: api, token, prefix: `e2e-ops-${Date.now().toString(36)}`, count: 2 });
    const [phoneName, tabletName] = ['Android phone 1', 'Android tablet 2'];
    await data(
      await request.post(`${api}/device/update`, {
        headers: { authorization: token },
        data: { deviceId: tablet!.id, policy: 'LOGIN_OUT' },
      }),
    );

    const context = await browser.newContext();
    const page = await context.newPage();
    await signedInStaff(page, baseURL ?? '', 'OPS');
    await page.getByRole('link', { name: nav['nav.devices']! }).first().click();
    await expect(page.getByRole('heading', { name: t('title'), level: 1 })).toBeVisible();

    // found by the app's device id: one row, with its owner
    await page.getByLabel(t('searchLabel')).fill(phone!.deviceId);
    await page.getByRole('button', { name: t('searchButton'), exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/devices\?q=/);
    const rows = page.getByTestId('admin-device-row');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(phone!.deviceId);
    await expect(rows.getByRole('link', { name: customer.username })).toHaveAttribute('href', /^\/admin\/users\/[0-9A-Za-z]+$/);
    await rows.getByRole('link', { name: phoneName }).click();

    // its page: the app device id, the owner, the permission level
    await expect(page).toHaveURL(new RegExp(`/admin/devices/${phone!.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('detailTitle', { name: phoneName }));
    await expect(page.getByTestId('admin-device-key')).toHaveText(phone!.deviceId);
    await expect(page.getByTestId('admin-device-owner')).toContainText(customer.username);
    await expect(page.getByTestId('admin-device-policy')).toContainText(t('policies.ALL'));

    // the connect check from this device to the signed-out one: refused, and why
    const check = page.getByTestId('connect-check');
    await expect(check.getByLabel(t('connect.from'), { exact: true })).toHaveValue(phone!.id);
    await (await whenHydrated(check.getByLabel(t('connect.to'), { exact: true }))).fill(tablet!.deviceId);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/admin/api/devices/connect-check'),
      check.getByRole('button', { name: t('connect.submit'), exact: true }).click(),
    ]);
    expect(answer.status()).toBe(200);
    await expect(check.getByTestId('connect-decision')).toHaveText(t('connect.refused'));
    await expect(check.getByTestId('connect-reason')).toHaveText(
      t('connect.reasons.POLICY_TO', { to: tabletName, policy: t('policies.LOGIN_OUT') }),
    );

    // the customer signs the tablet in again: the same check is allowed now
    await data(
      await request.post(`${api}/device/update`, { headers: { authorization: token }, data: { deviceId: tablet!.id, policy: 'ALL' } }),
    );
    await check.getByRole('button', { name: t('connect.submit'), exact: true }).click();
    await expect(check.getByTestId('connect-decision')).toHaveText(t('connect.allowed'));
    await expect(check.getByTestId('connect-reason')).toHaveText(t('connect.allowedText', { from: phoneName, to: tabletName }));
    await context.close();
  },
);

test(
  'FINANCE issues an invoice request with its number, sees its state change, and finds the money in the finance report',
  { tag: '@writes' },
  async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const t = screenTexts('invoices', 'AdminInvoices');
    const nav = adminTexts('en').AdminShell!;

    // a customer's paid order and an invoice request for it
    const context = await browser.newContext();
    const customer = await signUpCustomer(request);
    const order = await buyInSandbox(context, request, customer, 'MEMBER_MONTH');
    const title = `Hangzhou Remote ${randomInt(1000, 10_000)} Co., Ltd.`;
    await data(
      await request.post(`${api}/order/invoice`, {
        headers: { authorization: customer.token },
        data: { orderId: order.id, title, taxId: '91330100MA2AAAAA1X', email: 'finance@example.com' },
      }),
    );

    // FINANCE opens the requests (the open ones first) and finds it by its order
    const page = await context.newPage();
    await signedInStaff(page, baseURL ?? '', 'FINANCE');
    await page.getByRole('link', { name: nav['nav.invoices']! }).first().click();
    await expect(page.getByRole('heading', { name: t('title'), level: 1 })).toBeVisible();
    const row = page.locator(`[data-testid="admin-invoice-row"][data-order="${order.id}"]`);
    await expect(row.getByTestId('admin-invoice-state')).toHaveText(t('states.REQUESTED'));
    await expect(row).toContainText(title);
    await expect(row.getByRole('link', { name: order.id })).toHaveAttribute('href', `/admin/orders/${order.id}`);

    // issued with its number: the row says so at once
    const number = `E2E${Date.now()}`;
    await (await whenHydrated(row.getByRole('button', { name: t('issue'), exact: true }))).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(t('issueTitle', { order: order.id }));
    await dialog.getByLabel(t('invoiceNoLabel'), { exact: true }).fill(number);
    const [issued] = await Promise.all([
      page.waitForResponse((response) => /^\/admin\/api\/invoices\/[0-9A-Za-z]+\/issue$/.test(new URL(response.url()).pathname)),
      dialog.getByRole('button', { name: t('issue'), exact: true }).click(),
    ]);
    expect(issued.status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('admin-invoice-state')).toHaveText(t('states.ISSUED'));
    await expect(row).toContainText(t('invoiceNo', { number }));
    await expect(row.getByRole('button', { name: t('issue'), exact: true })).toHaveCount(0);

    // the customer's own API reads the request as issued
    const answer = await data<{ invoices: { state: string }[] }>(
      await request.get(`${api}/order/invoice/${order.id}`, { headers: { authorization: customer.token } }),
    );
    expect(answer.invoices[0]?.state).toBe('ISSUED');

    // the finance report (the last 30 days of UTC+8) counts the order's money, and its CSV says the same
    const r = screenTexts('dashboard', 'AdminReports');
    await page.getByRole('link', { name: nav['nav.reports']! }).first().click();
    await expect(page.getByRole('heading', { name: r('title'), level: 1 })).toBeVisible();
    const days = page.getByTestId('report-days');
    await expect(days.getByRole('row').nth(1).locator('td').first()).toHaveText(r('total'));
    await expect(days.getByRole('row').nth(2).locator('td').first()).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    const csvHref = (await page.getByTestId('report-csv').getAttribute('href')) ?? '';
    const csv = await page.request.get(csvHref);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const totalLine = (await csv.text()).split('\r\n').find((line) => line.startsWith('total,')) ?? '';
    expect(Number(totalLine.split(',')[1])).toBeGreaterThanOrEqual(order.totalFen);
    await context.close();
  },
);

import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { type TLocale } from '@llk/contracts';
import { createUser, localePath, useLocale, whenHydrated } from '../support/accounts';

// Invoices for companies anywhere (ADR 0030): in es a Spanish company asks
// for its invoice on the order page (Spain chosen from the language, a VAT number with a wrong
// check digit refused under its field, then the right one), gets it at once with a number and
// opens the printable page in Spanish; in ja a Japanese company's invoice with a free tax
// number, printed; in zh-CN the form is today's fapiao request. At 1280 px and on a phone
// (390 px, a phone's user agent). With INVOICE_SHOTS=<dir> the journeys save screenshots there
// (I-form-<locale>-<width>.png, I-invoice-<locale>.png).

type TTexts = Record<string, unknown>;
const root = path.resolve(import.meta.dirname, '../..');
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function texts(locale: TLocale): { invoice: TTexts; validation: TTexts } {
  const file = JSON.parse(readFileSync(path.join(root, 'apps/web/messages', locale, 'account-home.json'), 'utf8')) as Record<
    string,
    TTexts
  >;
  const contracts = JSON.parse(readFileSync(path.join(root, 'packages/contracts/messages', `${locale}.json`), 'utf8')) as Record<
    string,
    TTexts
  >;
  return { invoice: (file.accountOrders as TTexts).invoice as TTexts, validation: contracts.validation! };
}

function at(tree: TTexts, key: string): string {
  let node: unknown = tree;
  for (const part of key.split('.')) node = (node as TTexts | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no message ${key}`);
  return node;
}

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;
  const response = method === 'GET' ? await request.get(`/api${url}`) : await request.post(`/api${url}`, { data, headers: { origin } });
  const body = (await response.json()) as { errcode: number; errmsg: string; data: T };
  expect(body.errcode, `${url}: ${body.errmsg}`).toBe(0);
  return body.data;
}

/** A paid year of Pro through the payment sandbox's confirm page. */
async function paidOrder(page: Page): Promise<{ id: string; totalFen: number }> {
  const order = await api<{ id: string; totalFen: number }>(page.request, 'POST', '/order/createV2', {
    itemType: 'MEMBER',
    timeUnit: 'YEAR',
  });
  const pay = await api<{ codeUrl: string }>(page.request, 'POST', '/pay/payV2', { orderId: order.id, payMethod: 'ZFB' });
  const sandbox = await page.context().newPage();
  await sandbox.goto(pay.codeUrl);
  await sandbox.getByRole('button').click();
  await expect(sandbox.locator('p[role="status"]')).toHaveClass('ok', { timeout: 20_000 });
  await sandbox.close();
  await expect
    .poll(async () => (await api<{ status: string }>(page.request, 'GET', `/order/info/${order.id}`)).status, { timeout: 20_000 })
    .toBe('FULFILLED');
  return order;
}

const shotsDir = process.env.INVOICE_SHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** A signed-in customer with a paid order, on the order's page, at `width` (390: a phone's user agent too). */
async function onPaidOrder(
  browser: Browser,
  locale: TLocale,
  width: 390 | 1280,
): Promise<{ context: BrowserContext; page: Page; orderId: string }> {
  const baseURL = test.info().project.use.baseURL;
  const phone = width === 390;
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    viewport: { width, height: phone ? 844 : 900 },
    ...(phone ? { userAgent: PHONE_UA, isMobile: true, hasTouch: true } : {}),
  });
  await useLocale(context, locale);
  const page = await context.newPage();
  // signing up through the context's own request signs it in (the session cookie)
  await createUser(page.request);
  await page.goto(localePath(locale, '/account/orders'));
  await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/account/orders'));
  const order = await paidOrder(page);
  await page.goto(localePath(locale, `/account/orders/${order.id}`));
  await expect(page.getByTestId('order-detail')).toHaveAttribute('data-status', 'FULFILLED');
  return { context, page, orderId: order.id };
}

/** Opens the order's invoice (a new tab) and checks the page's frame: its own number, its language, nothing around it. */
async function openInvoice(page: Page, lang: string): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('invoice-open').click()]);
  await tab.waitForLoadState();
  await expect(tab.locator('html')).toHaveAttribute('lang', lang);
  await expect(tab.getByTestId('invoice-document')).toBeVisible();
  return tab;
}

test('es 1280: a Spanish company gets its invoice at once and opens it', async ({ browser }) => {
  test.setTimeout(180_000);
  const t = texts('es');
  const { context, page, orderId } = await onPaidOrder(browser, 'es', 1280);
  const form = await whenHydrated(page.getByTestId('invoice-form'));
  // Spain from the language; the form says what the customer will get
  await expect(form.getByLabel(at(t.invoice, 'country'))).toHaveValue('ES');
  await expect(form).toHaveAttribute('data-kind', 'INTERNATIONAL');
  await expect(page.getByTestId('invoice-kind')).toHaveText(at(t.invoice, 'kindInternational'));
  // and when and where
  await expect(page.getByTestId('invoice-next')).toHaveText(at(t.invoice, 'nextInternational'));
  await expect(form.getByText(at(t.invoice, 'vatHint').replace('{code}', 'ES'))).toBeVisible();

  await form.getByLabel(at(t.invoice, 'companyName')).fill('Ejemplo Soluciones S.L.');
  await form.getByLabel(at(t.invoice, 'address')).fill('Calle Mayor 1, 3º B\n28013 Madrid');
  await form.getByLabel(at(t.invoice, 'email')).fill('facturas@ejemplo.es');
  // a plausible-looking CIF: its check digit is wrong (B1234567 → 4), said under the field
  await form.getByLabel(at(t.invoice, 'vatNumber')).fill('B12345678');
  await page.getByTestId('invoice-submit').click();
  await expect(form.getByText(at(t.validation, 'vatNumberInvalid'))).toBeVisible();
  await expect(form.getByLabel(at(t.invoice, 'vatNumber'))).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'I-form-es-1280');
  await form.getByLabel(at(t.invoice, 'vatNumber')).fill('ES B-1234567-4');
  await expect(form.getByText(at(t.validation, 'vatNumberInvalid'))).toHaveCount(0);
  await page.getByTestId('invoice-submit').click();

  // issued at once: its number on the order, the form gone
  const requests = page.getByTestId('invoice-requests');
  await expect(requests.locator('li')).toHaveCount(1, { timeout: 20_000 });
  await expect(requests.locator('li').first()).toHaveAttribute('data-state', 'ISSUED');
  const number = (await api<{ invoices: { invoiceNo: string }[] }>(page.request, 'GET', `/order/invoice/${orderId}`)).invoices[0]!
    .invoiceNo;
  expect(number).toMatch(/^LLK-\d{4}-\d{6}$/);
  await expect(requests).toContainText(at(t.invoice, 'issuedInternational').replace('{number}', number));
  await expect(requests).toContainText('ESB12345674');
  await expect(page.getByTestId('invoice-form')).toHaveCount(0);

  const invoice = await openInvoice(page, 'es');
  await expect(invoice.getByTestId('invoice-document')).toHaveAttribute('data-number', number);
  await expect(invoice.getByRole('heading', { level: 1 })).toHaveText('Factura');
  for (const text of [
    'Ejemplo Soluciones S.L.',
    'España',
    'ESB12345674',
    'Membresía Pro · 1 año',
    'Alipay',
    'Importes en yuanes chinos (CNY).',
  ])
    await expect(invoice.locator('main')).toContainText(text);
  await expect(invoice.getByTestId('invoice-total')).toHaveText(/^268\sCNY$/);
  await expect(invoice.getByTestId('invoice-sample')).toBeVisible();
  // printed: only the invoice
  await invoice.emulateMedia({ media: 'print' });
  await expect(invoice.locator('.hint')).toBeHidden();
  await shot(invoice, 'I-invoice-es');
  // someone else's order answers no page
  const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL! });
  const answer = await stranger.request.get(`/api/order/invoice/${orderId}/document`);
  expect(answer.status()).toBe(401);
  await stranger.close();
  await context.close();
});

test('es 390 (a phone): the form fits and takes a Spanish company', async ({ browser }) => {
  test.setTimeout(180_000);
  const t = texts('es');
  const { context, page } = await onPaidOrder(browser, 'es', 390);
  const form = await whenHydrated(page.getByTestId('invoice-form'));
  await expect(form.getByLabel(at(t.invoice, 'country'))).toHaveValue('ES');
  await form.getByLabel(at(t.invoice, 'companyName')).fill('Ejemplo Soluciones S.L.');
  await form.getByLabel(at(t.invoice, 'address')).fill('Calle Mayor 1\n28013 Madrid');
  await form.getByLabel(at(t.invoice, 'email')).fill('facturas@ejemplo.es');
  await form.getByLabel(at(t.invoice, 'vatNumber')).fill('ESA12345674');
  expect(await page.locator('main').evaluate((main) => main.scrollWidth - main.clientWidth)).toBe(0);
  await shot(page, 'I-form-es-390');
  await page.getByTestId('invoice-submit').click();
  await expect(page.getByTestId('invoice-open')).toBeVisible({ timeout: 20_000 });
  await context.close();
});

for (const width of [1280, 390] as const) {
  test(`zh-CN ${width}: mainland China keeps today's fapiao request`, async ({ browser }) => {
    test.setTimeout(180_000);
    const t = texts('zh-CN');
    const { context, page } = await onPaidOrder(browser, 'zh-CN', width);
    const form = await whenHydrated(page.getByTestId('invoice-form'));
    await expect(form.getByLabel(at(t.invoice, 'country'))).toHaveValue('CN');
    await expect(form).toHaveAttribute('data-kind', 'FAPIAO');
    await expect(page.getByTestId('invoice-kind')).toHaveText(at(t.invoice, 'kindFapiao'));
    await expect(page.getByTestId('invoice-next')).toHaveText(at(t.invoice, 'nextFapiao'));
    await expect(form.getByLabel(at(t.invoice, 'address'))).toHaveCount(0);
    await form.getByLabel(at(t.invoice, 'title')).fill('上海示例科技有限公司');
    await form.getByLabel(at(t.invoice, 'taxId')).fill('91310000MA1FL0AB2C');
    await form.getByLabel(at(t.invoice, 'email')).fill('cw@example.cn');
    expect(await page.locator('main').evaluate((main) => main.scrollWidth - main.clientWidth)).toBe(0);
    await shot(page, `I-form-zh-CN-${width}`);
    await page.getByTestId('invoice-submit').click();
    const requests = page.getByTestId('invoice-requests');
    await expect(requests.locator('li').first()).toHaveAttribute('data-state', 'REQUESTED', { timeout: 20_000 });
    await expect(requests).toContainText(at(t.invoice, 'states.REQUESTED'));
    await expect(page.getByTestId('invoice-open')).toHaveCount(0);
    await context.close();
  });
}

test('ja 1280: a Japanese company with a free tax number, its invoice in Japanese, printed', async ({ browser }) => {
  test.setTimeout(180_000);
  const t = texts('ja');
  const { context, page } = await onPaidOrder(browser, 'ja', 1280);
  const form = await whenHydrated(page.getByTestId('invoice-form'));
  await expect(form.getByLabel(at(t.invoice, 'country'))).toHaveValue('JP');
  await form.getByLabel(at(t.invoice, 'companyName')).fill('株式会社サンプル');
  await form.getByLabel(at(t.invoice, 'address')).fill('〒100-0005 東京都千代田区丸の内1-1-1');
  await form.getByLabel(at(t.invoice, 'taxNumber')).fill('T1234567890123');
  await form.getByLabel(at(t.invoice, 'email')).fill('keiri@example.jp');
  await page.getByTestId('invoice-submit').click();
  const invoice = await openInvoice(page, 'ja');
  await expect(invoice.getByRole('heading', { level: 1 })).toHaveText('請求書');
  for (const text of ['株式会社サンプル', '日本', 'T1234567890123', 'Pro メンバーシップ · 1 年'])
    await expect(invoice.locator('main')).toContainText(text);
  await expect(invoice.getByTestId('invoice-total')).toHaveText('268元');
  await invoice.emulateMedia({ media: 'print' });
  await shot(invoice, 'I-invoice-ja');
  await context.close();
});

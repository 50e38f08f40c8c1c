import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { whenHydrated } from '../support/accounts';
import { signedInStaff, type TStaffLanguage } from '../support/admin';
import { buyInSandbox, signUpCustomer } from '../support/customers';

// The back office reads as words, not codes. The audit log shows what
// changed (old struck, new) in rows of normal height, the raw record on demand; the orders list
// names the customer and the order page says states and pay methods in the staff member's
// language as badges; pricing is typed and shown in yuan with a confirmation that shows the old
// and new price; the user page's sessions fit their card; the dashboard's chart legend is in
// the staff member's language.

const root = path.resolve(import.meta.dirname, '../..');
type TTree = { [key: string]: string | TTree };

/** One staff screen's texts (apps/web/messages-admin/<language>/<file>.json), {placeholders} filled. */
function screenTexts(language: TStaffLanguage, file: string, namespace: string) {
  const tree = (
    JSON.parse(readFileSync(path.join(root, 'apps/web/messages-admin', language, `${file}.json`), 'utf8')) as Record<string, TTree>
  )[namespace];
  return (key: string, values: Record<string, string | number> = {}): string => {
    let node: string | TTree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no text ${namespace}.${key}`);
    return node.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

const LOCALES = ['zh-CN', 'zh-tw', 'en', 'es', 'fr', 'ja', 'ko'] as const;

async function shot(page: Page, name: string) {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `/tmp/shots/h5-${name}.png`, fullPage: true });
}

for (const language of ['en', 'zh-CN'] as const) {
  test(
    `${language}: the audit log shows what changed in rows of normal height; orders name the customer and speak in words`,
    language === 'en' ? { tag: '@writes' } : {},
    async ({ page, request, baseURL, context }) => {
      test.setTimeout(120_000);
      const audit = screenTexts(language, 'audit', 'AdminAudit');
      const orders = screenTexts(language, 'orders', 'AdminOrders');
      const owner = await signedInStaff(page, baseURL ?? '', 'OWNER', language);

      // a news draft in seven languages with long bodies, then its English title changed: two big records
      const body = 'A long paragraph of release notes that goes on and on. '.repeat(40);
      const translations = Object.fromEntries(
        LOCALES.map((locale) => [locale, { title: `Draft ${locale}`, summary: `Summary ${locale}`, body }]),
      );
      const headers = { origin: baseURL! };
      const publishAt = new Date().toISOString();
      const created = await page.request.post('/admin/api/news', { headers, data: { kind: 'NEWS', publishAt, translations } });
      expect(created.ok(), await created.text()).toBe(true);
      const item = ((await created.json()) as { data: { id: string } }).data;
      const updated = await page.request.put(`/admin/api/news/${item.id}`, {
        headers,
        data: {
          kind: 'NEWS',
          publishAt,
          expiresAt: null,
          validFrom: null,
          validUntil: null,
          translations: { ...translations, en: { title: 'Renamed draft', summary: 'Summary en', body } },
        },
      });
      expect(updated.ok(), await updated.text()).toBe(true);

      await page.goto('/admin/audit');
      await page.getByLabel(audit('staff')).fill(owner);
      // The list first shows the newest entries of everyone (the other worker's staff too) and is
      // replaced when the filtered search answers: wait for that answer, then for its rows alone.
      const searchButton = await whenHydrated(page.getByRole('button', { name: audit('search'), exact: true }));
      const filtered = page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === '/admin/api/audit' && url.searchParams.get('staff') === owner;
      });
      await searchButton.click();
      expect((await filtered).ok()).toBe(true);
      const rows = page.getByTestId('audit-row');
      await expect(rows.filter({ hasNotText: owner })).toHaveCount(0);
      await expect(rows.filter({ hasText: 'news.update' })).toHaveCount(1);
      // the update: only the field that changed, the old title struck and the new one
      const change = rows.filter({ hasText: 'news.update' }).getByTestId('audit-diff');
      await expect(change.locator('dt', { hasText: 'translations.en.title' })).toBeVisible();
      await expect(change.locator('dt', { hasText: /^translations\.(zh-CN|ja)\./ })).toHaveCount(0);
      await expect(change.locator('del', { hasText: 'Draft en' })).toBeVisible();
      await expect(change.locator('ins', { hasText: 'Renamed draft' })).toBeVisible();
      // rows of normal height, however long the record (was about 8,600 px a row)
      const count = await rows.count();
      expect(count).toBeGreaterThanOrEqual(3); // login, news.create, news.update (and the set-up)
      for (let i = 0; i < count; i += 1) expect((await rows.nth(i).boundingBox())!.height, `row ${i}`).toBeLessThan(260);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2400);
      // the whole record on demand
      const created_ = rows.filter({ hasText: 'news.create' });
      await expect(created_.getByTestId('audit-raw')).toBeHidden();
      await created_.locator('summary', { hasText: audit('raw') }).click();
      await expect(created_.getByTestId('audit-raw')).toContainText('Summary ko');
      await expect(created_).toContainText(language === 'en' ? /and \d+ more fields in the raw record/ : /另有 \d+ 个字段，见原始记录/);
      await shot(page, `22-audit-${language}-1280`);
      // filtered by object type: no news record is an order
      await page.getByLabel(audit('targetType')).fill('order');
      await (await whenHydrated(page.getByRole('button', { name: audit('search'), exact: true }))).click();
      await expect(page.getByText(audit('empty'))).toBeVisible();

      // a customer's paid order: the list names the customer; the order page says its states in words
      const customer = await signUpCustomer(request);
      const order = await buyInSandbox(context, request, customer, 'MONITOR_1');
      await page.goto(`/admin/orders?q=${order.id}`);
      await expect(page.getByTestId('admin-order-user')).toHaveText(customer.username);
      await page.getByRole('link', { name: order.id }).click();
      const status = page.getByTestId('admin-order-status');
      await expect(status).toHaveText(orders('statuses.FULFILLED'));
      await expect(status).toHaveAttribute('data-tone', 'good');
      const summary = page.getByTestId('admin-order-summary');
      await expect(summary).toContainText(orders('payMethods.ZFB'));
      await expect(summary).not.toContainText('ZFB');
      await expect(page.locator('main')).toContainText(orders('paymentStates.PAID'));
      await expect(page.locator('main')).toContainText(orders('notificationOutcomes.APPLIED'));
      await expect(page.locator('main')).not.toContainText('APPLIED');
      await shot(page, `24-order-${language}-1280`);
    },
  );
}

test('zh-CN: pricing in yuan with the old and new price before a change; the user page fits its sessions; the chart legend says 日期', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const p = screenTexts('zh-CN', 'pricing', 'AdminPricing');
  await signedInStaff(page, baseURL ?? '', 'OWNER', 'zh-CN');

  // pricing: yuan in, yuan shown; Save asks with old → new, and Cancel changes nothing
  const before = (
    (await (await page.request.get('/admin/api/pricing/skus')).json()) as {
      data: { items: { skuId: string; priceFen: number; originalPriceFen: number }[] };
    }
  ).data.items;
  const month = before.find((sku) => sku.skuId === 'MEMBER_MONTH')!;
  await page.goto('/admin/pricing');
  const row = page.locator('[data-sku="MEMBER_MONTH"]');
  await expect(row.getByTestId('admin-sku-name')).toHaveText('会员 · 1 个月');
  const price = row.getByLabel(`${p('price')} · 会员 · 1 个月`);
  await expect(price).toHaveValue((month.priceFen / 100).toFixed(2));
  await (await whenHydrated(row.getByRole('button', { name: p('save') }))).click();
  await expect(row.getByRole('status')).toHaveText(p('unchanged'));
  await price.fill(((month.priceFen + 100) / 100).toFixed(2));
  await row.getByRole('button', { name: p('save') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(p('confirmTitle', { name: '会员 · 1 个月' }));
  const change = dialog.getByTestId('admin-price-change');
  await expect(change.locator('del').first()).toContainText(String(month.priceFen / 100));
  await expect(change.locator('ins').first()).toContainText(String((month.priceFen + 100) / 100));
  await shot(page, '23-pricing-zh-CN-1280');
  await dialog.getByRole('button', { name: p('cancel') }).click();
  await expect(dialog).toBeHidden();
  const after = (
    (await (await page.request.get('/admin/api/pricing/skus')).json()) as { data: { items: { skuId: string; priceFen: number }[] } }
  ).data.items;
  expect(after.find((sku) => sku.skuId === 'MEMBER_MONTH')!.priceFen).toBe(month.priceFen);
  // Save is the primary button, not faded
  expect(await row.getByRole('button', { name: p('save') }).evaluate((button) => getComputedStyle(button).opacity)).toBe('1');

  // the user page: each session's End button inside its card
  const customer = await signUpCustomer(request);
  await page.goto(`/admin/users/${customer.id}`);
  const session = page.getByTestId('admin-user-session').first();
  const end = session.getByRole('button', { name: screenTexts('zh-CN', 'users', 'AdminUsers')('endSession') });
  const [card, button] = [(await session.boundingBox())!, (await end.boundingBox())!];
  expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, '25-user-zh-CN-1280');

  // the dashboard's legend names the day in Chinese, never uPlot's "Time"
  await page.goto('/admin');
  const legend = page.getByTestId('dash-count-chart').locator('.u-legend .u-series').first();
  await expect(legend).toContainText(screenTexts('zh-CN', 'dashboard', 'AdminDashboard')('day'));
  await expect(page.getByTestId('dash-count-chart')).not.toContainText('Time');
  await shot(page, '25-dashboard-zh-CN-1280');
});

test(
  'en on a phone: the user page keeps each session’s End button on the screen',
  { tag: '@phone-only' },
  async ({ page, request, baseURL }) => {
    test.setTimeout(60_000);
    await signedInStaff(page, baseURL ?? '', 'OWNER', 'en');
    const customer = await signUpCustomer(request);
    await page.goto(`/admin/users/${customer.id}`);
    const session = page.getByTestId('admin-user-session').first();
    const end = session.getByRole('button', { name: screenTexts('en', 'users', 'AdminUsers')('endSession') });
    const [card, button] = [(await session.boundingBox())!, (await end.boundingBox())!];
    expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width);
    expect(button.x + button.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, '25-user-en-390');
    await page.goto('/admin/pricing');
    await shot(page, '23-pricing-en-390');
  },
);

test(
  'en: news in two languages: the list names its author, finds it by title; publishing warns of the five missing, Unpublish asks; the French page says it is in English and shares the cover',
  { tag: '@writes' },
  async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const editor = screenTexts('en', 'content', 'AdminEditor');
    const staff = await signedInStaff(page, baseURL ?? '', 'CONTENT', 'en');
    const stamp = `Lumenfold ${Date.now().toString(36)}`;
    const texts = { title: `${stamp} arrives`, summary: 'A short summary.', body: 'The body.' };
    const created = await page.request.post('/admin/api/news', {
      headers: { origin: baseURL! },
      data: {
        kind: 'NEWS',
        publishAt: new Date(Date.now() - 60_000).toISOString(),
        coverImageUrl: '/imgs/logo-120.png',
        translations: { 'zh-CN': { ...texts, title: `${stamp} 上线` }, en: { ...texts, seoDescription: `${stamp} for search engines` } },
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const item = ((await created.json()) as { data: { id: string; publicId: number } }).data;

    await page.goto('/admin/content');
    await (await whenHydrated(page.getByTestId('content-search'))).fill(stamp);
    const row = page.getByTestId('content-list').getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('content-byline')).toContainText(staff);
    await shot(page, '26-content-list-en-1280');

    // publishing asks first: five languages are not written
    await row.getByRole('button', { name: editor('publish'), exact: true }).click();
    const confirm = page.getByTestId('publish-confirm');
    await expect(confirm).toContainText('Not written in: 繁體中文, Español, Français, 日本語, and 한국어');
    await expect(confirm.getByRole('heading')).toHaveText(`Publish “${stamp} 上线” in 2 languages of 7?`);
    await shot(page, '26-publish-warning-en-1280');
    await confirm.getByRole('button', { name: editor('publishAnyway') }).click();
    await expect(row.getByRole('button', { name: editor('unpublish'), exact: true })).toBeVisible();

    // a French visitor reads it in English and is told so; the link preview has the cover and the SEO description
    const visitor = await browser.newPage();
    await expect.poll(async () => (await visitor.goto(`/fr/info-${item.publicId}`))?.status(), { timeout: 20_000 }).toBe(200);
    const note = JSON.parse(readFileSync(path.join(root, 'apps/web/messages/fr/content.json'), 'utf8')) as {
      ContentLanguage: { fallbackNote: string };
    };
    await expect(visitor.getByRole('note')).toHaveText(note.ContentLanguage.fallbackNote.replace('{fallback}', 'English'));
    await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/imgs\/logo-120\.png$/);
    await expect(visitor.locator('meta[name="description"]')).toHaveAttribute('content', `${stamp} for search engines`);
    await visitor.close();

    // Unpublish asks, and Cancel leaves it on the site
    await row.getByRole('button', { name: editor('unpublish'), exact: true }).click();
    await expect(confirm).toContainText(editor('unpublishHint'));
    await confirm.getByRole('button', { name: editor('cancel') }).click();
    await expect(row.getByRole('button', { name: editor('unpublish'), exact: true })).toBeVisible();
    await row.getByRole('button', { name: editor('unpublish'), exact: true }).click();
    await confirm.getByRole('button', { name: editor('unpublishConfirm') }).click();
    await expect(row.getByRole('button', { name: editor('publish'), exact: true })).toBeVisible();
    // and the state filter finds it among the unpublished
    await page.getByLabel(editor('listState')).selectOption('published');
    await expect(row).toHaveCount(0);
    await page.getByLabel(editor('listState')).selectOption('draft');
    await expect(row).toHaveCount(1);
  },
);

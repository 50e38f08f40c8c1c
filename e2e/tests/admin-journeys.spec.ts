import { randomBytes } from 'node:crypto';
import { locales } from '@llk/contracts';
import { expect, test } from '@playwright/test';
import { apiBase as api, whenHydrated } from '../support/accounts';
import { adminTexts, signedInStaff } from '../support/admin';
import { buyInSandbox, data, signUpCustomer } from '../support/customers';

// The back office's CONTENT and SUPPORT journeys (ADR 0019): a CONTENT member writes a news item
// in all seven languages and publishes it, and visitors find it on /news-1 and in search at
// once (the API asks the web to revalidate; no rebuild); the same member is refused a refund
// (403, nothing changes); a SUPPORT member refunds the order in the sandbox and the customer's
// membership is taken back; an OWNER finds every step in the audit log.

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const word = () => Array.from(randomBytes(8), (byte) => LETTERS[byte % 26]).join('');

test(
  'CONTENT publishes news in seven languages and is refused a refund; SUPPORT refunds and the membership goes; all in the audit log',
  { tag: '@writes' },
  async ({ browser, request, baseURL }) => {
    test.setTimeout(180_000);
    const base = baseURL ?? '';
    const t = adminTexts('en');
    const c = t.AdminContent!;
    const stamp = word();
    const titles: Record<(typeof locales)[number], string> = {
      'zh-CN': `新版本发布 ${stamp}`,
      en: `New version out ${stamp}`,
      'zh-tw': `新版本發布 ${stamp}`,
      es: `Nueva versión ${stamp}`,
      fr: `Nouvelle version ${stamp}`,
      ja: `新しいバージョン ${stamp}`,
      ko: `새 버전 출시 ${stamp}`,
    };

    // CONTENT: a news item in every language, saved, then published
    const contentContext = await browser.newContext();
    const content = await contentContext.newPage();
    const contentMember = await signedInStaff(content, base, 'CONTENT');
    await content.goto('/admin/content');
    await (await whenHydrated(content.getByTestId('content-new'))).click();
    const tabs = content.getByRole('tab');
    for (const [index, locale] of locales.entries()) {
      await tabs.nth(index).click();
      await content.getByLabel(c.titleLabel!).fill(titles[locale]);
      await content.getByLabel(c.summaryLabel!).fill(`${titles[locale]} — summary`);
      await content.getByLabel(c.bodyLabel!).fill(`## ${titles[locale]}\n\nBody text ${stamp}.`);
    }
    await expect(content.getByTestId('missing-languages')).toHaveCount(0);
    await content.getByTestId('content-save').click();
    const editor = content.getByTestId('content-editor');
    const [published] = await Promise.all([
      content.waitForResponse((response) => /\/admin\/api\/news\/[^/]+\/publish$/.test(new URL(response.url()).pathname)),
      editor.getByRole('button', { name: c.publish!, exact: true }).click(),
    ]);
    // the API asked the web to refresh the news pages and the item's page, and the web agreed
    expect(
      ((await published.json()) as { data: { publication: { revalidated: string[]; revalidateOk: boolean } } }).data.publication,
    ).toEqual({ revalidated: ['/news-1', expect.stringMatching(/^\/info-\d+$/) as unknown as string], revalidateOk: true });
    await expect(editor.getByRole('button', { name: c.unpublish!, exact: true })).toBeVisible();

    // visitors see it on the first news page and in search, in their language
    const visitor = await browser.newPage();
    for (const locale of ['en', 'ja', 'zh-tw'] as const) {
      await expect
        .poll(
          async () => {
            await visitor.goto(`/${locale}/news-1`);
            return visitor.getByText(titles[locale], { exact: true }).count();
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0);
    }
    await visitor.goto(`/en/search?q=${stamp}`);
    await expect(visitor.getByTestId('search-results')).toContainText(titles.en);

    // a customer's year of Pro; CONTENT may not refund it
    const customer = await signUpCustomer(request);
    const order = await buyInSandbox(contentContext, request, customer, 'MEMBER_YEAR');
    const member = async () =>
      (await data<{ member: { active: boolean } }>(await request.get(`${api}/user/info`, { headers: { authorization: customer.token } })))
        .member.active;
    expect(await member()).toBe(true);
    const refused = await content.request.post(`/admin/api/orders/${order.id}/refund`, {
      headers: { origin: base },
      data: { reason: 'not mine to do', requestKey: randomBytes(12).toString('hex') },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { errcode: number }).errcode).toBe(40300);
    expect(
      (await data<{ status: string }>(await request.get(`${api}/order/info/${order.id}`, { headers: { authorization: customer.token } })))
        .status,
    ).toBe('FULFILLED');
    expect(await member()).toBe(true);

    // SUPPORT refunds it in full: the membership is taken back
    const supportContext = await browser.newContext();
    const support = await supportContext.newPage();
    const supportMember = await signedInStaff(support, base, 'SUPPORT');
    const o = t.AdminOrders!;
    await support.goto(`/admin/orders/${order.id}`);
    await (await whenHydrated(support.getByTestId('admin-refund-open'))).click();
    const dialog = support.getByTestId('admin-refund-dialog');
    await dialog.getByLabel(o.reason!).fill('customer asked within the refund window');
    await dialog.getByRole('button', { name: o.confirmRefund! }).click();
    await expect
      .poll(
        async () =>
          (
            await data<{ status: string }>(
              await request.get(`${api}/order/info/${order.id}`, { headers: { authorization: customer.token } }),
            )
          ).status,
        { timeout: 20_000 },
      )
      .toBe('REFUNDED');
    expect(await member()).toBe(false);

    // an OWNER reads it all in the audit log
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signedInStaff(owner, base, 'OWNER');
    await owner.goto('/admin/audit');
    const rows = owner.getByTestId('audit-row');
    await expect(rows.filter({ hasText: contentMember }).filter({ hasText: 'news.publish' }).first()).toBeVisible();
    await expect(rows.filter({ hasText: supportMember }).filter({ hasText: 'order.refund' }).first()).toBeVisible();

    // the dashboard counts today's sale and refund, and draws its charts
    await owner.goto('/admin');
    await expect(owner.getByTestId('dash-orders')).toBeVisible();
    await expect(owner.getByTestId('dash-money-chart').locator('canvas')).toBeVisible();
    await expect(owner.getByTestId('dash-count-chart').locator('canvas')).toBeVisible();
    await Promise.all([contentContext.close(), supportContext.close(), ownerContext.close(), visitor.close()]);
  },
);

test('the chart library is the back office’s alone: no public page loads it', async ({ request }) => {
  for (const page of ['/en', '/zh-CN/pricing', '/ja/download', '/en/news-1']) {
    const html = await (await request.get(page)).text();
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect(await (await request.get(src)).text(), `${page} loads ${src}`).not.toMatch(/["']uplot["']/); // the root class name only uPlot's code holds
  }
});

test('a visitor writes from the contact page in French; SUPPORT answers from the inbox and the email reaches them in French', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  const email = `contact-${word()}@example.com`;
  const message = `Mon ordinateur ne s’affiche plus dans la liste des appareils (${word()}).`;

  // the visitor: the form, an error in French, then the reference
  await page.goto('/fr/contact');
  const form = page.getByTestId('contact-form');
  await form.getByLabel('Votre e-mail').fill(email);
  await form.getByLabel('Message', { exact: true }).fill('Bonjour');
  await (await whenHydrated(form.getByTestId('contact-submit'))).click();
  await expect(form.getByText('Écrivez au moins 10 caractères.')).toBeVisible();
  await form.getByLabel('Message', { exact: true }).fill(message);
  await form.getByTestId('contact-submit').click();
  const reference = (await page.getByTestId('contact-reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^S-[0-9A-Z]{10}$/);
  await expect(page.getByTestId('contact-ack')).toContainText('Nous vous répondrons à c***@example.com');

  // SUPPORT: the inbox opens on new threads; take it, answer and close it
  const t = adminTexts('en').AdminSupport!;
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  await signedInStaff(support, base, 'SUPPORT');
  await support.goto('/admin/support');
  await support.getByTestId('support-threads').getByRole('link').filter({ hasText: reference }).click();
  await expect(support.getByTestId('support-message')).toHaveText(message);
  await (await whenHydrated(support.getByRole('button', { name: t.takeIt! }))).click();
  await expect(support.getByRole('button', { name: t.takeIt! })).toHaveCount(0);
  await support.getByLabel(t.replyLabel!).fill('Bonjour, réinstallez le client puis reconnectez-vous : l’appareil réapparaîtra.');
  await support.getByLabel(t.closeAfter!).check();
  await support.getByRole('button', { name: t.send! }).click();
  await expect(support.getByTestId('support-answers')).toContainText(t.delivered!);
  await expect(support.getByText(t['states.CLOSED']!, { exact: true }).first()).toBeVisible();

  // the answer, in French, quoting the message, in the visitor's mailbox (the dev outbox here)
  const outbox = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    data: { messages: { subject: string; text: string }[] };
  };
  expect(outbox.data.messages).toEqual([expect.objectContaining({ subject: `Assistance LLK Remote : notre réponse (${reference})` })]);
  expect(outbox.data.messages[0]!.text).toContain(`> ${message}`);
  await supportContext.close();
});

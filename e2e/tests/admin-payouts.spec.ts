import { randomInt } from 'node:crypto';
import { commissionFen } from '@llk/contracts';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiBase as api, readCode, whenHydrated } from '../support/accounts';
import { adminCreate, adminTexts, totpCode } from '../support/admin';
import { endCommissionWindow } from '../support/payouts';

// The FINANCE journey of the back office (ADR 0019): an ambassador's referee buys a month of Pro
// in the payment sandbox; once the 7-day window has passed, a FINANCE member (made by
// `admin:create`, set up with password and authenticator) records the ambassador's Alipay
// account, lowers the threshold, makes a batch, downloads its Alipay batch-transfer CSV, marks it
// paid with the transfer's reference, and finds every step in the audit log.

const PASSWORD = 'staff-password-2026!';

async function data<T>(response: { ok(): boolean; json(): Promise<unknown>; text(): Promise<string> }): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A customer signed up through the API (a typed referral code binds them), with their token. */
async function signUp(request: APIRequestContext, referralCode?: string): Promise<{ token: string; id: string; username: string }> {
  const n = `${Date.now() % 100_000}${randomInt(100, 1000)}`.padStart(8, '0');
  const identity = { username: `pay${n}`, mobile: `135${n}`, password: 'Secret#123' };
  const asked = Date.now() - 1000;
  await data(await request.post(`${api}/sms`, { data: { mobile: identity.mobile, smsType: 'SIGNUP' } }));
  const { code } = await readCode(request, identity.mobile, 'SIGNUP', asked);
  const signup = await data<{ access_token: string }>(
    await request.post(`${api}/signup`, { data: { ...identity, code, confirmPassword: identity.password, ...(referralCode ? { referralCode } : {}) } }),
  );
  const info = await data<{ id: string }>(await request.get(`${api}/user/info`, { headers: { authorization: signup.access_token } }));
  return { token: signup.access_token, id: info.id, username: identity.username };
}

test('FINANCE pays an ambassador: payee, threshold, a batch, its Alipay CSV, marked paid, all in the audit log', { tag: '@writes' }, async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  const t = adminTexts('en');
  const p = t.AdminPayouts!;

  // an ambassador, a referee and a month of Pro paid in the sandbox
  const ambassador = await signUp(request);
  const { referralCode } = await data<{ referralCode: string }>(
    await request.post(`${api}/activity/participant/marketingAmbassador?activityType=LZ`, { headers: { authorization: ambassador.token } }),
  );
  const referee = await signUp(request, referralCode);
  const order = await data<{ id: string; totalFen: number }>(await request.post(`${api}/order/createV2`, { headers: { authorization: referee.token }, data: { skuId: 'MEMBER_MONTH' } }));
  const { codeUrl } = await data<{ codeUrl: string }>(await request.post(`${api}/pay/payV2`, { headers: { authorization: referee.token }, data: { orderId: order.id, payMethod: 'ZFB' } }));
  const sandbox = await context.newPage();
  await sandbox.goto(codeUrl);
  await sandbox.getByRole('button').click();
  await expect(sandbox.locator('p[role="status"]')).toHaveClass('ok', { timeout: 20_000 });
  await sandbox.close();
  await expect.poll(async () => (await data<{ status: string }>(await request.get(`${api}/order/info/${order.id}`, { headers: { authorization: referee.token } }))).status, { timeout: 20_000 }).toBe('FULFILLED');
  expect(await endCommissionWindow(ambassador.id)).toBe(1);
  const owed = commissionFen(order.totalFen);
  const yuan = `${Math.floor(owed / 100)}.${String(owed % 100).padStart(2, '0')}`;

  // a FINANCE member sets up password and authenticator
  await context.addCookies([{ name: 'llk_admin_lang', value: 'en', url: `${baseURL}/admin` }]);
  const finance = `finance-${Date.now().toString(36)}`;
  await page.goto(await adminCreate(finance, 'FINANCE'));
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page.getByLabel(t.AdminSetup!.password!, { exact: true }).fill(PASSWORD);
  await page.getByLabel(t.AdminSetup!.confirm!).fill(PASSWORD);
  await page.getByLabel(t.AdminSetup!.code!).fill(totpCode(secret));
  await (await whenHydrated(page.getByRole('button', { name: t.AdminSetup!.submit! }))).click();
  await expect(page).toHaveURL(/\/admin$/);

  // the ambassador, found by code: owed, no payee yet; the payee as the ambassador gave it
  await page.getByRole('link', { name: t.AdminShell!['nav.payouts']! }).first().click();
  await expect(page.getByRole('heading', { name: p.title!, level: 1 })).toBeVisible();
  await page.getByLabel(p.searchLabel!).fill(referralCode);
  await page.getByRole('button', { name: p.searchButton!, exact: true }).click();
  const row = page.getByTestId('payout-ambassadors').getByRole('row').filter({ hasText: referralCode });
  await expect(row).toContainText(p.noPayee!);
  await row.getByRole('link', { name: ambassador.username }).click();
  const payeeName = `E2E ${referralCode}`;
  await page.getByLabel(p.payeeAccount!).fill('13800138000');
  await page.getByLabel(p.payeeName!).fill(payeeName);
  await page.locator('#ambassador-payee').locator('..').getByLabel(p.reason!).fill('sent by the ambassador');
  await (await whenHydrated(page.getByRole('button', { name: p.save!, exact: true }))).click();
  await expect(page.getByText(p.payeeSaved!)).toBeVisible();

  // a threshold under what is owed, and a batch
  await page.getByRole('link', { name: p.back! }).click();
  await page.getByLabel(p.threshold!).fill('0.01');
  await page.locator('#payouts-threshold').locator('..').getByLabel(p.reason!).fill('e2e: pay every balance');
  await (await whenHydrated(page.getByRole('button', { name: p.save!, exact: true }))).click();
  await expect(page.getByText(p.saved!)).toBeVisible();
  await page.getByRole('button', { name: p.createBatch! }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(p.reason!).fill('month end');
  await dialog.getByRole('button', { name: p.createBatch! }).click();
  const batch = page.locator('[data-testid^="payout-batch-"]').filter({ hasText: p['states.OPEN']! }).first();
  await expect(batch).toBeVisible();

  // the Alipay batch-transfer CSV holds the ambassador's row
  const [download] = await Promise.all([page.waitForEvent('download'), batch.getByRole('link', { name: p.exportCsv! }).click()]);
  const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(csv.startsWith('\uFEFF序号,收款方支付宝账号,收款方姓名,金额,备注\r\n')).toBe(true);
  expect(csv).toContain(`"13800138000","${payeeName}","${yuan}"`);

  // marked paid with the transfer's reference
  await batch.getByRole('button', { name: p.markPaid! }).click();
  await dialog.getByLabel(p.reference!).fill('20261125000123');
  await dialog.getByLabel(p.reason!).fill('transferred in Alipay');
  await dialog.getByRole('button', { name: p.markPaid! }).click();
  await expect(page.getByText(p.paidDone!)).toBeVisible();
  await expect(page.getByTestId('payout-ambassadors').getByRole('row').filter({ hasText: referralCode })).toBeVisible();

  // every step in the audit log, by this member
  await page.goto('/admin/audit');
  const rows = page.getByTestId('audit-row').filter({ hasText: finance });
  for (const action of ['payouts.payee', 'payouts.threshold', 'payouts.batch.create', 'payouts.batch.paid']) await expect(rows.filter({ hasText: action }).first()).toBeVisible();
});

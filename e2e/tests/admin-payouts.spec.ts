import { commissionFen } from '@llk/contracts';
import { expect, test } from '@playwright/test';
import { apiBase as api, whenHydrated } from '../support/accounts';
import { buyInSandbox, data, signUpCustomer } from '../support/customers';
import { adminTexts, signedInStaff } from '../support/admin';
import { endCommissionWindow } from '../support/payouts';

// The FINANCE journey of the back office (ADR 0019): an ambassador's referee buys a month of Pro
// in the payment sandbox; once the 7-day window has passed, a FINANCE member (made by
// `admin:create`, set up with password and authenticator) records the ambassador's Alipay
// account, lowers the threshold, makes a batch, downloads its Alipay batch-transfer CSV, marks it
// paid with the transfer's reference, and finds every step in the audit log.

test(
  'FINANCE pays an ambassador: payee, threshold, a batch, its Alipay CSV, marked paid, all in the audit log',
  { tag: '@writes' },
  async ({ page, context, request, baseURL }) => {
    test.setTimeout(120_000);
    const t = adminTexts('en');
    const p = t.AdminPayouts!;

    // an ambassador, a referee and a month of Pro paid in the sandbox
    const ambassador = await signUpCustomer(request);
    const { referralCode } = await data<{ referralCode: string }>(
      await request.post(`${api}/activity/participant/marketingAmbassador?activityType=LZ`, {
        headers: { authorization: ambassador.token },
      }),
    );
    const referee = await signUpCustomer(request, referralCode);
    const order = await buyInSandbox(context, request, referee, 'MEMBER_MONTH');
    expect(await endCommissionWindow(ambassador.id)).toBe(1);
    const owed = commissionFen(order.totalFen);
    const yuan = `${Math.floor(owed / 100)}.${String(owed % 100).padStart(2, '0')}`;

    // a FINANCE member sets up password and authenticator
    const finance = await signedInStaff(page, baseURL ?? '', 'FINANCE');

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
    for (const action of ['payouts.payee', 'payouts.threshold', 'payouts.batch.create', 'payouts.batch.paid'])
      await expect(rows.filter({ hasText: action }).first()).toBeVisible();
  },
);

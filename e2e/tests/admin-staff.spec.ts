import { expect, test } from '@playwright/test';
import { createUser, whenHydrated, writesIn } from '../support/accounts';
import { adminCreate, adminTexts, signedInStaff, type TStaffLanguage, totpCode } from '../support/admin';

// The back office's first journey (ADR 0019): an OWNER made by `npm run admin:create` opens the
// set-up link, enrols an authenticator, logs out and in again with password and code, creates
// a CONTENT member, who sets up in a browser of their own and publishes a news item (and may not
// refund), finds every action in the audit log and makes a batch of redemption codes (shown
// once); a customer session opens no admin API.

const JOURNEYS = [
  { language: 'zh-CN', size: { width: 390, height: 844 } },
  { language: 'en', size: { width: 1280, height: 800 } },
] as const satisfies ReadonlyArray<{ language: TStaffLanguage; size: { width: number; height: number } }>;

const PASSWORD = 'staff-password-2026!';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

for (const { language, size } of JOURNEYS) {
  test(
    `${language} ${size.width}: an owner sets up TOTP, logs in, creates a CONTENT member, sees both in the audit log, makes a batch of codes`,
    writesIn(language, 'en'),
    async ({ page, context, browser, baseURL }) => {
      test.setTimeout(180_000);
      const t = adminTexts(language);
      await page.setViewportSize(size);
      await context.addCookies([{ name: 'llk_admin_lang', value: language, url: `${baseURL}/admin` }]);
      const owner = `owner-${unique()}`;
      const setupPath = await adminCreate(owner, 'OWNER');

      // set-up: the QR code and the key, then password and the first code
      await page.goto(setupPath);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { name: t.AdminSetup!.title! })).toBeVisible();
      await expect(page.getByRole('img', { name: t.AdminSetup!.qrLabel! })).toBeVisible();
      const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.getByLabel(t.AdminSetup!.password!, { exact: true }).fill(PASSWORD);
      await page.getByLabel(t.AdminSetup!.confirm!).fill(PASSWORD);
      await page.getByLabel(t.AdminSetup!.code!).fill(totpCode(secret));
      await (await whenHydrated(page.getByRole('button', { name: t.AdminSetup!.submit! }))).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByTestId('admin-whoami')).toContainText(owner);
      expect((await context.cookies()).find((cookie) => cookie.name === 'llk_admin')).toMatchObject({
        path: '/admin',
        httpOnly: true,
        sameSite: 'Strict',
      });

      // log out, and in again with the next code (each code is good once)
      await (await whenHydrated(page.getByRole('button', { name: t.AdminShell!.logout! }))).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await page.getByLabel(t.AdminLogin!.username!).fill(owner);
      await page.getByLabel(t.AdminLogin!.password!).fill(PASSWORD);
      await page.getByLabel(t.AdminLogin!.code!).fill(totpCode(secret, 1));
      await (await whenHydrated(page.getByRole('button', { name: t.AdminLogin!.submit!, exact: true }))).click();
      await expect(page).toHaveURL(/\/admin$/);

      // the nav of an OWNER has every section; the staff page creates a CONTENT member
      if (size.width < 1024) await page.getByText(t.AdminShell!.menu!, { exact: true }).click();
      const nav = page.getByRole('navigation', { name: t.AdminShell!.navLabel! }).locator('visible=true');
      await expect(nav.getByRole('link')).toHaveCount(19);
      await nav.getByRole('link', { name: t.AdminShell!['nav.staff']! }).click();
      await expect(page.getByRole('heading', { name: t.AdminStaff!.title!, level: 1 })).toBeVisible();
      const member = `content-${unique()}`;
      await page.getByLabel(t.AdminStaff!.username!).fill(member);
      await page.getByLabel(t.AdminStaff!.role!, { exact: true }).selectOption('CONTENT');
      await (await whenHydrated(page.getByRole('button', { name: t.AdminStaff!.create! }))).click();
      await expect(page.getByTestId('setup-link')).toContainText(member);
      await expect(page.getByTestId('setup-link').getByRole('textbox')).toHaveValue(/\/admin\/setup#token=[A-Za-z0-9_-]{43}$/);
      await expect(page.getByTestId(`staff-${member}`)).toContainText(t.AdminStaff!['states.SETUP']!);

      // the member sets up in a browser of their own, sees only the content sections, and publishes
      const memberLink = await page.getByTestId('setup-link').getByRole('textbox').inputValue();
      const memberContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
      await memberContext.addCookies([{ name: 'llk_admin_lang', value: language, url: `${baseURL}/admin` }]);
      const memberPage = await memberContext.newPage();
      await memberPage.goto(new URL(memberLink).pathname + new URL(memberLink).hash);
      const memberSecret = (await memberPage.getByTestId('totp-secret').textContent())?.trim() ?? '';
      await memberPage.getByLabel(t.AdminSetup!.password!, { exact: true }).fill(PASSWORD);
      await memberPage.getByLabel(t.AdminSetup!.confirm!).fill(PASSWORD);
      await memberPage.getByLabel(t.AdminSetup!.code!).fill(totpCode(memberSecret));
      await (await whenHydrated(memberPage.getByRole('button', { name: t.AdminSetup!.submit! }))).click();
      await expect(memberPage).toHaveURL(/\/admin$/);
      const memberNav = memberPage.getByRole('navigation', { name: t.AdminShell!.navLabel! }).locator('visible=true');
      await expect(memberNav.getByRole('link')).toHaveText([
        t.AdminShell!['nav.dashboard']!,
        t.AdminShell!['nav.content']!,
        t.AdminShell!['nav.notices']!,
        t.AdminShell!['nav.releases']!,
        t.AdminShell!['nav.search']!,
      ]);
      const news = {
        title: `Staff journey ${member}`,
        summary: 'Written by a new member.',
        body: 'Published by the member the owner created.',
      };
      const created = await memberPage.request.post('/admin/api/news', {
        headers: { origin: baseURL! },
        data: { kind: 'NEWS', publishAt: new Date().toISOString(), translations: { 'zh-CN': news, en: news } },
      });
      expect(created.status()).toBe(200);
      const newsId = ((await created.json()) as { data: { id: string } }).data.id;
      expect((await memberPage.request.post(`/admin/api/news/${newsId}/publish`, { headers: { origin: baseURL! } })).status()).toBe(200);
      // and may not refund: 403, before anything is read
      expect(
        (
          await memberPage.request.post('/admin/api/orders/01ARZ3NDEKTSV4RRFFQ69G5FAV/refund', { headers: { origin: baseURL! }, data: {} })
        ).status(),
      ).toBe(403);
      await memberContext.close();

      // the audit log shows the log-in and the creation, by this owner
      await page.goto('/admin/audit');
      const rows = page.getByTestId('audit-row');
      await expect(rows.filter({ hasText: 'staff.create' }).filter({ hasText: owner }).first()).toBeVisible();
      await expect(rows.filter({ hasText: 'staff.login' }).filter({ hasText: owner }).first()).toBeVisible();
      // and what the member did: their set-up and the news item they created and published
      await expect(rows.filter({ hasText: 'news.create' }).filter({ hasText: member }).first()).toBeVisible();
      await expect(rows.filter({ hasText: 'news.publish' }).filter({ hasText: member }).first()).toBeVisible();
      await page.getByLabel(t.AdminAudit!.staff!).fill(owner);
      await (await whenHydrated(page.getByRole('button', { name: t.AdminAudit!.search!, exact: true }))).click();
      await expect(rows).toHaveCount(3); // staff.setup, staff.login, staff.create
      await expect(page.getByRole('link', { name: t.AdminAudit!.export! })).toHaveAttribute(
        'href',
        `/admin/api/audit/export?staff=${owner}`,
      );
      const csv = await page.request.get(`/admin/api/audit/export?staff=${owner}`);
      expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
      expect(await csv.text()).toContain('"staff.create"');

      // redemption codes: a batch of three, its codes shown this once, the batch in the list
      await page.goto('/admin/codes');
      await expect(page.getByRole('heading', { name: t.AdminCodes!.title!, level: 1 })).toBeVisible();
      await page.getByLabel(t.AdminCodes!.count!).fill('3');
      await page.getByLabel(t.AdminCodes!.reason!).fill('e2e');
      await (await whenHydrated(page.getByRole('button', { name: t.AdminCodes!.create! }))).click();
      const code = '[2-9A-HJKMNP-Z]{4}(?:-[2-9A-HJKMNP-Z]{4}){3}';
      await expect(page.getByTestId('created-codes').getByRole('textbox')).toHaveValue(new RegExp(`^${code}\\n${code}\\n${code}$`));
      await expect(page.getByTestId('code-batches').locator('[data-testid^="batch-MEMBER_DAYS-30-"]').first()).toBeVisible();
    },
  );
}

test('a customer session cannot open /admin/api/me, and the admin pages send visitors to the log-in', async ({ page, request }) => {
  await createUser(request);
  const me = await request.get('/admin/api/me');
  expect(me.status()).toBe(401);
  expect((await me.json()).errcode).toBe(40100);
  await page.goto('/admin/staff');
  await expect(page).toHaveURL(/\/admin\/login$/);
  const robots = await request.get('/admin/login');
  expect(robots.headers()['x-robots-tag']).toBe('noindex, nofollow');
});

test('a staff member adds a passkey, logs out, and logs in with it alone (Chromium’s virtual authenticator)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // WebAuthn refuses an IP address as RP id: the site is opened as localhost, the API's twin origin
  const site = new URL(baseURL ?? 'http://127.0.0.1:3310');
  if (site.hostname === '127.0.0.1') site.hostname = 'localhost';
  const context = await browser.newContext({ baseURL: site.origin });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const t = adminTexts('en');
  const p = t.AdminPasskeys!;
  const username = await signedInStaff(page, site.origin, 'FINANCE');

  await page.getByTestId('admin-passkeys-link').click();
  await expect(page.getByRole('heading', { name: p.title!, level: 1 })).toBeVisible();
  await page.getByLabel(p.name!).fill('Virtual key');
  await (await whenHydrated(page.getByRole('button', { name: p.add! }))).click();
  await expect(page.getByTestId('admin-passkeys')).toContainText('Virtual key');
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

  await page.getByRole('button', { name: t.AdminShell!.logout! }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await (await whenHydrated(page.getByTestId('admin-passkey-login'))).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-whoami')).toContainText(username);
  await context.close();
});

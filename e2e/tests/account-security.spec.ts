import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { PASSWORD, type TUser, createUser, localePath, localeUrl, logInThroughRedirect, useLocale } from '../support/accounts';
import { type TLocale } from '../support/site';

// The security centre: turn on two-step verification on /account/security (codes
// computed here from the secret the page shows), log in with an authenticator code and with a
// backup code; sign another browser out and see its session refused. At phone size (390×844)
// and on the desktop, in zh-CN, en, ja and ko.

const root = path.resolve(import.meta.dirname, '../..');
type TTree = { [key: string]: string | TTree };
function securityTexts(locale: TLocale) {
  const file = JSON.parse(readFileSync(path.join(root, 'apps/web/messages', locale, 'account-security.json'), 'utf8')) as Record<
    string,
    TTree
  >;
  const page = file.AccountSecurity as Record<string, Record<string, string>>;
  const group = (key: string): Record<string, string> => page[key] ?? {};
  return { twoStep: group('twoStep'), sessions: group('sessions'), secondStep: file.SecondStep as Record<string, string> };
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const STEP = 30_000;
const totp = (secret: string, at: number) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });

async function newContext(browser: Browser, locale: TLocale, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await useLocale(context, locale);
  return context;
}

/** Opens /account/security logged out: the log-in page comes, the password is typed, back to the page (or the second step). */
async function logInTowardsSecurity(page: Page, user: TUser, locale: TLocale): Promise<void> {
  await page.goto(localePath(locale, '/account/security'));
  await expect(page).toHaveURL(/\/login\?redirectUrl=/);
  await logInThroughRedirect(page, user, locale);
}

async function secondStep(page: Page, locale: TLocale, code: string): Promise<void> {
  const t = securityTexts(locale).secondStep;
  const form = page.getByTestId('second-step');
  await expect(form.getByRole('heading', { name: t.title! })).toBeVisible();
  // only what the step needs: no passkey, sign-up or password-reset ways in beside it
  await expect(page.locator('[data-first-step]')).toBeHidden();
  await expect(page.getByTestId('passkey-login')).toBeHidden();
  await form.locator('input[name="totp"]').fill(code);
  await form.getByRole('button', { name: t.submit!, exact: true }).click();
  await expect(page).toHaveURL(localeUrl(locale, '/account/security'));
}

const totpJourneys: { locale: TLocale; viewport: typeof PHONE; writes?: boolean }[] = [
  { locale: 'zh-CN', viewport: DESKTOP, writes: true },
  { locale: 'en', viewport: PHONE },
];

for (const { locale, viewport, writes } of totpJourneys) {
  const size = `${viewport.width}×${viewport.height}`;
  test(
    `${locale} ${size}: turn on two-step verification, log in with an authenticator code and with a backup code`,
    writes ? { tag: '@writes' } : {},
    async ({ browser, request }) => {
      test.setTimeout(180_000); // three log-ins in three browsers
      const t = securityTexts(locale);
      const user = await createUser(request);
      const context = await newContext(browser, locale, viewport);
      const page = await context.newPage();
      await logInTowardsSecurity(page, user, locale);
      await expect(page).toHaveURL(localeUrl(locale, '/account/security'));

      // Turn on: QR code and key, confirm with the current code.
      const panel = page.locator('#two-step');
      await expect(panel.getByTestId('totp-state')).toHaveText(t.twoStep.off!);
      await panel.getByRole('button', { name: t.twoStep.start!, exact: true }).click();
      await expect(panel.getByRole('img', { name: t.twoStep.title! })).toBeVisible();
      // shown in groups of four, with the otpauth:// link to the authenticator
      await expect(panel.getByTestId('totp-secret')).toHaveText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
      await expect(panel.getByTestId('totp-open')).toHaveAttribute('href', /^otpauth:\/\/totp\//);
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `/tmp/shots/h1-16-${locale}-${viewport.width}.png`, fullPage: true });
      const secret = ((await panel.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const enabledAt = Date.now();
      await panel.locator('input[name="code"]').fill(totp(secret, enabledAt));
      await panel.getByRole('button', { name: t.twoStep.confirm!, exact: true }).click();

      // Ten backup codes, once, and as a file.
      const list = panel.getByTestId('backup-codes').locator('li');
      await expect(list).toHaveCount(10);
      const backupCodes = (await list.allTextContents()).map((code) => code.trim());
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('button', { name: t.twoStep.download!, exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('llk-remote-backup-codes.txt');
      const file = readFileSync(await download.path(), 'utf8');
      for (const code of backupCodes) expect(file).toContain(code);
      await panel.getByRole('button', { name: t.twoStep.saved!, exact: true }).click();
      await expect(panel.getByTestId('totp-state')).not.toHaveText(t.twoStep.off!);
      await page.screenshot({ path: `/tmp/acct-security-e2e-${locale}-${viewport.width}.png`, fullPage: true });
      await context.close();

      // A new browser: password, then the code of the next step (the one used to turn on is spent).
      const second = await newContext(browser, locale, viewport);
      const page2 = await second.newPage();
      await logInTowardsSecurity(page2, user, locale);
      await secondStep(page2, locale, totp(secret, enabledAt + STEP));
      await expect(page2.locator('#two-step').getByTestId('totp-state')).not.toHaveText(t.twoStep.off!);
      await second.close();

      // Another: a backup code instead; it is then spent.
      const third = await newContext(browser, locale, viewport);
      const page3 = await third.newPage();
      await logInTowardsSecurity(page3, user, locale);
      await secondStep(page3, locale, backupCodes[0] ?? '');
      await expect(page3.locator('#sign-ins [data-method="backup_code"][data-success="true"]')).toHaveCount(1);
      await third.close();
    },
  );
}

const signOutJourneys: { locale: TLocale; viewport: typeof PHONE }[] = [
  { locale: 'ko', viewport: PHONE },
  { locale: 'ja', viewport: DESKTOP },
];

for (const { locale, viewport } of signOutJourneys) {
  test(`${locale} ${viewport.width}×${viewport.height}: sign another browser out; its session is refused`, async ({ browser, request }) => {
    test.setTimeout(120_000); // two browsers
    const t = securityTexts(locale);
    const user = await createUser(request);
    const mine = await newContext(browser, locale, viewport);
    const other = await newContext(browser, locale, viewport);
    const page = await mine.newPage();
    const otherPage = await other.newPage();
    await logInTowardsSecurity(otherPage, user, locale);
    await expect(otherPage).toHaveURL(localeUrl(locale, '/account/security'));
    await logInTowardsSecurity(page, user, locale);
    await expect(page).toHaveURL(localeUrl(locale, '/account/security'));

    const sessions = page.getByTestId('sessions').locator('li');
    await expect(sessions).toHaveCount(3); // this browser, the other one, the sign-up's API session
    await expect(sessions.first()).toContainText(t.sessions.thisDevice!);
    const otherId = await otherPage.evaluate(async () => {
      const answer = (await (await fetch('/api/user/sessions')).json()) as { data: { sessions: { id: string; current: boolean }[] } };
      return answer.data.sessions.find((session) => session.current)?.id ?? '';
    });
    await page.locator(`[data-session-id="${otherId}"]`).getByRole('button', { name: t.sessions.signOut!, exact: true }).click();
    await expect(sessions).toHaveCount(2);

    // The other browser's next call is refused, and its account pages send it to log in.
    const status = await otherPage.evaluate(async () => (await fetch('/api/user/info')).status);
    expect(status).toBe(401);
    await otherPage.goto(localePath(locale, '/account/security'));
    await expect(otherPage).toHaveURL(/\/login\?redirectUrl=/);

    // Sign out all others: only this browser is left.
    await page.getByRole('button', { name: t.sessions.signOutOthers!, exact: true }).click();
    await expect(sessions).toHaveCount(1);
    await expect(page.getByText(t.sessions.onlyThis!)).toBeVisible();
    await page.screenshot({ path: `/tmp/acct-security-e2e-sessions-${locale}-${viewport.width}.png`, fullPage: true });
    await mine.close();
    await other.close();
  });
}

test('en 390×844: an access key of a two-step account, minted before the second step: a fresh browser asks for the code and lands logged in', async ({
  browser,
  request,
}) => {
  const t = securityTexts('en');
  const user = await createUser(request);
  const logIn = async () => {
    const res = await request.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: PASSWORD } });
    const token = ((await res.json()) as { data: { access_token?: string } }).data.access_token;
    expect(token).toBeTruthy();
    return { authorization: token! };
  };
  // two sessions before two-step verification: the one that turns it on has passed it, the other has not
  const [enabling, older] = [await logIn(), await logIn()];
  const setup = (await (await request.post('/api/user/totp/setup', { headers: enabling })).json()) as { data: { secret: string } };
  const enabled = await request.post('/api/user/totp/enable', { headers: enabling, data: { code: totp(setup.data.secret, Date.now()) } });
  expect((await enabled.json()).errcode).toBe(0);
  const minted = (await (await request.get('/api/accessKey', { headers: older })).json()) as { data: { accessKey: string } };
  expect(minted.data.accessKey).toBeTruthy();

  const context = await newContext(browser, 'en', PHONE);
  const page = await context.newPage();
  await page.goto(`/en/account/security?accessKey=${encodeURIComponent(minted.data.accessKey)}&from=app`);
  // the log-in page with the second-step form; the challenge has left the address bar
  await expect(page).toHaveURL(/\/en\/login\?redirectUrl=%2Fen%2Faccount%2Fsecurity%3Ffrom%3Dapp$/);
  const form = page.getByTestId('second-step');
  await expect(form.getByRole('heading', { name: t.secondStep.title! })).toBeVisible();
  await form.locator('input[name="totp"]').fill(totp(setup.data.secret, Date.now() + STEP));
  await form.getByRole('button', { name: t.secondStep.submit!, exact: true }).click();
  // on to the page the link pointed at, logged in
  await expect(page).toHaveURL(/\/en\/account\/security\?from=app$/);
  await expect(page.locator('#two-step').getByTestId('totp-state')).toBeVisible();
  const info = await page.request.get('/api/user/info');
  expect(info.status()).toBe(200);
  expect(((await info.json()) as { data: { username: string } }).data.username).toBe(user.username);
  // the key was used up
  const again = await request.get(`/api/tokenByAccessKeyV2?accessKey=${encodeURIComponent(minted.data.accessKey)}`);
  expect((await again.json()).errcode).not.toBe(0);
  await context.close();
});

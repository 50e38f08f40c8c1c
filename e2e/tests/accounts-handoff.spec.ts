import { type Server, createServer } from 'node:http';
import { type TLocale } from '@llk/contracts';
import { type Page, expect, test } from '@playwright/test';
import {
  JOURNEY_LOCALES,
  type TUser,
  accountTexts,
  createUser,
  localePath,
  localeUrl,
  openPasswordTab,
  readCode,
  uniquePhone,
  useLocale,
  writesIn,
} from '../support/accounts';

// Access-key hand-off and redirectUrl: the key logs a fresh browser in and
// leaves the URL; an allowed origin (REDIRECT_ALLOWLIST, set in playwright.config.ts) gets a
// fresh key, any other origin means home; a logged-in visitor skips the guest-only pages; a
// session that ended elsewhere is forgotten.

const redirectPort = Number(process.env.E2E_REDIRECT_PORT);
const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

async function logInByPassword(page: Page, user: TUser, texts: ReturnType<typeof accountTexts>, locale: TLocale) {
  await openPasswordTab(page, locale);
  await input(page, 'account').fill(user.username);
  await input(page, 'password').fill(user.password);
  await page.getByRole('button', { name: texts.LoginForm!.submit!, exact: true }).click();
}

for (const locale of JOURNEY_LOCALES) {
  const t = accountTexts(locale);

  test(
    `${locale}: an accessKey logs a fresh browser in and is removed from the URL`,
    writesIn(locale, 'zh-CN'),
    async ({ page, context, request }) => {
      await useLocale(context, locale);
      const user = await createUser(request); // the request context now holds that session
      const answer = await (await request.get('/api/accessKey')).json();
      expect(answer.errcode).toBe(0);
      const accessKey: string = answer.data.accessKey;

      await page.goto(`${localePath(locale, '/pricing')}?accessKey=${encodeURIComponent(accessKey)}&from=app`);
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/pricing')}\\?from=app$`));
      await expect(page.getByRole('group', { name: t.AccountStatus!.label! })).toContainText(user.username);

      // Single use: the same key does nothing the second time.
      const again = await (await request.get(`/api/tokenByAccessKeyV2?accessKey=${encodeURIComponent(accessKey)}`)).json();
      expect(again.errcode).not.toBe(0);
    },
  );

  test(
    `${locale}: a disallowed origin means home; logged in, guest-only and unknown pages send the visitor on`,
    writesIn(locale, 'en'),
    async ({ page, context, request }) => {
      await useLocale(context, locale);
      const user = await createUser(request);
      await page.goto(`${localePath(locale, '/login')}?redirectUrl=${encodeURIComponent('https://evil.example/steal')}`);
      await logInByPassword(page, user, t, locale);
      await expect(page).toHaveURL(localeUrl(locale, '/'));
      await expect(page.getByRole('group', { name: t.AccountStatus!.label! })).toContainText(user.username);

      await page.goto(`${localePath(locale, '/signup')}?redirectUrl=%2Fpricing&clientType=WIN`);
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/pricing')}\\?clientType=WIN$`));
      await page.goto(localePath(locale, '/resetPW'));
      await expect(page).toHaveURL(localeUrl(locale, '/'));
      await page.goto(localePath(locale, '/no-such-page'));
      await expect(page).toHaveURL(localeUrl(locale, '/'));
      for (const sneaky of ['//evil.example/x', '/a/..//evil.example/x', 'javascript:alert(1)']) {
        await page.goto(`${localePath(locale, '/login')}?redirectUrl=${encodeURIComponent(sneaky)}`);
        await expect(page).toHaveURL(localeUrl(locale, '/'));
      }
    },
  );
}

test.describe('an allowed origin', () => {
  // One partner server on the allowlisted port, so these run one after another in one worker.
  test.describe.configure({ mode: 'serial' });
  let server: Server;
  test.beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>partner</title><h1>partner ${req.url?.split('?')[0]}</h1>`);
    });
    await new Promise<void>((resolve) => server.listen(redirectPort, '127.0.0.1', resolve));
  });
  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  for (const locale of JOURNEY_LOCALES) {
    const t = accountTexts(locale);
    test(
      `${locale}: redirectUrl on an allowed origin gets a fresh accessKey and an external redirect`,
      writesIn(locale, 'ja'),
      async ({ page, context, request }) => {
        await useLocale(context, locale);
        const user = await createUser(request);
        const target = `http://127.0.0.1:${redirectPort}/welcome?x=1`;
        await page.goto(`${localePath(locale, '/login')}?redirectUrl=${encodeURIComponent(target)}`);
        await logInByPassword(page, user, t, locale);
        await page.waitForURL((url) => url.port === String(redirectPort));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('partner /welcome');
        const landed = new URL(page.url());
        expect(landed.searchParams.get('x')).toBe('1');
        const accessKey = landed.searchParams.get('accessKey');
        expect(accessKey).toBeTruthy();
        // The partner redeems the key for a session of this user.
        const redeemed = await (await request.get(`/api/tokenByAccessKeyV2?accessKey=${encodeURIComponent(accessKey!)}`)).json();
        expect(redeemed.errcode).toBe(0);
        expect(redeemed.data.access_token).toMatch(/\S{20,}/);

        // Already logged in: /login with the same redirectUrl hands off at once, with a new key.
        await page.goto(`${localePath(locale, '/login')}?redirectUrl=${encodeURIComponent(target)}`);
        await page.waitForURL((url) => url.port === String(redirectPort));
        const second = new URL(page.url()).searchParams.get('accessKey');
        expect(second).toBeTruthy();
        expect(second).not.toBe(accessKey);
      },
    );
  }
});

test(
  'en: a session ended elsewhere is forgotten: the header offers Log in again and /login shows the form',
  { tag: '@writes' },
  async ({ page, context, request, baseURL }) => {
    const t = accountTexts('en');
    const user = await createUser(request);
    await page.goto(localePath('en', '/login'));
    await logInByPassword(page, user, t, 'en');
    await expect(page.getByRole('group', { name: t.AccountStatus!.label! })).toContainText(user.username);

    // Another device changes the password: the API ends every other session of the account.
    // (A cookie-authenticated change must come from the site's own origin.)
    const changed = await request.post('/api/user/changePassword', {
      headers: { origin: new URL(baseURL!).origin },
      data: { oldPassword: user.password, password: 'Changed-pass-7', confirmPassword: 'Changed-pass-7' },
    });
    expect((await changed.json()).errcode).toBe(0);

    await page.goto(localePath('en', '/pricing'));
    await expect(page.getByRole('link', { name: t.AccountMenu!.login!, exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: t.AccountStatus!.label! })).toHaveCount(0);
    await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).not.toContain('llk_session');
    await page.goto(localePath('en', '/login'));
    await expect(page).toHaveURL(localeUrl('en', '/login'));
    await expect(page.getByRole('tab', { name: t.LoginForm!.codeTab! })).toBeVisible();
  },
);

test(
  'ja: Log Out still logs out when the server refuses the call (failure ignored, session gone, /login shown)',
  { tag: '@writes' },
  async ({ page, context, request }) => {
    const t = accountTexts('ja');
    await useLocale(context, 'ja');
    const user = await createUser(request);
    await page.goto(localePath('ja', '/login'));
    await logInByPassword(page, user, t, 'ja');
    const account = page.getByRole('group', { name: t.AccountStatus!.label! });
    await expect(account).toContainText(user.username);

    // The API gets a body it cannot read and answers an error instead of ending the session.
    let answered = 0;
    await page.route('**/api/logout', async (route) => {
      const response = await route.fetch({
        postData: 'x',
        headers: { ...route.request().headers(), 'content-type': 'application/x-unknown' },
      });
      answered = response.status();
      await route.fulfill({ response });
    });
    await account.getByRole('button', { name: t.AccountStatus!.logout! }).click();
    await expect(page).toHaveURL(localeUrl('ja', '/login'));
    expect(answered).toBeGreaterThanOrEqual(400);
    await expect(page.getByRole('tab', { name: t.LoginForm!.codeTab! })).toBeVisible();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('llk_session');
    await page.goto(localePath('ja', '/'));
    await expect(page.getByRole('link', { name: t.AccountMenu!.login!, exact: true })).toBeVisible();
  },
);

test('en: the dev outbox page lists the codes sent to a target', async ({ page, request }) => {
  const mobile = uniquePhone();
  expect((await (await request.post('/api/sms', { data: { mobile, smsType: 'SIGNUP' } })).json()).errcode).toBe(0);
  const { code } = await readCode(request, mobile, 'SIGNUP');
  await page.goto(`/en/dev/outbox?to=${mobile}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dev outbox' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: mobile });
  await expect(row).toContainText(code);
  await expect(row).toContainText('SIGNUP');
});

import { locales } from '@llk/contracts/locales';
import { type Page, expect, test } from '@playwright/test';
import {
  JOURNEY_LOCALES,
  PASSWORD,
  PHONE_LOCALES,
  PHONE_ONLY,
  type TUser,
  accountTexts,
  createUser,
  localePath,
  localeUrl,
  readCode,
  textPattern,
  uniquePhone,
  uniqueUsername,
  useLocale,
  waitForEmailResend,
  waitForResend,
  openPasswordTab,
  showAccountArea,
  whenHydrated,
  writesIn,
} from '../support/accounts';

// Sign-up, log-out, log-in (password and code) and both password resets, through the pages,
// in zh-CN, en and ja (the sign-up also on a phone in zh-TW, es, fr and ko). Codes come from the API's dev outbox; every test makes its own user.
// Texts are read from the same message files the site renders (support/accounts.ts).

const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

// The API sends one code per phone per 60 s, and the users of the code log-in and the phone
// reset got their sign-up code first: they are made up front (per worker) so their cool-downs
// run while the other journeys do, and those two journeys come last.
const waiting = new Map<string, TUser>();
test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  for (const locale of locales) {
    waiting.set(`code-login:${locale}`, await createUser(request));
    waiting.set(`phone-reset:${locale}`, await createUser(request));
  }
  await request.dispose();
});

// The sign-up journey in zh-CN, en and ja on the desktop and, on the phone project, in the other
// four languages: the plan then shows in the phone's header bar too.
for (const [locale, tag] of [
  ...JOURNEY_LOCALES.map((locale) => [locale, writesIn(locale, 'zh-CN')] as const),
  ...PHONE_LOCALES.map((locale) => [locale, PHONE_ONLY] as const),
]) {
  const t = accountTexts(locale);
  const submitLogin = () => ({ name: t.LoginForm!.submit!, exact: true });

  test(`${locale}: sign up with a code from the outbox, log out, log in by password`, tag, async ({ page, context, request }) => {
    await useLocale(context, locale);
    const username = uniqueUsername();
    const mobile = uniquePhone();
    await page.goto(localePath(locale, '/signup'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Inline validation with the spec's messages before anything is sent.
    await page.getByRole('button', { name: t.SignupForm!.submit!, exact: true }).click();
    await expect(page.getByText(t.validation!.usernameRequired!, { exact: true })).toBeVisible();
    await expect(page.getByText(t.validation!.phoneRequired!, { exact: true })).toBeVisible();
    await expect(input(page, 'username')).toBeFocused();
    await input(page, 'username').fill('9starts-with-digit');
    await expect(page.getByText(t.validation!.usernameFormat!, { exact: true })).toBeVisible();
    await input(page, 'mobile').fill('12345');
    await page.getByRole('button', { name: t.CodeButton!.receive! }).click();
    await expect(page.getByText(t.validation!.phoneInvalid!, { exact: true })).toBeVisible();

    await input(page, 'username').fill(username);
    await input(page, 'mobile').fill(mobile);
    await page.getByRole('button', { name: t.CodeButton!.receive! }).click();
    await expect(page.getByRole('button', { name: textPattern(t.CodeButton!.sent!) })).toBeDisabled();
    await expect(page.getByText(textPattern(t.success!.codeSent!))).toBeVisible();
    const { code } = await readCode(request, mobile, 'SIGNUP');

    await input(page, 'code').fill(code);
    await input(page, 'password').fill(username);
    await input(page, 'password').blur();
    await expect(page.getByText(t.validation!.passwordSameAsUsername!, { exact: true })).toBeVisible();
    await input(page, 'password').fill(PASSWORD);
    await input(page, 'confirmPassword').fill(`${PASSWORD}x`);
    await input(page, 'confirmPassword').blur();
    await expect(page.getByText(t.validation!.passwordMismatch!, { exact: true })).toBeVisible();
    await input(page, 'confirmPassword').fill(PASSWORD);
    await expect(page.getByText(t.validation!.passwordMismatch!, { exact: true })).toBeHidden();
    await page.getByRole('button', { name: t.SignupForm!.submit!, exact: true }).click();

    await expect(page.getByText(t.success!.accountCreated!, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(localeUrl(locale, '/'));
    // the plan in sight: in the bar on a phone (the account area is in the menu), in the account
    // area on a desktop (the bar's chip is not shown there)
    const account = page.getByRole('group', { name: t.AccountStatus!.label! });
    const chip = page.getByRole('link', { name: `${t.AccountStatus!.planFree!} · ${t.AccountStatus!.noExpiry!}` });
    await expect(chip.or(account).filter({ visible: true })).toHaveCount(1);
    await showAccountArea(page);
    await expect(account).toContainText(username);
    await expect(account).toContainText(t.AccountStatus!.planFree!);
    await expect(account).toContainText(t.AccountStatus!.noExpiry!);

    await account.getByRole('button', { name: t.AccountStatus!.logout! }).click();
    await expect(page).toHaveURL(localeUrl(locale, '/login'));
    await page.goto(localePath(locale, '/'));
    await showAccountArea(page);
    await expect(page.getByRole('link', { name: t.AccountMenu!.login!, exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: t.AccountStatus!.label! })).toHaveCount(0);
    // The session is over on the server too, not only forgotten by the page.
    expect((await context.cookies()).some((cookie) => cookie.name === 'llk_session')).toBe(false);

    await page.goto(localePath(locale, '/login'));
    await openPasswordTab(page, locale);
    await input(page, 'account').fill(username);
    await input(page, 'password').fill(PASSWORD);
    await page.getByRole('button', submitLogin()).click();
    await expect(page.getByText(t.success!.loginSucceeded!, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(localeUrl(locale, '/'));
    await showAccountArea(page);
    await expect(page.getByRole('group', { name: t.AccountStatus!.label! })).toContainText(username);
  });

  test(
    `${locale}: reset the password by email, then log in with the email and the new password`,
    writesIn(locale, 'en'),
    async ({ page, context, request }) => {
      test.setTimeout(120_000); // production mode (the @writes rerun) waits the real 60 s after the email's verifying code
      await useLocale(context, locale);
      const email = `${uniqueUsername().replace('_', '.')}@example.com`;
      // typed beside the phone at sign-up, then verified by its owner (createUser): only then does it get RESET codes
      const user = await createUser(request, { email });
      await waitForEmailResend(user);
      const newPassword = 'Mail-reset-9';
      await page.goto(localePath(locale, '/resetPW'));
      await (await whenHydrated(page.getByRole('tab', { name: t.ResetForm!.byEmail! }))).click();
      await input(page, 'email').fill('not-an-email');
      await page.getByRole('button', { name: t.CodeButton!.receive! }).click();
      await expect(page.getByText(t.validation!.emailInvalid!, { exact: true })).toBeVisible();
      await input(page, 'email').fill(email);
      await page.getByRole('button', { name: t.CodeButton!.receive! }).click();
      await expect(page.getByText(textPattern(t.success!.codeSent!))).toBeVisible();
      const { code } = await readCode(request, email, 'RESET');
      await input(page, 'code').fill(code);
      await input(page, 'password').fill(newPassword);
      await input(page, 'confirmPassword').fill(newPassword);
      await page.getByRole('button', { name: t.ResetForm!.submit! }).click();
      // says what happened, and the log-in opens on the password tab
      await expect(page.getByText(t.success!.passwordReset!, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(localeUrl(locale, '/login?tab=password'));
      await expect(page.getByRole('tab', { name: t.LoginForm!.passwordTab! })).toHaveAttribute('aria-selected', 'true');

      await openPasswordTab(page, locale);
      await input(page, 'account').fill(email);
      await input(page, 'password').fill(user.password);
      await page.getByRole('button', submitLogin()).click();
      await expect(page.getByText(t.errors!.invalidCredentials!, { exact: true })).toBeVisible();
      await input(page, 'password').fill(newPassword);
      await page.getByRole('button', submitLogin()).click();
      await expect(page).toHaveURL(localeUrl(locale, '/'));
      await expect(page.getByRole('group', { name: t.AccountStatus!.label! })).toContainText(user.username);
    },
  );
}

// logging in by code and resetting by phone, in all seven languages
for (const locale of locales) {
  const t = accountTexts(locale);
  const submitLogin = () => ({ name: t.LoginForm!.submit!, exact: true });

  test(
    `${locale}: log in by code, after inline validation and a wrong password`,
    writesIn(locale, 'ja'),
    async ({ page, context, request }) => {
      test.setTimeout(120_000);
      await useLocale(context, locale);
      const user = waiting.get(`code-login:${locale}`) ?? (await createUser(request));
      await page.goto(localePath(locale, '/login'));
      await expect(page.getByRole('tab', { name: t.LoginForm!.codeTab! })).toHaveAttribute('aria-selected', 'true');
      await (await whenHydrated(page.getByRole('button', submitLogin()))).click();
      await expect(page.getByText(t.validation!.phoneRequired!, { exact: true })).toBeVisible();
      await expect(page.getByText(t.validation!.codeInvalid!, { exact: true })).toBeVisible();

      // The tabs work from the keyboard too.
      await page.getByRole('tab', { name: t.LoginForm!.codeTab! }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: t.LoginForm!.passwordTab! })).toHaveAttribute('aria-selected', 'true');
      await input(page, 'account').fill(user.username);
      await input(page, 'password').fill('Wrong-pass-1');
      await page.getByRole('button', submitLogin()).click();
      await expect(page.getByText(t.errors!.invalidCredentials!, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(localeUrl(locale, '/login'));

      await page.getByRole('tab', { name: t.LoginForm!.codeTab! }).click();
      await waitForResend(user);
      await input(page, 'mobile').fill(user.mobile);
      await page.getByRole('button', { name: t.CodeButton!.receive! }).click();
      await expect(page.getByRole('button', { name: textPattern(t.CodeButton!.sent!) })).toBeDisabled();
      const { code } = await readCode(request, user.mobile, 'LOGIN');
      await input(page, 'code').fill(code);
      await page.getByRole('button', submitLogin()).click();
      await expect(page.getByText(t.success!.loginSucceeded!, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(localeUrl(locale, '/'));
      const account = page.getByRole('group', { name: t.AccountStatus!.label! });
      await expect(account).toContainText(user.username);
      await expect(account).toContainText(t.AccountStatus!.planFree!);
    },
  );

  test(
    `${locale}: reset the password by phone, then log in with the new one`,
    writesIn(locale, 'zh-CN'),
    async ({ page, context, request }) => {
      test.setTimeout(120_000);
      await useLocale(context, locale);
      const user = waiting.get(`phone-reset:${locale}`) ?? (await createUser(request));
      const newPassword = 'Fresh-pass-42';
      await page.goto(localePath(locale, '/resetPW'));
      await expect(page.getByRole('tab', { name: t.ResetForm!.byPhone! })).toHaveAttribute('aria-selected', 'true');
      await waitForResend(user);
      await input(page, 'mobile').fill(user.mobile);
      await page.getByRole('button', { name: t.CodeButton!.receive! }).click();
      await expect(page.getByRole('button', { name: textPattern(t.CodeButton!.sent!) })).toBeDisabled();
      const { code } = await readCode(request, user.mobile, 'RESET');
      await input(page, 'code').fill(code);
      await input(page, 'password').fill(newPassword);
      await input(page, 'confirmPassword').fill(newPassword);
      await page.getByRole('button', { name: t.ResetForm!.submit! }).click();
      // says what happened, and the log-in opens on the password tab
      await expect(page.getByText(t.success!.passwordReset!, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(localeUrl(locale, '/login?tab=password'));
      await expect(page.getByRole('tab', { name: t.LoginForm!.passwordTab! })).toHaveAttribute('aria-selected', 'true');

      await openPasswordTab(page, locale);
      await input(page, 'account').fill(user.mobile);
      await input(page, 'password').fill(newPassword);
      await page.getByRole('button', submitLogin()).click();
      await expect(page.getByText(t.success!.loginSucceeded!, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(localeUrl(locale, '/'));
      await expect(page.getByRole('group', { name: t.AccountStatus!.label! })).toContainText(user.username);
    },
  );
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type TLocale } from '@llk/contracts';
import { type Page, expect, test } from '@playwright/test';
import {
  PASSWORD,
  PHONE_ONLY,
  accountTexts,
  localePath,
  localeUrl,
  readCode,
  textPattern,
  uniquePhone,
  uniqueUsername,
  useLocale,
  waitForResend,
  whenHydrated,
  writesIn,
} from '../support/accounts';
import {
  type TWorldPhone,
  createEmailUser,
  expectNoSidewaysScroll,
  frenchMobile,
  japaneseMobile,
  spanishMobile,
  uniqueEmail,
} from '../support/accounts-world';

// The whole world can sign up and sign in. Sign-up in es with a Spanish mobile typed
// as "+34 612 345 678", in fr with an email address (then a French phone bound in the profile),
// in ja with a Japanese mobile at phone size, log-in by an email code, and the mainland sign-up
// in zh-CN as before (+86 chosen, 11 digits typed). Codes come from the API's dev outbox.
// The visitor's country is unknown here (127.0.0.1): the page language chooses the country.

const profileTexts = (locale: TLocale): Record<string, string> =>
  (
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../apps/web/messages', locale, 'account-profile.json'), 'utf8')) as {
      AccountProfile: Record<string, string>;
    }
  ).AccountProfile;

const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const countryButton = (page: Page) => page.getByTestId('phone-country');

/** The phone field shows `region` and its calling code. */
async function expectCountry(page: Page, region: string, callingCode: string) {
  await expect(countryButton(page)).toHaveAttribute('data-region', region);
  await expect(countryButton(page)).toContainText(`+${callingCode}`);
}

/** Clicks "Get code" and returns the code the outbox got for `to`. */
async function requestCode(page: Page, locale: TLocale, to: string, purpose: string): Promise<string> {
  const t = accountTexts(locale);
  const after = Date.now() - 1000;
  await page.getByRole('button', { name: t.CodeButton!.receive!, exact: true }).click();
  await expect(page.getByText(textPattern(t.success!.codeSent!))).toBeVisible();
  return (await readCode(page.request, to, purpose, after)).code;
}

/** Fills the rest of the sign-up form and submits it; the account is made and logged in. */
async function finishSignup(page: Page, locale: TLocale, code: string) {
  const t = accountTexts(locale);
  await input(page, 'code').fill(code);
  await input(page, 'password').fill(PASSWORD);
  await input(page, 'confirmPassword').fill(PASSWORD);
  await page.getByRole('button', { name: t.SignupForm!.submit!, exact: true }).click();
  await expect(page.getByText(t.success!.accountCreated!, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(localeUrl(locale, '/'));
}

async function userInfo(page: Page): Promise<{ username: string; mobile: string | null; email: string | null }> {
  const info = await page.request.get('/api/user/info');
  const body = (await info.json()) as { errcode: number; data: { username: string; mobile: string | null; email: string | null } };
  expect(body.errcode).toBe(0);
  return body.data;
}

/** "+34612345678" → "+34 612 *** 678" (maskPhone of the contracts, ADR 0027). */
function maskedWorldPhone(phone: TWorldPhone, callingCode: string): string {
  const national = phone.e164.slice(1 + callingCode.length);
  return `+${callingCode} ${national.slice(0, 3)} *** ${national.slice(-3)}`;
}

test.describe('accounts of every country', () => {
  test('es: sign up with a Spanish mobile typed as +34 612 345 678', writesIn('es', 'es'), async ({ page, context }) => {
    const locale: TLocale = 'es';
    await useLocale(context, locale);
    const t = accountTexts(locale);
    const phone = spanishMobile();
    const username = uniqueUsername();
    await page.goto(localePath(locale, '/signup'));
    await whenHydrated(input(page, 'mobile'));
    // the page's language chooses Spain, with a Spanish mobile as the example
    await expectCountry(page, 'ES', '34');
    await expect(input(page, 'mobile')).toHaveAttribute('placeholder', /^6\d\d \d\d \d\d \d\d$/);
    // no text says that only mainland numbers work
    await expect(page.getByText(/China continental|中国大陆/)).toHaveCount(0);

    // a landline is refused with the field's message in Spanish, before any code is sent
    await input(page, 'username').fill(username);
    await input(page, 'mobile').fill('+34 912 345 678');
    await page.getByRole('button', { name: t.CodeButton!.receive!, exact: true }).click();
    await expect(
      page
        .getByText(t.validation!.phoneNotMobile!, { exact: true })
        .or(page.getByText(t.validation!.phoneInvalid!, { exact: true }))
        .first(),
    ).toBeVisible();

    await input(page, 'mobile').fill(phone.typed);
    await expectCountry(page, 'ES', '34');
    const code = await requestCode(page, locale, phone.e164, 'SIGNUP');
    await finishSignup(page, locale, code);
    const info = await userInfo(page);
    expect(info).toMatchObject({ username, mobile: maskedWorldPhone(phone, '34') });

    // the profile shows the number as it is masked, with a way to change it
    await page.goto(localePath(locale, '/account/profile'));
    await expect(page.getByTestId('contact-phone-value')).toHaveText(maskedWorldPhone(phone, '34'));
  });

  test('fr: sign up with an email address, then bind a French phone in the profile', writesIn('fr', 'fr'), async ({ page, context }) => {
    const locale: TLocale = 'fr';
    await useLocale(context, locale);
    const t = accountTexts(locale);
    const email = uniqueEmail();
    const username = uniqueUsername();
    await page.goto(localePath(locale, '/signup'));
    const tab = page.getByRole('tab', { name: t.SignupForm!.byEmail!, exact: true });
    await page.waitForLoadState('load');
    await expect(async () => {
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
    }).toPass();
    await expect(input(page, 'mobile')).toHaveCount(0);
    await expect(page.getByText(t.SignupForm!.emailHint!, { exact: true })).toBeVisible();

    // inline validation in French before anything is sent
    await page.getByRole('button', { name: t.SignupForm!.submit!, exact: true }).click();
    await expect(page.getByText(t.validation!.emailRequired!, { exact: true })).toBeVisible();
    await input(page, 'username').fill(username);
    await input(page, 'email').fill(email);
    const code = await requestCode(page, locale, email, 'SIGNUP');
    await finishSignup(page, locale, code);
    const info = await userInfo(page);
    expect(info.username).toBe(username);
    expect(info.mobile).toBeNull();

    // an account without a phone can bind one (BIND_MOBILE), here a French number typed nationally
    await page.goto(localePath(locale, '/account/profile'));
    const row = page.getByTestId('contact-phone');
    const p = profileTexts(locale);
    await expect(page.getByTestId('contact-phone-value')).toHaveText(p.notSet!);
    await (await whenHydrated(row.getByRole('button', { name: p.bindPhone!, exact: true }))).click();
    await expectCountry(page, 'FR', '33');
    const french = frenchMobile();
    await row.locator('input[name="address"]').fill(french.typed);
    const bindCode = await requestCode(page, locale, french.e164, 'BIND_MOBILE');
    await row.getByLabel(p.code!, { exact: true }).fill(bindCode);
    await row.getByRole('button', { name: p.confirm!, exact: true }).click();
    await expect(page.getByTestId('contact-phone-value')).toHaveText(maskedWorldPhone(french, '33'));
  });

  test('ja, phone size: sign up with a Japanese mobile typed as +81 90-1234-5678', PHONE_ONLY, async ({ page, context }) => {
    const locale: TLocale = 'ja';
    await useLocale(context, locale);
    const phone = japaneseMobile();
    await page.goto(localePath(locale, '/signup'));
    await whenHydrated(input(page, 'mobile'));
    await expectCountry(page, 'JP', '81');
    await expect(input(page, 'mobile')).toHaveAttribute('placeholder', /^0[789]0-\d{4}-\d{4}$/);
    await expectNoSidewaysScroll(page);

    // the selector: searched by a name in Japanese, chosen with the keyboard, fits the phone's width
    await countryButton(page).click();
    const search = page.getByRole('combobox');
    await expect(search).toBeFocused();
    await search.fill('スペイン');
    await expect(page.getByRole('option').first()).toContainText('スペイン');
    const box = await page.getByRole('listbox').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectNoSidewaysScroll(page);
    await search.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expectCountry(page, 'JP', '81');

    await input(page, 'username').fill(uniqueUsername());
    await input(page, 'mobile').fill(phone.typed);
    const code = await requestCode(page, locale, phone.e164, 'SIGNUP');
    await finishSignup(page, locale, code);
    expect((await userInfo(page)).mobile).toBe(maskedWorldPhone(phone, '81'));
  });

  test(
    'en: log in with a code sent to the email address of an account without a phone',
    writesIn('en', 'en'),
    async ({ page, context }) => {
      // the production shape keeps the real 60 s cool-down, which waitForResend waits out
      test.setTimeout(120_000);
      const locale: TLocale = 'en';
      await useLocale(context, locale);
      const t = accountTexts(locale);
      const user = await createEmailUser(page.request);
      await context.clearCookies();
      await useLocale(context, locale);
      await page.goto(localePath(locale, '/login'));
      await expect(page.getByRole('tab', { name: t.LoginForm!.codeTab!, exact: true })).toHaveAttribute('aria-selected', 'true');
      await (await whenHydrated(page.getByRole('button', { name: t.LoginForm!.useEmail!, exact: true }))).click();
      await expect(input(page, 'mobile')).toHaveCount(0);
      await expect(input(page, 'email')).toBeFocused();
      await input(page, 'email').fill(user.email);
      // the sign-up code went to this address moments ago: the cool-down (CODE_RESEND_SECONDS) first
      await waitForResend({ ...user, mobile: '' });
      const code = await requestCode(page, locale, user.email, 'LOGIN');
      await input(page, 'code').fill(code);
      await page.getByRole('button', { name: t.LoginForm!.submit!, exact: true }).click();
      await expect(page.getByText(t.success!.loginSucceeded!, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(localeUrl(locale, '/'));
      expect((await userInfo(page)).username).toBe(user.username);
    },
  );

  test('zh-CN: the mainland sign-up as before, +86 chosen and 11 digits typed', writesIn('zh-CN', 'zh-CN'), async ({ page, context }) => {
    const locale: TLocale = 'zh-CN';
    await useLocale(context, locale);
    const mobile = uniquePhone();
    await page.goto(localePath(locale, '/signup'));
    await whenHydrated(input(page, 'mobile'));
    await expectCountry(page, 'CN', '86');
    await input(page, 'username').fill(uniqueUsername());
    await input(page, 'mobile').fill(mobile);
    await expectCountry(page, 'CN', '86');
    const code = await requestCode(page, locale, `+86${mobile}`, 'SIGNUP');
    await finishSignup(page, locale, code);
    // shown as before: 11 digits masked, without +86
    expect((await userInfo(page)).mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
  });
});

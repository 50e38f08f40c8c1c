import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type TLocale } from '@llk/contracts';
import { expect, test } from '@playwright/test';
import {
  PHONE_ONLY,
  accountTexts,
  createUser,
  localePath,
  localeUrl,
  readCode,
  textPattern,
  uniqueUsername,
  useLocale,
  waitForResend,
  whenHydrated,
} from '../support/accounts';

// An email typed beside the phone at sign-up starts unverified and opens nothing (ADR 0028): no
// reset code goes to it, answered as for an unknown address. Its owner sees it "not verified" on
// /account/profile, verifies it there (the BIND_EMAIL code to it, POST /user/bindEmail with the
// same address), and from then on resets the password by email. The remove buttons follow:
// the phone can be removed only once the email is verified. In Japanese and Spanish, on a phone
// (390 px, the phone project) and a desktop (1280 px). With E2E_SHOTS_DIR set, the profile is
// photographed before and after.

type TTexts = Record<string, string>;
const root = path.resolve(import.meta.dirname, '../..');
const profileTexts = (locale: TLocale): TTexts =>
  (JSON.parse(readFileSync(path.join(root, 'apps/web/messages', locale, 'account-profile.json'), 'utf8')) as { AccountProfile: TTexts })
    .AccountProfile;
const shotsDir = process.env.E2E_SHOTS_DIR;

for (const locale of ['ja', 'es'] as const satisfies readonly TLocale[]) {
  for (const [width, tag] of [
    [390, PHONE_ONLY],
    [1280, locale === 'es' ? { tag: '@writes' } : {}],
  ] as const) {
    test(
      `${locale}, ${width} px: sign up by phone with an email, verify the email on the profile, then reset the password by email`,
      tag,
      async ({ page, context }) => {
        test.setTimeout(120_000); // production mode (the @writes rerun) waits the real 60 s between two codes to the email
        if (width === 1280) await page.setViewportSize({ width, height: 900 });
        await useLocale(context, locale);
        const t = profileTexts(locale);
        const auth = accountTexts(locale);
        const email = `${uniqueUsername().replace('_', '.')}v@example.com`;
        const user = await createUser(page.request, { email, emailVerified: false });
        const login = await page.request.post('/api/h5Login', {
          data: { loginType: 'account', account: user.username, password: user.password },
        });
        expect((await login.json()).errcode).toBe(0);

        // unverified: no reset code to it, the same answer as for an address nobody has
        const reset = async (to: string) =>
          (await (await page.request.post('/api/sms', { data: { email: to, smsType: 'RESET' } })).json()).errcode as number;
        const unknown = await reset(`nobody.${uniqueUsername()}@example.com`);
        expect(unknown).not.toBe(0);
        expect(await reset(email)).toBe(unknown);

        await page.goto(localePath(locale, '/account/profile'));
        const row = page.getByTestId('contact-email');
        const phoneRow = page.getByTestId('contact-phone');
        await expect(page.getByTestId('contact-email-status')).toHaveText(t.emailUnverifiedBadge!);
        await expect(page.getByTestId('contact-email-unverified-note')).toHaveText(t.unverifiedNote!);
        await expect(page.getByTestId('contact-phone-status')).toHaveText(t.phoneVerifiedBadge!);
        // the phone is the only verified contact: it cannot be removed; the email can
        await expect(phoneRow.getByRole('button', { name: t.removePhone! })).toHaveCount(0);
        await expect(row.getByRole('button', { name: t.removeEmail! })).toBeVisible();
        await expect(row.getByRole('button', { name: t.changeEmail! })).toHaveCount(0);
        if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `W2-${locale}-${width}-unverified.png`), fullPage: true });

        await (await whenHydrated(row.getByRole('button', { name: t.verifyEmail! }))).click();
        await expect(row.getByText(t.verifyEmailLede!)).toBeVisible();
        await row.getByLabel(t.verifyEmailField!).fill(email);
        if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `W2-${locale}-${width}-verify-form.png`), fullPage: true });
        const asked = Date.now() - 1000;
        await row.getByRole('button', { name: auth.CodeButton!.receive!, exact: true }).click();
        const message = await readCode(page.request, email, 'BIND_EMAIL', asked);
        await row.getByLabel(t.code!).fill(message.code);
        await row.getByRole('button', { name: t.confirm! }).click();
        await expect(page.getByText(t.verified!, { exact: true })).toBeVisible();
        await expect(page.getByTestId('contact-email-status')).toHaveText(t.emailVerifiedBadge!);
        await expect(page.getByTestId('contact-email-unverified-note')).toHaveCount(0);
        await expect(row.getByRole('button', { name: t.changeEmail! })).toBeVisible();
        await expect(phoneRow.getByRole('button', { name: t.removePhone! })).toBeVisible();
        if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `W2-${locale}-${width}-verified.png`), fullPage: true });
        expect((await (await page.request.get('/api/user/info')).json()).data).toMatchObject({ emailVerified: true, mobileVerified: true });

        // now the email resets the password, as a signed-out visitor does it
        await context.clearCookies();
        await useLocale(context, locale);
        await waitForResend({ ...user, codeSentAt: Date.parse(message.sentAt) });
        const newPassword = 'Verified-reset-7';
        await page.goto(localePath(locale, '/resetPW'));
        await (await whenHydrated(page.getByRole('tab', { name: auth.ResetForm!.byEmail! }))).click();
        await page.locator('input[name="email"]').fill(email);
        const resetAsked = Date.now() - 1000;
        await page.getByRole('button', { name: auth.CodeButton!.receive! }).click();
        await expect(page.getByText(textPattern(auth.success!.codeSent!))).toBeVisible();
        const { code } = await readCode(page.request, email, 'RESET', resetAsked);
        await page.locator('input[name="code"]').fill(code);
        await page.locator('input[name="password"]').fill(newPassword);
        await page.locator('input[name="confirmPassword"]').fill(newPassword);
        await page.getByRole('button', { name: auth.ResetForm!.submit! }).click();
        await expect(page.getByText(auth.success!.passwordReset!, { exact: true })).toBeVisible();
        await expect(page).toHaveURL(localeUrl(locale, '/login?tab=password'));
        const byEmail = await page.request.post('/api/h5Login', { data: { loginType: 'email', account: email, password: newPassword } });
        expect((await byEmail.json()).errcode).toBe(0);
      },
    );
  }
}

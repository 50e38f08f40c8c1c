import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type TLocale, localeEntries } from '@llk/contracts';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import {
  PHONE_ONLY,
  accountTexts,
  createUser,
  localePath,
  readCode,
  type TUser,
  uniquePhone,
  useLocale,
  waitForEmailResend,
  waitForResend,
  whenHydrated,
} from '../support/accounts';

// The account area's profile and cancellation pages: bind an email then reset the
// password by email; change the phone in two steps; cancel the account, restore it and cancel
// again. Each journey at phone size (390×844) or desktop, in zh-CN, en, ja and ko.
// The erasure after the 15-day cooling-off runs the accounts-erase job with a moved clock through
// the API's development-only POST /dev/jobs/run (DEV_JOBS_CLOCK, set by playwright.config.ts); a
// site that is already up (the scale-out step, production mode) has no such route, so there the
// journey ends at the second cancellation. apps/api/test/modules/profile/cancellation.test.ts
// covers the rest of the erasure (access keys, passkeys, orders intact).

type TTexts = Record<string, string>;
const root = path.resolve(import.meta.dirname, '../..');
function profileTexts(locale: TLocale): TTexts {
  const file = JSON.parse(readFileSync(path.join(root, 'apps/web/messages', locale, 'account-profile.json'), 'utf8')) as {
    AccountProfile: TTexts;
  };
  return file.AccountProfile;
}
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

async function logIn(request: APIRequestContext, user: TUser): Promise<void> {
  const login = await request.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: user.password } });
  expect((await login.json()).errcode).toBe(0);
}

/** Clicks the code button of the form and returns the code the outbox got for `to` and `purpose`. */
async function requestCode(
  page: Page,
  scope: ReturnType<Page['getByTestId']>,
  locale: TLocale,
  to: string,
  purpose: string,
): Promise<string> {
  const code = accountTexts(locale).CodeButton!;
  const after = Date.now() - 1000;
  await scope.getByRole('button', { name: code.receive!, exact: true }).click();
  await expect(scope.getByRole('button', { name: new RegExp(code.sent!.split('{')[0]!.replace(/[()]/g, '\\$&')) })).toBeDisabled();
  return (await readCode(page.request, to, purpose, after)).code;
}

test.describe('account profile', () => {
  test('zh-CN, phone size: bind an email on /account/profile, then reset the password by email', async ({ page, context }) => {
    test.setTimeout(120_000); // waits out the bind code's resend time before the reset code
    const locale: TLocale = 'zh-CN';
    await page.setViewportSize({ width: 390, height: 844 });
    await useLocale(context, locale);
    const t = profileTexts(locale);
    const auth = accountTexts(locale);
    const user = await createUser(page.request);
    await logIn(page.request, user);
    const email = `${user.username.toLowerCase()}@example.com`;

    await page.goto(localePath(locale, '/account/profile'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('profile-username')).toHaveText(user.username);
    await expect(page.getByTestId('contact-email-value')).toHaveText(t.notSet!);
    await expect(page.getByTestId('contact-phone-value')).toHaveText(maskPhone(user.mobile));

    const row = page.getByTestId('contact-email');
    await row.getByRole('button', { name: t.bindEmail! }).click();
    await row.getByLabel(t.newEmail!).fill(email);
    const code = await requestCode(page, row, locale, email, 'BIND_EMAIL');
    const bindCodeSentAt = Date.now();
    await row.getByLabel(t.code!).fill(code);
    await row.getByRole('button', { name: t.confirm! }).click();
    await expect(page.getByTestId('contact-email-value')).toHaveText(`${email[0]}***@example.com`);

    // the new address heard of it
    const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(((await outbox.json()).data.messages as { purpose: string }[]).map((message) => message.purpose)).toContain('EMAIL_BOUND');

    // reset the password by email on /resetPW (the same address may get a code again after the resend wait)
    await waitForResend({ ...user, codeSentAt: bindCodeSentAt });
    // as a visitor who forgot the password (a logged-in visitor is sent away from /resetPW)
    await page.request.post('/api/logout');
    await context.clearCookies();
    await useLocale(context, locale);
    await page.goto(localePath(locale, '/resetPW'));
    await (await whenHydrated(page.getByRole('tab', { name: auth.ResetForm!.byEmail! }))).click();
    const form = page.locator('form').filter({ has: page.locator('input[name="email"]') });
    await form.locator('input[name="email"]').fill(email);
    const after = Date.now() - 1000;
    await form.getByRole('button', { name: auth.CodeButton!.receive!, exact: true }).click();
    const reset = await readCode(page.request, email, 'RESET', after);
    await form.locator('input[name="code"]').fill(reset.code);
    await form.locator('input[name="password"]').fill('NewPass-2025');
    await form.locator('input[name="confirmPassword"]').fill('NewPass-2025');
    await form.getByRole('button', { name: auth.ResetForm!.submit! }).click();
    await expect(page).toHaveURL(/\/login\?tab=password$/);
    const login = await page.request.post('/api/h5Login', { data: { loginType: 'email', account: email, password: 'NewPass-2025' } });
    expect((await login.json()).errcode).toBe(0);
  });

  // on a desktop in English and, on the phone project, in Spanish
  for (const [locale, viewport, tag] of [
    ['en', { width: 1280, height: 900 }, {}],
    ['es', { width: 390, height: 844 }, PHONE_ONLY],
  ] as const) {
    test(
      `${locale}, ${viewport.width} px: change the phone with a code to the old phone, then one to the new phone`,
      tag,
      async ({ page, context }) => {
        test.setTimeout(120_000); // waits out the sign-up code's resend time (60 s in production mode)
        await page.setViewportSize(viewport);
        await useLocale(context, locale);
        const t = profileTexts(locale);
        const user = await createUser(page.request, { email: `${Date.now()}@example.com` });
        await logIn(page.request, user);
        await waitForResend(user); // the sign-up code went to this phone moments ago
        const newPhone = uniquePhone();

        await page.goto(localePath(locale, '/account/profile'));
        const row = page.getByTestId('contact-phone');
        await row.getByRole('button', { name: t.changePhone! }).click();
        await expect(row.getByText(fill(t.stepOld!, { target: maskPhone(user.mobile) }))).toBeVisible();
        const oldCode = await requestCode(page, row, locale, user.mobile, 'MODIFY_PHONE');
        await row.getByLabel(t.code!).fill(oldCode);
        await row.getByRole('button', { name: t.next! }).click();

        await expect(row.getByText(t.stepNewPhone!)).toBeVisible();
        await row.getByLabel(t.newPhone!).fill(newPhone);
        const newCode = await requestCode(page, row, locale, newPhone, 'CHANGE_MOBILE');
        await row.getByLabel(t.code!).fill(newCode);
        await row.getByRole('button', { name: t.confirm! }).click();
        await expect(page.getByTestId('contact-phone-value')).toHaveText(maskPhone(newPhone));

        // the nickname, while here
        await page.getByLabel(t.nickname!).fill('Desk Top');
        // the profile is read back once the save has answered (the field holds the typed text at once)
        const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/updateProfile'));
        await page.getByRole('button', { name: t.save! }).click();
        expect((await (await saved).json()).errcode).toBe(0);
        await expect(page.getByLabel(t.nickname!)).toHaveValue('Desk Top');
        const info = await page.request.get('/api/user/info');
        expect((await info.json()).data).toMatchObject({ nickname: 'Desk Top', mobile: maskPhone(newPhone) });
      },
    );
  }

  // one after the other: the erasure job with a moved clock erases every account whose
  // cooling-off it passes, so a parallel journey's cancelled account would go with it
  test.describe('cancellation', () => {
    test.describe.configure({ mode: 'default' });
    for (const [locale, viewport] of [
      ['ja', { width: 390, height: 844 }],
      ['ko', { width: 1280, height: 900 }],
    ] as const) {
      test(
        `${locale}, ${viewport.width} px: cancel the account, restore it with one click, cancel again, erase it 16 days on`,
        { tag: locale === 'ja' ? '@writes' : [] },
        async ({ page, context }) => {
          // production mode (the @writes rerun) waits the real 60 s before the phone gets a second code
          test.setTimeout(180_000);
          await page.setViewportSize(viewport);
          await useLocale(context, locale);
          const t = profileTexts(locale);
          const email = `c${Date.now()}${locale}@example.com`;
          // the email verified by its owner (createUser): an unverified one gets no CANCEL_ACCOUNT code
          const user = await createUser(page.request, { email });
          await logIn(page.request, user);

          const cancel = async (channel: 'SMS' | 'EMAIL') => {
            await page.goto(localePath(locale, '/account/cancel'));
            const form = page.getByTestId('cancel-form');
            await expect(page.getByText(t.loseMembership!)).toBeVisible();
            const label =
              channel === 'SMS'
                ? fill(t.viaPhone!, { target: maskPhone(user.mobile) })
                : fill(t.viaEmail!, { target: `${email[0]}***@example.com` });
            await form.getByLabel(label).check();
            const code = await requestCode(page, form, locale, channel === 'SMS' ? user.mobile : email, 'CANCEL_ACCOUNT');
            await form.getByLabel(t.code!).fill(code);
            await form.getByLabel(t.acknowledge!).check();
            await form.getByRole('button', { name: t.submitCancel! }).click();
            await expect(page.getByTestId('cancel-pending')).toBeVisible();
            await expect(page.getByRole('heading', { name: t.pendingHeading! })).toBeVisible();
          };

          await waitForEmailResend(user); // the verifying code went to this email
          await cancel('EMAIL');
          // still usable in the cooling-off: every account page says when the account will be
          // erased, with the restore, and none invites a payment
          const pending = (await (await page.request.get('/api/user/info')).json()).data as { cancellation: { eraseAt: string } };
          // on the reader's calendar (ADR 0031): the browser's zone, which its llk-tz cookie tells the server
          const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
          const eraseDate = new Intl.DateTimeFormat(localeEntries[locale].iso, { dateStyle: 'long', timeZone: zone }).format(
            new Date(pending.cancellation.eraseAt),
          );
          for (const route of ['/account', '/account/profile', '/account/orders', '/account/seats']) {
            await page.goto(localePath(locale, route));
            await expect(page.getByTestId('pending-deletion'), route).toContainText(fill(t.pendingNotice!, { date: eraseDate }));
            await expect(page.getByTestId('pending-deletion').getByRole('button', { name: t.restore! }), route).toBeVisible();
          }
          await page.goto(localePath(locale, '/account'));
          await expect(page.getByTestId('pending-deletion')).toBeVisible();
          await expect(page.getByTestId('renew')).toHaveCount(0);
          // the header too: the pending deletion, leading to the restore, not the plan
          const headerLink = page.locator(viewport.width < 1152 ? 'header [data-plan-chip]' : 'header [data-plan-line] a');
          await expect(headerLink).toHaveAttribute('href', localePath(locale, '/account/cancel'));
          if (process.env.E2E_SHOTS) await page.screenshot({ path: `/tmp/shots/h1-12-${locale}-${viewport.width}.png`, fullPage: false });
          // ordering is refused in the page's language until the account is restored
          const refused = await page.request.post('/api/order/createV2', {
            data: { skuId: 'MEMBER_YEAR' },
            headers: { 'accept-language': locale, origin: new URL(page.url()).origin },
          });
          expect(await refused.json()).toMatchObject({ errcode: 10159, errmsg: accountTexts(locale).errors!.accountPendingDeletion });
          // one click on the banner restores it, there and in the header
          await page.getByTestId('pending-deletion').getByRole('button', { name: t.restore! }).click();
          await expect(page.getByTestId('pending-deletion')).toHaveCount(0);
          await expect(page.getByTestId('renew')).toBeVisible();
          // the header's plan is back: the phone's chip leads to the account, the bar's line is no link
          if (viewport.width < 1152) await expect(headerLink).toHaveAttribute('href', localePath(locale, '/account'));
          else await expect(headerLink).toHaveCount(0);
          expect((await (await page.request.get('/api/user/info')).json()).data.cancellation).toBeNull();
          await page.goto(localePath(locale, '/account/cancel'));
          await expect(page.getByTestId('cancel-form')).toBeVisible();

          await waitForResend(user); // the sign-up code went to this phone
          await cancel('SMS');
          const smsSentAt = Date.now();
          const info = (await (await page.request.get('/api/user/info')).json()).data as {
            cancellation: { requestedAt: string; eraseAt: string };
          };
          expect(Date.parse(info.cancellation.eraseAt) - Date.parse(info.cancellation.requestedAt)).toBe(15 * 24 * 3_600_000);
          if (process.env.E2E_BASE_URL) return; // production mode: no moved clock (see the top of this file)

          // 14 days on the account is still there; 16 days on the job erases it
          const runEraseJob = async (days: number) => {
            const res = await page.request.post('/api/dev/jobs/run', { data: { job: 'accounts-erase', days } });
            expect(res.status()).toBe(200);
            return ((await res.json()) as { data: { result: { erased: number } } }).data.result.erased;
          };
          await runEraseJob(14);
          expect((await page.request.get('/api/user/info')).status()).toBe(200);
          expect(await runEraseJob(16)).toBeGreaterThanOrEqual(1);

          // the old session is logged out: the account pages send it to the log-in form
          expect((await page.request.get('/api/user/info')).status()).toBe(401);
          await page.goto(localePath(locale, '/account/profile'));
          await expect(page).toHaveURL(/\/login\?redirectUrl=/);
          // the old password opens nothing
          const old = await page.request.post('/api/h5Login', {
            data: { loginType: 'account', account: user.username, password: user.password },
          });
          expect((await old.json()).errcode).toBe(10006);
          // and the phone and username are free for a new account
          await waitForResend({ ...user, codeSentAt: smsSentAt });
          const reborn = await createUser(page.request, { mobile: user.mobile, username: user.username });
          await logIn(page.request, reborn);
          const fresh = (await (await page.request.get('/api/user/info')).json()).data as { mobile: string; cancellation: unknown };
          expect(fresh).toMatchObject({ mobile: maskPhone(user.mobile), cancellation: null });
        },
      );
    }
  });
});

import { randomInt } from 'node:crypto';
import { REFERRAL_RULES, type TAmbassadorInfo, type TLocale } from '@llk/contracts';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { accountTexts, apiBase as api, readCode, textPattern } from '../support/accounts';
import { fetchPricing, payInSandbox, rmb, spaces } from '../support/commerce';

// The ambassador programme: a member joins on /promotionPlan and sees the referral
// link, code and QR code; a visitor follows the referral link, looks at another page, switches
// the language, signs up on the site (bound, 3 days of Pro and 10 screen walls), buys a
// membership in the sandbox, and the ambassador sees them, masked, and the pending commission.

interface Identity {
  username: string;
  mobile: string;
  password: string;
}

function newIdentity(): Identity {
  const n = `${Date.now() % 100_000}${randomInt(100, 1000)}`.padStart(8, '0');
  return { username: `amb${n}`, mobile: `136${n}`, password: 'Secret#123' };
}

async function data<T>(response: { ok(): boolean; json(): Promise<unknown>; text(): Promise<string> }): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { errcode: number; data: T };
  expect(body.errcode).toBe(0);
  return body.data;
}

/** A SIGNUP code through the given client, read where the journeys read codes. */
async function signupCode(request: APIRequestContext, base: string, mobile: string): Promise<string> {
  await data(await request.post(`${base}/sms`, { data: { mobile, smsType: 'SIGNUP' } }));
  return (await readCode(request, mobile, 'SIGNUP')).code;
}

async function signUpBody(request: APIRequestContext, base: string, identity: Identity) {
  const code = await signupCode(request, base, identity.mobile);
  return { username: identity.username, mobile: identity.mobile, code, password: identity.password, confirmPassword: identity.password };
}

/** Logs a browser context in as the API would have: the httpOnly session cookie and the hint. */
async function logIn(context: BrowserContext, baseURL: string, token: string) {
  await context.addCookies([
    { name: 'llk_session', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    { name: 'llk_session_hint', value: '1', url: baseURL, sameSite: 'Lax' },
  ]);
}

test(
  'a member joins the ambassador programme and sees the link, the code and its QR code',
  { tag: '@writes' },
  async ({ page, request, baseURL }) => {
    const identity = newIdentity();
    const { access_token: token } = await data<{ access_token: string }>(
      await request.post(`${api}/signup`, { data: await signUpBody(request, api, identity) }),
    );

    // a visitor is invited to join and asked to log in first, with the way back
    await page.goto('/en/promotionPlan');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Become a LLK Remote ambassador');
    const login = page.getByTestId('ambassador-login');
    await expect(login).toHaveAttribute('href', /\/en\/login\?redirectUrl=%2FpromotionPlan/);
    // the rules name what earns nothing, as the ledger applies them
    await expect(page.getByText('Global channel, quality upgrades and cloud PCs earn no commission.')).toBeVisible();
    await expect(page.getByText(/^Referring yourself earns nothing/)).toBeVisible();
    // and how commission becomes money, before joining: the threshold by its name (its amount is the programme API's, for a member)
    const payoutRule = page.getByTestId('payout-rule');
    await expect(payoutRule).toContainText('paid to your Alipay account in the monthly batch transfer once it reaches the minimum payout;');

    await logIn(page.context(), baseURL ?? '', token);
    // the threshold the page was given, as the payout section shows it (the back office may change it meanwhile)
    const programme = page.waitForResponse(
      (response) => response.url().endsWith('/activity/participant/marketingAmbassador') && response.request().method() === 'GET',
    );
    await page.goto('/en/promotionPlan');
    const { payout } = ((await (await programme).json()) as { data: TAmbassadorInfo }).data;
    const join = page.getByRole('button', { name: 'Join now' });
    await expect(join).toBeVisible();
    await expect(heading).toHaveText('Become a LLK Remote ambassador');
    await expect(payoutRule).toContainText(`once it reaches ${rmb(payout.thresholdFen, 'en')};`);
    await join.click();
    const code = page.getByLabel('Your referral code', { exact: true });
    await expect(code).toHaveValue(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    const value = await code.inputValue();
    await expect(page.getByLabel('Your referral link', { exact: true })).toHaveValue(`${baseURL}/?ref=${value}`);
    await expect(page.getByRole('img', { name: 'QR code of your referral link' })).toHaveAttribute(
      'data-qr-value',
      `${baseURL}/?ref=${value}`,
    );
    await expect(page.getByText('Nobody has signed up through your link yet.')).toBeVisible();
    // a member's own page now, no longer an invitation
    await expect(heading).toHaveText('Your ambassador account');

    // joined for good: the same code after a reload, in another language too
    await page.goto('/ja/promotionPlan');
    await expect(page.getByLabel('あなたの紹介コード')).toHaveValue(value);
    await expect(heading).toHaveText('アンバサダーのマイページ');

    // the way back to the site, in words beside the logo
    const back = page.getByRole('link', { name: 'トップページへ戻る' });
    await expect(back).toBeVisible();
    await expect(back).toHaveAttribute('href', '/ja');
    await back.click();
    await expect(page).toHaveURL(/\/ja$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  },
);

/** The header's language switch (as language-switch.spec.ts uses it). */
/** Fills /signup up to its submit button: name, phone, a code from the outbox, password twice. */
async function fillSignupForm(page: Page, t: ReturnType<typeof accountTexts>, identity: Identity) {
  const input = (name: string) => page.locator(`input[name="${name}"]`);
  await input('username').fill(identity.username);
  await input('mobile').fill(identity.mobile);
  await page.getByRole('button', { name: t.CodeButton!.receive! }).click();
  await expect(page.getByText(textPattern(t.success!.codeSent!))).toBeVisible();
  const { code } = await readCode(page.request, identity.mobile, 'SIGNUP');
  await input('code').fill(code);
  await input('password').fill(identity.password);
  await input('confirmPassword').fill(identity.password);
}

async function switchLanguage(page: Page, name: string) {
  await page.locator('header details > summary:visible').first().click();
  await page.locator('header details[open] a', { hasText: name }).first().click();
}

test(
  'a visitor follows a referral link, signs up after another page and the language switch, buys a membership, and the ambassador sees the pending commission',
  { tag: '@writes' },
  async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000); // sign-up, sandbox payment and two browsers on a shared machine
    const ambassadorIdentity = newIdentity();
    const { access_token: ambassadorToken } = await data<{ access_token: string }>(
      await request.post(`${api}/signup`, { data: await signUpBody(request, api, ambassadorIdentity) }),
    );
    const joined = await data<{ referralCode: string; referralLink: string }>(
      await request.post(`${api}/activity/participant/marketingAmbassador?activityType=LZ`, {
        headers: { authorization: ambassadorToken },
      }),
    );
    expect(joined.referralLink).toBe(`${baseURL}/?ref=${joined.referralCode}`);

    // A new visitor (no cookies, an English browser) follows the link: the first-visit language
    // redirect keeps ?ref and the proxy remembers the code in the httpOnly llk_ref cookie.
    const visitor = await browser.newContext({ baseURL, locale: 'en-US' });
    const page = await visitor.newPage();
    const referral = async () => (await visitor.cookies()).find((cookie) => cookie.name === 'llk_ref');
    await page.goto(joined.referralLink);
    await expect(page).toHaveURL(`${baseURL}/en?ref=${joined.referralCode}`);
    expect(await referral()).toMatchObject({ value: joined.referralCode, httpOnly: true, sameSite: 'Lax' });

    // Another page, then the language switch: the referral stays.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/en/pricing');
    await switchLanguage(page, '日本語');
    await expect(page).toHaveURL(/\/ja\/pricing$/);
    expect((await referral())?.value).toBe(joined.referralCode);

    // Sign-up on the site in Japanese: the form's POST /api/signup carries the cookie to the API,
    // which binds the account and clears the cookie.
    const locale: TLocale = 'ja';
    const t = accountTexts(locale);
    const identity = newIdentity();
    await page.goto('/ja/signup');
    await fillSignupForm(page, t, identity);
    await page.getByRole('button', { name: t.SignupForm!.submit!, exact: true }).click();
    await expect(page.getByText(t.success!.accountCreated!, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/ja$/);
    expect(await referral()).toBeUndefined(); // used up

    // The welcome: 3 days of Pro and 10 screen walls at once.
    const level = await data<{ plan: string; active: boolean; expiresAt: string }>(await page.request.get('/api/user/currentMemberLevel'));
    expect(level).toMatchObject({ plan: 'PRO', active: true });
    const days = (new Date(level.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(REFERRAL_RULES.bonusProDays - 0.1);
    expect(days).toBeLessThanOrEqual(REFERRAL_RULES.bonusProDays);
    expect((await data<{ monitorCount: number }>(await page.request.get('/api/user/queryMonitorAndQuality'))).monitorCount).toBe(
      REFERRAL_RULES.bonusMonitors,
    );

    // A year of membership, paid with WeChat Pay in the sandbox; the price comes from the server.
    const pricing = await fetchPricing(page.request, locale);
    const year = pricing.plans.find((plan) => plan.code === 'PRO')!.prices.find((price) => price.timeUnit === 'YEAR')!;
    await page.goto('/ja/order?plan=YEAR');
    await expect(page.getByTestId('plan-YEAR')).toBeChecked();
    await page.getByTestId('pay-method-WX').check();
    await page.getByTestId('pay-now').click();
    await payInSandbox(page);
    await expect(page.getByTestId('order-success')).toBeVisible({ timeout: 20_000 });
    await visitor.close();

    // The ambassador's page: the referred user, masked, and 20% of the price, pending.
    const commission = Math.floor((year.priceFen * REFERRAL_RULES.commissionPercent) / 100);
    const ambassador = await browser.newContext({ baseURL });
    await logIn(ambassador, baseURL ?? '', ambassadorToken);
    const dashboard = await ambassador.newPage();
    await dashboard.goto('/en/promotionPlan');
    await expect(dashboard.getByRole('heading', { name: 'People you referred (1)' })).toBeVisible();
    const masked = `${identity.mobile.slice(0, 3)}****${identity.mobile.slice(-4)}`;
    await expect(dashboard.getByTestId('referred-users')).toContainText(masked);
    await expect(dashboard.getByTestId('referred-users')).toContainText('60 days left');
    await expect(dashboard.getByTestId('referred-users')).not.toContainText(identity.mobile);
    const pending = dashboard.getByTestId('total-PENDING').locator('dd');
    await expect(pending).toHaveText(rmb(commission, 'en'));
    expect(spaces((await dashboard.getByTestId('total-EFFECTIVE').locator('dd').textContent()) ?? '')).toBe(spaces(rmb(0, 'en')));
    const line = dashboard.getByTestId('commission-lines').locator('tbody tr');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(masked);
    await expect(line).toContainText(rmb(year.priceFen, 'en'));
    await expect(line).toContainText(rmb(commission, 'en'));
    await expect(line).toContainText('Pending');
    await ambassador.close();
  },
);

test(
  'zh-CN: a referral code typed at sign-up binds the account (no link needed); a malformed one is caught inline',
  { tag: '@writes' },
  async ({ browser, request, baseURL }) => {
    const ambassadorIdentity = newIdentity();
    const { access_token: ambassadorToken } = await data<{ access_token: string }>(
      await request.post(`${api}/signup`, { data: await signUpBody(request, api, ambassadorIdentity) }),
    );
    const joined = await data<{ referralCode: string }>(
      await request.post(`${api}/activity/participant/marketingAmbassador?activityType=LZ`, {
        headers: { authorization: ambassadorToken },
      }),
    );

    const visitor = await browser.newContext({ baseURL, locale: 'zh-CN' });
    const page = await visitor.newPage();
    const t = accountTexts('zh-CN');
    const identity = newIdentity();
    const input = (name: string) => page.locator(`input[name="${name}"]`);
    await page.goto('/signup');
    await fillSignupForm(page, t, identity);
    await input('referralCode').fill('ABC');
    await page.getByRole('button', { name: t.SignupForm!.submit!, exact: true }).click();
    await expect(page.getByText(t.validation!.referralCodeInvalid!, { exact: true })).toBeVisible();

    await input('referralCode').fill(joined.referralCode.toLowerCase());
    await page.getByRole('button', { name: t.SignupForm!.submit!, exact: true }).click();
    await expect(page.getByText(t.success!.accountCreated!, { exact: true })).toBeVisible();
    const level = await data<{ plan: string; active: boolean }>(await page.request.get('/api/user/currentMemberLevel'));
    expect(level).toMatchObject({ plan: 'PRO', active: true });
    const seen = await data<{ referredCount: number }>(
      await request.get(`${api}/activity/participant/marketingAmbassador`, { headers: { authorization: ambassadorToken } }),
    );
    expect(seen.referredCount).toBe(1);
    await visitor.close();
  },
);

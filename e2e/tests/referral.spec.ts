import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';

// The ambassador programme (issue 6): a member joins on /promotionPlan and sees the referral
// link, code and QR code; a visitor carrying the referral signs up through the web's /api
// forward, is bound and gets 3 days of Pro and 10 screen walls, and shows up, masked, on the
// ambassador's page.

const apiPort = Number(process.env.E2E_API_PORT ?? 4310);
const api = `http://127.0.0.1:${apiPort}`;

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

/** A SIGNUP code through the given client, read from the API's dev outbox. */
async function signupCode(request: APIRequestContext, base: string, mobile: string): Promise<string> {
  await data(await request.post(`${base}/sms`, { data: { mobile, smsType: 'SIGNUP' } }));
  const outbox = await data<{ messages: { code: string }[] }>(await request.get(`${api}/dev/outbox?to=${mobile}`));
  const code = outbox.messages[0]?.code;
  expect(code).toMatch(/^\d{6}$/);
  return code ?? '';
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

test('a member joins the ambassador programme and sees the link, the code and its QR code', async ({ page, request, baseURL }) => {
  const identity = newIdentity();
  const { access_token: token } = await data<{ access_token: string }>(await request.post(`${api}/signup`, { data: await signUpBody(request, api, identity) }));

  // a visitor is asked to log in first, with the way back
  await page.goto('/en/promotionPlan');
  const login = page.getByTestId('ambassador-login');
  await expect(login).toHaveAttribute('href', /\/en\/login\?redirectUrl=%2FpromotionPlan/);

  await logIn(page.context(), baseURL ?? '', token);
  await page.goto('/en/promotionPlan');
  await page.getByRole('button', { name: 'Join now' }).click();
  const code = page.getByLabel('Your referral code', { exact: true });
  await expect(code).toHaveValue(/^[0-9A-HJKMNP-TV-Z]{8}$/);
  const value = await code.inputValue();
  await expect(page.getByLabel('Your referral link', { exact: true })).toHaveValue(`${baseURL}/?ref=${value}`);
  await expect(page.getByRole('img', { name: 'QR code of your referral link' })).toHaveAttribute('data-qr-value', `${baseURL}/?ref=${value}`);
  await expect(page.getByText('Nobody has signed up through your link yet.')).toBeVisible();

  // joined for good: the same code after a reload, in another language too
  await page.goto('/ja/promotionPlan');
  await expect(page.getByLabel('あなたの紹介コード')).toHaveValue(value);
});

test('a referred visitor signs up, gets 3 days of Pro and 10 screen walls, and appears on the ambassador’s page', async ({ browser, request, baseURL }) => {
  const ambassadorIdentity = newIdentity();
  const { access_token: ambassadorToken } = await data<{ access_token: string }>(
    await request.post(`${api}/signup`, { data: await signUpBody(request, api, ambassadorIdentity) }),
  );
  const joined = await data<{ referralCode: string; referralLink: string }>(
    await request.post(`${api}/activity/participant/marketingAmbassador?activityType=LZ`, { headers: { authorization: ambassadorToken } }),
  );

  // The visitor's browser holds the referral cookie the proxy sets for ?ref= (referralCookieFor,
  // unit-tested in apps/web), and signs up through the web's /api forward, which passes it on.
  const visitor = await browser.newContext({ baseURL });
  await visitor.addCookies([{ name: 'llk_ref', value: joined.referralCode, url: baseURL ?? '', httpOnly: true, sameSite: 'Lax' }]);
  const page = await visitor.newPage();
  await page.goto(new URL(joined.referralLink).pathname + new URL(joined.referralLink).search);
  const identity = newIdentity();
  const signup = await page.request.post('/api/signup', { data: await signUpBody(page.request, `${baseURL}/api`, identity), headers: { origin: baseURL ?? '' } });
  await data(signup);
  expect((await visitor.cookies()).find((cookie) => cookie.name === 'llk_ref')).toBeUndefined(); // used up

  const level = await data<{ plan: string; active: boolean; expiresAt: string }>(await page.request.get('/api/user/currentMemberLevel'));
  expect(level).toMatchObject({ plan: 'PRO', active: true });
  const days = (new Date(level.expiresAt).getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(2.9);
  expect(days).toBeLessThanOrEqual(3);
  expect((await data<{ monitorCount: number }>(await page.request.get('/api/user/queryMonitorAndQuality'))).monitorCount).toBe(10);
  await visitor.close();

  const ambassador = await browser.newContext({ baseURL });
  await logIn(ambassador, baseURL ?? '', ambassadorToken);
  const dashboard = await ambassador.newPage();
  await dashboard.goto('/en/promotionPlan');
  await expect(dashboard.getByRole('heading', { name: 'People you referred (1)' })).toBeVisible();
  const masked = `${identity.mobile.slice(0, 3)}****${identity.mobile.slice(-4)}`;
  await expect(dashboard.getByTestId('referred-users')).toContainText(masked);
  await expect(dashboard.getByTestId('referred-users')).toContainText('60 days left');
  await expect(dashboard.getByTestId('referred-users')).not.toContainText(identity.mobile);
  await ambassador.close();
});

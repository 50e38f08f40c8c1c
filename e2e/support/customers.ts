import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { apiBase as api, readCode } from './accounts';

// Customers for the back-office journeys, made through the API as the apps make them: a sign-up
// (a typed referral code binds the account) and an order paid on the payment sandbox's confirm
// page, as a payer's phone would.

export async function data<T>(response: { ok(): boolean; json(): Promise<unknown>; text(): Promise<string> }): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

export interface TCustomer {
  token: string;
  id: string;
  username: string;
}

export async function signUpCustomer(request: APIRequestContext, referralCode?: string): Promise<TCustomer> {
  const n = `${Date.now() % 100_000}${randomInt(100, 1000)}`.padStart(8, '0');
  const identity = { username: `cust${n}`, mobile: `135${n}`, password: 'Secret#123' };
  const asked = Date.now() - 1000;
  await data(await request.post(`${api}/sms`, { data: { mobile: identity.mobile, smsType: 'SIGNUP' } }));
  const { code } = await readCode(request, identity.mobile, 'SIGNUP', asked);
  const signup = await data<{ access_token: string }>(
    await request.post(`${api}/signup`, {
      data: { ...identity, code, confirmPassword: identity.password, ...(referralCode ? { referralCode } : {}) },
    }),
  );
  const info = await data<{ id: string }>(await request.get(`${api}/user/info`, { headers: { authorization: signup.access_token } }));
  return { token: signup.access_token, id: info.id, username: identity.username };
}

/** An order of `skuId` paid with Alipay in the sandbox and fulfilled. */
export async function buyInSandbox(
  context: BrowserContext,
  request: APIRequestContext,
  customer: TCustomer,
  skuId: string,
): Promise<{ id: string; totalFen: number }> {
  const headers = { authorization: customer.token };
  const order = await data<{ id: string; totalFen: number }>(await request.post(`${api}/order/createV2`, { headers, data: { skuId } }));
  const { codeUrl } = await data<{ codeUrl: string }>(
    await request.post(`${api}/pay/payV2`, { headers, data: { orderId: order.id, payMethod: 'ZFB' } }),
  );
  const sandbox = await context.newPage();
  await sandbox.goto(codeUrl);
  await sandbox.getByRole('button').click();
  await expect(sandbox.locator('p[role="status"]')).toHaveClass('ok', { timeout: 20_000 });
  await sandbox.close();
  await expect
    .poll(async () => (await data<{ status: string }>(await request.get(`${api}/order/info/${order.id}`, { headers }))).status, {
      timeout: 20_000,
    })
    .toBe('FULFILLED');
  return order;
}

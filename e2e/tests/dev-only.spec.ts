import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PASSWORD, createUser } from '../support/accounts';

// A neighbour on the café network must not read log-in codes from the dev outbox or confirm a
// sandbox payment. The web of this run listens on loopback only, so the neighbour is played
// through a second web server that trusts a proxy on this machine (WEB_TRUST_PROXY=loopback,
// as behind nginx) and is told the visitor is 192.0.2.10. The outbox page proves the web's own
// rule: the page asks the API from the web's loopback address, which the API would answer.

const webPort = Number(process.env.E2E_WEB_PORT ?? 3310);
const apiPort = Number(process.env.E2E_API_PORT ?? 4310);
const proxiedPort = webPort + 1;
const proxied = `http://127.0.0.1:${proxiedPort}`;
const NEIGHBOUR = { 'x-forwarded-for': '192.0.2.10' };
const ROUTE_NOT_FOUND = { errcode: 40401, errmsg: 'The server resource does not exist', data: null };

let server: ChildProcess | undefined;

// one extra server on one port: both tests in one worker
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = spawn(process.execPath, ['server.mjs', '-p', String(proxiedPort)], {
    cwd: path.resolve(import.meta.dirname, '../../apps/web'),
    env: {
      ...process.env,
      API_URL: `http://127.0.0.1:${apiPort}`,
      WEB_TRUST_PROXY: 'loopback',
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next',
    },
    stdio: 'ignore',
  });
  await expect.poll(async () => (await fetch(`${proxied}/en`).catch(() => null))?.status ?? 0, { timeout: 30_000 }).toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test('the dev outbox answers a visitor on this machine only', async ({ request }) => {
  const user = await createUser(request);

  const local = await request.get(`/api/dev/outbox?to=${user.mobile}`);
  const code = ((await local.json()) as { data: { messages: { code: string }[] } }).data.messages[0]?.code;
  expect(code).toMatch(/^\d{6}$/);
  const localPage = await request.get(`/en/dev/outbox?to=${user.mobile}`);
  expect(localPage.status()).toBe(200);
  expect(await localPage.text()).toContain(code!);

  for (const url of [`/api/dev/outbox?to=${user.mobile}`, `/api/%64ev/outbox?to=${user.mobile}`]) {
    const json = await request.get(`${proxied}${url}`, { headers: { ...NEIGHBOUR, 'accept-language': 'en' } });
    expect(json.status(), url).toBe(404);
    expect(await json.json()).toEqual(ROUTE_NOT_FOUND);
  }
  const page = await request.get(`${proxied}/en/dev/outbox?to=${user.mobile}`, { headers: NEIGHBOUR });
  expect(page.status()).toBe(404);
  expect(await page.text()).not.toContain(code!);
  // the same server shows it to a visitor the proxy says is local
  const proxiedLocal = await request.get(`${proxied}/en/dev/outbox?to=${user.mobile}`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
  expect(await proxiedLocal.text()).toContain(code!);
});

test('a sandbox confirm link marks nothing paid for a neighbour', async ({ request }) => {
  const user = await createUser(request);
  const login = await request.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: PASSWORD } });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const created = await request.post('/api/order/createV2', { headers: { Authorization: token }, data: { skuId: 'MONITOR_10' } });
  const orderId = ((await created.json()) as { data: { id: string } }).data.id;
  const paid = await request.post('/api/pay/payV2', {
    headers: { Authorization: token },
    data: { orderId, payMethod: 'WX', payClient: 'WEB' },
  });
  const { codeUrl } = ((await paid.json()) as { data: { codeUrl: string } }).data;
  const link = new URL(codeUrl);
  expect(link.origin).toBe(`http://127.0.0.1:${webPort}`);
  const status = async () =>
    (
      (await (await request.get(`/api/order/info/${orderId}`, { headers: { Authorization: token } })).json()) as {
        data: { status: string };
      }
    ).data.status;

  const form = {
    headers: { ...NEIGHBOUR, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    data: link.search.slice(1),
  };
  const shown = await request.get(`${proxied}${link.pathname}${link.search}`, { headers: { ...NEIGHBOUR, 'accept-language': 'en' } });
  expect(shown.status()).toBe(404);
  expect(await shown.json()).toEqual(ROUTE_NOT_FOUND);
  const confirmed = await request.post(`${proxied}${link.pathname}`, form);
  expect(confirmed.status()).toBe(404);
  expect(await confirmed.json()).toEqual(ROUTE_NOT_FOUND);
  expect(await status()).toBe('PENDING_PAYMENT');

  const mine = await request.post(`${link.pathname}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: link.search.slice(1),
  });
  expect(mine.status()).toBe(200);
  await expect.poll(status).toBe('FULFILLED');
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type TLocale } from '@llk/contracts';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { PASSWORD, createUser, localePath, useLocale, type TUser } from '../support/accounts';

// Log-in CSRF: a link with someone else's access key (/?accessKey=K) opened while signed in
// must not silently swap the account. The visitor is asked, in their language, naming only
// the account they are signed in to; "stay" keeps it, "switch" signs in to the link's account
// and goes on to the link's page. docs/adr/0012.

const root = path.resolve(import.meta.dirname, '../..');
function texts(locale: TLocale): Record<string, string> {
  const pages = JSON.parse(readFileSync(path.join(root, 'apps/web/messages', locale, 'pages.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  return pages.SwitchAccountPage!;
}
const fill = (template: string, name: string) => template.replace('{name}', name);

async function tokenOf(request: APIRequestContext, user: TUser): Promise<string> {
  const login = await request.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: PASSWORD } });
  return ((await login.json()) as { data: { access_token: string } }).data.access_token;
}

async function accessKeyOf(request: APIRequestContext, token: string): Promise<string> {
  const answer = await request.get('/api/accessKey', { headers: { Authorization: token } });
  return ((await answer.json()) as { data: { accessKey: string } }).data.accessKey;
}

/** Whom the browser is signed in as (its own cookie, through the /api forward). */
async function signedInAs(page: Page): Promise<string | null> {
  const answer = await page.request.get('/api/user/info');
  const body = (await answer.json()) as { errcode: number; data: { username: string } | null };
  return body.errcode === 0 ? body.data!.username : null;
}

test('a link with another account’s key asks first: stay keeps the account, switch changes it', async ({ page, context, request }) => {
  const [alice, bob] = [await createUser(request), await createUser(request)];
  const bobToken = await tokenOf(request, bob);
  await page.request.post('/api/h5Login', { data: { loginType: 'account', account: alice.username, password: PASSWORD } });
  expect(await signedInAs(page)).toBe(alice.username);

  // en: the question names Alice only; staying keeps her and forgets the key
  await useLocale(context, 'en');
  const en = texts('en');
  await page.goto(`${localePath('en', '/pricing')}?accessKey=${await accessKeyOf(request, bobToken)}`);
  await expect(page).toHaveURL(/\/en\/switchAccount$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.heading!);
  await expect(page.getByText(fill(en.signedInAs!, alice.username))).toBeVisible();
  await expect(page.getByTestId('switch-question')).toHaveText(en.question!);
  expect(await page.content()).not.toContain(bob.username);
  await page.getByRole('button', { name: fill(en.stay!, alice.username) }).click();
  await expect(page).toHaveURL(/\/en\/pricing$/);
  expect(await signedInAs(page)).toBe(alice.username);
  expect((await context.cookies()).find((cookie) => cookie.name === 'llk_switch')).toBeUndefined();

  // ja: switching signs in to the link's account and goes on to the link's page
  await useLocale(context, 'ja');
  const ja = texts('ja');
  await page.goto(`${localePath('ja', '/about')}?accessKey=${await accessKeyOf(request, bobToken)}&from=app`);
  await expect(page).toHaveURL(/\/ja\/switchAccount$/);
  await expect(page.getByText(fill(ja.signedInAs!, alice.username))).toBeVisible();
  const aliceToken = (await context.cookies()).find((cookie) => cookie.name === 'llk_session')!.value;
  await page.getByRole('button', { name: ja.switch!, exact: true }).click();
  await expect(page).toHaveURL(/\/ja\/about\?from=app$/);
  expect(await signedInAs(page)).toBe(bob.username);
  // the account left behind is signed out, not left running unreachable
  expect((await request.get('/api/user/info', { headers: { Authorization: aliceToken } })).status()).toBe(401);

  // the same account's link needs no question
  await page.goto(`${localePath('ja', '/pricing')}?accessKey=${await accessKeyOf(request, bobToken)}`);
  await expect(page).toHaveURL(/\/ja\/pricing$/);
  expect(await signedInAs(page)).toBe(bob.username);
});

test('zh-CN: the question page without a pending link says the link is no longer valid', async ({ page, context }) => {
  await useLocale(context, 'zh-CN');
  const zh = texts('zh-CN');
  await page.goto('/switchAccount');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.expiredHeading!);
  // the page's own button; the layout's "back to the site" link above the card says the same
  const home = page.getByRole('link', { name: zh.home! });
  await expect(home).toHaveCount(2);
  await expect(home.last()).toHaveAttribute('href', '/');
  await expect(page.getByTestId('back-to-site')).toHaveAttribute('href', '/');
});

test('a visitor who is not signed in is signed in by the link at once', async ({ page, context, request }) => {
  await useLocale(context, 'en');
  const bob = await createUser(request);
  const key = await accessKeyOf(request, await tokenOf(request, bob));
  await page.goto(`${localePath('en', '/download')}?accessKey=${key}`);
  await expect(page).toHaveURL(/\/en\/download$/);
  expect(await signedInAs(page)).toBe(bob.username);
});

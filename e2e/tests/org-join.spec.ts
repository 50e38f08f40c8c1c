import { type Page, expect, test } from '@playwright/test';
import { getContractMessages, localeEntries } from '@llk/contracts';
import { logIn } from '../../apps/api/tools/devices-simulate';
import {
  PASSWORD,
  accountTexts,
  apiBase,
  createUser,
  localePath,
  logInThroughRedirect,
  readCode,
  textPattern,
  uniqueUsername,
  useLocale,
  whenHydrated,
  writesIn,
} from '../support/accounts';
import { DESKTOP, PHONE, type TViewport, messagesOf, openAccountPage, outboxFor } from '../support/connections';
import { type TLocale } from '../support/site';

// Joining an organisation as people do it: an owner creates one on /org and invites a colleague
// by email (POST /org/invitation/create, as the members screen will); the colleague opens the
// link from the mail signed out, sees the organisation, role and expiry, signs in through
// "Sign in to join" and comes back to the link, joins, and finds the organisation on /org with
// the role. A used link then says it cannot be used, in the page's language; a third account that
// opens a fresh link for the colleague is told it is another account's. zh-CN on a phone (390 px,
// a phone's user agent), en on the desktop. Then, in ja on the desktop, somebody without an
// account: the link signed out (who invited, the department), "Create an account" with the
// invited email, back to the link, joins, and sees the organisation on /org.

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const journeys: { locale: TLocale; viewport: TViewport }[] = [
  { locale: 'zh-CN', viewport: PHONE },
  { locale: 'en', viewport: DESKTOP },
];

const orgTexts = (locale: TLocale) => {
  const t = messagesOf(locale, 'org.json');
  return (key: string, values?: Record<string, string | number>) => t(`Org.${key}`, values);
};

/** The /org/join link of the newest invitation mail to `email`, as the page's path and query. */
async function invitationLink(page: Page, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await outboxFor(page, email)).find((message) => message.text.includes('/org/join?token='));
      link = mail ? (/https?:\/\/[^\s]+\/org\/join\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? '') : '';
      return link;
    })
    .toMatch(/\/org\/join\?token=/);
  const url = new URL(link);
  // the mail names the language with its prefix; zh-CN's pages are unprefixed (the proxy redirects)
  return `${url.pathname.replace(/^\/zh-CN\//, '/')}${url.search}`;
}

/** The owner invites `email` as a member, in `locale` (the mail is in the inviter's language). */
async function invite(token: string, locale: TLocale, orgId: string, email: string): Promise<void> {
  const answer = await fetch(`${apiBase}/org/invitation/create`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json', 'accept-language': localeEntries[locale].iso },
    body: JSON.stringify({ orgId, channel: 'EMAIL', target: email, roleId: 'MEMBER' }),
  });
  expect(((await answer.json()) as { errcode: number }).errcode).toBe(0);
}

for (const { locale, viewport } of journeys) {
  test(
    `${locale} ${viewport.width}×${viewport.height}: an owner creates an organisation, a colleague joins by the mailed link and sees it on /org`,
    writesIn(locale, 'en'),
    async ({ browser, request }) => {
      test.setTimeout(150_000);
      const t = orgTexts(locale);
      const errors = getContractMessages(locale).errors;
      const email = `${uniqueUsername()}@example.com`;
      const [owner, colleague, stranger] = await Promise.all([createUser(request), createUser(request, { email }), createUser(request)]);
      const orgName = `Acme ${owner.username.slice(-6)}`;

      // The owner creates it on /org: it appears with the owner's role.
      const ownerPage = await openAccountPage(browser, owner, locale, viewport, '/org');
      await expect(ownerPage.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(ownerPage.getByTestId('org-empty')).toHaveText(t('list.empty'));
      await (await whenHydrated(ownerPage.getByLabel(t('list.name')))).fill(orgName);
      await ownerPage.getByRole('button', { name: t('list.create') }).click();
      const item = ownerPage.getByTestId('org-item').filter({ hasText: orgName });
      await expect(item.getByTestId('org-role')).toHaveText(t('list.role', { role: t('roles.OWNER') }));
      // a malformed contact email: the API's refusal under the form, in the page's language
      await ownerPage.getByLabel(t('list.name')).fill('Second');
      await ownerPage.getByLabel(t('list.contactEmail')).fill('not-an-email');
      await ownerPage.getByRole('button', { name: t('list.create') }).click();
      await expect(ownerPage.getByTestId('org-create-error')).toContainText(getContractMessages(locale).validation.emailInvalid!);
      await expect(ownerPage.getByTestId('org-item')).toHaveCount(1);

      const ownerToken = await logIn(apiBase, owner.username, PASSWORD);
      const orgs = (await (await fetch(`${apiBase}/org/list`, { headers: { authorization: ownerToken } })).json()) as {
        data: { list: { id: string; name: string }[] };
      };
      const orgId = orgs.data.list.find((org) => org.name === orgName)!.id;
      await invite(ownerToken, locale, orgId, email);

      // The colleague opens the mail's link signed out.
      const phone = viewport.width < 600 ? { isMobile: true, hasTouch: true, userAgent: PHONE_UA } : {};
      const context = await browser.newContext({ viewport, ...phone });
      await useLocale(context, locale);
      const page = await context.newPage();
      const link = await invitationLink(page, email);
      expect(link.startsWith(localePath(locale, '/org/join'))).toBe(true);
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('join.heading', { org: orgName }));
      await expect(page.getByTestId('join-org')).toHaveText(orgName);
      await expect(page.getByTestId('join-role')).toHaveText(t('roles.MEMBER'));
      await expect(page.getByTestId('join-preview')).toContainText(t('join.channels.EMAIL'));
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');

      // "Sign in to join" → /login → back to the link, now signed in.
      await page.getByRole('link', { name: t('join.login') }).click();
      await expect(page).toHaveURL(/\/login\?redirectUrl=/);
      await logInThroughRedirect(page, colleague, locale);
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === link);
      await expect(page.getByTestId('join-account')).toContainText('@example.com');
      await (await whenHydrated(page.getByRole('button', { name: t('join.accept', { org: orgName }) }))).click();
      await expect(page.getByRole('heading', { name: t('join.joinedTitle', { org: orgName }) })).toBeVisible();
      await page.getByRole('link', { name: t('join.toOrg') }).click();
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/org'));
      const joined = page.getByTestId('org-item').filter({ hasText: orgName });
      await expect(joined.getByTestId('org-role')).toHaveText(t('list.role', { role: t('roles.MEMBER') }));

      // The used link no longer works, said in the page's language.
      await page.goto(link);
      await expect(page.getByTestId('join-invalid-message')).toHaveText(errors.orgInvitationInvalid!);

      // A link for someone else, opened by another account: which account is signed in, and a switch.
      const otherEmail = `${uniqueUsername()}@example.com`;
      await invite(ownerToken, locale, orgId, otherEmail);
      const otherLink = await invitationLink(page, otherEmail);
      const strangerPage = await openAccountPage(browser, stranger, locale, viewport, '/org');
      await strangerPage.goto(otherLink);
      await (await whenHydrated(strangerPage.getByRole('button', { name: t('join.accept', { org: orgName }) }))).click();
      const notYours = strangerPage.getByTestId('join-not-yours');
      await expect(notYours).toContainText(errors.orgInvitationNotYours!);
      // the address it was sent to, masked as the API masks it
      await expect(notYours.getByTestId('join-invited-for')).toHaveText(
        t('join.invitedFor', { target: `${otherEmail.slice(0, 1)}***@example.com` }),
      );
      // no email on this account: its mobile, masked as the API gives it
      const masked = `${stranger.mobile.slice(0, 3)}****${stranger.mobile.slice(-4)}`;
      await expect(notYours.getByTestId('join-account')).toHaveText(t('join.signedInAs', { account: masked }));
      await notYours.getByRole('button', { name: t('join.switch') }).click();
      await expect(strangerPage).toHaveURL(/\/login\?redirectUrl=/);
      expect(new URL(strangerPage.url()).searchParams.get('redirectUrl')).toBe(otherLink);
      await Promise.all([context.close(), ownerPage.context().close(), strangerPage.context().close()]);
    },
  );
}

test(
  'ja 1280×800: signed out, the invitee creates an account with the invited email from the link, comes back, joins and sees the organisation',
  writesIn('ja', 'en'),
  async ({ browser, request }) => {
    test.setTimeout(150_000);
    const locale: TLocale = 'ja';
    const t = orgTexts(locale);
    const a = accountTexts(locale);
    const owner = await createUser(request);
    const ownerToken = await logIn(apiBase, owner.username, PASSWORD);
    const post = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
      const answer = await fetch(`${apiBase}${path}`, {
        method: 'POST',
        headers: { authorization: ownerToken, 'content-type': 'application/json', 'accept-language': localeEntries[locale].iso },
        body: JSON.stringify(body),
      });
      const json = (await answer.json()) as { errcode: number; errmsg: string; data: T };
      expect(json.errcode, json.errmsg).toBe(0);
      return json.data;
    };
    const orgName = `Acme ${owner.username.slice(-6)}`;
    const org = await post<{ id: string }>('/org/create', { name: orgName });
    const sales = await post<{ id: string }>('/org/department/save', { orgId: org.id, name: '営業部', parentId: null });
    const email = `${uniqueUsername()}@example.com`;
    await post('/org/invitation/create', { orgId: org.id, channel: 'EMAIL', target: email, roleId: 'MEMBER', departmentId: sales.id });

    const context = await browser.newContext({ viewport: DESKTOP });
    await useLocale(context, locale);
    const page = await context.newPage();
    const link = await invitationLink(page, email);
    expect(link.startsWith(localePath(locale, '/org/join'))).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('join.heading', { org: orgName }));
    await expect(page.getByTestId('join-invited-by')).toHaveText(t('join.invitedBy', { name: owner.username }));
    await expect(page.getByTestId('join-department')).toHaveText('営業部');
    await expect(page.getByTestId('join-role')).toHaveText(t('roles.MEMBER'));

    // "Create an account" → /signup, by email, the invited address → back to the link, signed in
    await page.getByRole('link', { name: t('join.signup') }).click();
    await expect(page).toHaveURL(/\/signup\?redirectUrl=/);
    const tab = page.getByRole('tab', { name: a.SignupForm!.byEmail!, exact: true });
    await page.waitForLoadState('load');
    await expect(async () => {
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
    }).toPass();
    const input = (name: string) => page.locator(`input[name="${name}"]`);
    await input('username').fill(uniqueUsername());
    await input('email').fill(email);
    const asked = Date.now() - 1000;
    await page.getByRole('button', { name: a.CodeButton!.receive!, exact: true }).click();
    await expect(page.getByText(textPattern(a.success!.codeSent!))).toBeVisible();
    const { code } = await readCode(page.request, email, 'SIGNUP', asked);
    await input('code').fill(code);
    await input('password').fill(PASSWORD);
    await input('confirmPassword').fill(PASSWORD);
    await page.getByRole('button', { name: a.SignupForm!.submit!, exact: true }).click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === link);
    const masked = `${email.slice(0, 1)}***@example.com`;
    await expect(page.getByTestId('join-account')).toHaveText(t('join.signedInAs', { account: masked }));

    await (await whenHydrated(page.getByRole('button', { name: t('join.accept', { org: orgName }) }))).click();
    await expect(page.getByRole('heading', { name: t('join.joinedTitle', { org: orgName }) })).toBeVisible();
    await page.getByRole('link', { name: t('join.toOrg') }).click();
    await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/org'));
    const joined = page.getByTestId('org-item').filter({ hasText: orgName });
    await expect(joined.getByTestId('org-role')).toHaveText(t('list.role', { role: t('roles.MEMBER') }));
    await context.close();
  },
);

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALE_COOKIE, type TLocale, getContractMessages, localePrefix } from '@llk/contracts';
import { type APIRequestContext, type BrowserContext, type Locator, type Page, expect } from '@playwright/test';

// Accounts for the journeys: unique per test, made through the API (via the web's /api
// forward) with codes read from the API's dev outbox, or, when E2E_CODE_SOURCE is set (the
// scale-out step: production instances have no outbox), from the delivery fakes that received them.

export const PASSWORD = 'Secret-2024';

/** The API itself, for journeys that call it the way the desktop and mobile apps do. */
export const apiBase = process.env.E2E_API_URL ?? `http://127.0.0.1:${process.env.E2E_API_PORT ?? 4310}`;
const codeSource = process.env.E2E_CODE_SOURCE;

let counter = 0;
function unique(): string {
  counter += 1;
  return `${Date.now().toString().slice(-6)}${process.pid % 100}${counter}`.slice(-8).padStart(8, '0');
}

/** A mainland mobile number nobody else in this run uses. */
export function uniquePhone(): string {
  return `139${unique()}`;
}

export function uniqueUsername(): string {
  return `e2e_${unique()}${Math.floor(Math.random() * 100)}`;
}

export interface TOutboxMessage {
  channel: 'SMS' | 'EMAIL';
  to: string;
  /** absent from a code source: an SMS template or an email does not say what the code is for */
  purpose?: string;
  code: string;
  sentAt: string;
}

/** Codes this worker has read from the code source: the next read for a target waits for a new one. */
const handedOut = new Set<string>();

async function newestMessage(request: APIRequestContext, to: string, purpose: string, after: number): Promise<TOutboxMessage | undefined> {
  const target = encodeURIComponent(to);
  if (!codeSource) {
    const response = await request.get(`/api/dev/outbox?to=${target}`);
    const body = (await response.json()) as { data: { messages: TOutboxMessage[] } };
    return body.data.messages.find((message) => message.purpose === purpose && Date.parse(message.sentAt) >= after);
  }
  const response = await request.get(`${codeSource}/codes?to=${target}`);
  const body = (await response.json()) as { messages: TOutboxMessage[] };
  const found = body.messages.find((message) => Date.parse(message.sentAt) >= after && !handedOut.has(`${message.to}:${message.sentAt}`));
  if (found) handedOut.add(`${found.to}:${found.sentAt}`);
  return found;
}

/** The newest code the dev outbox (or the code source) holds for `to` and `purpose` (waits for it to arrive). */
export async function readCode(request: APIRequestContext, to: string, purpose: string, after = 0): Promise<TOutboxMessage> {
  let found: TOutboxMessage | undefined;
  await expect
    .poll(async () => {
      found ??= await newestMessage(request, to, purpose, after);
      return found?.code;
    })
    .toMatch(/^\d{6}$/);
  return found!;
}

export interface TUser {
  username: string;
  mobile: string;
  email?: string;
  password: string;
  /** when the sign-up code went to the phone: the API allows one code per target per 60 s */
  codeSentAt: number;
  /** when the email's BIND_EMAIL code went out (createUser verifying it): the email's own cool-down */
  emailCodeSentAt?: number;
}

/**
 * Signs a user up through the API (POST /sms SIGNUP, code from the outbox, POST /signup). An
 * email typed beside the phone starts unverified and opens nothing (ADR 0028), so, as its owner
 * would on the profile page, createUser then proves it with a BIND_EMAIL code to it
 * (POST /user/bindEmail with the same address), unless `emailVerified: false`. The email then has
 * had a code: wait out its cool-down (waitForEmailResend) before asking it another one.
 */
export async function createUser(
  request: APIRequestContext,
  options: { email?: string; mobile?: string; username?: string; emailVerified?: boolean } = {},
): Promise<TUser> {
  const { emailVerified = true, ...fields } = options;
  const user = { username: uniqueUsername(), mobile: uniquePhone(), password: PASSWORD, ...fields };
  const asked = Date.now() - 1000;
  const sent = await request.post('/api/sms', { data: { mobile: user.mobile, smsType: 'SIGNUP' } });
  expect((await sent.json()).errcode).toBe(0);
  // a phone that signed up before (an erased account's) has older SIGNUP codes in the outbox
  const message = await readCode(request, user.mobile, 'SIGNUP', asked);
  const signup = await request.post('/api/signup', {
    data: {
      username: user.username,
      mobile: user.mobile,
      code: message.code,
      password: user.password,
      confirmPassword: user.password,
      email: user.email,
    },
  });
  const signedUp = (await signup.json()) as { errcode: number; data: { access_token: string } };
  expect(signedUp.errcode).toBe(0);
  const created: TUser = { ...user, codeSentAt: Date.parse(message.sentAt) };
  if (user.email && emailVerified) created.emailCodeSentAt = await verifyEmail(request, signedUp.data.access_token, user.email);
  return created;
}

/** Proves the account's email as its owner does: the BIND_EMAIL code to it, then POST /user/bindEmail with the same address. Answers when the code was sent. */
export async function verifyEmail(request: APIRequestContext, token: string, email: string): Promise<number> {
  const headers = { authorization: token };
  const asked = Date.now() - 1000;
  const sent = await request.post(`${apiBase}/sms`, { headers, data: { email, smsType: 'BIND_EMAIL' } });
  expect((await sent.json()).errcode).toBe(0);
  const message = await readCode(request, email, 'BIND_EMAIL', asked);
  const bound = await request.post(`${apiBase}/user/bindEmail`, { headers, data: { email, code: message.code } });
  const body = (await bound.json()) as { errcode: number; data: { emailVerified: boolean } };
  expect(body.errcode).toBe(0);
  expect(body.data.emailVerified).toBe(true);
  return Date.parse(message.sentAt);
}

/** Waits out the email's cool-down after createUser verified it (as waitForResend does for the phone). */
export async function waitForEmailResend(user: TUser): Promise<void> {
  if (user.emailCodeSentAt !== undefined) await waitForResend({ ...user, codeSentAt: user.emailCodeSentAt });
}

/** Waits out the API's per-target cool-down after the sign-up code (CODE_RESEND_SECONDS, 60 s unless the run shortened it). */
export async function waitForResend(user: TUser): Promise<void> {
  const resendSeconds = Number(process.env.CODE_RESEND_SECONDS ?? 60);
  const wait = user.codeSentAt + (resendSeconds + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

// ---- Texts and URLs of the journeys' languages -----------------------------------------------

/** The languages every account journey runs in. */
export const JOURNEY_LOCALES = ['zh-CN', 'en', 'ja'] as const satisfies readonly TLocale[];

/**
 * The languages the phone project (playwright.config.ts) runs the sign-up, order, payment and
 * account journeys in, alone: with JOURNEY_LOCALES on the desktop, every journey's kind runs in
 * all seven languages.
 */
export const PHONE_LOCALES = ['zh-tw', 'es', 'fr', 'ko'] as const satisfies readonly TLocale[];
export const PHONE_ONLY = { tag: '@phone-only' } as const;

/**
 * Shows the header's account area: on a phone it is inside the menu, which this opens (once the
 * page has hydrated, or the click does nothing); on a desktop it is in the bar already.
 */
export async function showAccountArea(page: Page): Promise<void> {
  const menu = page.locator('header button[data-nav-menu]');
  if (!(await menu.isVisible()) || (await menu.getAttribute('aria-expanded')) === 'true') return;
  await (await whenHydrated(menu)).click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
}

/**
 * The tag of a journey repeated per language: `@writes` (run again on PostgreSQL and through
 * nginx) in the one language chosen, none in the others. The reruns prove the database and the
 * production shape, which do not depend on the language, so one language each is enough, and
 * choosing a different one per journey keeps every language in them.
 */
export const writesIn = (locale: TLocale, chosen: TLocale): { tag?: string } => (locale === chosen ? { tag: '@writes' } : {});

type TTexts = Record<string, Record<string, string>>;
const root = path.resolve(import.meta.dirname, '../..');

/**
 * What the account screens say in `locale`: the web's account.json and the header's
 * AccountMenu, plus the contracts' validation, success and errors texts (the same files the
 * site renders from, so a journey fails when a page shows the wrong language).
 */
export function accountTexts(locale: TLocale): TTexts {
  const web = (file: string) => JSON.parse(readFileSync(path.join(root, 'apps/web/messages', locale, file), 'utf8')) as TTexts;
  const contracts = getContractMessages(locale) as unknown as TTexts;
  return {
    ...web('account.json'),
    AccountMenu: web('common.json').AccountMenu ?? {},
    validation: contracts.validation ?? {},
    success: contracts.success ?? {},
    errors: contracts.errors ?? {},
  };
}

/** A text with {placeholders} as a whole-string pattern ('Sent ({seconds}s)' → /^Sent \(\d+s\)$/). */
export function textPattern(template: string): RegExp {
  const parts = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+?')}$`);
}

/** The URL path of `route` in `locale` (zh-CN unprefixed). */
export function localePath(locale: TLocale, route: string): string {
  const prefix = localePrefix(locale);
  return !prefix ? route : route === '/' ? prefix : `${prefix}${route}`;
}

/** Matches the page URL of `route` in `locale`, without a query. */
export function localeUrl(locale: TLocale, route: string): RegExp {
  return new RegExp(`^http://127\\.0\\.0\\.1:\\d+${localePath(locale, route).replace(/[.?]/g, '\\$&')}$`);
}

/** Chooses the language for a context, so a zh-CN journey is not sent to /en by detection. */
export async function useLocale(context: BrowserContext, locale: TLocale): Promise<void> {
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: 'http://127.0.0.1' }]);
}

/**
 * Waits until React has hydrated the element (its props are attached to the DOM node): a click on
 * a static page's control before that does nothing, or submits the form the browser's own way.
 */
export async function whenHydrated(locator: Locator): Promise<Locator> {
  await expect.poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps')))).toBe(true);
  return locator;
}

/**
 * Selects the password tab of a /login page that has just loaded. The static page is visible
 * before React has hydrated it, and a click before that does nothing (on a loaded machine the
 * password field then never comes): click until the tab is selected.
 */
export async function openPasswordTab(page: Page, locale: TLocale): Promise<void> {
  const tab = page.getByRole('tab', { name: accountTexts(locale).LoginForm!.passwordTab! });
  await page.waitForLoadState('load');
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
  }).toPass();
}

/** Logs in with the password tab of the /login page a redirect has just opened. */
export async function logInThroughRedirect(page: Page, user: TUser, locale: TLocale): Promise<void> {
  const texts = accountTexts(locale);
  await openPasswordTab(page, locale);
  await page.locator('input[name="account"]').fill(user.username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: texts.LoginForm!.submit!, exact: true }).click();
}

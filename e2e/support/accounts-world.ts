import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { PASSWORD, readCode, uniqueUsername } from './accounts';

// Accounts of every country: phone numbers of other countries, unique per run, as
// people type them, and accounts made with an email address instead of a phone.

let counter = 0;
/** Seven digits nobody else in this run uses. */
function uniqueDigits(): string {
  counter += 1;
  return `${Date.now().toString().slice(-4)}${process.pid % 10}${counter % 100}`.slice(-7).padStart(7, '0');
}

export interface TWorldPhone {
  /** as a person types it, spaces and dashes included */
  typed: string;
  /** as the API stores it and the outbox names it */
  e164: string;
}

/** A Spanish mobile number typed as "+34 612 345 678". */
export function spanishMobile(): TWorldPhone {
  const d = `6${uniqueDigits()}${counter % 10}`; // 6 and eight digits: a Spanish mobile
  return { typed: `+34 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`, e164: `+34${d}` };
}

/** A Japanese mobile number typed as "+81 90-1234-5678". */
export function japaneseMobile(): TWorldPhone {
  const d = `1${uniqueDigits()}`; // 90 1xxx xxxx
  return { typed: `+81 90-${d.slice(0, 4)}-${d.slice(4)}`, e164: `+8190${d}` };
}

/** A French mobile number typed nationally, as "06 12 34 56 78" (France chosen in the selector). */
export function frenchMobile(): TWorldPhone {
  const d = `${uniqueDigits()}${counter % 10}`;
  return { typed: `06 ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4, 6)} ${d.slice(6)}`, e164: `+336${d}` };
}

export function uniqueEmail(): string {
  return `world_${Date.now().toString(36)}${counter++}${Math.floor(Math.random() * 1000)}@example.com`;
}

/** Signs an account up through the API with an email address and no phone (POST /sms SIGNUP to the email, POST /signup). */
export async function createEmailUser(
  request: APIRequestContext,
): Promise<{ username: string; email: string; password: string; codeSentAt: number }> {
  const user = { username: uniqueUsername(), email: uniqueEmail(), password: PASSWORD };
  const asked = Date.now() - 1000;
  const sent = await request.post('/api/sms', { data: { email: user.email, smsType: 'SIGNUP' } });
  expect((await sent.json()).errcode).toBe(0);
  const message = await readCode(request, user.email, 'SIGNUP', asked);
  const signup = await request.post('/api/signup', {
    data: { username: user.username, email: user.email, code: message.code, password: user.password, confirmPassword: user.password },
  });
  expect((await signup.json()).errcode).toBe(0);
  return { ...user, codeSentAt: Date.parse(message.sentAt) };
}

/** Nothing on the page is wider than the window (no sideways scrolling at phone size). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.client);
}

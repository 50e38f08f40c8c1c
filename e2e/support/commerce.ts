import { readFileSync } from 'node:fs';
import path from 'node:path';
import { localeEntries, type TLocale, type TMemberPricing } from '@llk/contracts';
import { formatFen } from '@llk/contracts/money';
import { type APIRequestContext, type Page, expect } from '@playwright/test';

// Texts and figures for the commerce journeys: the same message files the site renders, and the
// prices as GET /memberPricing/detail/v2 answers them (never constants of the test).

type TTexts = Record<string, Record<string, unknown>>;
const root = path.resolve(import.meta.dirname, '../..');

export function commerceTexts(locale: TLocale): TTexts {
  const web = (file: string) => JSON.parse(readFileSync(path.join(root, 'apps/web/messages', locale, file), 'utf8')) as TTexts;
  const pages = web('pages.json');
  const account = web('account.json');
  return {
    ...web('commerce.json'),
    PricingPage: pages.PricingPage ?? {},
    AccountStatus: account.AccountStatus ?? {},
    LoginForm: account.LoginForm ?? {},
  };
}

/** A message by dotted key, e.g. text(t, 'Pricing', 'tabs.YEAR'). */
export function text(texts: TTexts, namespace: string, key: string): string {
  let node: unknown = texts[namespace];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no message ${namespace}.${key}`);
  return node;
}

/** RMB as the site formats fen: the site's own formatter (its forms are unit-tested with literals). */
export function rmb(fen: number, locale: TLocale): string {
  return formatFen(fen, localeEntries[locale].iso);
}

export function percent(value: number, locale: TLocale): string {
  return new Intl.NumberFormat(localeEntries[locale].iso, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}

export async function fetchPricing(request: APIRequestContext, locale: TLocale): Promise<TMemberPricing> {
  const response = await request.get('/api/memberPricing/detail/v2', { headers: { 'accept-language': localeEntries[locale].language } });
  const body = (await response.json()) as { errcode: number; data: TMemberPricing };
  expect(body.errcode).toBe(0);
  return body.data;
}

/** Collapses the kinds of spaces Intl puts into amounts ("268 CNY" with a narrow no-break space). */
export function spaces(value: string): string {
  return value.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}

/**
 * Confirms the payment of the QR code the page shows on the sandbox confirm page it encodes, and
 * waits for the sandbox's answer before closing that tab (closing it at once could abort the POST
 * before the API has taken it, and the order would never turn paid).
 */
export async function payInSandbox(page: Page): Promise<void> {
  const link = page.getByTestId('sandbox-link');
  await expect(link).toBeVisible({ timeout: 20_000 });
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  // The QR encodes the same confirm page.
  await expect(page.getByTestId('payment-panel').locator('svg[data-qr-value]')).toHaveAttribute('data-qr-value', href!);
  const sandbox = await page.context().newPage();
  await sandbox.goto(href!);
  await sandbox.getByRole('button').click();
  await expect(sandbox.locator('p[role="status"]')).toHaveClass('ok', { timeout: 20_000 });
  await sandbox.close();
}

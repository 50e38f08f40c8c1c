import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page, expect } from '@playwright/test';
import { localeEntries } from '@llk/contracts';
import { type SimulatedDevice, logIn, registerSimulatedDevices } from '../../apps/api/tools/devices-simulate';
import { type SessionSimulationOptions } from '../../apps/api/tools/sessions-simulate';
import { PASSWORD, type TUser, apiBase, localePath, useLocale } from './accounts';
import { type TLocale } from './site';

// The connection journeys' world: accounts with simulated devices that report sessions the way
// the apps do (the simulator's own functions, in-process), the account pages opened in a
// language, a zone and a viewport, and the texts those pages say, read from the web's messages.

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
export type TViewport = typeof PHONE;
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** The zone each journey's browser is in: the CSV's times are on its clock, with its offset. */
export const ZONES: Partial<Record<TLocale, { id: string; offset: string }>> = {
  'zh-CN': { id: 'Asia/Shanghai', offset: 'UTC+8' },
  en: { id: 'Europe/Paris', offset: 'UTC+1' },
  ko: { id: 'Asia/Seoul', offset: 'UTC+9' },
};

const root = path.resolve(import.meta.dirname, '../..');
type TTree = { [key: string]: string | TTree };

/**
 * A web message file's texts as t('Namespace.key.sub', values): {name} placeholders filled, and
 * the one plural form the messages use ({count, plural, one {…} other {…}}, # the number).
 */
export function messagesOf(locale: TLocale, file: string) {
  const tree = JSON.parse(readFileSync(path.join(root, 'apps/web/messages', locale, file), 'utf8')) as TTree;
  return (key: string, values: Record<string, string | number> = {}): string => {
    let node: string | TTree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no text ${key} in ${locale}/${file}`);
    const plural = node.replace(/\{(\w+), plural, ((?:[=\w]+ \{[^{}]*\}\s*)+)\}/g, (whole, name: string, branches: string) => {
      const forms = Object.fromEntries([...branches.matchAll(/([=\w]+) \{([^{}]*)\}/g)].map(([, form, text]) => [form, text]));
      const count = Number(values[name]);
      return (forms[`=${count}`] ?? (count === 1 && forms.one !== undefined ? forms.one : (forms.other ?? whole))).replaceAll(
        '#',
        String(count),
      );
    });
    return plural.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

/** An account the simulated apps report for: its token and its devices (named after their client types, in the contracts' order). */
export interface TSimulatedAccount {
  user: TUser;
  token: string;
  devices: SimulatedDevice[];
  api: SessionSimulationOptions;
}

/** Logs `user` in as the apps do and registers `count` simulated devices; the apps speak `locale`. */
export async function simulatedAccount(user: TUser, locale: TLocale, prefix: string, count: number): Promise<TSimulatedAccount> {
  const token = await logIn(apiBase, user.username, PASSWORD);
  const devices = await registerSimulatedDevices({ baseUrl: apiBase, token, prefix, count });
  return { user, token, devices, api: { baseUrl: apiBase, token, language: localeEntries[locale].iso } };
}

/** Logs `user` in in a fresh browser context (language, zone, viewport) and opens `route`. */
export async function openAccountPage(browser: Browser, user: TUser, locale: TLocale, viewport: TViewport, route: string): Promise<Page> {
  const phone = viewport.width < 600 ? { isMobile: true, hasTouch: true, userAgent: PHONE_UA } : {};
  const zone = ZONES[locale];
  const context = await browser.newContext({ viewport, acceptDownloads: true, ...phone, ...(zone ? { timezoneId: zone.id } : {}) });
  await useLocale(context, locale);
  const page = await context.newPage();
  const login = await page.request.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: PASSWORD } });
  expect((await login.json()).errcode).toBe(0);
  await page.goto(localePath(locale, route));
  await page.waitForLoadState('load');
  return page;
}

export interface TOutboxMail {
  channel: 'SMS' | 'EMAIL';
  to: string;
  purpose: string;
  subject: string | null;
  text: string;
  sentAt: string;
}

/** What the dev outbox "sent" to `to`, newest first. */
export async function outboxFor(page: Page, to: string): Promise<TOutboxMail[]> {
  // the production shape (scale-out) has no outbox: its SMTP fake keeps what it received
  const codeSource = process.env.E2E_CODE_SOURCE;
  if (codeSource) {
    const response = await page.request.get(`${codeSource}/mails?to=${encodeURIComponent(to)}`);
    return ((await response.json()) as { messages: TOutboxMail[] }).messages;
  }
  const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { data: { messages: TOutboxMail[] } }).data.messages;
}

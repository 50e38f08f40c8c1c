import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { whenHydrated } from './accounts';

// The back office for the journeys: staff made the way `npm run admin:create` makes them (the
// API's CLI, src/composition/setup/cli.ts, on the run's database — see redeem-codes.ts), authenticator
// codes computed from the secret the set-up page shows (RFC 6238: SHA-1, 6 digits, 30 s), and
// the staff-only texts (apps/web/messages-admin) in zh-CN and en.

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export type TStaffLanguage = 'zh-CN' | 'en';

/** A new staff member through the CLI; returns the path of their one-time set-up link (/admin/setup#token=…). */
export async function adminCreate(username: string, role: 'OWNER' | 'SUPPORT' | 'FINANCE' | 'CONTENT' | 'OPS'): Promise<string> {
  const databaseUrl = process.env.E2E_DATABASE_URL ?? path.join(process.env.E2E_DATA_DIR ?? '', 'e2e.sqlite');
  const { stdout } = await run(
    path.join(root, 'node_modules/.bin/tsx'),
    ['src/composition/setup/cli.ts', 'admin', '--username', username, '--role', role],
    {
      cwd: path.join(root, 'apps/api'),
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    },
  );
  const link = stdout.trim().split('\n').at(-1) ?? '';
  const match = /(\/admin\/setup#token=[A-Za-z0-9_-]{43})$/.exec(link);
  if (!match?.[1]) throw new Error(`admin:create printed no set-up link: ${stdout}`);
  return match[1];
}

function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The authenticator's code for `secret`, `steps` periods of 30 s from now. */
export function totpCode(secret: string, steps = 0): string {
  const counter = Math.floor(Date.now() / 30_000) + steps;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Bytes(secret)).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

type TTree = { [key: string]: string | TTree };

/** The staff screens' texts in `language`, flattened per namespace: texts.AdminLogin.submit. */
export function adminTexts(language: TStaffLanguage): Record<string, Record<string, string>> {
  const dir = path.join(root, 'apps/web/messages-admin', language);
  const out: Record<string, Record<string, string>> = {};
  const flatten = (tree: TTree, prefix: string, into: Record<string, string>) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === 'string') into[`${prefix}${key}`] = value;
      else flatten(value, `${prefix}${key}.`, into);
    }
  };
  for (const file of ['shell', 'auth', 'staff', 'audit', 'codes', 'payouts', 'content', 'orders', 'support', 'passkeys']) {
    const tree = JSON.parse(readFileSync(path.join(dir, `${file}.json`), 'utf8')) as Record<string, TTree>;
    for (const [namespace, messages] of Object.entries(tree)) flatten(messages, '', (out[namespace] = {}));
  }
  return out;
}

export const STAFF_PASSWORD = 'staff-password-2026!';

/**
 * A staff member of `role` made by `admin:create`, set up in `page` (password and a first
 * authenticator code) and signed in, with staff screens in `language`. Returns the username.
 */
export async function signedInStaff(
  page: Page,
  baseURL: string,
  role: 'OWNER' | 'SUPPORT' | 'FINANCE' | 'CONTENT' | 'OPS',
  language: TStaffLanguage = 'en',
): Promise<string> {
  const t = adminTexts(language);
  const username = `${role.toLowerCase()}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const setupPath = await adminCreate(username, role);
  await page.context().addCookies([{ name: 'llk_admin_lang', value: language, url: `${baseURL}/admin` }]);
  await page.goto(setupPath);
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page.getByLabel(t.AdminSetup!.password!, { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel(t.AdminSetup!.confirm!).fill(STAFF_PASSWORD);
  await page.getByLabel(t.AdminSetup!.code!).fill(totpCode(secret));
  await (await whenHydrated(page.getByRole('button', { name: t.AdminSetup!.submit! }))).click();
  await expect(page).toHaveURL(/\/admin$/);
  return username;
}

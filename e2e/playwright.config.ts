import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end journeys in Debian's Chromium (never a downloaded browser) against the built web
// app (apps/web/server.mjs, as `npm start`) and the API, each on its own port with a fresh SQLite database.
// With E2E_BASE_URL set, the journeys run against a site that is already up (the scale-out step's
// nginx in front of several instances) and nothing is started here.
const root = path.resolve(import.meta.dirname, '..');
const externalSite = process.env.E2E_BASE_URL;
const webPort = Number(process.env.E2E_WEB_PORT ?? 3310);
const apiPort = Number(process.env.E2E_API_PORT ?? 4310);
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'llk-e2e-'));
// An origin a redirectUrl may hand a session to (served by the accounts journeys themselves).
process.env.E2E_REDIRECT_PORT ??= String(webPort + 2);
const redirectAllowlist = `http://127.0.0.1:${process.env.E2E_REDIRECT_PORT}`;
// the back office's published content reaches the pages at once (the API asks the web to revalidate)
process.env.E2E_REVALIDATE_SECRET ??= randomBytes(32).toString('base64url');
const databaseUrl = process.env.E2E_DATABASE_URL ?? path.join(process.env.E2E_DATA_DIR, 'e2e.sqlite');
// The API started here waits this long before sending the same phone another code (long enough
// for the journeys to see the "resend in …" button, short of the 60 s a real user waits), and
// waitForResend (support/accounts.ts) reads it from here; a site that is already up (production
// mode) keeps the real 60 s.
if (!externalSite) process.env.CODE_RESEND_SECONDS ??= '5';
// The dialect /health must report (tests/database.spec.ts); a site that is already up names it itself.
if (!externalSite) process.env.E2E_DIALECT ??= /^postgres(ql)?:\/\//i.test(databaseUrl) ? 'postgres' : 'sqlite';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // a journey (sign up, log out, log in again: some 40 steps) takes 20 s alone on this 2-core
  // machine; under a parallel load it must not fail for time alone. Each step keeps its own limit.
  timeout: 60_000,
  // A fresh-clone CI run loads both cores with two workers, the API and the web server: a header
  // that settles the session after two API calls and a chunk took over 10 s there once in about
  // 250 journeys (it takes 2 s alone). A real failure still fails, 5 s later.
  expect: { timeout: process.env.CI ? 15_000 : 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: externalSite ?? `http://127.0.0.1:${webPort}`,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    // A trace records screencast frames and DOM snapshots of every test to keep the failed ones:
    // it took a third of the step's CPU here (accounts.spec.ts: 122 s with it, 75 s without).
    // A failure still reports the step, the error, a screenshot and the page's ARIA snapshot;
    // E2E_TRACE=1 records traces again when a failure needs one.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // a step that hangs fails where it hangs, not at the test's timeout somewhere later
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
  },
  // Every journey runs on a desktop browser; those tagged @phone run again on a phone (390×844,
  // touch, the mobile viewport meta honoured), and those tagged @phone-only run there alone
  // (the journeys repeated in the languages the desktop runs leave out: support/accounts.ts).
  projects: [
    { name: 'desktop', grepInvert: /@phone-only/ },
    { name: 'phone', grep: /@phone\b/, use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  ],
  webServer: externalSite
    ? []
    : [
        {
          name: 'api',
          command: `${path.join(root, 'node_modules/.bin/tsx')} src/composition/server.ts`,
          cwd: path.join(root, 'apps/api'),
          url: `http://127.0.0.1:${apiPort}/health`,
          env: {
            API_PORT: String(apiPort),
            API_HOST: '127.0.0.1',
            DATABASE_URL: databaseUrl,
            LOG_LEVEL: 'warn',
            WEB_ORIGIN: `http://127.0.0.1:${webPort}`,
            // as `npm start`: the web is the API's proxy (security.spec.ts checks a visitor cannot
            // choose their address through it)
            TRUST_PROXY: 'loopback',
            // every journey asks for codes from 127.0.0.1
            CODE_IP_HOURLY_LIMIT: '1000',
            CODE_IP_DAILY_LIMIT: '1000',
            CODE_RESEND_SECONDS: process.env.CODE_RESEND_SECONDS ?? '60',
            // POST /dev/jobs/run: the cancellation journey erases an account 16 days on (development only)
            DEV_JOBS_CLOCK: 'true',
            REVALIDATE_SECRET: process.env.E2E_REVALIDATE_SECRET,
            // the release editor's "compute from URL" journey hashes a file the web serves on 127.0.0.1
            RELEASE_FETCH_PRIVATE_HOSTS: '127.0.0.1',
          },
          reuseExistingServer: false,
          timeout: 60_000,
        },
        {
          name: 'web',
          // the production server of `npm start` (next start + X-Forwarded-For rule)
          command: `node server.mjs -p ${webPort}`,
          cwd: path.join(root, 'apps/web'),
          url: `http://127.0.0.1:${webPort}/en`,
          env: {
            API_URL: `http://127.0.0.1:${apiPort}`,
            NEXT_PUBLIC_SITE_URL: `http://127.0.0.1:${webPort}`,
            REDIRECT_ALLOWLIST: redirectAllowlist,
            // the official account: inside WeChat, /order and /pay pay with JS_API (commerce-wechat.spec.ts)
            WX_APP_ID: 'wxe2e0000000000001',
            // `next start` must read the folder the build wrote (NEXT_DIST_DIR=.next-<name> npm run build)
            NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next',
            REVALIDATE_SECRET: process.env.E2E_REVALIDATE_SECRET,
          },
          reuseExistingServer: false,
          timeout: 60_000,
        },
      ],
});

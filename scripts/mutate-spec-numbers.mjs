#!/usr/bin/env node
// Proves that the spec's numbers are pinned by tests: for each production constant below it
// changes the value in the source, runs the named test files and expects at least one test to
// fail, then puts the file back. A mutation that every test survives means a number nobody
// checks. Slow (one vitest run per mutation), so it is not part of `npm test`.
//
//   node scripts/mutate-spec-numbers.mjs              every mutation
//   node scripts/mutate-spec-numbers.mjs tries resend only those whose name contains a word
//
// The test runs inherit the environment: set TEST_DATABASE_URL / TEST_REDIS_URL to include the
// PostgreSQL and Redis legs. Exit code 1 when a mutation survives or no longer applies.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const API = 'apps/api/test';
const sms = `${API}/modules/sms-codes.test.ts`;
const sessions = `${API}/modules/session-lifetime.test.ts`;
const throttle = `${API}/modules/login-throttle.test.ts`;
const defaults = `${API}/spec-defaults.test.ts`;
const commission = `${API}/modules/referrals/commission.test.ts`;
const referrals = `${API}/modules/referrals/referrals.test.ts`;
const cloudPc = `${API}/modules/cloud-pc/cloud-pc.test.ts`;
const cloudPcCatalogue = `${API}/modules/cloud-pc/cloud-pc-catalogue.test.ts`;
const orders = `${API}/modules/orders/orders.test.ts`;
const lifecycle = `${API}/modules/orders/lifecycle.test.ts`;
const users = `${API}/modules/users.test.ts`;
const search = `${API}/modules/search/search.test.ts`;
const wxmp = `${API}/modules/wxmp.test.ts`;
const adapters = `${API}/modules/payments/adapters.test.ts`;
const memberPricing = `${API}/modules/pricing/member-pricing.test.ts`;
const accountsBadInput = `${API}/modules/accounts-bad-input.test.ts`;
const apiClient = 'packages/contracts/src/client/api-client.test.ts';
const contractsContent = 'packages/contracts/src/content.test.ts';
const validation = 'packages/contracts/src/validation.test.ts';
const contractsReferrals = 'packages/contracts/src/referrals.test.ts';
const contractsOrders = 'packages/contracts/src/orders.test.ts';
const contractsAccounts = 'packages/contracts/src/accounts.test.ts';
const locales = 'packages/contracts/src/locales.test.ts';
const webCloudPc = 'apps/web/src/features/cloud-pc/rules.test.ts';
const webToast = 'apps/web/src/components/toast-region.test.tsx';
const webSession = 'apps/web/src/features/auth/server/proxy-session.test.ts';

const src = {
  codes: 'apps/api/src/modules/sms/codes.service.ts',
  codeTtl: 'apps/api/src/infrastructure/delivery/constants.ts',
  sms: 'apps/api/src/modules/sms/sms.service.ts',
  configSecurity: 'apps/api/src/composition/config/security.ts',
  configOrders: 'apps/api/src/composition/config/orders.ts',
  throttle: 'apps/api/src/modules/auth/login-throttle.ts',
  accessKeys: 'apps/api/src/modules/access-keys/access-keys.service.ts',
  sessions: 'apps/api/src/modules/auth/sessions.service.ts',
  userRoutes: 'apps/api/src/modules/users/users.routes.ts',
  rules: 'packages/contracts/src/rules.ts',
  referrals: 'packages/contracts/src/referrals.ts',
  cloudPc: 'packages/contracts/src/cloud-pc.ts',
  cloudPcService: 'apps/api/src/modules/cloud-pc/cloud-pc.service.ts',
  cloudPcPlans: 'apps/api/src/modules/fulfilment/cloud-pc.plans.ts',
  accounts: 'packages/contracts/src/accounts.ts',
  orders: 'packages/contracts/src/orders.ts',
  orderRules: 'packages/contracts/src/order-rules.ts',
  locales: 'packages/contracts/src/locales.ts',
  localeCodes: 'packages/contracts/src/locale-codes.ts',
  search: 'apps/api/src/modules/search/search.service.ts',
  wxmp: 'apps/api/src/modules/wxmp/wxmp.service.ts',
  wechat: 'apps/api/src/modules/payments/wechat.provider.ts',
  orderSettings: 'apps/api/src/modules/orders/orders.settings.ts',
  apiClient: 'packages/contracts/src/client/api-client.ts',
  content: 'packages/contracts/src/content.ts',
  seedPrices: 'content/seed/pricing.json',
  webToast: 'apps/web/src/lib/toast.ts',
  webSession: 'apps/web/src/features/auth/session-cookies.ts',
};

/** name, file, the exact text to find (once), its replacement, the test files that must catch it */
export const MUTATIONS = [
  { name: 'code: 6 digits', file: src.codes, find: "padStart(6, '0')", replace: "padStart(7, '0')", tests: [sms] },
  {
    name: 'code: 6 digits accepted',
    file: src.rules,
    find: 'CODE_RE = /^\\d{6}$/',
    replace: 'CODE_RE = /^\\d{4,8}$/',
    tests: [validation],
  },
  { name: 'code: lives 5 minutes', file: src.codeTtl, find: 'CODE_TTL_MINUTES = 5', replace: 'CODE_TTL_MINUTES = 10', tests: [sms] },
  { name: 'code: 5 wrong tries', file: src.codes, find: 'MAX_ATTEMPTS = 5', replace: 'MAX_ATTEMPTS = 8', tests: [sms] },
  { name: 'code: 5 wrong tries (fewer)', file: src.codes, find: 'MAX_ATTEMPTS = 5', replace: 'MAX_ATTEMPTS = 3', tests: [sms] },
  {
    name: 'send: resend after 60 s',
    file: src.configSecurity,
    find: 'CODE_RESEND_SECONDS: integer(1, 3600, 60)',
    replace: 'CODE_RESEND_SECONDS: integer(1, 3600, 90)',
    tests: [sms, defaults],
  },
  { name: 'send: 5 per hour per target', file: src.sms, find: 'TARGET_HOURLY_LIMIT = 5', replace: 'TARGET_HOURLY_LIMIT = 6', tests: [sms] },
  { name: 'send: 10 per day per target', file: src.sms, find: 'TARGET_DAILY_LIMIT = 10', replace: 'TARGET_DAILY_LIMIT = 12', tests: [sms] },
  {
    name: 'send: 20 per hour per IP',
    file: src.configSecurity,
    find: 'CODE_IP_HOURLY_LIMIT: integer(1, 1_000_000, 20)',
    replace: 'CODE_IP_HOURLY_LIMIT: integer(1, 1_000_000, 25)',
    tests: [defaults],
  },
  {
    name: 'send: 50 per day per IP',
    file: src.configSecurity,
    find: 'CODE_IP_DAILY_LIMIT: integer(1, 1_000_000, 50)',
    replace: 'CODE_IP_DAILY_LIMIT: integer(1, 1_000_000, 60)',
    tests: [defaults],
  },
  {
    name: 'session: idle 30 days (longer)',
    file: src.configSecurity,
    find: 'SESSION_IDLE_DAYS: integer(1, 365, 30)',
    replace: 'SESSION_IDLE_DAYS: integer(1, 365, 40)',
    tests: [sessions, defaults],
  },
  {
    name: 'session: idle 30 days (shorter)',
    file: src.configSecurity,
    find: 'SESSION_IDLE_DAYS: integer(1, 365, 30)',
    replace: 'SESSION_IDLE_DAYS: integer(1, 365, 20)',
    tests: [sessions, defaults],
  },
  {
    name: 'session: absolute 180 days',
    file: src.configSecurity,
    find: 'SESSION_ABSOLUTE_DAYS: integer(1, 3650, 180)',
    replace: 'SESSION_ABSOLUTE_DAYS: integer(1, 3650, 200)',
    tests: [sessions, defaults],
  },
  {
    name: 'session: touched once a minute',
    file: src.sessions,
    find: 'TOUCH_INTERVAL_MS = 60_000',
    replace: 'TOUCH_INTERVAL_MS = 600_000',
    tests: [sessions],
  },
  {
    name: 'access key: 60 s',
    file: src.accessKeys,
    find: 'ACCESS_KEY_TTL_MS = 60_000',
    replace: 'ACCESS_KEY_TTL_MS = 120_000',
    tests: [users],
  },
  {
    name: 'log-in: lock from the 5th failure per account',
    file: src.throttle,
    find: 'ACCOUNT_FAILURES_BEFORE_LOCK = 5',
    replace: 'ACCOUNT_FAILURES_BEFORE_LOCK = 8',
    tests: [throttle],
  },
  {
    name: 'log-in: lock from the 20th failure per IP',
    file: src.throttle,
    find: 'IP_FAILURES_BEFORE_LOCK = 20',
    replace: 'IP_FAILURES_BEFORE_LOCK = 25',
    tests: [throttle],
  },
  {
    name: 'log-in: first lock 30 s',
    file: src.throttle,
    find: 'BASE_LOCK_MS = 30_000',
    replace: 'BASE_LOCK_MS = 60_000',
    tests: [throttle],
  },
  {
    name: 'log-in: lock at most 15 minutes',
    file: src.throttle,
    find: 'MAX_LOCK_MS = 15 * 60_000',
    replace: 'MAX_LOCK_MS = 30 * 60_000',
    tests: [throttle],
  },
  {
    name: 'log-in: failures counted for an hour',
    file: src.throttle,
    find: 'WINDOW_MS = 3_600_000',
    replace: 'WINDOW_MS = 1_800_000',
    tests: [throttle],
  },
  {
    name: 'user check: 30 per minute',
    file: src.userRoutes,
    find: 'USER_CHECK_PER_MINUTE = 30',
    replace: 'USER_CHECK_PER_MINUTE = 40',
    tests: [users],
  },
  {
    name: 'username: 6-20 characters',
    file: src.rules,
    find: 'USERNAME_RE = /^[A-Za-z][A-Za-z0-9_.-]{5,19}$/',
    replace: 'USERNAME_RE = /^[A-Za-z][A-Za-z0-9_.-]{4,20}$/',
    tests: [validation],
  },
  { name: 'password: 6-20 characters', file: src.rules, find: '{6,20}$`,', replace: '{5,21}$`,', tests: [validation] },
  {
    name: 'referral: 20% commission',
    file: src.referrals,
    find: 'commissionPercent: 20',
    replace: 'commissionPercent: 25',
    tests: [contractsReferrals, commission],
  },
  {
    name: 'referral: 60-day binding',
    file: src.referrals,
    find: 'bindingDays: 60',
    replace: 'bindingDays: 90',
    tests: [commission, referrals],
  },
  {
    name: 'referral: 7-day refund window',
    file: src.referrals,
    find: 'settlementDays: 7',
    replace: 'settlementDays: 10',
    tests: [commission, referrals],
  },
  { name: 'referral: 3 days of Pro', file: src.referrals, find: 'bonusProDays: 3', replace: 'bonusProDays: 5', tests: [referrals] },
  { name: 'referral: 10 monitor walls', file: src.referrals, find: 'bonusMonitors: 10', replace: 'bonusMonitors: 12', tests: [referrals] },
  {
    name: 'referral: link remembered 30 days',
    file: src.referrals,
    find: 'REFERRAL_COOKIE_MAX_AGE_S = 30 * 24 * 3600',
    replace: 'REFERRAL_COOKIE_MAX_AGE_S = 60 * 24 * 3600',
    tests: [contractsReferrals],
  },
  {
    name: 'referral: code of 8 characters',
    file: src.referrals,
    find: 'REFERRAL_CODE_LENGTH = 8',
    replace: 'REFERRAL_CODE_LENGTH = 10',
    tests: [contractsReferrals, referrals],
  },
  {
    name: 'cloud PC: refund within 15 minutes',
    file: src.cloudPc,
    find: 'firstOrderRefundMinutes: 15',
    replace: 'firstOrderRefundMinutes: 20',
    tests: [cloudPc],
  },
  {
    name: 'cloud PC: renewal due 3 days before',
    file: src.cloudPc,
    find: 'autoRenewLeadDays: 3',
    replace: 'autoRenewLeadDays: 5',
    tests: [cloudPc, webCloudPc],
  },
  {
    name: 'cloud PC: 5 provider sign-ups per hour',
    file: src.cloudPcService,
    find: 'PROVIDER_APPLICATIONS_PER_HOUR = 5',
    replace: 'PROVIDER_APPLICATIONS_PER_HOUR = 8',
    tests: [cloudPc],
  },
  {
    name: 'order: unpaid expires after 30 min',
    file: src.configOrders,
    find: 'ORDER_TTL_MINUTES: integer(1, 7 * 24 * 60, 30)',
    replace: 'ORDER_TTL_MINUTES: integer(1, 7 * 24 * 60, 45)',
    tests: [orders, defaults],
  },
  {
    name: 'order: QR code lives 10 min',
    file: src.configOrders,
    find: 'ORDER_QR_CODE_TTL_MINUTES: integer(1, 24 * 60, 10)',
    replace: 'ORDER_QR_CODE_TTL_MINUTES: integer(1, 24 * 60, 15)',
    tests: [orders, defaults],
  },
  {
    name: 'order: completed 7 days after fulfilment',
    file: src.configOrders,
    find: 'ORDER_COMPLETE_AFTER_DAYS: integer(0, 365, 7)',
    replace: 'ORDER_COMPLETE_AFTER_DAYS: integer(0, 365, 10)',
    tests: [lifecycle, defaults],
  },
  {
    name: 'order: quantity at most 100',
    file: src.orderRules,
    find: 'ORDER_QUANTITY_MAX = 100',
    replace: 'ORDER_QUANTITY_MAX = 101',
    tests: [contractsOrders],
  },
  {
    name: 'order: Idempotency-Key kept 24 h',
    file: src.orderSettings,
    find: 'IDEMPOTENCY_TTL_MS = 24 * 3_600_000',
    replace: 'IDEMPOTENCY_TTL_MS = 12 * 3_600_000',
    tests: [orders, lifecycle],
  },
  {
    name: 'seed: annual membership ¥268',
    file: src.seedPrices,
    find: '"priceFen": 26800',
    replace: '"priceFen": 25800',
    tests: [memberPricing],
  },
  {
    name: 'seed: monthly membership ¥30',
    file: src.seedPrices,
    find: '"priceFen": 3000,',
    replace: '"priceFen": 3100,',
    tests: [memberPricing],
  },
  {
    name: 'seed: 10 monitor walls ¥158',
    file: src.seedPrices,
    find: '"priceFen": 15800',
    replace: '"priceFen": 15900',
    tests: [memberPricing],
  },
  {
    name: 'seed: cloud PC standard ¥299 a month',
    file: src.seedPrices,
    find: '"priceFen": 29900,',
    replace: '"priceFen": 28900,',
    tests: [cloudPcCatalogue],
  },
  {
    name: 'cloud PC: 14 cores / 28 threads up to 52 / 104',
    file: src.cloudPcPlans,
    find: 'cores: 52, threads: 104',
    replace: 'cores: 48, threads: 96',
    tests: [cloudPcCatalogue],
  },
  {
    name: 'log-in: passwords up to 128 characters',
    file: src.rules,
    find: 'TYPED_PASSWORD_MAX = 128;',
    replace: 'TYPED_PASSWORD_MAX = 256;',
    tests: [contractsAccounts, accountsBadInput],
  },
  {
    name: 'search: queries up to 64 characters',
    file: src.content,
    find: 'SEARCH_QUERY_MAX = 64',
    replace: 'SEARCH_QUERY_MAX = 80',
    tests: [contractsContent, search],
  },
  {
    name: 'client: retries on 425',
    file: src.apiClient,
    find: '[408, 409, 425, 429, 500, 502, 503, 504]',
    replace: '[408, 409, 429, 500, 502, 503, 504]',
    tests: [apiClient],
  },
  {
    name: 'channel: accounts from 1 July 2025 (China time)',
    file: src.accounts,
    find: "CHANNEL_REQUIRED_FROM = '2025-06-30T16:00:00.000Z'",
    replace: "CHANNEL_REQUIRED_FROM = '2025-07-01T00:00:00.000Z'",
    tests: [contractsAccounts, users],
  },
  {
    name: 'language cookie: 365 days',
    file: src.localeCodes,
    find: 'LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60',
    replace: 'LOCALE_COOKIE_MAX_AGE = 366 * 24 * 60 * 60',
    tests: [locales],
  },
  {
    name: 'web: toasts show 3000 ms',
    file: src.webToast,
    find: 'TOAST_DURATION_MS = 3000',
    replace: 'TOAST_DURATION_MS = 4000',
    tests: [webToast],
  },
  { name: 'web: toasts offset 16', file: src.webToast, find: 'TOAST_OFFSET_PX = 16', replace: 'TOAST_OFFSET_PX = 24', tests: [webToast] },
  {
    name: 'web: session hint cookie 180 days',
    file: src.webSession,
    find: 'SESSION_HINT_MAX_AGE_S = 180 * 24 * 60 * 60',
    replace: 'SESSION_HINT_MAX_AGE_S = 200 * 24 * 60 * 60',
    tests: [webSession],
  },
  {
    name: 'hot searches: 20 records per minute per IP',
    file: src.search,
    find: 'RECORD_LIMIT_PER_MINUTE = 20',
    replace: 'RECORD_LIMIT_PER_MINUTE = 25',
    tests: [search],
  },
  { name: 'hot searches: top 10', file: src.search, find: 'HOT_SEARCH_COUNT = 10', replace: 'HOT_SEARCH_COUNT = 12', tests: [search] },
  {
    name: 'hot searches: a keyword counts once per 10 minutes per IP',
    file: src.search,
    find: 'REPEAT_WINDOW_MS = 10 * 60_000',
    replace: 'REPEAT_WINDOW_MS = 5 * 60_000',
    tests: [search],
  },
  {
    name: 'share signature: cache 300 s short of expiry',
    file: src.wxmp,
    find: 'EXPIRY_MARGIN_SECONDS = 300',
    replace: 'EXPIRY_MARGIN_SECONDS = 600',
    tests: [wxmp],
  },
  {
    name: 'WeChat Pay: notifications older than 5 minutes refused',
    file: src.wechat,
    find: 'NOTIFICATION_MAX_AGE_SECONDS = 300',
    replace: 'NOTIFICATION_MAX_AGE_SECONDS = 3600',
    tests: [adapters],
  },
];

/** A find/replace text on one table line. */
const show = (text) => text.replaceAll('\n', '\\n');

const projectOf = (file) => (file.startsWith('apps/api/') ? 'api' : file.startsWith('apps/web/') ? 'web' : 'contracts');

function runTests(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'mutate-'));
  const report = path.join(dir, 'report.json');
  const projects = [...new Set(files.map(projectOf))].flatMap((project) => ['--project', project]);
  const run = spawnSync('npx', ['vitest', 'run', ...projects, '--reporter=json', `--outputFile=${report}`, ...files], {
    cwd: root,
    encoding: 'utf8',
    env: process.env,
  });
  let failed = [];
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    failed = json.testResults.flatMap((file) =>
      file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName),
    );
    if (failed.length === 0 && json.numFailedTestSuites > 0) failed = ['(a test file failed to load)'];
  } catch {
    failed = run.status === 0 ? [] : [`(vitest exited ${run.status}: ${(run.stderr || '').split('\n').slice(-3).join(' ')})`];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return failed;
}

let restore = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    restore?.();
    process.exit(130);
  });
}

const filters = process.argv.slice(2).map((word) => word.toLowerCase());
const chosen = MUTATIONS.filter((m) => filters.length === 0 || filters.some((word) => m.name.toLowerCase().includes(word)));
const rows = [];
for (const mutation of chosen) {
  const file = path.join(root, mutation.file);
  const original = readFileSync(file, 'utf8');
  const occurrences = original.split(mutation.find).length - 1;
  if (occurrences !== 1) {
    rows.push({ ...mutation, verdict: 'STALE', detail: `"${mutation.find}" found ${occurrences} times` });
    continue;
  }
  restore = () => writeFileSync(file, original);
  writeFileSync(
    file,
    original.replace(mutation.find, () => mutation.replace),
  );
  let failed;
  try {
    failed = runTests(mutation.tests);
  } finally {
    restore();
    restore = null;
  }
  const verdict = failed.length > 0 ? 'caught' : 'SURVIVED';
  rows.push({ ...mutation, verdict, detail: failed.slice(0, 2).join(' | ') });
  console.info(
    `${verdict.padEnd(8)} ${mutation.name} (${show(mutation.find)} → ${show(mutation.replace)})${failed.length ? `: ${failed[0]}` : ''}`,
  );
}

console.info('\n| constant | file | mutation | verdict | failing test |\n|---|---|---|---|---|');
for (const row of rows) {
  console.info(`| ${row.name} | \`${row.file}\` | \`${show(row.find)}\` → \`${show(row.replace)}\` | ${row.verdict} | ${row.detail} |`);
}
const bad = rows.filter((row) => row.verdict !== 'caught');
console.info(
  `\n${rows.length - bad.length} of ${rows.length} mutations caught${bad.length ? `; not caught: ${bad.map((r) => r.name).join(', ')}` : ''}`,
);
process.exit(bad.length ? 1 : 0);

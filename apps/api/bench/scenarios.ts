import { type App } from '../src/composition/app';
import { newId, toDbDate } from '../src/infrastructure/db/dialect';
import { hashPassword } from '../src/modules/auth/passwords';
import { createSession } from '../src/modules/auth/sessions.service';
import { insertUser } from '../src/modules/users/users.repository';
import { accountScenarios } from './account';
import { orderScenarios } from './orders';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * One thing to measure. `setup` runs once per dialect before the clock starts (create users,
 * log in, …) and returns what `request` needs; `request` builds the i-th request of a client.
 */
export interface Scenario<S = unknown> {
  name: string;
  setup?: (app: App) => Promise<S>;
  request: (state: S, client: number, i: number) => BenchRequest;
  /** Status every answer must have; anything else counts as an error. */
  expectStatus?: number;
}

function scenario<S>(definition: Scenario<S>): Scenario {
  return definition as Scenario;
}

// Later issues append their scenarios (log-in, order creation, …) here.
export const scenarios: Scenario[] = [
  scenario({
    name: 'GET /health',
    request: () => ({ method: 'GET', path: '/health' }),
    expectStatus: 200,
  }),
  // content: the public pages' calls, uncached (no If-None-Match), on seeded data
  scenario({
    name: 'GET /news/list',
    request: (_state, _client, i) => ({ method: 'GET', path: `/news/list?page=${(i % 2) + 1}`, headers: { 'accept-language': 'zh-CN' } }),
    expectStatus: 200,
  }),
  scenario({
    name: 'GET /news/info',
    request: (_state, _client, i) => ({ method: 'GET', path: `/news/info?id=${(i % 16) + 1}`, headers: { 'accept-language': 'en' } }),
    expectStatus: 200,
  }),
  scenario({
    name: 'GET /download/list',
    request: () => ({ method: 'GET', path: '/download/list', headers: { 'accept-language': 'ja' } }),
    expectStatus: 200,
  }),
  scenario({
    name: 'GET /download/latest',
    request: (_state, _client, i) => ({
      method: 'GET',
      path: `/download/latest?clientType=${(['WIN', 'MAC', 'ANDROID', 'IOS'] as const)[i % 4]}`,
      headers: { 'accept-language': 'en' },
    }),
    expectStatus: 200,
  }),
  scenario({
    name: 'GET /memberPricing/detail/v2',
    request: (_state, _client, i) => ({
      method: 'GET',
      path: '/memberPricing/detail/v2',
      headers: { 'accept-language': i % 2 ? 'zh-CN' : 'fr' },
    }),
    expectStatus: 200,
  }),
  scenario({
    name: 'GET /announcements/info',
    request: () => ({ method: 'GET', path: '/announcements/info', headers: { 'accept-language': 'zh-TW' } }),
    expectStatus: 200,
  }),
  scenario({
    name: 'GET /cloudPc/plans',
    request: () => ({ method: 'GET', path: '/cloudPc/plans', headers: { 'accept-language': 'ko' } }),
    expectStatus: 200,
  }),
  scenario({
    name: 'GET /search/hotContent',
    request: () => ({ method: 'GET', path: '/search/hotContent', headers: { 'accept-language': 'zh-CN' } }),
    expectStatus: 200,
  }),
  scenario({
    name: 'GET /search (zh-CN, CJK bigrams)',
    request: (_state, _client, i) => ({
      method: 'GET',
      path: `/search?q=${encodeURIComponent(['屏幕墙', '远程控制', '全球通道', '会员'][i % 4] ?? '')}`,
      headers: { 'accept-language': 'zh-CN' },
    }),
    expectStatus: 200,
  }),
  scenario({
    name: 'GET /search (en, words)',
    request: (_state, _client, i) => ({
      method: 'GET',
      path: `/search?q=${encodeURIComponent(['screen wall', 'remote control', 'global channel', 'gamepad'][i % 4] ?? '')}`,
      headers: { 'accept-language': 'en' },
    }),
    expectStatus: 200,
  }),
  // accounts: password log-in is argon2id-bound (one hash per request); /user/info
  // is one session look-up (touched at most once a minute) and one user read. Each client logs
  // in from its own address (X-Forwarded-For, the bench trusts loopback as its proxy): 32
  // log-ins in flight from one address would be held back by the per-IP back-off, which
  // charges an attempt before its hash is compared.
  scenario({
    name: 'POST /h5Login (password)',
    setup: (app) => benchUsers(app, 64, 'login'),
    request: (users, client) => {
      const user = users[client % users.length];
      return {
        method: 'POST',
        path: '/h5Login',
        headers: { 'x-forwarded-for': `198.18.${client >> 8}.${client & 255}` },
        body: { loginType: 'account', account: user?.username, password: BENCH_PASSWORD },
      };
    },
    expectStatus: 200,
  }),
  scenario({
    name: 'GET /user/info',
    setup: (app) => benchUsers(app, 64, 'info'),
    request: (users, client) => ({
      method: 'GET',
      path: '/user/info',
      headers: { authorization: users[client % users.length]?.token ?? '' },
    }),
    expectStatus: 200,
  }),
  // orders: order creation and applied payment notifications, see ./orders.ts
  ...orderScenarios,
  // the account area: a user's order list with 1,000 orders, see ./account.ts
  ...accountScenarios,
  // account security: the sessions list of an account with 50 live sessions (each
  // with a user agent and a public IP: parsed and located per row); every client calls it
  // with one of the 50 tokens. The run prints p50/p99 as a ratio to GET /health.
  scenario({
    name: 'GET /user/sessions (50)',
    setup: (app) => benchSessions(app, 50),
    request: (tokens, client, i) => ({
      method: 'GET',
      path: '/user/sessions',
      headers: { authorization: tokens[(client + i) % tokens.length] ?? '', 'accept-language': 'en' },
    }),
    expectStatus: 200,
  }),
];

const BENCH_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'LLKRemote/3.2 (Windows)',
];

/** One account with `count` sessions from varied devices and public addresses; their tokens. */
async function benchSessions(app: App, count: number): Promise<string[]> {
  const id = newId();
  await insertUser(app.db, {
    id,
    username: 'benchsessions',
    mobile: '+15559000001',
    email: null,
    nickname: 'benchsessions',
    passwordHash: '$argon2id$bench',
    now: toDbDate(new Date()),
  });
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const client = {
      loginType: 'account' as const,
      ip: `114.114.${i >> 8}.${(i & 255) + 1}`,
      userAgent: BENCH_AGENTS[i % BENCH_AGENTS.length] ?? null,
    };
    tokens.push(await createSession(app.db, id, client, app.config.session));
  }
  return tokens;
}

const BENCH_PASSWORD = 'Bench#pass1';

/** Accounts made directly through the repository (sign-up would need codes), each with a session. */
async function benchUsers(app: App, count: number, tag: string): Promise<{ username: string; token: string }[]> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const users: { username: string; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    const id = newId();
    const username = `bench${tag}${String(i).padStart(4, '0')}`;
    const now = toDbDate(new Date());
    await insertUser(app.db, {
      id,
      username,
      mobile: `+1555${tag.length}${String(i).padStart(6, '0')}`,
      email: null,
      nickname: username,
      passwordHash,
      now,
    });
    const token = await createSession(app.db, id, { loginType: 'account', ip: null, userAgent: 'bench' }, app.config.session);
    users.push({ username, token });
  }
  return users;
}

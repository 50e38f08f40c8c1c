import { type AddressInfo } from 'node:net';
import { type App, buildApp } from '../src/composition/app';
import { loadConfig } from '../src/composition/config';
import { type TDialect } from '../src/infrastructure/db/database-url';
import { newId, toDbDate } from '../src/infrastructure/db/dialect';
import { createSession } from '../src/modules/auth/sessions.service';
import { insertUser } from '../src/modules/users/users.repository';
import { seedDatabase } from '../src/composition/setup/seed';
import { createTestDatabase } from '../test/databases';
import { type LoadResult, runLoad } from './load';
import { BENCH_ENV, HEALTH, intEnv, median } from './common';
import { type Scenario } from './scenarios';

// The account area's lists for a heavy user: GET /order/list of a user with 1,000
// orders (first page, a deep page, the largest page size), measured against GET /health in the
// same run so that the machine's speed cancels out.
//
//   npm run bench:account -w @llk/api        (PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
//
// Each scenario runs BENCH_ROUNDS times (5) for BENCH_DURATION_MS each (2000, after a 500 ms
// warm-up) with BENCH_CONNECTIONS keep-alive clients (8); the medians over the rounds of p50,
// p99 and req/s are printed, with p50 and p99 as a multiple of /health's. The scenarios are
// also part of `npm run bench` (accountScenarios).

export const HEAVY_USER_ORDERS = 1_000;

export interface HeavyUser {
  token: string;
}

const SKUS = [
  { sku: 'MEMBER_YEAR', type: 'MEMBER', unit: 'YEAR', price: 26800, original: 45600 },
  { sku: 'MONITOR_1', type: 'MONITOR', unit: null, price: 1800, original: 1800 },
  { sku: 'CHANNEL_YEAR', type: 'CHANNEL', unit: 'YEAR', price: 9800, original: 12800 },
] as const;
const STATES = ['FULFILLED', 'FULFILLED', 'COMPLETED', 'EXPIRED', 'CANCELLED', 'CREATED'] as const;

/** One user with HEAVY_USER_ORDERS orders (one item each, a mix of states), and a session. */
export async function heavyUser(app: App, tag = 'heavy'): Promise<HeavyUser> {
  const id = newId();
  const username = `bench${tag}`.slice(0, 20);
  await insertUser(app.db, {
    id,
    username,
    mobile: `+1777${String(Date.now() % 1_000_000_000).padStart(9, '0')}`,
    email: null,
    nickname: username,
    passwordHash: '$argon2id$bench',
    now: toDbDate(new Date()),
  });
  const token = await createSession(app.db, id, { loginType: 'account', ip: null, userAgent: 'bench' }, app.config.session);
  const start = Date.now() - HEAVY_USER_ORDERS * 3_600_000;
  const BATCH = 250;
  for (let from = 0; from < HEAVY_USER_ORDERS; from += BATCH) {
    const orders = [];
    const items = [];
    for (let i = from; i < Math.min(from + BATCH, HEAVY_USER_ORDERS); i++) {
      const at = start + i * 3_600_000;
      const orderId = newId(at);
      const sku = SKUS[i % SKUS.length]!;
      const status = STATES[i % STATES.length]!;
      const paid = status === 'FULFILLED' || status === 'COMPLETED';
      const when = toDbDate(at);
      orders.push({
        id: orderId,
        user_id: id,
        status,
        source: 'WEB',
        currency: 'CNY',
        total_fen: sku.price,
        original_total_fen: sku.original,
        refunded_fen: 0,
        subject: `LLK Remote ${sku.sku}`,
        pay_token_hash: null,
        paid_payment_id: null,
        pay_method: paid ? (i % 2 ? 'WX' : 'ZFB') : null,
        pay_client: paid ? 'WEB' : null,
        created_at: when,
        updated_at: when,
        expires_at: toDbDate(at + 1_800_000),
        paid_at: paid ? when : null,
        fulfilled_at: paid ? when : null,
        completed_at: null,
        closed_at: paid || status === 'CREATED' ? null : when,
      });
      items.push({
        id: newId(at),
        order_id: orderId,
        item_type: sku.type,
        sku_id: sku.sku,
        time_unit: sku.unit,
        duration: 1,
        units: 1,
        quantity: 1,
        quality_tier: null,
        price_fen: sku.price,
        original_price_fen: sku.original,
        amount_fen: sku.price,
        grant_json: null,
      });
    }
    await app.db.insertInto('orders').values(orders).execute();
    await app.db.insertInto('order_items').values(items).execute();
  }
  return { token };
}

const auth = (state: HeavyUser) => ({ authorization: state.token, 'accept-language': 'en' });

/** The account area's list calls, for `npm run bench` and for this script. */
export const accountScenarios: Scenario[] = [
  {
    name: 'GET /order/list (1k, p1)',
    setup: (app: App) => heavyUser(app, 'ordlist1'),
    request: (state) => ({ method: 'GET', path: '/order/list?page=1', headers: auth(state as HeavyUser) }),
    expectStatus: 200,
  },
  {
    name: 'GET /order/list (1k, p50)',
    setup: (app: App) => heavyUser(app, 'ordlist50'),
    request: (state) => ({ method: 'GET', path: '/order/list?page=50&pageSize=20', headers: auth(state as HeavyUser) }),
    expectStatus: 200,
  },
  {
    name: 'GET /order/list (1k, 50/page)',
    setup: (app: App) => heavyUser(app, 'ordlistmax'),
    request: (state, _client, i) => ({
      method: 'GET',
      path: `/order/list?page=${(i % 20) + 1}&pageSize=50`,
      headers: auth(state as HeavyUser),
    }),
    expectStatus: 200,
  },
  // GET /user/sessions (a user with 50 sessions) is added here by the security centre's sessions
  // listing: a scenario whose setup makes the user and 50 sessions and whose
  // request lists them; this script then reports it with the same medians and /health ratio.
];

// ---- The standalone run ------------------------------------------------------------------------

async function benchDialect(
  dialect: TDialect,
  options: { rounds: number; durationMs: number; warmupMs: number; connections: number },
): Promise<boolean> {
  const test = await createTestDatabase(dialect, { durable: true }); // commits wait for the disk, as in production
  await seedDatabase(test.handle.db);
  const app = buildApp(loadConfig(BENCH_ENV), { database: test.handle });
  let clean = true;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const all = [HEALTH, ...accountScenarios];
    const states = new Map<Scenario, unknown>();
    for (const scenario of all) states.set(scenario, await scenario.setup?.(app));
    const results = new Map<Scenario, LoadResult[]>(all.map((s) => [s, []]));
    // rounds interleave the scenarios, so a slow moment of the machine hits them all alike
    for (let round = 0; round < options.rounds; round++) {
      for (const scenario of all) {
        const state = states.get(scenario);
        const next = (client: number, i: number) => scenario.request(state, client, i);
        const base = {
          port,
          connections: options.connections,
          next,
          maxRequests: 2_000_000,
          ...(scenario.expectStatus === undefined ? {} : { expectStatus: scenario.expectStatus }),
        };
        await runLoad({ ...base, durationMs: options.warmupMs });
        results.get(scenario)?.push(await runLoad({ ...base, durationMs: options.durationMs }));
      }
    }
    const health = results.get(HEALTH) ?? [];
    const baseP50 = median(health.map((r) => r.p50Ms));
    const baseP99 = median(health.map((r) => r.p99Ms));
    for (const scenario of all) {
      const runs = results.get(scenario) ?? [];
      const p50 = median(runs.map((r) => r.p50Ms));
      const p99 = median(runs.map((r) => r.p99Ms));
      const errors = runs.reduce((sum, r) => sum + r.errors, 0);
      if (errors > 0) clean = false;
      console.info(
        `${scenario.name.padEnd(30)} ${dialect.padEnd(9)} median of ${runs.length}: ${median(runs.map((r) => r.requestsPerSecond))
          .toFixed(0)
          .padStart(6)} req/s` +
          `  p50 ${p50.toFixed(2)} ms (×${(p50 / baseP50).toFixed(1)} /health)  p99 ${p99.toFixed(2)} ms (×${(p99 / baseP99).toFixed(1)} /health)  ${errors} errors`,
      );
    }
  } finally {
    await app.close();
    await test.cleanup();
  }
  return clean;
}

async function main(): Promise<void> {
  const options = {
    rounds: intEnv('BENCH_ROUNDS', 5, 50),
    durationMs: intEnv('BENCH_DURATION_MS', 2_000, 60_000),
    warmupMs: intEnv('BENCH_WARMUP_MS', 500, 10_000),
    connections: intEnv('BENCH_CONNECTIONS', 8, 1024),
  };
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
  const dialects: TDialect[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  console.info(
    `Account bench: a user with ${HEAVY_USER_ORDERS} orders, ${options.connections} keep-alive connections, ${options.rounds} rounds of ${options.durationMs} ms per scenario, Node ${process.version}`,
  );
  let clean = true;
  for (const dialect of dialects) clean = (await benchDialect(dialect, options)) && clean;
  if (!pgUrl) console.info('PostgreSQL not benchmarked: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).');
  if (!clean) process.exitCode = 1;
}

// Run only as a script (`tsx bench/account.ts`), not when scenarios.ts imports the scenarios.
if (process.argv[1]?.endsWith('account.ts')) await main();

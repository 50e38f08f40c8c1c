import { type AddressInfo } from 'node:net';
import { ADMIN_SESSION_COOKIE } from '@llk/contracts';
import { buildApp } from '../src/composition/app';
import { loadConfig } from '../src/composition/config';
import { MemoryKeyValueStore } from '../src/infrastructure/kv';
import { withPgClient } from '../test/databases';
import {
  BENCH_ENV,
  benchPostgresUrl,
  benchStaffSession,
  DAY_MS,
  END,
  HEALTH,
  intEnv,
  median,
  openKeptSchema,
  orderIdOf,
  seedBulk,
  SPAN_MS,
  summarize,
  measureRounds,
  userIdOf,
} from './common';
import { type LoadProcess, startLoadProcess } from './load-process';
import { type Scenario } from './scenarios';

// The back office on a large database (ADR 0019): ADMIN_BENCH_USERS users (1,000,000) and
// ADMIN_BENCH_ORDERS orders (5,000,000, one item each) on PostgreSQL; the user and order
// searches staff make, p50/p99 with BENCH_CONNECTIONS (8) clients in a process of their own,
// against GET /health measured in the same run. The target: p99 ≤ 100 ms for every search.
//
//   BENCH_DATABASE_URL=postgres://… npm run bench:admin -w @llk/api     (or TEST_DATABASE_URL)
//
// The data is made once with generate_series in the schema `bench_admin_<users>_<orders>` and
// kept (a later run reuses it; ADMIN_BENCH_RESEED=1 makes it again, ADMIN_BENCH_DROP=1 drops it
// at the end). BENCH_ROUNDS (3) × BENCH_DURATION_MS (3000) after BENCH_WARMUP_MS (1000);
// BENCH_SCENARIO keeps only matching names.

interface State {
  cookie: string;
  users: number;
  orders: number;
}

/** The searches staff make, each aimed at a different plan: exact keys, prefixes narrow and broad, deep keyset pages, filters. */
export function adminScenarios(state: State): Scenario[] {
  const headers = { cookie: `${ADMIN_SESSION_COOKIE}=${state.cookie}`, 'accept-language': 'en' };
  const get = (name: string, path: (i: number) => string): Scenario => ({
    name,
    request: (_s, client, i) => ({ method: 'GET', path: path(client * 7919 + i), headers }),
    expectStatus: 200,
  });
  const someUser = (i: number) => ((i * 104_729) % state.users) + 1;
  const someOrder = (i: number) => ((i * 1_299_709) % state.orders) + 1;
  const iso = (ms: number) => new Date(ms).toISOString();
  const cursorAt = (ms: number, id: string) => encodeURIComponent(`${iso(ms)}_${id}`);
  return [
    HEALTH,
    get('users: id', (i) => `/admin/users?q=${userIdOf(someUser(i))}`),
    get('users: phone', (i) => `/admin/users?q=13${String(someUser(i)).padStart(9, '0')}`),
    get('users: email', (i) => `/admin/users?q=user${someUser(i)}%40example.com`),
    get('users: name prefix', (i) => `/admin/users?q=user${(someUser(i) % 9000) + 1000}`),
    get('users: broad prefix', (i) => `/admin/users?q=user${(i % 9) + 1}`),
    get(
      'users: deep page',
      (i) =>
        `/admin/users?before=${cursorAt(END - SPAN_MS + ((someUser(i) * Math.floor(SPAN_MS / state.users)) % SPAN_MS), userIdOf(someUser(i)))}`,
    ),
    get('orders: id', (i) => `/admin/orders?q=${orderIdOf(someOrder(i))}`),
    get('orders: a user', (i) => `/admin/orders?userId=${userIdOf(someUser(i))}`),
    get('orders: status', (i) => `/admin/orders?status=${['REFUNDED', 'EXPIRED', 'FULFILLED'][i % 3]}`),
    get(
      'orders: status deep',
      (i) =>
        `/admin/orders?status=REFUNDED&before=${cursorAt(END - SPAN_MS + ((someOrder(i) * Math.floor(SPAN_MS / state.orders)) % SPAN_MS), orderIdOf(someOrder(i)))}`,
    ),
    get('orders: item type', (i) => `/admin/orders?itemType=${['CLOUD_PC', 'CHANNEL', 'MEMBER'][i % 3]}&status=FULFILLED`),
    get('orders: one day', (i) => {
      const day = END - ((i % 700) + 1) * DAY_MS;
      return `/admin/orders?from=${iso(day)}&to=${iso(day + DAY_MS)}`;
    }),
  ];
}

async function main(): Promise<void> {
  const url = benchPostgresUrl('back-office bench');
  if (!url) return;
  const users = intEnv('ADMIN_BENCH_USERS', 1_000_000, 10_000_000);
  const orders = intEnv('ADMIN_BENCH_ORDERS', 5_000_000, 50_000_000);
  const rounds = intEnv('BENCH_ROUNDS', 3, 50);
  const durationMs = intEnv('BENCH_DURATION_MS', 3_000, 60_000);
  const warmupMs = intEnv('BENCH_WARMUP_MS', 1_000, 10_000);
  const connections = intEnv('BENCH_CONNECTIONS', 8, 1024);
  const filter = process.env.BENCH_SCENARIO ?? '';
  const schema = `bench_admin_${users}_${orders}`;

  const started = performance.now();
  const step = (what: string) => console.info(`  ${what}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  console.info(
    `Back-office bench: ${users} users, ${orders} orders on PostgreSQL (schema ${schema}); ${connections} connections; ${rounds} rounds of ${durationMs} ms; Node ${process.version}`,
  );
  const { handle, reused } = await openKeptSchema(url, {
    schema,
    key: 'bench.admin',
    marker: `users=${users};orders=${orders}`,
    reseed: process.env.ADMIN_BENCH_RESEED === '1',
    seed: (db) => seedBulk(db, { users, orders }, step),
  });
  if (reused) console.info('  reusing the data made by an earlier run');

  const staff = await benchStaffSession(handle.db);
  const app = buildApp(loadConfig(BENCH_ENV), { database: handle, kv: new MemoryKeyValueStore() });
  let load: LoadProcess | undefined;
  let clean = true;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const state: State = { cookie: staff.token, users, orders };
    load = await startLoadProcess({ module: import.meta.url, factory: 'adminScenarios', state, port });
    const runner = load;
    const all = adminScenarios(state).filter((s) => s === HEALTH || s.name.includes(filter));
    const results = await measureRounds(all, { rounds, durationMs, warmupMs }, (scenario, ms) =>
      runner.run({ scenario: scenario.name, connections, durationMs: ms, maxRequests: 2_000_000 }),
    );
    const baseRate = median((results.get(HEALTH) ?? []).map((r) => r.requestsPerSecond));
    for (const scenario of all) {
      const runs = results.get(scenario) ?? [];
      const { p50Ms: p50, p99Ms: p99, requestsPerSecond: rate, errors } = summarize(runs);
      if (errors > 0) clean = false;
      const verdict = scenario === HEALTH ? '' : p99 <= 100 ? '  ≤ 100 ms' : '  OVER 100 ms';
      console.info(
        `${scenario.name.padEnd(24)} median of ${runs.length}: ${rate.toFixed(0).padStart(6)} req/s (${((rate / baseRate) * 100).toFixed(0).padStart(3)}% of /health)  p50 ${p50.toFixed(2)} ms  p99 ${p99.toFixed(2)} ms${verdict}  ${errors} errors`,
      );
    }
  } finally {
    await load?.close();
    await app.close();
    await staff.end().catch(() => undefined);
    await handle.destroy();
    if (process.env.ADMIN_BENCH_DROP === '1') await withPgClient(url, (client) => client.query(`drop schema if exists ${schema} cascade`));
  }
  if (!clean) process.exitCode = 1;
}

if (process.argv[1]?.endsWith('admin.ts')) await main();

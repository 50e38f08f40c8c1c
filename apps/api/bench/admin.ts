import { randomBytes } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { ADMIN_SESSION_COOKIE } from '@llk/contracts';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, type DatabaseHandle } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { MemoryKeyValueStore } from '../src/lib/kv';
import { createStaff } from '../src/modules/admin/staff.service';
import { createStaffSession } from '../src/modules/admin/staff-sessions.service';
import { withPgClient } from '../test/databases';
import { BENCH_ENV, HEALTH, intEnv, median } from './common';
import { type LoadResult } from './load';
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

const DAY_MS = 86_400_000;
/** The data spans two years up to this instant (fixed, so a kept schema stays valid). */
const END = Date.parse('2026-11-01T00:00:00.000Z');
const SPAN_MS = 730 * DAY_MS;
const ITEM_TYPES = ['MEMBER', 'MEMBER', 'MEMBER', 'MONITOR', 'MONITOR', 'CHANNEL', 'QUALITY', 'CLOUD_PC'];
const STATUSES = ['FULFILLED', 'FULFILLED', 'FULFILLED', 'FULFILLED', 'FULFILLED', 'EXPIRED', 'EXPIRED', 'REFUNDED', 'PENDING_PAYMENT', 'COMPLETED'];

/** The i-th (1-based) user's id: 26 characters like a ULID, ordered as the users were made. */
const userIdSql = (i: string) => `'U' || lpad((${i})::text, 25, '0')`;
const orderIdSql = (i: string) => `'O' || lpad((${i})::text, 25, '0')`;
const isoSql = (ms: string) => `to_char(to_timestamp((${ms}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const userIdOf = (i: number) => `U${String(i).padStart(25, '0')}`;
export const orderIdOf = (i: number) => `O${String(i).padStart(25, '0')}`;

async function seed(handle: DatabaseHandle, users: number, orders: number): Promise<void> {
  const db = handle.db;
  const started = performance.now();
  const step = (what: string) => console.info(`  ${what}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  // users i = 1..N, made evenly over the span; the newest is user N
  await sql
    .raw(
      `insert into users (id, username, username_norm, mobile, email, nickname, password_hash, password_changed_at, created_at, updated_at)
       select ${userIdSql('i')}, 'user' || i::text, 'user' || i::text, '13' || lpad(i::text, 9, '0'), 'user' || i::text || '@example.com', 'user' || i::text, '$argon2id$bench',
              ${isoSql(`${END - SPAN_MS} + i * ${Math.floor(SPAN_MS / users)}::bigint`)}, ${isoSql(`${END - SPAN_MS} + i * ${Math.floor(SPAN_MS / users)}::bigint`)}, ${isoSql(`${END - SPAN_MS} + i * ${Math.floor(SPAN_MS / users)}::bigint`)}
       from generate_series(1, ${users}) as i`,
    )
    .execute(db);
  step(`${users} users`);
  // orders j = 1..M, each of user ((j * 7919) mod N) + 1, made evenly over the span, one item each
  const BATCH = 1_000_000;
  for (let from = 1; from <= orders; from += BATCH) {
    const to = Math.min(orders, from + BATCH - 1);
    const at = isoSql(`${END - SPAN_MS} + j * ${Math.floor(SPAN_MS / orders)}::bigint`);
    await sql
      .raw(
        `insert into orders (id, user_id, status, source, currency, total_fen, original_total_fen, refunded_fen, subject, created_at, updated_at, expires_at, paid_at)
         select ${orderIdSql('j')}, ${userIdSql(`((j::bigint * 7919) % ${users}) + 1`)}, (array[${STATUSES.map((s) => `'${s}'`).join(',')}])[(j % ${STATUSES.length}) + 1], 'WEB', 'CNY', 26800, 45600, 0, 'LLK Remote Pro, 1 year',
                ${at}, ${at}, ${at}, ${at}
         from generate_series(${from}, ${to}) as j`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into order_items (id, order_id, item_type, sku_id, time_unit, duration, units, quantity, quality_tier, price_fen, original_price_fen, amount_fen)
         select 'I' || lpad(j::text, 25, '0'), ${orderIdSql('j')}, (array[${ITEM_TYPES.map((s) => `'${s}'`).join(',')}])[(j % ${ITEM_TYPES.length}) + 1], 'MEMBER_YEAR', 'YEAR', 1, 1, 1, null, 26800, 45600, 26800
         from generate_series(${from}, ${to}) as j`,
      )
      .execute(db);
    step(`orders to ${to}`);
  }
  for (const table of ['users', 'orders', 'order_items']) await sql.raw(`vacuum analyze ${table}`).execute(db);
  step('vacuum analyze');
}

interface State {
  cookie: string;
  users: number;
  orders: number;
}

/** The searches staff make, each aimed at a different plan: exact keys, prefixes narrow and broad, deep keyset pages, filters. */
export function adminScenarios(state: State): Scenario[] {
  const headers = { cookie: `${ADMIN_SESSION_COOKIE}=${state.cookie}`, 'accept-language': 'en' };
  const get = (name: string, path: (i: number) => string): Scenario => ({ name, request: (_s, client, i) => ({ method: 'GET', path: path(client * 7919 + i), headers }), expectStatus: 200 });
  const someUser = (i: number) => (i * 104_729) % state.users + 1;
  const someOrder = (i: number) => (i * 1_299_709) % state.orders + 1;
  const iso = (ms: number) => new Date(ms).toISOString();
  const cursorAt = (ms: number, id: string) => encodeURIComponent(`${iso(ms)}_${id}`);
  return [
    HEALTH,
    get('users: id', (i) => `/admin/users?q=${userIdOf(someUser(i))}`),
    get('users: phone', (i) => `/admin/users?q=13${String(someUser(i)).padStart(9, '0')}`),
    get('users: email', (i) => `/admin/users?q=user${someUser(i)}%40example.com`),
    get('users: name prefix', (i) => `/admin/users?q=user${someUser(i) % 9000 + 1000}`),
    get('users: broad prefix', (i) => `/admin/users?q=user${(i % 9) + 1}`),
    get('users: deep page', (i) => `/admin/users?before=${cursorAt(END - SPAN_MS + ((someUser(i) * Math.floor(SPAN_MS / state.users)) % SPAN_MS), userIdOf(someUser(i)))}`),
    get('orders: id', (i) => `/admin/orders?q=${orderIdOf(someOrder(i))}`),
    get('orders: a user', (i) => `/admin/orders?userId=${userIdOf(someUser(i))}`),
    get('orders: status', (i) => `/admin/orders?status=${['REFUNDED', 'EXPIRED', 'FULFILLED'][i % 3]}`),
    get('orders: status deep', (i) => `/admin/orders?status=REFUNDED&before=${cursorAt(END - SPAN_MS + ((someOrder(i) * Math.floor(SPAN_MS / state.orders)) % SPAN_MS), orderIdOf(someOrder(i)))}`),
    get('orders: item type', (i) => `/admin/orders?itemType=${['CLOUD_PC', 'CHANNEL', 'MEMBER'][i % 3]}&status=FULFILLED`),
    get('orders: one day', (i) => {
      const day = END - ((i % 700) + 1) * DAY_MS;
      return `/admin/orders?from=${iso(day)}&to=${iso(day + DAY_MS)}`;
    }),
  ];
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.info('The back-office bench needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).');
    process.exitCode = 1;
    return;
  }
  const users = intEnv('ADMIN_BENCH_USERS', 1_000_000, 10_000_000);
  const orders = intEnv('ADMIN_BENCH_ORDERS', 5_000_000, 50_000_000);
  const rounds = intEnv('BENCH_ROUNDS', 3, 50);
  const durationMs = intEnv('BENCH_DURATION_MS', 3_000, 60_000);
  const warmupMs = intEnv('BENCH_WARMUP_MS', 1_000, 10_000);
  const connections = intEnv('BENCH_CONNECTIONS', 8, 1024);
  const filter = process.env.BENCH_SCENARIO ?? '';
  const schema = `bench_admin_${users}_${orders}`;

  const marker = `users=${users};orders=${orders}`;
  // a schema holding exactly this data is reused; anything else (an interrupted seed) is made again
  const seeded = await withPgClient(url, async (client) => {
    const found = await client.query(`select 1 from information_schema.tables where table_schema = $1 and table_name = 'app_meta'`, [schema]);
    const meta = found.rowCount === 0 ? undefined : await client.query(`select value from ${schema}.app_meta where key = 'bench.admin'`);
    const reuse = process.env.ADMIN_BENCH_RESEED !== '1' && meta?.rows[0]?.value === marker;
    if (!reuse) await client.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
    return reuse;
  });
  const handle = createDatabase({ dialect: 'postgres', url }, { schema, poolSize: 10 });
  console.info(`Back-office bench: ${users} users, ${orders} orders on PostgreSQL (schema ${schema}); ${connections} connections; ${rounds} rounds of ${durationMs} ms; Node ${process.version}`);
  if (!seeded) {
    await migrateToLatest(handle);
    await seed(handle, users, orders);
    await sql`insert into app_meta (key, value, updated_at) values ('bench.admin', ${marker}, ${new Date().toISOString()}) on conflict (key) do update set value = excluded.value`.execute(handle.db);
  } else {
    console.info('  reusing the data made by an earlier run');
  }

  const staff = await createStaff(handle.db, { username: `bench${randomBytes(4).toString('hex')}`, role: 'OWNER', createdBy: null });
  await handle.db.updateTable('staff').set({ password_hash: 'x', totp_secret: 'y', setup_token_hash: null }).where('id', '=', staff.id).execute();
  const { token } = await createStaffSession(handle.db, { staffId: staff.id, secondFactor: 'TOTP' });
  const app = buildApp(loadConfig(BENCH_ENV), { database: handle, kv: new MemoryKeyValueStore() });
  let load: LoadProcess | undefined;
  let clean = true;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const state: State = { cookie: token, users, orders };
    load = await startLoadProcess({ module: import.meta.url, factory: 'adminScenarios', state, port });
    const all = adminScenarios(state).filter((s) => s === HEALTH || s.name.includes(filter));
    const results = new Map<Scenario, LoadResult[]>(all.map((s) => [s, []]));
    for (let round = 0; round < rounds; round++) {
      for (const scenario of all) {
        const base = { scenario: scenario.name, connections, maxRequests: 2_000_000 };
        await load.run({ ...base, durationMs: warmupMs });
        results.get(scenario)?.push(await load.run({ ...base, durationMs }));
      }
    }
    const health = results.get(HEALTH) ?? [];
    const baseRate = median(health.map((r) => r.requestsPerSecond));
    for (const scenario of all) {
      const runs = results.get(scenario) ?? [];
      const p50 = median(runs.map((r) => r.p50Ms));
      const p99 = median(runs.map((r) => r.p99Ms));
      const rate = median(runs.map((r) => r.requestsPerSecond));
      const errors = runs.reduce((sum, r) => sum + r.errors, 0);
      if (errors > 0) clean = false;
      const verdict = scenario === HEALTH ? '' : p99 <= 100 ? '  ≤ 100 ms' : '  OVER 100 ms';
      console.info(`${scenario.name.padEnd(24)} median of ${runs.length}: ${rate.toFixed(0).padStart(6)} req/s (${((rate / baseRate) * 100).toFixed(0).padStart(3)}% of /health)  p50 ${p50.toFixed(2)} ms  p99 ${p99.toFixed(2)} ms${verdict}  ${errors} errors`);
    }
  } finally {
    await load?.close();
    await app.close();
    await handle.db.deleteFrom('staff_sessions').where('staff_id', '=', staff.id).execute().catch(() => undefined);
    await handle.destroy();
    if (process.env.ADMIN_BENCH_DROP === '1') await withPgClient(url, (client) => client.query(`drop schema if exists ${schema} cascade`));
  }
  if (!clean) process.exitCode = 1;
}

if (process.argv[1]?.endsWith('admin.ts')) await main();

import { mkdirSync, writeFileSync } from 'node:fs';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '../src/composition/app';
import { loadConfig } from '../src/composition/config';
import { type DatabaseHandle } from '../src/infrastructure/db/database';
import { toDbDate } from '../src/infrastructure/db/dialect';
import { type Db } from '../src/infrastructure/db/schema';
import { MemoryKeyValueStore } from '../src/infrastructure/kv';
import { sha256Hex } from '../src/infrastructure/secrets';
import { hashPassword } from '../src/modules/auth/passwords';
import { setNotificationSettings } from '../src/modules/auth/security.service';
import { findSessionByTokenHash } from '../src/modules/auth/sessions.repository';
import { createSession } from '../src/modules/auth/sessions.service';
import { findUserByIdentifier } from '../src/modules/users';
import { withPgClient } from '../test/databases';
import { adminScenarios } from './admin';
import {
  BENCH_ENV,
  benchPostgresUrl,
  benchStaffSession,
  HEALTH,
  DAY_MS,
  intEnv,
  measureRounds,
  openKeptSchema,
  seedBulk,
  sessionTokenOf,
  summarize,
  userIdOf,
} from './common';
import { type LoadResult } from './load';
import { type LoadProcess, startLoadProcess } from './load-process';
import { type BenchRequest, type Scenario } from './scenarios';

// Cost as data grows (ADR 0022): the hot queries at 10,000, 100,000 and 1,000,000 users
// on PostgreSQL, p50/p99 at each size and p99 at the largest size as a multiple of p99 at the
// smallest. The target: at most 2× from the smallest to the largest (an index walk grows with
// log n; a scan with n).
//
//   BENCH_DATABASE_URL=postgres://… npm run bench:scale        (or TEST_DATABASE_URL)
//
// Per user: 5 orders (one item each), 1 session, 2 devices and 4 connection records, spread evenly
// (bench/common.ts seedBulk); a million users are 5 M orders and items, 1 M sessions, 2 M devices
// and 4 M connection records. Each size is
// made once with generate_series in the schema `bench_scale_<users>` and kept (a later run
// reuses it; SCALE_RESEED=1 makes it again, SCALE_DROP=1 drops it at the end); the first run
// takes some 15 minutes for a million users.
//
// Measured over HTTP with BENCH_CONNECTIONS (8) clients in a process of their own, on some of
// the users (as many as the connections, at least 16: each log-in has its account to itself)
// given a real password hash and a session made by the real service:
//   log-in              POST /h5Login with the password (argon2id dominates: ~15 ms a hash)
//   session + user info GET /user/info (the session through its cache, then the account)
//   order list          GET /order/list, a user's first page
//   device list         GET /device/list, a user's first page
//   connection history  GET /session/list, a user's first page (the measured users are Pro)
//   admin …             back-office searches of admin.ts (a staff session): users by name
//                       prefix and by phone, orders of a user and of a status
// and in this process, without HTTP, the look-ups behind the first two on any of the N users
// (spread over the whole index, as the first request of a session or a log-in is):
//   db: user by name    findUserByIdentifier
//   db: session         findSessionByTokenHash of a seeded session's token
//
// Every size's API runs at once in this process (one per schema, each on its own port), and each
// round measures every query at every size in turn: a machine that slows down (another
// benchmark) slows all sizes alike and the ratios hold. BENCH_ROUNDS (3) × BENCH_DURATION_MS
// (3000) after BENCH_WARMUP_MS (1000); SCALE_SIZES=10000,100000,1000000; BENCH_SCENARIO keeps
// only the queries whose name contains it. Results: bench/results/scale.json.

const ORDERS_PER_USER = 5;
const SESSIONS_PER_USER = 1;
const DEVICES_PER_USER = 2;
/** connection records per user, on its devices (a million users: four million records) */
const CONNECTIONS_PER_USER = 4;
const PASSWORD = 'Scale#pass1';
const TARGET_RATIO = 2;

interface SizeState {
  users: number;
  orders: number;
  /** the users measured: log-in name and a live session token */
  known: { username: string; token: string }[];
  staffCookie: string;
}

/** A different number per request of each client, for spreading requests over users. */
const nth = (client: number, i: number) => client * 1_000_003 + i;
const knownOf = (size: SizeState, client: number, i: number) => size.known[(client + i) % size.known.length] ?? { username: '', token: '' };

const HTTP_QUERIES: { query: string; request: (size: SizeState, client: number, i: number) => BenchRequest }[] = [
  {
    query: 'log-in (POST /h5Login)',
    // one account per client (never two log-ins of one account at once: the back-off charges an
    // attempt before its hash is compared) from an address of its own (the bench trusts loopback as its proxy)
    request: (size, client) => ({
      method: 'POST',
      path: '/h5Login',
      headers: { 'x-forwarded-for': `198.18.${client >> 8}.${client & 255}`, 'accept-language': 'en' },
      body: { loginType: 'account', account: knownOf(size, client, 0).username, password: PASSWORD },
    }),
  },
  {
    query: 'session + GET /user/info',
    request: (size, client, i) => ({ method: 'GET', path: '/user/info', headers: { authorization: knownOf(size, client, i).token } }),
  },
  {
    query: 'GET /order/list',
    request: (size, client, i) => ({
      method: 'GET',
      path: '/order/list?page=1',
      headers: { authorization: knownOf(size, client, i).token, 'accept-language': 'en' },
    }),
  },
  {
    query: 'GET /session/list',
    request: (size, client, i) => ({
      method: 'GET',
      path: '/session/list?pageSize=50',
      headers: { authorization: knownOf(size, client, i).token, 'accept-language': 'en' },
    }),
  },
  {
    query: 'GET /device/list',
    request: (size, client, i) => ({
      method: 'GET',
      path: '/device/list?page=1&pageSize=20',
      headers: { authorization: knownOf(size, client, i).token, 'accept-language': 'en' },
    }),
  },
];
/** admin.ts's scenarios measured here, by name */
const ADMIN_QUERIES = ['users: name prefix', 'users: phone', 'orders: a user', 'orders: status'];

const DB_QUERIES: { query: string; call: (db: Db, users: number, n: number) => Promise<unknown> }[] = [
  { query: 'db: user by log-in name', call: (db, users, n) => findUserByIdentifier(db, `user${((n * 104_729) % users) + 1}`) },
  {
    query: 'db: session by token',
    call: (db, users, n) => findSessionByTokenHash(db, sha256Hex(sessionTokenOf(((n * 104_729) % (users * SESSIONS_PER_USER)) + 1))),
  },
];

const nameAt = (query: string, users: number) => `${query} @ ${users}`;

/** Every size's scenarios, named `<query> @ <users>`; built from plain JSON in the load process. */
export function scaleScenarios(state: { sizes: SizeState[] }): Scenario[] {
  return [
    HEALTH,
    ...state.sizes.flatMap((size) => [
      ...HTTP_QUERIES.map((q): Scenario => ({
        name: nameAt(q.query, size.users),
        request: (_s, client, i) => q.request(size, client, i),
        expectStatus: 200,
      })),
      ...adminScenarios({ cookie: size.staffCookie, users: size.users, orders: size.orders })
        .filter((s) => ADMIN_QUERIES.includes(s.name))
        .map((s) => ({ ...s, name: nameAt(`admin ${s.name}`, size.users) })),
    ]),
  ];
}

/** `connections` callers in this process, each calling back to back until the time is up: the database's cost without HTTP. */
async function measureCalls(call: (n: number) => Promise<unknown>, connections: number, durationMs: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const caller = async (client: number) => {
    for (let i = 0; performance.now() < deadline; i++) {
      const t0 = performance.now();
      // a look-up that finds nothing is an error too: every one names a seeded row
      if ((await call(nth(client, i)).catch(() => undefined)) === undefined) errors++;
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, client) => caller(client)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.max(0, Math.ceil(share * latencies.length) - 1)] ?? 0;
  return {
    requests: latencies.length,
    errors,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: latencies.at(-1) ?? 0,
  };
}

interface Size {
  state: SizeState;
  handle: DatabaseHandle;
  port: number;
  /** removes what the run added: the staff session, the known users' new sessions and sign-ins */
  end(): Promise<void>;
}

/** A size's kept schema (made when missing), its known users and staff session, and its API listening. */
async function openSize(url: string, users: number, known: number, passwordHash: string): Promise<Size> {
  const started = performance.now();
  const step = (what: string) => console.info(`  ${users}: ${what} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  const counts = {
    users,
    orders: users * ORDERS_PER_USER,
    sessions: users * SESSIONS_PER_USER,
    devices: users * DEVICES_PER_USER,
    connections: users * CONNECTIONS_PER_USER,
  };
  const { handle, reused } = await openKeptSchema(url, {
    schema: `bench_scale_${users}`,
    key: 'bench.scale',
    marker: Object.entries(counts)
      .map(([name, count]) => `${name}=${count}`)
      .join(';'),
    reseed: process.env.SCALE_RESEED === '1',
    seed: (db) => seedBulk(db, counts, step),
  });
  if (reused) step('reusing the data made by an earlier run');
  const db = handle.db;
  const runStart = toDbDate(new Date());
  const config = loadConfig(BENCH_ENV);
  const ids = Array.from({ length: known }, (_, k) => userIdOf(1 + Math.floor((k * users) / known)));
  const state: SizeState = { users, orders: counts.orders, known: [], staffCookie: '' };
  const app = buildApp(config, { database: handle, kv: new MemoryKeyValueStore() });
  let staff: { end: () => Promise<void> } | undefined;
  const end = async () => {
    await app.close();
    await staff?.end();
    await db.deleteFrom('sessions').where('user_id', 'in', ids).where('created_at', '>=', runStart).execute();
    await db.deleteFrom('login_events').where('user_id', 'in', ids).execute();
    await handle.destroy();
    if (process.env.SCALE_DROP === '1')
      await withPgClient(url, (client) => client.query(`drop schema if exists bench_scale_${users} cascade`));
  };
  try {
    // Pro (the connection history's 180 days), so their history pages are full
    await db
      .updateTable('users')
      .set({ password_hash: passwordHash, member_plan: 'PRO', member_expires_at: toDbDate(Date.now() + 365 * DAY_MS) })
      .where('id', 'in', ids)
      .execute();
    for (const id of ids) {
      // nothing is sent while benchmarking: a log-in from a new device would alert the account
      await setNotificationSettings(db, id, { newDeviceAlerts: false });
      state.known.push({
        username: `user${Number(id.slice(1))}`,
        token: await createSession(db, id, { loginType: 'account', ip: null, userAgent: 'bench' }, config.session),
      });
    }
    const session = await benchStaffSession(db);
    staff = session;
    state.staffCookie = session.token;
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await end();
    throw error;
  }
  return { state, handle, port: (app.server.address() as AddressInfo).port, end };
}

const ms = (value: number) => value.toFixed(2).padStart(8);

async function main(): Promise<void> {
  const url = benchPostgresUrl('scale bench');
  if (!url) return;
  const sizes = (process.env.SCALE_SIZES ?? '10000,100000,1000000').split(',').map((raw) => {
    const users = Number(raw.trim());
    if (!Number.isInteger(users) || users < 100 || users > 10_000_000)
      throw new Error('SCALE_SIZES: whole numbers of users, 100 to 10,000,000, comma-separated');
    return users;
  });
  sizes.sort((a, b) => a - b);
  const options = {
    rounds: intEnv('BENCH_ROUNDS', 3, 50),
    durationMs: intEnv('BENCH_DURATION_MS', 3_000, 60_000),
    warmupMs: intEnv('BENCH_WARMUP_MS', 1_000, 10_000),
  };
  const connections = intEnv('BENCH_CONNECTIONS', 8, 1024);
  const filter = process.env.BENCH_SCENARIO ?? '';
  console.info(
    `Scale bench: ${sizes.join(', ')} users (each with ${ORDERS_PER_USER} orders, ${SESSIONS_PER_USER} session, ${DEVICES_PER_USER} devices, ${CONNECTIONS_PER_USER} connection records) on PostgreSQL; ` +
      `${connections} connections; ${options.rounds} rounds of ${options.durationMs} ms per query and size; Node ${process.version}`,
  );

  const passwordHash = await hashPassword(PASSWORD);
  const opened: Size[] = [];
  let load: LoadProcess | undefined;
  let clean = true;
  try {
    for (const users of sizes) opened.push(await openSize(url, users, Math.max(16, connections), passwordHash));
    const state = { sizes: opened.map((size) => size.state) };
    load = await startLoadProcess({ module: import.meta.url, factory: 'scaleScenarios', state, port: opened[0]?.port ?? 0 });
    const runner = load;
    // per query, every size in turn; the API's baseline once per round
    const httpQueries = [...HTTP_QUERIES.map((q) => q.query), ...ADMIN_QUERIES.map((name) => `admin ${name}`)].filter((query) =>
      query.includes(filter),
    );
    const runs = [
      { query: HEALTH.name, users: sizes[0] ?? 0, name: HEALTH.name, port: opened[0]?.port ?? 0 },
      ...httpQueries.flatMap((query) =>
        opened.map((size) => ({ query, users: size.state.users, name: nameAt(query, size.state.users), port: size.port })),
      ),
    ];
    console.info('measuring over HTTP …');
    const http = await measureRounds(runs, options, (run, durationMs) =>
      runner.run({ scenario: run.name, port: run.port, connections, durationMs, maxRequests: 2_000_000 }),
    );
    const calls = DB_QUERIES.filter((q) => q.query.includes(filter)).flatMap((q) =>
      opened.map((size) => ({ query: q.query, users: size.state.users, call: (n: number) => q.call(size.handle.db, size.state.users, n) })),
    );
    console.info('measuring the look-ups in this process …');
    const direct = await measureRounds(calls, options, (item, durationMs) => measureCalls(item.call, connections, durationMs));

    const measured = [...http, ...direct].map(([item, results]) => ({
      query: item.query,
      users: item.users,
      ...summarize(results),
      rounds: results,
    }));
    const queries = [...new Set(measured.map((m) => m.query))];
    const rows = queries.map((query) => {
      const bySize = measured.filter((m) => m.query === query);
      const smallest = bySize[0];
      const largest = bySize.at(-1);
      const ratio = smallest && largest && bySize.length > 1 ? largest.p99Ms / smallest.p99Ms : null;
      return { query, ratio, bySize };
    });

    console.info(
      `\n${'query'.padEnd(32)}${sizes.map((users) => `${`${users} users: p50 / p99 ms`.padStart(30)}`).join('')}${sizes.length > 1 ? `   p99 ${sizes.at(-1)}/${sizes[0]}` : ''}`,
    );
    for (const row of rows) {
      const cells = sizes.map((users) => {
        const m = row.bySize.find((b) => b.users === users);
        return m ? `${ms(m.p50Ms)} / ${ms(m.p99Ms)}${m.errors ? ` (${m.errors} err)` : ''}`.padStart(30) : ''.padStart(30);
      });
      const verdict =
        row.query === HEALTH.name || row.ratio === null
          ? ''
          : row.ratio <= TARGET_RATIO
            ? `  ≤ ${TARGET_RATIO}×`
            : `  OVER ${TARGET_RATIO}×`;
      console.info(`${row.query.padEnd(32)}${cells.join('')}   ${row.ratio === null ? '' : `${row.ratio.toFixed(2)}×`}${verdict}`);
      if (row.bySize.some((m) => m.errors > 0)) clean = false;
    }

    const results = {
      at: new Date().toISOString(),
      node: process.version,
      connections,
      ...options,
      perUser: { orders: ORDERS_PER_USER, sessions: SESSIONS_PER_USER, devices: DEVICES_PER_USER, connections: CONNECTIONS_PER_USER },
      sizes,
      targetP99Ratio: TARGET_RATIO,
      rows: rows.map((row) => ({
        query: row.query,
        p99Ratio: row.ratio,
        sizes: row.bySize.map((m) => ({
          users: m.users,
          p50Ms: m.p50Ms,
          p99Ms: m.p99Ms,
          requestsPerSecond: m.requestsPerSecond,
          errors: m.errors,
          rounds: m.rounds,
        })),
      })),
    };
    const dir = path.join(import.meta.dirname, 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'scale.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.info(`\nwritten: ${path.join(dir, 'scale.json')}`);
  } finally {
    await load?.close();
    for (const size of opened) await size.end();
  }
  if (!clean) process.exitCode = 1;
}

if (process.argv[1]?.endsWith('scale.ts')) await main();

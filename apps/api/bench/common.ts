import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../src/infrastructure/db/database';
import { migrateToLatest } from '../src/infrastructure/db/migrate';
import { type Db } from '../src/infrastructure/db/schema';
import { createStaff } from '../src/modules/admin/staff.service';
import { createStaffSession } from '../src/modules/admin/staff-sessions.service';
import { withPgClient } from '../test/databases';
import { type LoadResult } from './load';
import { type Scenario } from './scenarios';

// What the standalone benchmark scripts (account.ts, admin.ts, devices.ts, run.ts, scale.ts) share.

/** A positive integer from the environment, or the fallback; capped at `max`. */
export function intEnv(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return Math.min(value, max);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Production settings; the delivery adapters point nowhere (nothing is sent while benchmarking). */
export const BENCH_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  AUTO_MIGRATE: 'false',
  TRUST_PROXY: 'loopback',
  DATABASE_URL: ':memory:',
  CODE_SECRET: randomBytes(32).toString('hex'),
  TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  REDEEM_CODE_PEPPER: randomBytes(32).toString('hex'),
  REVALIDATE_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_ORIGIN: 'https://bench.invalid',
  SMTP_URL: 'smtp://127.0.0.1:9',
  ALIYUN_SMS_ACCESS_KEY_ID: 'bench',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'bench',
  ALIYUN_SMS_SIGN_NAME: 'bench',
  ALIYUN_SMS_TEMPLATE_CODE: 'bench',
  ALIYUN_SMS_INTL_SIGN_NAME: 'bench',
  ALIYUN_SMS_INTL_TEMPLATE_CODE: 'bench',
  ALIYUN_SMS_NOTICE_TEMPLATE_CODE: 'bench',
  ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE: 'bench',
};

/** The PostgreSQL of a bench that needs one (BENCH_DATABASE_URL, else TEST_DATABASE_URL); without it the run says so and fails. */
export function benchPostgresUrl(bench: string): string | undefined {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.info(`The ${bench} needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).`);
    process.exitCode = 1;
  }
  return url;
}

/** The baseline every figure is a ratio to, measured in the same run. */
export const HEALTH: Scenario = { name: 'GET /health (baseline)', request: () => ({ method: 'GET', path: '/health' }), expectStatus: 200 };

/**
 * Measures every item `rounds` times for `durationMs` each, after `warmupMs` unmeasured; the
 * rounds interleave the items, so a slow moment of the machine hits them all alike. The results
 * by item, in the order measured.
 */
export async function measureRounds<T>(
  items: readonly T[],
  options: { rounds: number; durationMs: number; warmupMs: number },
  measure: (item: T, durationMs: number) => Promise<LoadResult>,
): Promise<Map<T, LoadResult[]>> {
  const results = new Map<T, LoadResult[]>(items.map((item) => [item, []]));
  for (let round = 0; round < options.rounds; round++) {
    for (const item of items) {
      await measure(item, options.warmupMs);
      results.get(item)?.push(await measure(item, options.durationMs));
    }
  }
  return results;
}

/** The medians over the rounds (latency and rate), and the errors of all of them. */
export function summarize(runs: readonly LoadResult[]): { p50Ms: number; p99Ms: number; requestsPerSecond: number; errors: number } {
  return {
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

/** A back-office owner who finished the set-up, with a live session (ADMIN_SESSION_COOKIE); `end` deletes the session. */
export async function benchStaffSession(db: Db): Promise<{ token: string; end: () => Promise<void> }> {
  const staff = await createStaff(db, { username: `bench${randomBytes(4).toString('hex')}`, role: 'OWNER', createdBy: null });
  await db.updateTable('staff').set({ password_hash: 'x', totp_secret: 'y', setup_token_hash: null }).where('id', '=', staff.id).execute();
  const { token } = await createStaffSession(db, { staffId: staff.id, secondFactor: 'TOTP' });
  return {
    token,
    end: async () => {
      await db.deleteFrom('staff_sessions').where('staff_id', '=', staff.id).execute();
    },
  };
}

/**
 * A PostgreSQL schema whose data takes minutes to make, kept between runs: reused when its
 * app_meta row `key` says `marker`, else (other data, an interrupted seed, `reseed`) dropped and
 * made again by `seed`, the marker written last. Migrated to the latest either way, so kept data
 * gets the indexes later migrations add.
 */
export async function openKeptSchema(
  url: string,
  options: { schema: string; key: string; marker: string; reseed: boolean; poolSize?: number; seed: (db: Db) => Promise<void> },
): Promise<{ handle: DatabaseHandle; reused: boolean }> {
  const { schema, key, marker } = options;
  const handle = createDatabase({ dialect: 'postgres', url }, { schema, poolSize: options.poolSize ?? 10 }); // checks the schema's name
  try {
    const reused = await withPgClient(url, async (client) => {
      const found = await client.query(`select 1 from information_schema.tables where table_schema = $1 and table_name = 'app_meta'`, [
        schema,
      ]);
      const meta = found.rowCount === 0 ? undefined : await client.query(`select value from ${schema}.app_meta where key = $1`, [key]);
      const reuse = !options.reseed && meta?.rows[0]?.value === marker;
      if (!reuse) await client.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
      return reuse;
    });
    await migrateToLatest(handle);
    if (!reused) {
      await options.seed(handle.db);
      await sql`insert into app_meta (key, value, updated_at) values (${key}, ${marker}, ${new Date().toISOString()}) on conflict (key) do update set value = excluded.value`.execute(
        handle.db,
      );
    }
    return { handle, reused };
  } catch (error) {
    await handle.destroy();
    throw error;
  }
}

// ---- Large data on PostgreSQL (admin.ts, scale.ts, test/db/query-plans.test.ts) ----------------
//
// Rows made with generate_series in the database, some 100,000 a second: a million users and five
// million orders in minutes, where inserting them from here would take an hour.

export const DAY_MS = 86_400_000;
/** The data spans two years up to this instant (fixed, so a kept schema stays valid). */
export const END = Date.parse('2026-11-01T00:00:00.000Z');
export const SPAN_MS = 730 * DAY_MS;
const ITEM_TYPES = ['MEMBER', 'MEMBER', 'MEMBER', 'MONITOR', 'MONITOR', 'CHANNEL', 'QUALITY', 'CLOUD_PC'];
const STATUSES = [
  'FULFILLED',
  'FULFILLED',
  'FULFILLED',
  'FULFILLED',
  'FULFILLED',
  'EXPIRED',
  'EXPIRED',
  'REFUNDED',
  'PENDING_PAYMENT',
  'COMPLETED',
];
const CLIENT_TYPES = ['WIN', 'WIN', 'MAC', 'ANDROID', 'IOS', 'LINUX'];
const SESSION_DAYS = 180;
/** how far back a Pro account's connection history goes (content/seed/pricing.json) */
const PRO_HISTORY_DAYS = 180;

/** The i-th (1-based) user's id: 26 characters like a ULID, ordered as the users were made. */
const userIdSql = (i: string) => `'U' || lpad((${i})::text, 25, '0')`;
const orderIdSql = (i: string) => `'O' || lpad((${i})::text, 25, '0')`;
const isoSql = (ms: string) => `to_char(to_timestamp((${ms}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const textArraySql = (values: readonly string[]) => `array[${values.map((s) => `'${s}'`).join(',')}]`;

export const userIdOf = (i: number) => `U${String(i).padStart(25, '0')}`;
export const orderIdOf = (i: number) => `O${String(i).padStart(25, '0')}`;
/** The k-th seeded session's token: 43 characters as issued ones (TOKEN_RE); its SHA-256 is stored, as createSession does. */
export const sessionTokenOf = (k: number) => `bulk${String(k).padStart(39, '0')}`;

export interface BulkCounts {
  users: number;
  /** one item each; order j belongs to user ((j × 7919) mod users) + 1 */
  orders: number;
  /** session k (and device k) belongs to user ((k − 1) mod users) + 1 */
  sessions?: number;
  devices?: number;
  /** connection record k: user ((k − 1) mod users) + 1's device is controlled by user ((k × 7919) mod users) + 1's, over the last 180 days up to END */
  connections?: number;
}

/**
 * Fills an empty, migrated PostgreSQL schema: users i = 1..N (`user<i>`, `13<i, 9 digits>`,
 * `user<i>@example.com`) made evenly over the span (the newest is user N); orders, sessions and
 * devices spread evenly over the users and the span; then VACUUM ANALYZE, as autovacuum leaves a
 * table in steady state. `step` hears each step done.
 */
export async function seedBulk(db: Db, counts: BulkCounts, step: (what: string) => void = () => undefined): Promise<void> {
  const { users, orders, sessions = 0, devices = 0, connections = 0 } = counts;
  const run = (text: string) => sql.raw(text).execute(db);
  // rows `index` = 1..total in batches; `ms`: row `index`'s time, `span` divided evenly among them up to END
  const each = async (total: number, what: string, index: string, span: number, fill: (range: string, ms: string) => string[]) => {
    const BATCH = 1_000_000;
    for (let from = 1; from <= total; from += BATCH) {
      const to = Math.min(total, from + BATCH - 1);
      for (const text of fill(
        `generate_series(${from}, ${to}) as ${index}`,
        `${END - span} + ${index} * ${Math.floor(span / total)}::bigint`,
      ))
        await run(text);
    }
    if (total > 0) step(`${total} ${what}`);
  };
  await each(users, 'users', 'i', SPAN_MS, (range, ms) => [
    `insert into users (id, username, username_norm, mobile, email, nickname, password_hash, password_changed_at, created_at, updated_at)
     select ${userIdSql('i')}, 'user' || i::text, 'user' || i::text, '13' || lpad(i::text, 9, '0'), 'user' || i::text || '@example.com', 'user' || i::text, '$argon2id$bench', ${isoSql(ms)}, ${isoSql(ms)}, ${isoSql(ms)}
     from ${range}`,
  ]);
  await each(orders, 'orders', 'j', SPAN_MS, (range, ms) => [
    `insert into orders (id, user_id, status, source, currency, total_fen, original_total_fen, refunded_fen, subject, created_at, updated_at, expires_at, paid_at)
     select ${orderIdSql('j')}, ${userIdSql(`((j::bigint * 7919) % ${users}) + 1`)}, (${textArraySql(STATUSES)})[(j % ${STATUSES.length}) + 1], 'WEB', 'CNY', 26800, 45600, 0, 'LLK Remote Pro, 1 year', ${isoSql(ms)}, ${isoSql(ms)}, ${isoSql(ms)}, ${isoSql(ms)}
     from ${range}`,
    `insert into order_items (id, order_id, item_type, sku_id, time_unit, duration, units, quantity, quality_tier, price_fen, original_price_fen, amount_fen)
     select 'I' || lpad(j::text, 25, '0'), ${orderIdSql('j')}, (${textArraySql(ITEM_TYPES)})[(j % ${ITEM_TYPES.length}) + 1], 'MEMBER_YEAR', 'YEAR', 1, 1, 1, null, 26800, 45600, 26800
     from ${range}`,
  ]);
  // log-ins of the last SESSION_DAYS, each live until SESSION_DAYS after it (the default absolute lifetime)
  await each(sessions, 'sessions', 'k', SESSION_DAYS * DAY_MS, (range, ms) => [
    `insert into sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at, revoked_at, login_type, ip, user_agent, second_factor)
     select 'S' || lpad(k::text, 25, '0'), ${userIdSql(`((k - 1) % ${users}) + 1`)}, encode(sha256(convert_to('bulk' || lpad(k::text, 39, '0'), 'UTF8')), 'hex'), ${isoSql(ms)}, ${isoSql(ms)}, ${isoSql(`${ms} + ${SESSION_DAYS * DAY_MS}`)}, null, 'account', '127.0.0.1', 'LLKRemote/3.2 (Windows)', null
     from ${range}`,
  ]);
  await each(devices, 'devices', 'k', SPAN_MS, (range, ms) => [
    `insert into devices (id, user_id, device_key, name, client_type, chip_type, os_version, app_version, group_id, policy, last_ip, last_country, last_seen_at, created_at, updated_at)
     select 'D' || lpad(k::text, 25, '0'), ${userIdSql(`((k - 1) % ${users}) + 1`)}, 'device-' || k::text, 'Desk ' || k::text, (${textArraySql(CLIENT_TYPES)})[(k % ${CLIENT_TYPES.length}) + 1], null, '10', '1.4.0', null, 'ALL', '127.0.0.1', null, ${isoSql(ms)}, ${isoSql(ms)}, ${isoSql(ms)}
     from ${range}`,
  ]);
  if (connections > 0) {
    // device u (u ≤ users) is user u's own (see devices above)
    const owner = `(((k - 1) % ${users}) + 1)`;
    const controller = `(((k * 7919) % ${users}) + 1)`;
    await seedConnectionRows(db, {
      first: 1,
      count: connections,
      owner: userIdSql(owner),
      controller: userIdSql(controller),
      toDevice: `'D' || lpad(${owner}::text, 25, '0')`,
      fromDevice: `'D' || lpad(${controller}::text, 25, '0')`,
      endMs: END,
      spanMs: PRO_HISTORY_DAYS * DAY_MS,
      keepDays: PRO_HISTORY_DAYS,
    });
    step(`${connections} connection records`);
  }
  for (const table of ['users', 'orders', 'order_items', 'sessions', 'devices', 'connection_sessions'])
    await run(`vacuum analyze ${table}`);
  step('vacuum analyze');
}

// ---- Connection records in bulk (sessions.ts, scale.ts) -------------------------------------

const SESSION_KINDS = ['CONTROL', 'CONTROL', 'CONTROL', 'VIEW', 'FILE_TRANSFER', 'TERMINAL'];
const END_REASONS = ['NORMAL', 'NORMAL', 'NORMAL', 'CLOSED_BY_REMOTE', 'NETWORK', 'LOST'];

export interface ConnectionRows {
  /** rows k = first .. first + count − 1, ids 'C' + k (26 characters, as the app's are) */
  first: number;
  count: number;
  /** SQL, of `k`, for the controlled device's owner, the controlling account and both devices' ids */
  owner: string;
  controller: string;
  toDevice: string;
  fromDevice: string;
  /** started_at of the rows spreads evenly over `spanMs` up to `endMs`, oldest first */
  endMs: number;
  spanMs: number;
  /** expires_at is started_at plus this many days (the plan's history) */
  keepDays: number;
}

/**
 * Connection records made in the database, a million rows a statement: one in ten refused
 * (POLICY), the rest ended with a duration up to an hour, kinds and end reasons mixed as the
 * apps report them. Statistics are the caller's (VACUUM ANALYZE once every table is filled).
 */
export async function seedConnectionRows(db: Db, rows: ConnectionRows): Promise<void> {
  const BATCH = 1_000_000;
  const last = rows.first + rows.count - 1;
  const step = rows.spanMs / Math.max(1, rows.count);
  for (let from = rows.first; from <= last; from += BATCH) {
    const to = Math.min(last, from + BATCH - 1);
    const started = `(${rows.endMs - rows.spanMs} + (k - ${rows.first}) * ${step})::bigint`;
    const duration = `((k * 7919) % 3600 + 30)`;
    await sql
      .raw(
        `insert into connection_sessions (id, owner_user_id, controller_user_id, from_device_id, to_device_id, from_device_name, to_device_name,
           from_client_type, to_client_type, from_app_version, to_app_version, from_ip, from_country, to_ip, to_country, permission, kind, status,
           refusal, started_at, alive_at, ended_at, end_reason, ended_by_user_id, duration_seconds, bytes, files_count, alarm, expires_at)
         select 'C' || lpad(k::text, 25, '0'), ${rows.owner}, ${rows.controller}, ${rows.fromDevice}, ${rows.toDevice}, 'Laptop ' || (k % 97)::text, 'Desk ' || (k % 89)::text,
           'WIN', (${textArraySql(CLIENT_TYPES)})[((k % ${CLIENT_TYPES.length}) + 1)::int], '1.4.0', '1.4.0', '203.0.113.' || (k % 250)::text, 'CN', '198.51.100.' || (k % 250)::text, 'CN',
           case when k % 5 = 0 then 'OWN' else 'CONTROL' end, (${textArraySql(SESSION_KINDS)})[((k % ${SESSION_KINDS.length}) + 1)::int],
           case when k % 10 = 0 then 'REFUSED' else 'ENDED' end, case when k % 10 = 0 then 'POLICY' end,
           ${isoSql(started)}, ${isoSql(started)}, case when k % 10 <> 0 then ${isoSql(`${started} + ${duration} * 1000`)} end,
           case when k % 10 <> 0 then (${textArraySql(END_REASONS)})[((k % ${END_REASONS.length}) + 1)::int] end, null,
           case when k % 10 <> 0 then ${duration} end, case when k % 10 <> 0 then ${duration}::bigint * 250000 end, 0, 0,
           ${isoSql(`${started} + ${rows.keepDays * DAY_MS}::bigint`)}
         from generate_series(${from}::bigint, ${to}::bigint) as k`,
      )
      .execute(db);
  }
}

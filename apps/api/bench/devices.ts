import { type AddressInfo } from 'node:net';
import { type App, buildApp } from '../src/composition/app';
import { loadConfig } from '../src/composition/config';
import { type TDialect } from '../src/infrastructure/db/database-url';
import { newId, toDbDate } from '../src/infrastructure/db/dialect';
import { createSession } from '../src/modules/auth/sessions.service';
import { insertUser } from '../src/modules/users/users.repository';
import { seedDatabase } from '../src/composition/setup/seed';
import { createTestDatabase } from '../test/databases';
import { sql } from 'kysely';
import { type LoadResult } from './load';
import { type LoadProcess, startLoadProcess } from './load-process';
import { BENCH_ENV, HEALTH, intEnv, median } from './common';
import { benchKeyValueStore } from './kv';
import { type Scenario } from './scenarios';

// The device fleet: one account with FLEET_DEVICES devices.
//   (a) GET /device/list paged: the first page, a middle page, a group, a text search, online
//       and offline only — p50/p99
//   (b) POST /device/heartbeat across the fleet with 50 connections — beats per second
// Both against GET /health measured in the same run, so that the machine's speed cancels out.
//
//   npm run bench:devices -w @llk/api
//
// PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set; presence in Redis when
// BENCH_REDIS_URL or TEST_REDIS_URL is set (else the in-process store). Each scenario runs
// BENCH_ROUNDS times (3) for BENCH_DURATION_MS (3000, after BENCH_WARMUP_MS 1000); the rounds
// interleave the scenarios and the medians are printed. Lists use BENCH_LIST_CONNECTIONS (8)
// clients, heartbeats BENCH_BEAT_CONNECTIONS (50). BENCH_SCENARIO keeps only matching names;
// BENCH_DIALECTS=postgres (or sqlite) only that database.

export const FLEET_DEVICES = 10_000;
const GROUPS = 20;
const CLIENT_TYPES = ['WIN', 'MAC', 'LINUX', 'ANDROID', 'ANDROID_PAD', 'IOS', 'IPAD', 'UNKNOWN'] as const;
/** the share of the fleet that is online when the run starts */
const ONLINE_SHARE = 0.3;

interface Fleet {
  token: string;
  groupIds: string[];
}

/**
 * The fleet account: FLEET_DEVICES devices spread over GROUPS groups and the client types, a
 * third online (presence in the store), last seen spread over the last five minutes so the
 * heartbeats write last_seen_at as often as they would in steady state.
 */
async function createFleet(app: App): Promise<Fleet> {
  const now = Date.now();
  const userId = newId();
  await insertUser(app.db, {
    id: userId,
    username: 'benchfleet',
    mobile: '+17770000018',
    email: null,
    nickname: 'benchfleet',
    passwordHash: '$argon2id$bench',
    now: toDbDate(now),
  });
  // a paid plan in force (the limit does not matter to an insert, but the account should be real)
  await app.db
    .updateTable('users')
    .set({ member_plan: 'PRO', member_expires_at: toDbDate(now + 365 * 86_400_000) })
    .where('id', '=', userId)
    .execute();
  const token = await createSession(app.db, userId, { loginType: 'account', ip: null, userAgent: 'bench' }, app.config.session);
  const groupIds = Array.from({ length: GROUPS }, (_, i) => newId(now + i));
  await app.db
    .insertInto('device_groups')
    .values(
      groupIds.map((id, i) => ({
        id,
        user_id: userId,
        name: `Room ${i + 1}`,
        name_norm: `room ${i + 1}`,
        created_at: toDbDate(now),
        updated_at: toDbDate(now),
      })),
    )
    .execute();
  const BATCH = 500;
  const presence: Promise<void>[] = [];
  for (let from = 0; from < FLEET_DEVICES; from += BATCH) {
    const rows = [];
    for (let i = from; i < Math.min(from + BATCH, FLEET_DEVICES); i++) {
      const created = toDbDate(now - (FLEET_DEVICES - i) * 60_000);
      const id = newId(now - (FLEET_DEVICES - i) * 60_000);
      rows.push({
        id,
        user_id: userId,
        device_key: `fleet-${i}`,
        name: `${i % 7 === 0 ? 'Kiosk' : 'Desk'} ${String(i).padStart(5, '0')}`,
        client_type: CLIENT_TYPES[i % CLIENT_TYPES.length]!,
        chip_type: null,
        os_version: '10',
        app_version: '1.4.0',
        group_id: i % 10 === 9 ? null : groupIds[i % GROUPS]!,
        policy: 'ALL',
        last_ip: '127.0.0.1',
        last_country: null,
        last_seen_at: toDbDate(now - ((i * 7919) % 300_000)),
        created_at: created,
        updated_at: created,
      });
      if (i < FLEET_DEVICES * ONLINE_SHARE) {
        // as a heartbeat leaves it: the presence key and the account's online set
        presence.push(
          app.kv.set(`device:online:${id}`, '1', 3_600_000),
          app.kv.scoreSet(`device:online-set:${userId}`, id, now + 3_600_000, 3_600_000),
        );
      }
    }
    await app.db.insertInto('devices').values(rows).execute();
  }
  await Promise.all(presence);
  return { token, groupIds };
}

const auth = (fleet: Fleet) => ({ authorization: fleet.token, 'accept-language': 'en' });

/** The heartbeats' baseline: /health with as many connections as they have. */
export const HEALTH_BEAT: Scenario = {
  name: 'GET /health (beat conns)',
  request: () => ({ method: 'GET', path: '/health' }),
  expectStatus: 200,
};

/** Scenarios on the fleet; `setup` is shared (the fleet is made once per dialect). */
export function fleetScenarios(fleet: () => Fleet): Scenario[] {
  const middle = FLEET_DEVICES / 20 / 2;
  return [
    {
      name: 'list p1',
      request: () => ({ method: 'GET', path: '/device/list?page=1&pageSize=20', headers: auth(fleet()) }),
      expectStatus: 200,
    },
    {
      name: `list p${middle}`,
      request: () => ({ method: 'GET', path: `/device/list?page=${middle}&pageSize=20`, headers: auth(fleet()) }),
      expectStatus: 200,
    },
    {
      name: 'list group',
      request: (_s, _c, i) => ({
        method: 'GET',
        path: `/device/list?groupIds[]=${fleet().groupIds[i % GROUPS]}&page=${(i % 5) + 1}`,
        headers: auth(fleet()),
      }),
      expectStatus: 200,
    },
    {
      name: 'list text',
      request: (_s, _c, i) => ({
        method: 'GET',
        path: `/device/list?text=${encodeURIComponent(`desk ${String(i % 100).padStart(3, '0')}`)}`,
        headers: auth(fleet()),
      }),
      expectStatus: 200,
    },
    {
      name: 'list online',
      request: () => ({ method: 'GET', path: '/device/list?online=true&page=3', headers: auth(fleet()) }),
      expectStatus: 200,
    },
    {
      name: 'list offline',
      request: () => ({ method: 'GET', path: '/device/list?online=false&page=3', headers: auth(fleet()) }),
      expectStatus: 200,
    },
    {
      name: 'heartbeat',
      // every client walks its own slice of the fleet, so beats spread over all devices
      request: (_s, client, i) => ({
        method: 'POST',
        path: '/device/heartbeat',
        body: { deviceId: `fleet-${(client * 997 + i) % FLEET_DEVICES}` },
        headers: auth(fleet()),
      }),
      expectStatus: 200,
    },
  ];
}

/** Everything the run measures, built from plain JSON in the load process (load-process.ts). */
export function fleetBenchScenarios(fleet: Fleet): Scenario[] {
  return [HEALTH, HEALTH_BEAT, ...fleetScenarios(() => fleet)];
}

// ---- The run -------------------------------------------------------------------------------

interface Options {
  rounds: number;
  durationMs: number;
  warmupMs: number;
  listConnections: number;
  beatConnections: number;
  filter: string;
  redisUrl: string | undefined;
}

async function benchDialect(dialect: TDialect, options: Options): Promise<boolean> {
  const test = await createTestDatabase(dialect, { durable: true }); // commits wait for the disk, as in production
  await seedDatabase(test.handle.db);
  const store = benchKeyValueStore(options.redisUrl);
  const { kv } = store;
  const app = buildApp(loadConfig(BENCH_ENV), { database: test.handle, kv });
  let clean = true;
  let load: LoadProcess | undefined;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const started = performance.now();
    const state = await createFleet(app);
    // as autovacuum leaves a table in steady state: statistics, and the visibility map that lets
    // a page of ids come from the index alone (a table loaded a moment ago has none)
    await (dialect === 'postgres' ? sql`VACUUM ANALYZE devices` : sql`ANALYZE devices`).execute(app.db);
    console.info(`  ${dialect}: fleet of ${FLEET_DEVICES} devices made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // the clients run in a process of their own: they do not share the API's event loop or its CPU time
    load = await startLoadProcess({ module: import.meta.url, factory: 'fleetBenchScenarios', state, port });
    const measured = fleetScenarios(() => state).filter((s) => s.name.includes(options.filter));
    const beats = measured.find((s) => s.name === 'heartbeat');
    const all = [HEALTH, ...(beats ? [HEALTH_BEAT] : []), ...measured];
    const beatScenarios = new Set([HEALTH_BEAT, beats]);
    const results = new Map<Scenario, LoadResult[]>(all.map((s) => [s, []]));
    // CPU time of this process (the API alone: the clients are in the load process) per
    // request: unlike wall time it hardly depends on what else the machine is doing
    const cpuPerRequest = new Map<Scenario, number[]>(all.map((s) => [s, []]));
    const runStart = toDbDate(Date.now());
    for (let round = 0; round < options.rounds; round++) {
      for (const scenario of all) {
        const connections = beatScenarios.has(scenario) ? options.beatConnections : options.listConnections;
        const base = { scenario: scenario.name, connections, maxRequests: 2_000_000 };
        await load.run({ ...base, durationMs: options.warmupMs });
        const cpu = process.cpuUsage();
        const result = await load.run({ ...base, durationMs: options.durationMs });
        const used = process.cpuUsage(cpu);
        results.get(scenario)?.push(result);
        cpuPerRequest.get(scenario)?.push((used.user + used.system) / 1000 / Math.max(1, result.requests));
      }
    }
    const baseline = (scenario: Scenario) => {
      const health = results.get(beatScenarios.has(scenario) ? HEALTH_BEAT : HEALTH) ?? [];
      return {
        p50: median(health.map((r) => r.p50Ms)),
        p99: median(health.map((r) => r.p99Ms)),
        rate: median(health.map((r) => r.requestsPerSecond)),
      };
    };
    for (const scenario of all) {
      const { p50: baseP50, p99: baseP99, rate: baseRate } = baseline(scenario);
      const runs = results.get(scenario) ?? [];
      const p50 = median(runs.map((r) => r.p50Ms));
      const p99 = median(runs.map((r) => r.p99Ms));
      const rate = median(runs.map((r) => r.requestsPerSecond));
      const errors = runs.reduce((sum, r) => sum + r.errors, 0);
      const cpuMs = median(cpuPerRequest.get(scenario) ?? []);
      if (errors > 0) clean = false;
      console.info(
        `${scenario.name.padEnd(24)} ${dialect.padEnd(9)} ${kv.kind.padEnd(6)} median of ${runs.length}: ${rate.toFixed(0).padStart(6)} req/s (${((rate / baseRate) * 100).toFixed(0)}% of /health)` +
          `  p50 ${p50.toFixed(2)} ms (×${(p50 / baseP50).toFixed(1)})  p99 ${p99.toFixed(2)} ms (×${(p99 / baseP99).toFixed(1)})  cpu ${cpuMs.toFixed(3)} ms/req  ${errors} errors`,
      );
    }
    if (beats) {
      const sent = (results.get(beats) ?? []).reduce((sum, r) => sum + r.requests, 0);
      console.info(
        `  devices whose last_seen_at a heartbeat wrote during the run: ${await lastSeenWrites(app, runStart)} (the measured heartbeats alone were ${sent})`,
      );
    }
  } finally {
    await load?.close();
    await app.close();
    await test.cleanup();
    await store.close();
  }
  return clean;
}

/** Devices whose last_seen_at a heartbeat wrote since `since`. */
async function lastSeenWrites(app: App, since: string): Promise<number> {
  const row = await app.db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('last_seen_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function main(): Promise<void> {
  const options: Options = {
    rounds: intEnv('BENCH_ROUNDS', 3, 50),
    durationMs: intEnv('BENCH_DURATION_MS', 3_000, 60_000),
    warmupMs: intEnv('BENCH_WARMUP_MS', 1_000, 10_000),
    listConnections: intEnv('BENCH_LIST_CONNECTIONS', 8, 1024),
    beatConnections: intEnv('BENCH_BEAT_CONNECTIONS', 50, 1024),
    filter: process.env.BENCH_SCENARIO ?? '',
    redisUrl: process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL,
  };
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
  const only = process.env.BENCH_DIALECTS?.split(',');
  const dialects = (pgUrl ? (['sqlite', 'postgres'] as TDialect[]) : (['sqlite'] as TDialect[])).filter((d) => !only || only.includes(d));
  console.info(
    `Device fleet bench: ${FLEET_DEVICES} devices on one account; lists with ${options.listConnections} connections, heartbeats with ${options.beatConnections}; ` +
      `${options.rounds} rounds of ${options.durationMs} ms per scenario; presence in ${options.redisUrl ? 'Redis' : 'the in-process store'}; Node ${process.version}`,
  );
  let clean = true;
  for (const dialect of dialects) clean = (await benchDialect(dialect, options)) && clean;
  if (!pgUrl) console.info('PostgreSQL not benchmarked: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).');
  if (!options.redisUrl) console.info('Redis not used: set BENCH_REDIS_URL (or TEST_REDIS_URL).');
  if (!clean) process.exitCode = 1;
}

if (process.argv[1]?.endsWith('devices.ts')) await main();

import { fork } from 'node:child_process';
import { Agent, createServer, request } from 'node:http';
import { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type TConnectCheckRequest, type TSessionKind } from '@llk/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { type App, buildApp } from '../src/composition/app';
import { loadConfig } from '../src/composition/config';
import { seedDatabase } from '../src/composition/setup/seed';
import { createDatabase } from '../src/infrastructure/db/database';
import { newId, toDbDate } from '../src/infrastructure/db/dialect';
import { type Db } from '../src/infrastructure/db/schema';
import { createSession } from '../src/modules/auth/sessions.service';
import { deleteExpiredSessions } from '../src/modules/sessions/sessions.repository';
import { insertUser } from '../src/modules/users/users.repository';
import { createTestDatabase, withPgClient } from '../test/databases';
import { BENCH_ENV, benchPostgresUrl, DAY_MS, intEnv, median, seedConnectionRows, summarize } from './common';
import { benchKeyValueStore } from './kv';
import { type LoadResult } from './load';
import { startLoadProcess } from './load-process';
import { type Scenario } from './scenarios';

// Connection records on PostgreSQL + Redis, the real app on one instance:
//   ingest     the apps' events (POST /device/connectCheck, /session/update, /session/fileTransfer,
//              /session/end) from INGEST_CONNECTIONS (50) clients, each an account of its own
//              running sessions one after another — events per second and p99, and as a share of
//              two floors measured by the same clients in the same rounds: bare node:http, and
//              node:http with one UPDATE by key on a pool like the events'
//   history    GET /session/list of an account with HISTORY_ROWS (1,000,000) records: the first
//              page and filtered ones (kind, a device, refused only) — p50/p99
//   csv        GET /session/export of 10,000 and of 100,000 rows: time to the first byte, total
//              time, and how much the API process's RSS grew (it must not grow with the rows)
//   retention  RETENTION_ROWS (10,000,000) records over 181 days, one day of them expired;
//              the retention job's batched delete by the expires_at index while ingest runs —
//              ingest before and during, the delete's time, and the longest lock wait
//
//   BENCH_DATABASE_URL=postgres://… BENCH_REDIS_URL=redis://… npm run bench:sessions
//
//   sqlite-retention  the same delete on SQLite at its scale (SQLITE_RETENTION_ROWS, 1,000,000):
//              each batch's time, which is how long the instance's event loop waits for it
//
// SESSIONS_PARTS=ingest,history,csv,retention,sqlite-retention picks parts (all by default). Each measurement runs
// BENCH_ROUNDS (3) times for BENCH_DURATION_MS (5000) after BENCH_WARMUP_MS (1000); medians are
// printed. Everything lives in a schema the run creates and drops; the clients run in a process
// of their own, so they do not share the API's event loop.

const DAY = DAY_MS;
/** Simultaneous sessions of the PRO plan: each ingest client keeps to that many target devices, so the limit never refuses. */
const TARGETS_PER_CLIENT = 3;
/** One connect check in ten goes to a device whose policy refuses it (recorded as refused). */
const REFUSED_EVERY = 10;
const HISTORY_DEVICES = 20;
const CSV_SIZES = [10_000, 100_000];
/** How many expired rows one delete takes: the retention job's batch (removeExpiredSessions in session-life.ts). */
const RETENTION_BATCH = 5_000;

interface IngestClient {
  token: string;
  from: string;
  targets: string[];
  refusing: string;
}

// ---- Ingest: the clients (in a child process) ------------------------------------------------

interface IngestRun {
  port: number;
  clients: IngestClient[];
  durationMs: number;
  /** the floors: every client POSTs an update-sized event to /floor, back to back */
  floor?: boolean;
}

interface IngestResult extends LoadResult {
  byEvent: Record<string, number>;
  sessions: number;
}

const KINDS: TSessionKind[] = ['CONTROL', 'CONTROL', 'VIEW', 'FILE_TRANSFER', 'CONTROL', 'TERMINAL'];

function call(agent: Agent, port: number, token: string, path: string, body: unknown): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: token,
          'accept-language': 'en',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/**
 * Every client runs sessions back to back as an app would report them: the connect check (one
 * in ten refused), two updates, files in a file-transfer session and one in three others, the
 * end. Each request is an event; its latency counts alike.
 */
async function runIngest(run: IngestRun): Promise<IngestResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: run.clients.length });
  const latencies: number[] = [];
  const byEvent: Record<string, number> = run.floor ? { floor: 0 } : { start: 0, refused: 0, update: 0, file: 0, end: 0 };
  let errors = 0;
  let sessions = 0;
  const started = performance.now();
  const deadline = started + run.durationMs;
  const timed = async (event: string, client: IngestClient, path: string, body: unknown, expect = 200) => {
    const t0 = performance.now();
    try {
      const answer = await call(agent, run.port, client.token, path, body);
      if (answer.status !== expect) errors++;
      latencies.push(performance.now() - t0);
      byEvent[event] = (byEvent[event] ?? 0) + 1;
      return answer;
    } catch {
      errors++;
      latencies.push(performance.now() - t0);
      return undefined;
    }
  };
  const floorClient = async (c: IngestClient) => {
    while (performance.now() < deadline) await timed('floor', c, '/floor', { sessionId: c.from, durationSeconds: 30, bytes: 4_000_000 });
  };
  const client = async (c: IngestClient, id: number) => {
    for (let n = id; performance.now() < deadline; n++) {
      if (n % REFUSED_EVERY === 0) {
        await timed('refused', c, '/device/connectCheck', { fromDeviceId: c.from, toDeviceId: c.refusing } satisfies TConnectCheckRequest);
        continue;
      }
      const kind = KINDS[n % KINDS.length] ?? 'CONTROL';
      const check = { fromDeviceId: c.from, toDeviceId: c.targets[n % c.targets.length] ?? '', kind } satisfies TConnectCheckRequest;
      const answer = await timed('start', c, '/device/connectCheck', check);
      const sessionId = answer ? (JSON.parse(answer.body) as { data?: { sessionId?: string | null } }).data?.sessionId : undefined;
      if (!sessionId) {
        errors++;
        continue;
      }
      sessions++;
      await timed('update', c, '/session/update', { sessionId, durationSeconds: 30, bytes: 4_000_000 });
      const files = kind === 'FILE_TRANSFER' ? 3 : n % 3 === 0 ? 1 : 0;
      for (let f = 0; f < files; f++)
        await timed('file', c, '/session/fileTransfer', {
          sessionId,
          eventId: `f${f}`,
          direction: f % 2 ? 'RECEIVED' : 'SENT',
          name: `report-${n}-${f}.pdf`,
          sizeBytes: 250_000 + f,
        });
      await timed('update', c, '/session/update', { sessionId, durationSeconds: 60, bytes: 9_000_000 });
      await timed('end', c, '/session/end', { sessionId, reason: 'NORMAL', durationSeconds: 75, bytes: 11_000_000 });
    }
  };
  await Promise.all(run.clients.map((c, id) => (run.floor ? floorClient(c) : client(c, id))));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
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
    byEvent,
    sessions,
  };
}

/** The ingest clients in a process of their own: one run per call. */
function ingestInChild(run: IngestRun): Promise<IngestResult> {
  const child = fork(fileURLToPath(import.meta.url), ['--ingest-child'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => {
      const answer = message as { result?: IngestResult; error?: string };
      child.kill();
      if (answer.result) resolve(answer.result);
      else reject(new Error(answer.error ?? 'ingest child failed'));
    });
    child.once('exit', (code) => reject(new Error(`ingest child exited (${code})`)));
    child.send(run);
  });
}

if (process.argv.includes('--ingest-child')) {
  process.once('message', (run) => {
    runIngest(run as IngestRun).then(
      (result) => process.send?.({ result }),
      (error: unknown) => process.send?.({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

// ---- Accounts --------------------------------------------------------------------------------

let accountSeq = 0;

/** A PRO account with `devices` devices (policy ALL, the last `refusing` ones GUEST: they refuse control) and a session token. */
async function benchAccount(app: App, devices: number, refusing = 0): Promise<{ userId: string; token: string; deviceIds: string[] }> {
  const now = Date.now();
  const userId = newId();
  const n = ++accountSeq;
  await insertUser(app.db, {
    id: userId,
    username: `benchrec${n}`,
    mobile: `+1777${String(n).padStart(7, '0')}`,
    email: null,
    nickname: `benchrec${n}`,
    passwordHash: '$argon2id$bench',
    now: toDbDate(now),
  });
  await app.db
    .updateTable('users')
    .set({ member_plan: 'PRO', member_expires_at: toDbDate(now + 365 * DAY) })
    .where('id', '=', userId)
    .execute();
  const token = await createSession(app.db, userId, { loginType: 'account', ip: null, userAgent: 'bench' }, app.config.session);
  const deviceIds = Array.from({ length: devices }, (_, i) => newId(now + i));
  await app.db
    .insertInto('devices')
    .values(
      deviceIds.map((id, i) => ({
        id,
        user_id: userId,
        device_key: `rec-${n}-${i}`,
        name: `Desk ${n}-${i}`,
        client_type: i % 2 ? 'MAC' : 'WIN',
        chip_type: null,
        os_version: '10',
        app_version: '1.4.0',
        group_id: null,
        policy: i >= devices - refusing ? 'GUEST' : 'ALL',
        last_ip: '127.0.0.1',
        last_country: null,
        last_seen_at: toDbDate(now),
        created_at: toDbDate(now),
        updated_at: toDbDate(now),
      })),
    )
    .execute();
  return { userId, token, deviceIds };
}

async function ingestClients(app: App, count: number): Promise<IngestClient[]> {
  const clients: IngestClient[] = [];
  for (let i = 0; i < count; i++) {
    const { token, deviceIds } = await benchAccount(app, TARGETS_PER_CLIENT + 2, 1);
    const [from, ...rest] = deviceIds;
    clients.push({ token, from: from ?? '', targets: rest.slice(0, TARGETS_PER_CLIENT), refusing: rest.at(-1) ?? '' });
  }
  return clients;
}

// ---- Records in bulk ----------------------------------------------------------------------

const ids = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

/**
 * `count` records of one account over its last 180 days (PRO: all of them shown), ids from `first`:
 * its devices are the controlled side, other accounts (every fifth the account itself) control.
 */
async function seedAccountRows(db: Db, first: number, count: number, account: { userId: string; deviceIds: string[] }): Promise<void> {
  const now = Date.now();
  await seedConnectionRows(db, {
    first,
    count,
    owner: `'${account.userId}'`,
    controller: `case when k % 5 = 0 then '${account.userId}' else 'U' || lpad((k % 5000)::text, 25, '0') end`,
    toDevice: `(${ids(account.deviceIds)})[((k % ${account.deviceIds.length}) + 1)::int]`,
    fromDevice: `'F' || lpad((k % 5000)::text, 25, '0')`,
    endMs: now - 60_000,
    spanMs: 179 * DAY,
    keepDays: 180,
  });
}

// ---- The parts ------------------------------------------------------------------------------

interface Options {
  rounds: number;
  durationMs: number;
  warmupMs: number;
  connections: number;
  listConnections: number;
}

const fmt = (r: { requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number }, unit = 'req/s') =>
  `${r.requestsPerSecond.toFixed(0).padStart(6)} ${unit}  p50 ${r.p50Ms.toFixed(2)} ms  p99 ${r.p99Ms.toFixed(2)} ms  ${r.errors} errors`;

async function measureIngest(port: number, clients: IngestClient[], options: Options, label: string): Promise<IngestResult[]> {
  const runs: IngestResult[] = [];
  // CPU time of this process (the API: the clients are in theirs) per event: unlike the rate it
  // hardly moves with what else the machine runs (PostgreSQL's and Redis's share is not in it)
  const cpuPerEvent: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    await ingestInChild({ port, clients, durationMs: options.warmupMs });
    const cpu = process.cpuUsage();
    const result = await ingestInChild({ port, clients, durationMs: options.durationMs });
    const used = process.cpuUsage(cpu);
    runs.push(result);
    cpuPerEvent.push((used.user + used.system) / 1000 / Math.max(1, result.requests));
  }
  const mix = runs[0]?.byEvent ?? {};
  console.info(
    `${label.padEnd(30)} median of ${runs.length}: ${fmt(summarize(runs), 'events/s')}  max ${median(runs.map((r) => r.maxMs)).toFixed(1)} ms  API cpu ${median(cpuPerEvent).toFixed(3)} ms/event` +
      `  (${median(runs.map((r) => r.sessions / r.seconds)).toFixed(0)} sessions/s; mix of a run: ${Object.entries(mix)
        .map(([event, n]) => `${event} ${n}`)
        .join(', ')})`,
  );
  return runs;
}

/**
 * The floors the ingest figure is a share of, measured in the same run by the same clients: a
 * bare node:http server that parses the event and answers an envelope (`http`), and the same
 * with the one statement an event cannot do without, an UPDATE of one row by its key on a pool
 * like the events' (6 connections, synchronous_commit off) in plain pg (`database`).
 */
async function startFloor(url: string | null): Promise<{ port: number; close: () => Promise<void> }> {
  const pool = url ? new pg.Pool({ connectionString: url, max: 6, options: '-c synchronous_commit=off' }) : null;
  if (pool) {
    await pool.query('create table if not exists bench_floor (id text primary key, alive_at timestamptz, bytes bigint)');
    await pool.query("insert into bench_floor (id) select 'c' || g from generate_series(0, 1023) g on conflict do nothing");
  }
  let next = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { sessionId: string; bytes: number };
      const answer = () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', data: { sessionId: event.sessionId, status: 'LIVE' } }));
      };
      if (!pool) return answer();
      pool
        .query('update bench_floor set alive_at = now(), bytes = $2 where id = $1', [`c${next++ % 1024}`, event.bytes])
        .then(answer, () => {
          res.writeHead(500);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool?.end();
    },
  };
}

/** Ingest beside its floors, round by round (a machine that slows down slows all three). */
async function measureIngestWithFloors(
  port: number,
  clients: IngestClient[],
  options: Options,
  databaseUrl: string,
): Promise<IngestResult[]> {
  const http = await startFloor(null);
  const database = await startFloor(databaseUrl);
  const floors: Record<'http' | 'database', number[]> = { http: [], database: [] };
  try {
    for (let round = 0; round < options.rounds; round++) {
      for (const [name, floor] of [
        ['http', http],
        ['database', database],
      ] as const) {
        await ingestInChild({ port: floor.port, clients, durationMs: options.warmupMs, floor: true });
        const result = await ingestInChild({ port: floor.port, clients, durationMs: options.durationMs, floor: true });
        if (result.errors > 0) throw new Error(`the ${name} floor answered ${result.errors} errors`);
        floors[name].push(result.requestsPerSecond);
      }
    }
  } finally {
    await http.close();
    await database.close();
  }
  const runs = await measureIngest(port, clients, options, 'ingest, empty table');
  const ingest = median(runs.map((r) => r.requestsPerSecond));
  for (const name of ['http', 'database'] as const) {
    const floor = median(floors[name]);
    console.info(
      `${`floor: ${name === 'http' ? 'bare node:http' : 'node:http + one UPDATE'}`.padEnd(30)} median of ${options.rounds}: ${floor.toFixed(0).padStart(6)} events/s` +
        `  ingest is ${((ingest / floor) * 100).toFixed(1)} % of it`,
    );
  }
  return runs;
}

/** GET /session/list scenarios of the history account, built from plain JSON in the load process. */
export function historyScenarios(state: { token: string; deviceId: string }): Scenario[] {
  const headers = { authorization: state.token, 'accept-language': 'en' };
  const list = (name: string, query: string): Scenario => ({
    name,
    request: () => ({ method: 'GET', path: `/session/list?${query}`, headers }),
    expectStatus: 200,
  });
  return [
    list('list: first page', 'pageSize=50'),
    list('list: kind=FILE_TRANSFER', 'kind=FILE_TRANSFER&pageSize=50'),
    list('list: a device', `deviceId=${state.deviceId}&pageSize=50`),
    list('list: refused=true', 'refused=true&pageSize=50'),
    // a combination that no record matches (the seeded refusals are never terminals): each side reads its whole window
    list('list: refused terminals (none)', 'kind=TERMINAL&refused=true&pageSize=50'),
    list('list: incoming, 30 days', `direction=INCOMING&since=${new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10)}&pageSize=50`),
  ];
}

async function benchHistory(app: App, port: number, options: Options): Promise<boolean> {
  const rows = intEnv('HISTORY_ROWS', 1_000_000, 20_000_000);
  const account = await benchAccount(app, HISTORY_DEVICES);
  const started = performance.now();
  await seedAccountRows(app.db, 1, rows, account);
  await sql`VACUUM ANALYZE connection_sessions`.execute(app.db);
  console.info(`  history: ${rows} records of one account made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const state = { token: account.token, deviceId: account.deviceIds[0] ?? '' };
  const load = await startLoadProcess({ module: import.meta.url, factory: 'historyScenarios', state, port });
  let clean = true;
  try {
    const scenarios = historyScenarios(state);
    const results = new Map<string, LoadResult[]>(scenarios.map((s) => [s.name, []]));
    for (let round = 0; round < options.rounds; round++) {
      for (const s of scenarios) {
        const base = { scenario: s.name, connections: options.listConnections, maxRequests: 2_000_000 };
        await load.run({ ...base, durationMs: options.warmupMs });
        results.get(s.name)?.push(await load.run({ ...base, durationMs: options.durationMs }));
      }
    }
    for (const [name, runs] of results) {
      const summary = summarize(runs);
      if (summary.errors > 0) clean = false;
      console.info(
        `${`${name} @ ${rows}`.padEnd(40)} median of ${runs.length}: ${fmt(summary)}  ${summary.p99Ms <= 50 ? '≤ 50 ms' : 'OVER 50 ms'}`,
      );
    }
  } finally {
    await load.close();
  }
  return clean;
}

// A full collection on demand, for what the export keeps (not what it churns through).
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * One streamed GET: time to the first byte, the whole answer, its bytes and lines, and what this
 * process (the API's, and the client's reading it) grew by while it ran: the RSS, which V8 is slow
 * to give back, and the heap kept after a full collection every 250 ms, which grows only if
 * something holds the rows.
 */
function exportOnce(
  port: number,
  token: string,
): Promise<{ ttfbMs: number; totalMs: number; bytes: number; lines: number; rssGrowthMb: number; heapKeptMb: number }> {
  collect();
  const before = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = before;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const keeper = setInterval(() => {
    collect();
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 250);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: 'GET',
        path: '/session/export?locale=en&tz=Asia%2FShanghai',
        headers: { authorization: token, 'accept-language': 'en' },
      },
      (res) => {
        let ttfbMs = 0;
        let bytes = 0;
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          if (bytes === 0) ttfbMs = performance.now() - t0;
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        });
        res.on('end', () => {
          clearInterval(sampler);
          clearInterval(keeper);
          peak = Math.max(peak, process.memoryUsage().rss);
          if (res.statusCode !== 200) return reject(new Error(`export answered ${res.statusCode}`));
          resolve({
            ttfbMs,
            totalMs: performance.now() - t0,
            bytes,
            lines,
            rssGrowthMb: (peak - before) / 1_048_576,
            heapKeptMb: (heapPeak - heapBefore) / 1_048_576,
          });
        });
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function benchCsv(app: App, port: number, options: Options, firstId: number): Promise<void> {
  let first = firstId;
  for (const rows of CSV_SIZES) {
    const account = await benchAccount(app, HISTORY_DEVICES);
    await seedAccountRows(app.db, first, rows, account);
    first += rows;
    await sql`ANALYZE connection_sessions`.execute(app.db);
    const runs: Awaited<ReturnType<typeof exportOnce>>[] = [];
    await exportOnce(port, account.token); // warm-up
    for (let round = 0; round < options.rounds; round++) runs.push(await exportOnce(port, account.token));
    const m = (pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick));
    console.info(
      `${`export CSV @ ${rows} rows`.padEnd(30)} median of ${runs.length}: first byte ${m((r) => r.ttfbMs).toFixed(1)} ms  total ${m((r) => r.totalMs).toFixed(0)} ms` +
        `  ${(m((r) => r.bytes) / 1_048_576).toFixed(1)} MB, ${m((r) => r.lines)} lines  API RSS growth ${m((r) => r.rssGrowthMb).toFixed(1)} MB (largest ${Math.max(...runs.map((r) => r.rssGrowthMb)).toFixed(1)} MB)` +
        `  heap kept after GC ${m((r) => r.heapKeptMb).toFixed(1)} MB (largest ${Math.max(...runs.map((r) => r.heapKeptMb)).toFixed(1)} MB)`,
    );
  }
}

async function benchRetention(app: App, port: number, clients: IngestClient[], options: Options, firstId: number): Promise<void> {
  const target = intEnv('RETENTION_ROWS', 10_000_000, 50_000_000);
  const present = Number((await sql<{ n: string }>`select count(*) as n from connection_sessions`.execute(app.db)).rows[0]?.n ?? 0);
  const rows = Math.max(0, target - present);
  const started = performance.now();
  // 181 days of Pro records kept 180 days: the oldest day has expired, as on the day the job runs
  const now = Date.now();
  await seedConnectionRows(app.db, {
    first: firstId,
    count: rows,
    owner: `'U' || lpad((k % 100000)::text, 25, '0')`,
    controller: `'U' || lpad(((k * 7) % 100000)::text, 25, '0')`,
    toDevice: `'D' || lpad((k % 200000)::text, 25, '0')`,
    fromDevice: `'F' || lpad(((k * 7) % 200000)::text, 25, '0')`,
    endMs: now,
    spanMs: 181 * DAY,
    keepDays: 180,
  });
  await sql`VACUUM ANALYZE connection_sessions`.execute(app.db);
  const total = Number((await sql<{ n: string }>`select count(*) as n from connection_sessions`.execute(app.db)).rows[0]?.n ?? 0);
  const cutoff = toDbDate(Date.now());
  const expired = Number(
    (await sql<{ n: string }>`select count(*) as n from connection_sessions where expires_at < ${cutoff}`.execute(app.db)).rows[0]?.n ?? 0,
  );
  console.info(
    `  retention: ${rows} records added in ${((performance.now() - started) / 1000).toFixed(0)} s; ${total} in all, ${expired} expired`,
  );

  await measureIngest(port, clients, options, `ingest @ ${total}, no delete`);

  // the job's own loop (removeExpiredSessions), a batch at a time so each batch is timed: it
  // selects the oldest expired ids by the expires_at index and deletes them by primary key. It
  // runs beside ingest; a sampler watches for any lock wait in the database
  let waits = 0;
  let longestWaitMs = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const found = await sql<{ ms: string | null; n: string }>`
        select count(*) as n, max(extract(epoch from (clock_timestamp() - a.state_change)) * 1000) as ms
        from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and a.datname = current_database()`.execute(app.db);
      const row = found.rows[0];
      if (row && Number(row.n) > 0) {
        waits++;
        longestWaitMs = Math.max(longestWaitMs, Number(row.ms ?? 0));
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  let deleted = 0;
  let batches = 0;
  let longestBatchMs = 0;
  const deleteStart = performance.now();
  let deleteMs = 0;
  const deleting = (async () => {
    for (;;) {
      const t0 = performance.now();
      const n = await deleteExpiredSessions(app.db, cutoff, RETENTION_BATCH);
      longestBatchMs = Math.max(longestBatchMs, performance.now() - t0);
      if (n === 0) break;
      deleted += n;
      batches++;
    }
    deleteMs = performance.now() - deleteStart;
  })();
  const during: IngestResult[] = [];
  let done = false;
  void deleting.then(() => {
    done = true;
  });
  while (!done || during.length < 1) during.push(await ingestInChild({ port, clients, durationMs: options.durationMs }));
  await deleting;
  sampling = false;
  await sampler;
  const summary = summarize(during);
  console.info(
    `${`ingest @ ${total}, during delete`.padEnd(30)} median of ${during.length}: ${fmt(summary, 'events/s')}  max ${Math.max(...during.map((r) => r.maxMs)).toFixed(1)} ms`,
  );
  console.info(
    `  retention delete: ${deleted} rows in ${batches} batches of ≤ ${RETENTION_BATCH} in ${(deleteMs / 1000).toFixed(1)} s (longest batch ${longestBatchMs.toFixed(0)} ms); ` +
      `lock waits seen by the 20 ms sampler: ${waits} (longest ${longestWaitMs.toFixed(1)} ms)`,
  );
}

/**
 * SQLite at its scale: SQLITE_RETENTION_ROWS (1,000,000) records over 181 days in a file of its
 * own, then the job's batches. better-sqlite3 runs a statement on the event loop, so a batch's
 * time is how long any request of that instance waits behind it (WAL lets other processes read
 * meanwhile; a writer waits for the lock up to busy_timeout). Each batch is timed.
 */
async function benchRetentionSqlite(): Promise<void> {
  const rows = intEnv('SQLITE_RETENTION_ROWS', 1_000_000, 10_000_000);
  const test = await createTestDatabase('sqlite');
  try {
    const db = test.handle.db;
    const now = Date.now();
    const span = 181 * DAY;
    const started = performance.now();
    const iso = (ms: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', (${ms}) / 1000.0, 'unixepoch')`;
    const at = `(${now - span} + k * ${span / rows})`;
    const BATCH = 100_000;
    for (let from = 1; from <= rows; from += BATCH) {
      const to = Math.min(rows, from + BATCH - 1);
      await sql
        .raw(
          `with recursive s(k) as (select ${from} union all select k + 1 from s where k < ${to})
           insert into connection_sessions (id, owner_user_id, controller_user_id, from_device_id, to_device_id, from_device_name, to_device_name,
             from_client_type, to_client_type, permission, kind, status, refusal, started_at, alive_at, ended_at, end_reason, duration_seconds, bytes,
             files_count, alarm, expires_at)
           select 'C' || substr('0000000000000000000000000' || k, -25), 'U' || (k % 10000), 'U' || ((k * 7) % 10000), 'F' || (k % 20000), 'D' || (k % 20000),
             'Laptop', 'Desk', 'WIN', 'MAC', 'CONTROL', 'CONTROL', case when k % 10 = 0 then 'REFUSED' else 'ENDED' end, case when k % 10 = 0 then 'POLICY' end,
             ${iso(at)}, ${iso(at)}, ${iso(`${at} + 600000`)}, 'NORMAL', 600, 150000000, 0, 0, ${iso(`${at} + ${180 * DAY}`)}
           from s`,
        )
        .execute(db);
    }
    await sql`ANALYZE`.execute(db);
    const cutoff = toDbDate(Date.now());
    const times: number[] = [];
    let deleted = 0;
    const deleteStart = performance.now();
    for (;;) {
      const t0 = performance.now();
      const n = await deleteExpiredSessions(db, cutoff, RETENTION_BATCH);
      times.push(performance.now() - t0);
      if (n === 0) break;
      deleted += n;
    }
    console.info(
      `  SQLite retention: ${rows} records made in ${((performance.now() - started) / 1000).toFixed(0)} s; ${deleted} expired deleted in ${times.length - 1} batches of ≤ ${RETENTION_BATCH} ` +
        `in ${((performance.now() - deleteStart) / 1000).toFixed(2)} s; a batch median ${median(times).toFixed(0)} ms, longest ${Math.max(...times).toFixed(0)} ms (the event loop's longest wait)`,
    );
  } finally {
    await test.cleanup();
  }
}

async function runParts(
  config: ReturnType<typeof loadConfig>,
  parts: Set<string>,
  options: Options,
  redisUrl: string | undefined,
): Promise<boolean> {
  const test = await createTestDatabase('postgres', { durable: true });
  const store = benchKeyValueStore(redisUrl);
  // The events' own pool as production opens it (plugins/db.ts): commits that do not wait for the
  // disk; BENCH_EVENTS_COMMIT=sync writes them on the durable handle instead, for the comparison.
  const asyncEvents = process.env.BENCH_EVENTS_COMMIT !== 'sync';
  const events = asyncEvents
    ? createDatabase(test.url, { alongside: test.handle, poolSize: 6, settings: { synchronous_commit: 'off' } })
    : undefined;
  console.info(`  events commit: ${asyncEvents ? 'asynchronous (synchronous_commit off, as production)' : 'synchronous'}`);
  const app = buildApp(config, { database: test.handle, kv: store.kv, ...(events ? { eventsDatabase: events } : {}) });
  let clean = true;
  try {
    await seedDatabase(test.handle.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const clients = parts.has('ingest') || parts.has('retention') ? await ingestClients(app, options.connections) : [];
    if (parts.has('ingest')) {
      const runs = await measureIngestWithFloors(port, clients, options, test.url);
      if (runs.some((r) => r.errors > 0)) clean = false;
    }
    // bulk ids of the parts do not overlap: history from 1, CSV from 100 M, retention from 200 M
    if (parts.has('history')) clean = (await benchHistory(app, port, options)) && clean;
    if (parts.has('csv')) await benchCsv(app, port, options, 100_000_001);
    if (parts.has('retention')) await benchRetention(app, port, clients, options, 200_000_001);
  } finally {
    await app.close();
    await events?.destroy();
    await test.cleanup();
    await store.close();
  }
  if (parts.has('sqlite-retention')) await benchRetentionSqlite();
  return clean;
}

async function main(): Promise<void> {
  const serverUrl = benchPostgresUrl('sessions bench');
  if (!serverUrl) return;
  const config = loadConfig(BENCH_ENV);
  // a database of its own, so the lock sampler sees this run's waits alone (tests share the other)
  const dbName = `bench_sessions_${Date.now().toString(36)}`;
  await withPgClient(serverUrl, (client) => client.query(`create database ${dbName}`));
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  process.env.TEST_DATABASE_URL = url.toString();
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
  const parts = new Set((process.env.SESSIONS_PARTS ?? 'ingest,history,csv,retention,sqlite-retention').split(','));
  const options: Options = {
    rounds: intEnv('BENCH_ROUNDS', 3, 50),
    durationMs: intEnv('BENCH_DURATION_MS', 5_000, 60_000),
    warmupMs: intEnv('BENCH_WARMUP_MS', 1_000, 10_000),
    connections: intEnv('INGEST_CONNECTIONS', 50, 1024),
    listConnections: intEnv('BENCH_LIST_CONNECTIONS', 8, 1024),
  };
  console.info(
    `Connection records bench (${[...parts].join(', ')}): PostgreSQL, ${redisUrl ? 'Redis' : 'the in-process store'}; ingest with ${options.connections} connections, ` +
      `lists with ${options.listConnections}; ${options.rounds} rounds of ${options.durationMs} ms; Node ${process.version}`,
  );
  let clean = true;
  try {
    clean = await runParts(config, parts, options, redisUrl);
  } finally {
    await withPgClient(serverUrl, (client) => client.query(`drop database if exists ${dbName}`));
  }
  if (!clean) process.exitCode = 1;
}

if (process.argv[1]?.endsWith('sessions.ts') && !process.argv.includes('--ingest-child')) await main();

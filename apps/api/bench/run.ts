import { randomBytes } from 'node:crypto';
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '../src/composition/app';
import { loadConfig } from '../src/composition/config';
import { type TDialect } from '../src/infrastructure/db/database-url';
import { seedDatabase } from '../src/composition/setup/seed';
import { createTestDatabase } from '../test/databases';
import { intEnv } from './common';
import { benchKeyValueStore } from './kv';
import { PRODUCTION_ENV } from '../test/helper';
import { type LoadResult } from './load';
import { startLoadProcess } from './load-process';
import { BARE, BARE_BODY } from './run-scenarios';
import { scenarios } from './scenarios';

// `npm run bench` (root or -w @llk/api). Starts the API in this process on a free loopback
// port, on SQLite and — when BENCH_DATABASE_URL or TEST_DATABASE_URL is set — on PostgreSQL
// (a throwaway schema; with Redis when BENCH_REDIS_URL or TEST_REDIS_URL is set), and a bare node:http server answering a fixed JSON envelope beside it.
// The keep-alive clients run in a process of their own (load-process.ts): in this one they
// would share the API's event loop. Every scenario is printed as a share of the bare server's
// requests per second, measured in the same run just before it (the machine's speed cancels
// out), and the results are written to bench/results/latest.json.
//
//   npm run bench -- --check            fails when a scenario's share falls more than 15 % below
//                                       bench/baseline.json's (the committed baseline)
//   npm run bench -- --write-baseline   writes this run's shares as the baseline
//
//   BENCH_CONNECTIONS   concurrent clients                    (50)
//   BENCH_DURATION_MS   measured time per scenario, ≤ 60000    (5000)
//   BENCH_WARMUP_MS     unmeasured time before it             (1000)
//   BENCH_MAX_REQUESTS  request budget per scenario, ≤ 2e6     (500000)
//   BENCH_SCENARIO      only scenarios whose name contains it
//   BENCH_JSON=1        also print the results as one JSON line

const connections = intEnv('BENCH_CONNECTIONS', 50, 1024);
const durationMs = intEnv('BENCH_DURATION_MS', 5_000, 60_000);
const warmupMs = intEnv('BENCH_WARMUP_MS', 1_000, 10_000);
const maxRequests = intEnv('BENCH_MAX_REQUESTS', 500_000, 2_000_000);
const filter = process.env.BENCH_SCENARIO ?? '';
const check = process.argv.includes('--check');
const writeBaseline = process.argv.includes('--write-baseline');
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl; // the test helper creates the PG schema from it
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;

const here = import.meta.dirname;
const baselineFile = path.join(here, 'baseline.json');
const dialects: TDialect[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
type TRow = { scenario: string; dialect: TDialect; bareRequestsPerSecond: number; share: number } & LoadResult;
const rows: TRow[] = [];

/** The bare server: node:http answering every request with one fixed envelope. */
async function startBare(): Promise<{ port: number; close: () => Promise<void> }> {
  const body = Buffer.from(BARE_BODY);
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function benchDialect(dialect: TDialect, bare: { port: number }): Promise<void> {
  const test = await createTestDatabase(dialect, { durable: true }); // commits wait for the disk, as in production
  await seedDatabase(test.handle.db);
  // production's shape: PostgreSQL with Redis beside it (the content cache's invalidation, rate
  // limits, codes and sessions' caches go through it); the log level is the default (info)
  const store = benchKeyValueStore(dialect === 'postgres' ? redisUrl : undefined);
  const app = buildApp(
    loadConfig({
      ...PRODUCTION_ENV,
      NODE_ENV: 'production',
      AUTO_MIGRATE: 'false',
      TRUST_PROXY: 'loopback',
      DATABASE_URL: ':memory:',
      CODE_SECRET: randomBytes(32).toString('hex'),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    }),
    { database: test.handle, kv: store.kv },
  );
  console.info(`${dialect}: key-value store ${store.label}`);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const chosen = scenarios.filter((s) => s.name.includes(filter));
    const states: Record<string, unknown> = {};
    for (const scenario of chosen) states[scenario.name] = await scenario.setup?.(app);
    const load = await startLoadProcess({
      module: new URL('./run-scenarios.ts', import.meta.url).href,
      factory: 'runScenarios',
      state: states,
      port,
    });
    try {
      const measure = async (scenario: string, at = port) => {
        await load.run({ scenario, connections, durationMs: warmupMs, maxRequests, port: at });
        return load.run({ scenario, connections, durationMs, maxRequests, port: at });
      };
      for (const scenario of chosen) {
        // the bare server just before each scenario: a machine that slows down slows both
        const baseline = await measure(BARE, bare.port);
        const result = await measure(scenario.name);
        const share = result.requestsPerSecond / baseline.requestsPerSecond;
        rows.push({ scenario: scenario.name, dialect, bareRequestsPerSecond: baseline.requestsPerSecond, share, ...result });
        console.info(
          `${scenario.name.padEnd(32)} ${dialect.padEnd(9)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  ${(share * 100).toFixed(1).padStart(5)} % of bare (${baseline.requestsPerSecond.toFixed(0)})` +
            `  p50 ${result.p50Ms.toFixed(2)} ms  p99 ${result.p99Ms.toFixed(2)} ms  (${result.requests} requests, ${result.errors} errors)`,
        );
      }
    } finally {
      await load.close();
    }
  } finally {
    await app.close();
    await test.cleanup();
    await store.close();
  }
}

console.info(
  `API bench: ${connections} keep-alive connections in their own process, ${durationMs} ms per scenario after ${warmupMs} ms warm-up, Node ${process.version}`,
);
const bare = await startBare();
try {
  for (const dialect of dialects) await benchDialect(dialect, bare);
} finally {
  await bare.close();
}
if (!pgUrl) console.info('PostgreSQL not benchmarked: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).');

const key = (row: { scenario: string; dialect: string }) => `${row.scenario} @ ${row.dialect}`;
const results = { at: new Date().toISOString(), node: process.version, connections, durationMs, rows };
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
if (process.env.BENCH_JSON === '1') console.info(JSON.stringify(rows));
if (rows.some((row) => row.errors > 0)) process.exitCode = 1;

if (writeBaseline) {
  const shares = Object.fromEntries(rows.map((row) => [key(row), Number(row.share.toFixed(4))]));
  writeFileSync(
    baselineFile,
    `${JSON.stringify({ note: 'npm run bench -- --write-baseline: each scenario as a share of the bare node:http server of the same run', at: results.at, connections, durationMs, shares }, null, 2)}\n`,
  );
  console.info(`baseline written: ${baselineFile}`);
}
if (check) {
  const baseline = JSON.parse(readFileSync(baselineFile, 'utf8')) as { shares: Record<string, number> };
  const fallen = rows.filter((row) => {
    const before = baseline.shares[key(row)];
    return before !== undefined && row.share < before * 0.85;
  });
  for (const row of rows) {
    const before = baseline.shares[key(row)];
    if (before !== undefined)
      console.info(
        `${key(row).padEnd(44)} ${(row.share * 100).toFixed(1).padStart(5)} % (baseline ${(before * 100).toFixed(1)} %)${fallen.includes(row) ? '  FELL more than 15 %' : ''}`,
      );
  }
  if (fallen.length > 0) {
    console.error(`bench --check: ${fallen.length} scenario(s) fell more than 15 % below the baseline's share of bare node:http`);
    process.exitCode = 1;
  } else console.info('bench --check: every scenario within 15 % of the baseline');
}

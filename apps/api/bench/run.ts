import { randomBytes } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type TDialect } from '../src/db/database-url';
import { seedDatabase } from '../src/setup/seed';
import { createTestDatabase } from '../test/databases';
import { intEnv } from './common';
import { PRODUCTION_ENV } from '../test/helper';
import { runLoad, type LoadResult } from './load';
import { scenarios } from './scenarios';

// `npm run bench` (root or -w @llk/api). Starts the API in this process on a free loopback
// port, on SQLite and — when BENCH_DATABASE_URL or TEST_DATABASE_URL is set — on PostgreSQL
// (a throwaway schema), and drives every scenario with keep-alive clients.
//
//   BENCH_CONNECTIONS   concurrent clients                    (32)
//   BENCH_DURATION_MS   measured time per scenario, ≤ 60000    (5000)
//   BENCH_WARMUP_MS     unmeasured time before it             (1000)
//   BENCH_MAX_REQUESTS  request budget per scenario, ≤ 2e6     (500000)
//   BENCH_SCENARIO      only scenarios whose name contains it
//   BENCH_JSON=1        also print the results as one JSON line


const connections = intEnv('BENCH_CONNECTIONS', 32, 1024);
const durationMs = intEnv('BENCH_DURATION_MS', 5_000, 60_000);
const warmupMs = intEnv('BENCH_WARMUP_MS', 1_000, 10_000);
const maxRequests = intEnv('BENCH_MAX_REQUESTS', 500_000, 2_000_000);
const filter = process.env.BENCH_SCENARIO ?? '';
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl; // the test helper creates the PG schema from it

const dialects: TDialect[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
const rows: ({ scenario: string; dialect: TDialect } & LoadResult)[] = [];

async function benchDialect(dialect: TDialect): Promise<void> {
  const test = await createTestDatabase(dialect, { durable: true }); // commits wait for the disk, as in production
  await seedDatabase(test.handle.db);
  const app = buildApp(loadConfig({ ...PRODUCTION_ENV, NODE_ENV: 'production', LOG_LEVEL: 'warn', AUTO_MIGRATE: 'false', TRUST_PROXY: 'loopback', DATABASE_URL: ':memory:', CODE_SECRET: randomBytes(32).toString('hex'), TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex') }), { database: test.handle });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    for (const scenario of scenarios.filter((s) => s.name.includes(filter))) {
      const state = await scenario.setup?.(app);
      const next = (client: number, i: number) => scenario.request(state, client, i);
      const base = { port, connections, next, ...(scenario.expectStatus === undefined ? {} : { expectStatus: scenario.expectStatus }) };
      await runLoad({ ...base, durationMs: warmupMs, maxRequests });
      const result = await runLoad({ ...base, durationMs, maxRequests });
      rows.push({ scenario: scenario.name, dialect, ...result });
      console.info(
        `${scenario.name.padEnd(24)} ${dialect.padEnd(9)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s` +
          `  p50 ${result.p50Ms.toFixed(2)} ms  p99 ${result.p99Ms.toFixed(2)} ms  max ${result.maxMs.toFixed(1)} ms` +
          `  (${result.requests} requests, ${result.errors} errors)`,
      );
    }
  } finally {
    await app.close();
    await test.cleanup();
  }
}

console.info(`API bench: ${connections} keep-alive connections, ${durationMs} ms per scenario after ${warmupMs} ms warm-up, Node ${process.version}`);
for (const dialect of dialects) await benchDialect(dialect);
// Scenarios measured against the cheapest call of the same run (GET /health), so numbers from
// different machines compare: p50 and p99 as multiples of /health's.
for (const row of rows) {
  const base = rows.find((other) => other.dialect === row.dialect && other.scenario === 'GET /health');
  if (!base || row === base || !row.scenario.startsWith('GET /user/sessions')) continue;
  console.info(`${row.scenario} ${row.dialect}: p50 ${(row.p50Ms / base.p50Ms).toFixed(1)}× /health, p99 ${(row.p99Ms / base.p99Ms).toFixed(1)}× /health`);
}
if (!pgUrl) console.info('PostgreSQL not benchmarked: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).');
if (process.env.BENCH_JSON === '1') console.info(JSON.stringify(rows));
if (rows.some((row) => row.errors > 0)) process.exitCode = 1;

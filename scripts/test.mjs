#!/usr/bin/env node
// `npm test`: the whole suite, in the order that fails fastest. Installs the Debian packages
// the browser tests need when missing, then lint, type-check, unit tests, API integration
// tests (SQLite always; PostgreSQL too when TEST_DATABASE_URL is set), web build and
// end-to-end tests in Debian's Chromium (the journeys that write data, tagged @writes, once more
// on PostgreSQL when TEST_DATABASE_URL is set), and the production shape scaled out behind nginx
// (step scale-out, also only with TEST_DATABASE_URL). Ends with one "tests: N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'llk-test-'));
const only = process.argv.slice(2); // e.g. `npm test -- unit api`
const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];

function run(name, command, args, options = {}) {
  if (only.length && !only.includes(name)) return true;
  console.info(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...options.env } });
  timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)}s`);
  if (result.status !== 0) {
    console.error(`✖ ${name} failed (exit ${result.status ?? result.signal})`);
    return false;
  }
  return true;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

const npx = path.join(root, 'node_modules', '.bin');
/** The journeys that write data: run again on PostgreSQL (e2e-pg) and through nginx (scale-out). */
const WRITES_TAG = '@writes';
const steps = [
  () => run('system', 'bash', ['scripts/ensure-system-deps.sh']),
  () => run('lint', path.join(npx, 'eslint'), ['.', '--max-warnings', '0']),
  () => run('typecheck', 'npm', ['run', 'typecheck', '--silent']),
  () => {
    const file = path.join(reports, 'unit.json');
    const ok = run('unit', path.join(npx, 'vitest'), ['run', '--project', 'contracts', '--project', 'web', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
    countVitest(file);
    return ok;
  },
  () => {
    const file = path.join(reports, 'api.json');
    const ok = run('api', path.join(npx, 'vitest'), ['run', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
    countVitest(file);
    return ok;
  },
  () => (process.env.E2E_SKIP_BUILD ? true : run('build', 'npm', ['run', 'build', '-w', '@llk/web'])),
  () => {
    const file = path.join(reports, 'e2e.json');
    const ok = run('e2e', 'npm', ['run', 'test', '-w', '@llk/e2e'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file } });
    countPlaywright(file);
    return ok;
  },
  () => {
    // The journeys that write to the database (accounts, orders, payments, referrals) once
    // more with the API on PostgreSQL, in a database created for this run and dropped after.
    if (!process.env.TEST_DATABASE_URL || (only.length && !only.includes('e2e-pg'))) return true;
    const created = spawnSync('node', ['scripts/pg-database.mjs', 'create', process.env.TEST_DATABASE_URL], { cwd: root, encoding: 'utf8' });
    if (created.status !== 0) {
      console.error(`✖ e2e-pg: could not create a database: ${created.stderr}`);
      return false;
    }
    const databaseUrl = created.stdout.trim();
    const file = path.join(reports, 'e2e-pg.json');
    try {
      const ok = run('e2e-pg', 'npm', ['run', 'test', '-w', '@llk/e2e', '--', '--grep', WRITES_TAG], {
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, E2E_DATABASE_URL: databaseUrl },
      });
      countPlaywright(file);
      return ok;
    } finally {
      spawnSync('node', ['scripts/pg-database.mjs', 'drop', databaseUrl], { cwd: root, stdio: 'inherit' });
    }
  },
  () => {
    // Two API and two web instances in production mode behind nginx, on a throwaway PostgreSQL
    // database and a redis-server of their own; the @writes journeys through nginx while an API
    // instance is crashed, then Redis and database outages (scripts/scale-out.mjs).
    if (only.length && !only.includes('scale-out')) return true;
    if (!process.env.TEST_DATABASE_URL) {
      // CI always runs it; elsewhere it is skipped like the other PostgreSQL legs unless asked for
      if (!process.env.CI && !only.includes('scale-out')) return true;
      console.error('✖ scale-out needs TEST_DATABASE_URL (a PostgreSQL server where it may create a database)');
      return false;
    }
    const file = path.join(reports, 'scale-out.json');
    const checks = path.join(reports, 'scale-out-checks.json');
    const ok = run('scale-out', 'node', ['scripts/scale-out.mjs'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, SCALE_OUT_REPORT: checks } });
    countPlaywright(file);
    if (existsSync(checks)) {
      const counted = JSON.parse(readFileSync(checks, 'utf8'));
      totals.passed += counted.passed;
      totals.failed += counted.failed;
    }
    return ok;
  },
];

let failed = false;
for (const step of steps) {
  if (!step()) {
    failed = true;
    break;
  }
}
console.info(`\n${timings.join(' · ')}`);
if (!process.env.TEST_DATABASE_URL) console.info('PostgreSQL leg not run: set TEST_DATABASE_URL to include it.');
console.info(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failed || totals.failed > 0 ? 1 : 0);

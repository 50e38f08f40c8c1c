#!/usr/bin/env node
// @ts-check
// `npm test -- scale-out`: the production shape of deploy/, run and hurt. nginx (the shipped
// template) in front of two web and two API instances in production mode, on a throwaway
// PostgreSQL database (TEST_DATABASE_URL names the server) and a redis-server of the step's
// own; codes go out by SMTP and the Aliyun SMS protocol to local fakes. Then:
//   1. codes, rate limits and sessions work whichever instance answers (direct requests);
//   2. the e2e journeys that write data (tag @writes) run through nginx while one API instance
//      is crashed with SIGKILL and restarted: they pass, nginx answered no request with a
//      gateway error, and no order is paid twice;
//   3. Redis is killed and restarted: the API answers 503 envelopes, then recovers by itself;
//   4. the database's backends are terminated twice under load: every instance stays up, the
//      affected requests answer 503 with Retry-After, the rest succeed;
//   5. with every API instance stopped, nginx answers the 503 envelope in the caller's language.
// Ports (override with SCALE_OUT_*_PORT): nginx 3450 (site) and 3451 (API), web 3460-3461,
// API 4450-4451, Redis 6390, fakes 2550-2552, the redirect target of the journeys 3469.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChecks } from './scale-out/checks.mjs';
import { crashWhenIdle, trackRequests } from './scale-out/crash.mjs';
import { startFakes, ALIYUN } from './scale-out/fakes.mjs';
import { readAccessLog, writeNginxConfig } from './scale-out/nginx.mjs';
import { ask, isOk, isUnavailable, load, tally } from './scale-out/outages.mjs';
import { alive, answers, killAllOnExit, lastError, start, stop, waitFor } from './scale-out/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pg = createRequire(import.meta.url)('pg');
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('scale-out needs TEST_DATABASE_URL (a PostgreSQL server where it may create a database)');
  process.exit(2);
}

const port = (/** @type {string} */ name, /** @type {number} */ fallback) => Number(process.env[`SCALE_OUT_${name}_PORT`] ?? fallback);
const nginxPort = port('NGINX', 3450);
const webPort = port('WEB', 3460);
const apiPort = port('API', 4450);
const redisPort = port('REDIS', 6390);
const fakesPort = port('FAKES', 2550);
const site = `http://127.0.0.1:${nginxPort}`;
const apiEdge = `http://127.0.0.1:${nginxPort + 1}`;
const webPorts = [webPort, webPort + 1];
const apiPorts = [apiPort, apiPort + 1];
const redirectPort = webPort + 9;

/** The payment sandbox in production, acknowledged: journeys pay on its confirm pages. */
const SANDBOX = { PAYMENT_SANDBOX: 'true', PAYMENT_SANDBOX_I_UNDERSTAND: 'anyone-can-pay-for-free' };

const work = mkdtempSync(path.join(tmpdir(), 'llk-scale-out-'));
// nginx's workers run as nobody when the step runs as root: they must reach their temp folders
chmodSync(work, 0o755);
const logDir = work;
const { check, totals } = createChecks();
const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
killAllOnExit();

/** The API as production runs it: compiled when the workspace has a build, else through tsx. */
function apiCommand() {
  const api = JSON.parse(readFileSync(path.join(root, 'apps/api/package.json'), 'utf8'));
  if (api.scripts?.build) {
    const built = spawnSync('npm', ['run', 'build', '-w', '@llk/api'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build -w @llk/api failed');
    return { command: process.execPath, args: ['--enable-source-maps', path.join(root, 'apps/api/dist/server.mjs')] };
  }
  return { command: process.execPath, args: ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')] };
}

/** The web build that the e2e steps use; built here only when `npm test -- scale-out` runs alone. */
function ensureWebBuild() {
  const dist = process.env.NEXT_DIST_DIR || '.next';
  if (existsSync(path.join(root, 'apps/web', dist, 'BUILD_ID'))) return;
  const built = spawnSync('npm', ['run', 'build', '-w', '@llk/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build -w @llk/web failed');
}

function redisReady() {
  return new Promise((resolve) => {
    const socket = connect(redisPort, '127.0.0.1');
    socket.setTimeout(1_000, () => socket.destroy());
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.end();
    });
  });
}

function startRedis() {
  const proc = start('redis', 'redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', work], { cwd: work, env: process.env, logDir });
  return proc;
}

function createDatabase() {
  const created = spawnSync(process.execPath, ['scripts/pg-database.mjs', 'create', /** @type {string} */ (adminUrl)], { cwd: root, encoding: 'utf8' });
  if (created.status !== 0) throw new Error(`could not create a database: ${created.stderr}`);
  return created.stdout.trim();
}

async function main() {
  ensureWebBuild();
  const api = apiCommand();
  const databaseUrl = createDatabase();
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  /** @type {import('./scale-out/processes.mjs').TProcess[]} */
  let apis = [];
  const webs = [];
  let nginx;
  let redis;
  const fakes = await startFakes({ smtp: fakesPort, aliyun: fakesPort + 1, codes: fakesPort + 2 });
  fakesRef = fakes;
  try {
    redis = startRedis();
    await waitFor('redis-server', redisReady, { timeoutMs: 10_000, proc: redis });

    // The same environment for every API instance: production, nothing kept in the process.
    const apiEnv = {
      ...process.env,
      NODE_ENV: 'production',
      API_HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      // debug: every request's lines (plugins/request-log.ts), which tell the crash when an
      // instance holds no request; at info only failed and slow requests are written
      LOG_LEVEL: 'debug',
      // nginx and the web instances, all on loopback here
      TRUST_PROXY: 'loopback',
      PUBLIC_ORIGIN: site,
      WEB_ORIGIN: site,
      CODE_SECRET: randomBytes(32).toString('base64url'),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
      REDEEM_CODE_PEPPER: randomBytes(32).toString('base64url'),
      REVALIDATE_SECRET: randomBytes(32).toString('base64url'),
      // each web instance keeps its own page cache: a publish asks every one (ADR 0019)
      REVALIDATE_URL: webPorts.map((port) => `http://127.0.0.1:${port}/api/revalidate`).join(','),
      // every journey asks for codes from 127.0.0.1
      CODE_IP_HOURLY_LIMIT: '1000',
      CODE_IP_DAILY_LIMIT: '1000',
      // the release editor's journey hashes a file the site serves on 127.0.0.1 (an internal artefact host)
      RELEASE_FETCH_PRIVATE_HOSTS: '127.0.0.1',
      SMTP_URL: fakes.smtpUrl,
      SMTP_FROM: 'LLK Remote <no-reply@scale-out.test>',
      ALIYUN_SMS_ENDPOINT: fakes.aliyunEndpoint,
      ALIYUN_SMS_ACCESS_KEY_ID: ALIYUN.accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: ALIYUN.accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: ALIYUN.signName,
      ALIYUN_SMS_TEMPLATE_CODE: ALIYUN.templateCode,
      ...SANDBOX,
      PAYMENT_PUBLIC_BASE: `${site}/api`,
      // shared by the instances, like a volume in compose: a charge made on one is confirmed on the other
      PAYMENT_SANDBOX_DIR: path.join(work, 'payment-sandbox'),
    };
    const startApi = (/** @type {number} */ index) =>
      start(`api-${index + 1}`, api.command, api.args, { cwd: path.join(root, 'apps/api'), env: { ...apiEnv, API_PORT: String(apiPorts[index]) }, logDir });
    // Both at once on the empty database, as a first deploy does: migrations and seed take turns under their lock.
    apis = apiPorts.map((_, index) => startApi(index));
    const upAtOnce = await Promise.all(
      apis.map((proc, index) => waitFor(`API ${index + 1}`, () => answers(`${direct(index)}/health`), { timeoutMs: 90_000, proc }).then(() => true, (error) => String(error.message))),
    );
    check('two API instances started at once on an empty database both come up', upAtOnce.every((up) => up === true), upAtOnce.filter((up) => up !== true));
    // One that did not is started again (the database is migrated by now), so the rest still runs.
    for (const [index, up] of upAtOnce.entries()) {
      if (up === true) continue;
      apis[index] = startApi(index);
      await waitFor(`API ${index + 1}, second start`, () => answers(`${direct(index)}/health`), { timeoutMs: 90_000, proc: apis[index] });
    }
    const requests = apis.map(trackRequests);

    for (const [index, port] of webPorts.entries()) {
      webs.push(
        start(`web-${index + 1}`, process.execPath, ['server.mjs', '-p', String(port)], {
          cwd: path.join(root, 'apps/web'),
          env: {
            ...process.env,
            NODE_ENV: 'production',
            API_URL: apiEdge,
            WEB_TRUST_PROXY: 'loopback',
            REDIRECT_ALLOWLIST: `http://127.0.0.1:${redirectPort}`,
            WX_APP_ID: 'wxe2e0000000000001',
            REVALIDATE_SECRET: apiEnv.REVALIDATE_SECRET,
            // the sandbox's confirm pages are forwarded to visitors only when production runs it knowingly
            ...SANDBOX,
            NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next',
          },
          logDir,
        }),
      );
    }
    const nginxConfig = writeNginxConfig({ root, dir: path.join(work, 'nginx'), site: nginxPort, api: nginxPort + 1, webPorts, apiPorts });
    nginx = start('nginx', existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx', nginxConfig.args, { cwd: work, env: process.env, logDir });
    await Promise.all(webs.map((proc, index) => waitFor(`web ${index + 1}`, () => answers(`http://127.0.0.1:${webPorts[index]}/en`), { proc })));
    await waitFor('nginx', () => answers(`${site}/nginx-health`), { timeoutMs: 10_000, proc: nginx });
    check('nginx serves the site and the API', (await answers(`${site}/en`)) && (await answers(`${apiEdge}/health`)) && (await answers(`${site}/api/health`)));

    await sharedState(fakes);
    // the journeys make redemption codes as `npm run codes:create` does: same database, same pepper
    const journeys = await runJourneys(apis, requests, startApi, nginxConfig.accessLog, { E2E_DATABASE_URL: databaseUrl, E2E_REDEEM_CODE_PEPPER: apiEnv.REDEEM_CODE_PEPPER });
    apis = journeys.apis;
    redis = await redisOutage(redis);
    await databaseFailover(apis, databaseName, journeys.token);
    await noDoublePayments(databaseUrl);
    await noApiLeft(apis);
  } finally {
    await Promise.all([...apis, ...webs, nginx, redis].filter(Boolean).map((proc) => stop(/** @type {any} */ (proc))));
    await fakes.close();
    spawnSync(process.execPath, ['scripts/pg-database.mjs', 'drop', databaseUrl], { cwd: root, stdio: 'inherit' });
  }
}

const post = (/** @type {string} */ url, /** @type {unknown} */ body, /** @type {Record<string, string>} */ headers = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
const envelope = async (/** @type {Response} */ response) => ({ status: response.status, ...(/** @type {{ errcode: number, data: any }} */ (await response.json())) });
const direct = (/** @type {number} */ index) => `http://127.0.0.1:${apiPorts[index]}`;
const uniqueDigits = () => `${Date.now() % 1e8}`.padStart(8, '0');

/** Codes, rate limits and sessions made on one instance and used on the other. */
async function sharedState(/** @type {Awaited<ReturnType<typeof startFakes>>} */ fakes) {
  console.info('\n▶ shared state across instances');
  const mobile = `137${uniqueDigits()}`;
  const sentAt = Date.now();
  const sent = await envelope(await post(`${direct(0)}/sms`, { mobile, smsType: 'SIGNUP' }));
  const code = await fakes.waitForCode(mobile, sentAt);
  const username = `so_${uniqueDigits()}`;
  const signup = await envelope(await post(`${direct(1)}/signup`, { username, mobile, code, password: 'Secret-2024', confirmPassword: 'Secret-2024' }));
  check('a code sent by instance 1 (Aliyun SMS fake) signs up on instance 2', sent.errcode === 0 && signup.errcode === 0, { sent: sent.errcode, signup: signup.errcode });
  const token = signup.data?.access_token ?? '';
  const info = await envelope(await fetch(`${direct(0)}/user/info`, { headers: { authorization: token } }));
  check('a session made on instance 2 is valid on instance 1', info.errcode === 0 && info.data?.username === username, info.errcode);

  const other = `137${uniqueDigits().slice(0, 7)}9`;
  const first = await envelope(await post(`${direct(0)}/sms`, { mobile: other, smsType: 'SIGNUP' }));
  const second = await envelope(await post(`${direct(1)}/sms`, { mobile: other, smsType: 'SIGNUP' }));
  check('one code per phone per 60 s across instances (10010 from the other instance)', first.errcode === 0 && second.status === 429 && second.errcode === 10010, { first: first.errcode, second: second.errcode });

  // /user/check: 30 look-ups per minute per client IP, wherever they land
  const ip = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
  const statuses = [];
  for (let i = 0; i < 31; i += 1) {
    const response = await post(`${direct(i % 2)}/user/check`, { type: 'ACCOUNT', value: `nobody_${i}` }, { 'x-forwarded-for': ip });
    statuses.push((await envelope(response)).errcode);
  }
  check('the 31st /user/check of one IP within a minute is refused (42900), alternating instances', statuses.slice(0, 30).every((errcode) => errcode === 0) && statuses[30] === 42900, statuses.slice(28));
}

/**
 * The @writes journeys through nginx; once the APIs have completed `KILL_AFTER` requests in
 * them, instance 1 is crashed with SIGKILL, and restarted `DOWN_MS` later.
 * @param {import('./scale-out/processes.mjs').TProcess[]} apis
 * @param {ReturnType<typeof trackRequests>[]} requests
 * @param {(index: number) => import('./scale-out/processes.mjs').TProcess} startApi
 * @param {string} accessLog
 * @param {Record<string, string>} codesEnv where the journeys' redemption codes are written (database, pepper)
 */
async function runJourneys(apis, requests, startApi, accessLog, codesEnv) {
  const KILL_AFTER = 150;
  const DOWN_MS = 10_000;
  console.info('\n▶ e2e journeys tagged @writes through nginx, one API instance crashed on the way');
  const before = readAccessLog(accessLog).length;
  const baseline = requests.reduce((sum, tracker) => sum + tracker.completed, 0);
  const playwright = start('playwright', 'npm', ['run', 'test', '-w', '@llk/e2e', '--', '--project', 'desktop', '--grep', '@writes', '--workers', '2'], {
    cwd: root,
    env: {
      ...process.env,
      E2E_BASE_URL: site,
      E2E_DIALECT: 'postgres',
      E2E_API_URL: apiEdge,
      E2E_CODE_SOURCE: `http://127.0.0.1:${fakesPort + 2}`,
      E2E_REDIRECT_PORT: String(redirectPort),
      ...codesEnv,
    },
    logDir,
  });
  playwright.onLine((line) => console.info(`    ${line}`));
  /** @type {{ tries: number, held: number, served: number, at: number } | undefined} */
  let crash;
  let restarted = false;
  let finished = false;
  const survivor = requests[1];
  const chaos = (async () => {
    while (!finished && requests.reduce((sum, tracker) => sum + tracker.completed, 0) - baseline < KILL_AFTER) await pause(100);
    if (finished) return;
    const served = requests[0]?.completed ?? 0;
    const outcome = await crashWhenIdle(/** @type {any} */ (apis[0]), /** @type {any} */ (requests[0]), /** @type {number} */ (apiPorts[0]));
    crash = { ...outcome, served, at: Date.now() };
    console.info(`    ✱ API 1 killed with SIGKILL after serving ${served} requests (${outcome.tries} look(s); requests it held: ${outcome.held}); restarting in ${DOWN_MS / 1000} s`);
    const servedBefore = survivor?.completed ?? 0;
    await pause(DOWN_MS);
    apis[0] = startApi(0);
    requests[0] = trackRequests(apis[0]);
    await waitFor('API 1 after the crash', () => answers(`${direct(0)}/health`), { timeoutMs: 60_000, proc: apis[0] });
    restarted = true;
    console.info(`    ✱ API 1 back; API 2 answered ${(survivor?.completed ?? 0) - servedBefore} requests meanwhile`);
  })();
  const code = await playwright.exited;
  finished = true;
  await chaos;

  const report = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
  const stats = report && existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')).stats : undefined;
  check('the journeys pass', code === 0 && (stats ? stats.unexpected === 0 && stats.expected > 0 : true), stats ? { passed: stats.expected, failed: stats.unexpected, flaky: stats.flaky } : `exit ${code}`);
  check('API 1 was crashed mid-run, having served journey requests, and came back', !!crash && crash.served > 0 && restarted, crash ? `${Math.round((Date.now() - crash.at) / 1000)} s before the end` : 'the journeys ended first');
  check('the crash held no request (none of a journey was lost in it)', crash?.held === 0, crash);
  const during = readAccessLog(accessLog).slice(before);
  // A 503 that an instance answered itself (an envelope such as 30001 share not configured) is
  // an answer; one that nginx made because no instance answered, or a 502/504, is a lost request.
  const lost = during.filter((entry) => [502, 504].includes(entry.status) || (entry.status === 503 && !entry.upstreamStatus.endsWith('503')));
  const retried = during.filter((entry) => entry.upstreamStatus.includes(','));
  check('nginx answered every journey request without a gateway error (502/503/504)', lost.length === 0, lost.length ? lost.slice(0, 5) : `${during.length} requests, ${retried.length} passed on to the other instance`);
  const token = await sharedToken();
  return { apis, token };
}

/** A fresh account's session for the load of the failover phase. */
async function sharedToken() {
  const username = `so_load_${uniqueDigits()}`;
  const mobile = `135${uniqueDigits()}`;
  const sentAt = Date.now();
  await post(`${apiEdge}/sms`, { mobile, smsType: 'SIGNUP' });
  const code = await fakesRef.waitForCode(mobile, sentAt);
  const signup = await envelope(await post(`${apiEdge}/signup`, { username, mobile, code, password: 'Secret-2024', confirmPassword: 'Secret-2024' }));
  return /** @type {string} */ (signup.data?.access_token ?? '');
}

/**
 * Redis killed: a route that needs it answers a 503 envelope on both instances; restarted: the
 * same route succeeds again, with the API processes untouched. Returns the new redis-server.
 * @param {import('./scale-out/processes.mjs').TProcess} redis
 */
async function redisOutage(redis) {
  console.info('\n▶ Redis killed and restarted');
  await stop(redis, 'SIGKILL');
  const lookUp = (/** @type {number} */ index) => ask(`${direct(index)}/user/check`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' }, body: JSON.stringify({ type: 'ACCOUNT', value: 'nobody' }) });
  const away = [await lookUp(0), await lookUp(1)];
  check('while Redis is away both instances answer /user/check with a 503 envelope and Retry-After', away.every(isUnavailable), away);
  const health = await envelope(await fetch(`${direct(0)}/health`));
  check('while Redis is away /health says degraded (200)', health.status === 200 && health.data?.status === 'degraded', { status: health.status, state: health.data?.status });
  const back = startRedis();
  await waitFor('redis-server again', redisReady, { timeoutMs: 10_000, proc: back });
  const recovered = [false, false];
  for (const index of [0, 1]) {
    await waitFor(`API ${index + 1} after Redis came back`, async () => isOk(await lookUp(index)), { timeoutMs: 20_000 }).then(
      () => (recovered[index] = true),
      () => undefined,
    );
  }
  check('after the restart both instances answer again by themselves', recovered.every(Boolean), recovered);
  return back;
}

/**
 * The database's backends terminated twice while both instances serve a steady load.
 * @param {import('./scale-out/processes.mjs').TProcess[]} apis
 * @param {string} databaseName
 * @param {string} token
 */
async function databaseFailover(apis, databaseName, token) {
  console.info('\n▶ the database backends terminated twice under load');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const terminated = [];
  try {
    /** @type {(value?: unknown) => void} */
    let resolve = () => undefined;
    const done = new Promise((settle) => (resolve = settle));
    const loadRun = load((i) => (i % 3 === 0 ? [`${direct(i % 2)}/news/list?page=1`] : [`${direct(i % 2)}/user/info`, { headers: { authorization: token } }]), done);
    for (const at of [1_000, 2_500]) {
      await pause(at === 1_000 ? at : at - 1_000);
      const result = await admin.query('SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [databaseName]);
      terminated.push(Number(result.rows[0].n));
    }
    await pause(2_500);
    resolve(undefined);
    const results = await loadRun;
    const unexpected = results.filter((answer) => !isOk(answer) && !isUnavailable(answer));
    check('both terminations cut live backends', terminated.every((n) => n > 0), terminated);
    check('every instance stayed up', apis.every(alive), apis.map((proc) => (alive(proc) ? 'up' : `exited ${proc.child.exitCode ?? proc.child.signalCode}: ${lastError(proc)}`)));
    check('every request answered 200, or 503 with Retry-After', unexpected.length === 0 && results.some(isOk), tally(results));
    const healthy = await Promise.all(apiPorts.map((_, index) => answers(`${direct(index)}/health`).catch(() => false)));
    check('afterwards both instances are healthy', healthy.every(Boolean), healthy);
  } finally {
    await admin.end();
  }
}

/** No order paid twice, and the journeys paid some. */
async function noDoublePayments(/** @type {string} */ databaseUrl) {
  console.info('\n▶ the orders in the database');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const paid = await client.query('SELECT count(*) AS n FROM orders WHERE paid_at IS NOT NULL');
    const twice = await client.query("SELECT order_id, count(*) AS n FROM payments WHERE state = 'PAID' GROUP BY order_id HAVING count(*) > 1");
    const appliedTwice = await client.query(
      "SELECT p.order_id, count(*) AS n FROM payment_notifications n JOIN payments p ON p.id = n.payment_id WHERE n.outcome = 'APPLIED' GROUP BY p.order_id HAVING count(*) > 1",
    );
    check('the journeys paid orders', Number(paid.rows[0].n) > 0, `${paid.rows[0].n} paid`);
    check('no order has two successful payments or two applied notifications', twice.rowCount === 0 && appliedTwice.rowCount === 0, { twice: twice.rows, appliedTwice: appliedTwice.rows });
  } finally {
    await client.end();
  }
}

/**
 * With every API instance stopped, nginx's API listener answers for them: the 503 envelope of
 * errors.serviceUnavailable in the caller's language, with Retry-After, also through the web.
 * @param {import('./scale-out/processes.mjs').TProcess[]} apis
 */
async function noApiLeft(apis) {
  console.info('\n▶ no API instance left');
  await Promise.all(apis.map((proc) => stop(proc)));
  const messages = (/** @type {string} */ locale) => JSON.parse(readFileSync(path.join(root, 'packages/contracts/messages', `${locale}.json`), 'utf8')).errors.serviceUnavailable;
  const cases = [
    ['en-GB,en;q=0.8', 'en'],
    ['zh-CN,zh;q=0.9', 'zh-CN'],
    ['zh-TW', 'zh-tw'],
    ['es', 'es'],
    ['fr-FR', 'fr'],
    ['ja', 'ja'],
    ['ko-KR', 'ko'],
  ];
  const wrong = [];
  for (const [language, locale] of cases) {
    for (const url of [`${apiEdge}/user/info`, `${site}/api/user/info`]) {
      const response = await fetch(url, { headers: { 'accept-language': /** @type {string} */ (language) } });
      const body = await response.json().catch(() => null);
      const ok = response.status === 503 && !!response.headers.get('retry-after') && body?.errcode === 50300 && body?.errmsg === messages(/** @type {string} */ (locale));
      if (!ok) wrong.push({ url, language, status: response.status, body });
    }
  }
  check('nginx answers a 503 envelope with Retry-After in each of the seven languages, directly and through the web', wrong.length === 0, wrong.slice(0, 3));
}

/** @type {Awaited<ReturnType<typeof startFakes>>} */
let fakesRef;
const started = Date.now();
try {
  await main();
} catch (error) {
  check('the scale-out step ran to the end', false, String(/** @type {Error} */ (error).stack ?? error));
}
console.info(`\nscale-out: ${totals.passed} checks passed, ${totals.failed} failed (${Math.round((Date.now() - started) / 1000)} s; logs in ${work})`);
if (process.env.SCALE_OUT_REPORT) writeFileSync(process.env.SCALE_OUT_REPORT, JSON.stringify(totals));
process.exit(totals.failed > 0 ? 1 : 0);

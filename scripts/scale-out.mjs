#!/usr/bin/env node
// @ts-check
// `npm test -- scale-out`: the production shape of deploy/, run and hurt. nginx (the shipped
// template) in front of two web and two API instances in production mode, on a throwaway
// PostgreSQL database (TEST_DATABASE_URL names the server) and a redis-server of the step's
// own; codes go out by SMTP and the Aliyun SMS protocol to local fakes. Then:
//   1. codes, rate limits and sessions work whichever instance answers (direct requests);
//   2. the faults, in turn (SCALE_OUT_PHASES=name,… runs only some):
//      journeys      the e2e journeys that write data (tag @writes) through nginx while one API
//                    instance is crashed with SIGKILL and restarted: they pass, nginx answered no
//                    request with a gateway error;
//      payments      an instance SIGKILLed while sandbox payments are being confirmed (their
//                    notifications in flight): every charge paid at the gateway is applied once;
//      terminations  the database's backends terminated twice under a load that orders and pays:
//                    every answer 200 or a 503 envelope, every instance up, every payment applied;
//      redis         Redis stopped under a mixed load (scale-out/redis-away.mjs);
//      worker        the instance running the sweep and reconciliation SIGKILLed mid-job: both
//                    run again on the other instance within two intervals (ADR 0023);
//      lock          a table locked for 15 s under load (scale-out/table-lock.mjs);
//      rolling       both API instances restarted in turn under load (scale-out/rolling-restart.mjs);
//      after each: no order paid twice, the ledger audited clean (`db:ledger`), and the sweep and
//      reconciliation (every 20 s here) ran again within two intervals of the fault's end;
//   3. with every API instance stopped, nginx answers the 503 envelope in the caller's language.
// Without nginx or redis-server it says what is missing before it creates anything; the
// throwaway database is dropped whatever happens.
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
import { createCommerce } from './scale-out/commerce.mjs';
import { crashWhenIdle, trackRequests } from './scale-out/crash.mjs';
import { startFakes, ALIYUN } from './scale-out/fakes.mjs';
import { readAccessLog, writeNginxConfig } from './scale-out/nginx.mjs';
import { createInvariants, ledgerAuditor } from './scale-out/invariants.mjs';
import { ask, isOk, isUnavailable, tally } from './scale-out/outages.mjs';
import { paymentsInFlight } from './scale-out/payments-in-flight.mjs';
import { redisAway } from './scale-out/redis-away.mjs';
import { rollingRestart } from './scale-out/rolling-restart.mjs';
import { tableLock } from './scale-out/table-lock.mjs';
import { alive, answers, killAllOnExit, lastError, start, stop, waitFor } from './scale-out/processes.mjs';
import { workerKilledMidJob } from './scale-out/worker-kill.mjs';

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
// cards too (ADR 0029): off by default in production, served by the sandbox here (the @writes card journey)
const SANDBOX = { PAYMENT_SANDBOX: 'true', PAYMENT_SANDBOX_I_UNDERSTAND: 'anyone-can-pay-for-free', PAYMENT_CARD: 'true' };

const work = mkdtempSync(path.join(tmpdir(), 'llk-scale-out-'));
// nginx's workers run as nobody when the step runs as root: they must reach their temp folders
chmodSync(work, 0o755);
const logDir = work;
const { check, totals, failures } = createChecks();
const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
killAllOnExit();

/** The API as production runs it: compiled when the workspace has a build, else through tsx. */
function apiCommand() {
  const api = JSON.parse(readFileSync(path.join(root, 'apps/api/package.json'), 'utf8'));
  if (api.scripts?.build) {
    const built = spawnSync('npm', ['run', 'build', '-w', '@llk/api'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build -w @llk/api failed');
    return { command: process.execPath, args: ['--enable-source-maps', path.join(root, 'apps/api/dist/server.mjs')], compiled: true };
  }
  return { command: process.execPath, args: ['--import', 'tsx', path.join(root, 'apps/api/src/composition/server.ts')], compiled: false };
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

/**
 * Durable, as production's is: a Redis killed and started again keeps what it held (every write
 * in its append-only file), so the sandbox gateway's charges survive the Redis fault like a real
 * gateway's, and cached rows written before the outage are there to come back after it (which
 * the Redis phase checks they do not, ADR 0025).
 */
function startRedis() {
  const proc = start(
    'redis',
    REDIS_SERVER,
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', work],
    {
      cwd: work,
      env: process.env,
      logDir,
    },
  );
  return proc;
}

function createDatabase() {
  const created = spawnSync(process.execPath, ['scripts/pg-database.mjs', 'create', /** @type {string} */ (adminUrl)], {
    cwd: root,
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`could not create a database: ${created.stderr}`);
  return created.stdout.trim();
}

/**
 * The jobs the faults are measured against: the ones run every few seconds here (ADR 0023), with
 * their expiry in the job registry (composition/jobs/registry.ts). 20 s is as short as the
 * worker fault allows: a run killed mid-job is retried after its hold lapses (15 s), a check
 * (5 s), the first retry's delay (5-10 s) and a poll, some 20-35 s, which must stay within two
 * intervals.
 * @type {import('./scale-out/invariants.mjs').TJob[]}
 */
const FREQUENT_JOBS = [
  { name: 'orders-sweep', everyMs: 20_000, expireMs: 60_000 },
  { name: 'payments-reconcile', everyMs: 20_000, expireMs: 60_000 },
];

/** SCALE_OUT_PHASES=payments,worker… runs only those faults (the set-up and the final checks always run). */
const only = (process.env.SCALE_OUT_PHASES ?? '').split(',').filter(Boolean);
const wanted = (/** @type {string} */ phase) => only.length === 0 || only.includes(phase);

/** The programs it runs: Debian's, or SCALE_OUT_NGINX / SCALE_OUT_REDIS_SERVER. */
const NGINX = process.env.SCALE_OUT_NGINX ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
const REDIS_SERVER = process.env.SCALE_OUT_REDIS_SERVER ?? 'redis-server';

/** What the step needs on the machine: named, with how to get it, before anything is created. */
function missingTools() {
  const has = (/** @type {string} */ command) => spawnSync(command, ['-v'], { stdio: 'ignore' }).error === undefined;
  const missing = [];
  if (!has(NGINX)) missing.push(`nginx (${NGINX}; Debian: apt-get install nginx)`);
  if (!has(REDIS_SERVER)) missing.push(`redis-server (${REDIS_SERVER}; Debian: apt-get install redis-server)`);
  return missing;
}

async function main() {
  const missing = missingTools();
  if (missing.length) {
    check(`the machine has what the step runs: missing ${missing.join(', ')}; scripts/ensure-system-deps.sh installs them`, false);
    return;
  }
  ensureWebBuild();
  const api = apiCommand();
  const databaseUrl = createDatabase();
  /** @type {import('./scale-out/processes.mjs').TProcess[]} */
  let apis = [];
  const webs = [];
  let nginx;
  let redis;
  /** @type {Awaited<ReturnType<typeof startFakes>> | undefined} */
  let fakes;
  try {
    await run(databaseUrl, api, {
      set: (/** @type {any} */ parts) => {
        if (parts.apis) apis = parts.apis;
        if (parts.webs) webs.push(...parts.webs);
        if (parts.nginx) nginx = parts.nginx;
        if (parts.redis) redis = parts.redis;
        if (parts.fakes) fakes = parts.fakes;
      },
    });
  } finally {
    await Promise.all([...apis, ...webs, nginx, redis].filter(Boolean).map((proc) => stop(/** @type {any} */ (proc))));
    await fakes?.close();
    spawnSync(process.execPath, ['scripts/pg-database.mjs', 'drop', databaseUrl], { cwd: root, stdio: 'inherit' });
  }
}

/**
 * Everything between creating the database and dropping it; what it starts is handed to `parts`
 * at once, so main() stops it whatever happens.
 * @param {string} databaseUrl
 * @param {{ command: string, args: string[], compiled: boolean }} api
 * @param {{ set: (parts: object) => void }} parts
 */
async function run(databaseUrl, api, parts) {
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  const fakes = await startFakes({ smtp: fakesPort, aliyun: fakesPort + 1, codes: fakesPort + 2 });
  parts.set({ fakes });
  let redis = startRedis();
  parts.set({ redis });
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
    ALIYUN_SMS_NOTICE_TEMPLATE_CODE: ALIYUN.noticeTemplateCode,
    // numbers outside mainland China (ADR 0027): the international route, to the same fake (which knows one sign and template)
    ALIYUN_SMS_INTL_ENDPOINT: fakes.aliyunEndpoint,
    ALIYUN_SMS_INTL_SIGN_NAME: ALIYUN.signName,
    ALIYUN_SMS_INTL_TEMPLATE_CODE: ALIYUN.templateCode,
    ALIYUN_SMS_INTL_NOTICE_TEMPLATE_CODE: ALIYUN.noticeTemplateCode,
    ...SANDBOX,
    PAYMENT_PUBLIC_BASE: `${site}/api`,
    // shared by the instances, like a volume in compose: a charge made on one is confirmed on the other
    PAYMENT_SANDBOX_DIR: path.join(work, 'payment-sandbox'),
    // the faults are measured against these jobs' intervals, production's are a minute
    ORDER_SWEEP_SECONDS: String(FREQUENT_JOBS[0]?.everyMs / 1000),
    PAYMENT_RECONCILE_SECONDS: String(FREQUENT_JOBS[1]?.everyMs / 1000),
    // reconciliation asks the gateway about a payment a minute old (the least it allows)
    PAYMENT_RECONCILE_AFTER_MINUTES: '1',
  };
  const startApi = (/** @type {number} */ index) =>
    start(`api-${index + 1}`, api.command, api.args, {
      cwd: path.join(root, 'apps/api'),
      env: { ...apiEnv, API_PORT: String(apiPorts[index]) },
      logDir,
    });
  // Both at once on the empty database, as a first deploy does: migrations and seed take turns under their lock.
  let apis = apiPorts.map((_, index) => startApi(index));
  parts.set({ apis });
  const upAtOnce = await Promise.all(
    apis.map((proc, index) =>
      waitFor(`API ${index + 1}`, () => answers(`${direct(index)}/health`), { timeoutMs: 90_000, proc }).then(
        () => true,
        (error) => String(error.message),
      ),
    ),
  );
  check(
    'two API instances started at once on an empty database both come up',
    upAtOnce.every((up) => up === true),
    upAtOnce.filter((up) => up !== true),
  );
  // One that did not is started again (the database is migrated by now), so the rest still runs.
  for (const [index, up] of upAtOnce.entries()) {
    if (up === true) continue;
    apis[index] = startApi(index);
    await waitFor(`API ${index + 1}, second start`, () => answers(`${direct(index)}/health`), { timeoutMs: 90_000, proc: apis[index] });
  }
  const requests = apis.map(trackRequests);

  const webs = [];
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
  parts.set({ webs });
  const nginxConfig = writeNginxConfig({ root, dir: path.join(work, 'nginx'), site: nginxPort, api: nginxPort + 1, webPorts, apiPorts });
  const nginx = start('nginx', NGINX, nginxConfig.args, { cwd: work, env: process.env, logDir });
  parts.set({ nginx });
  await Promise.all(
    webs.map((proc, index) => waitFor(`web ${index + 1}`, () => answers(`http://127.0.0.1:${webPorts[index]}/en`), { proc })),
  );
  await waitFor('nginx', () => answers(`${site}/nginx-health`), { timeoutMs: 10_000, proc: nginx });
  check(
    'nginx serves the site and the API',
    (await answers(`${site}/en`)) && (await answers(`${apiEdge}/health`)) && (await answers(`${site}/api/health`)),
  );

  const commerce = createCommerce({ apiEdge, waitForCode: fakes.waitForCode });
  const invariants = createInvariants({
    databaseUrl,
    check,
    jobs: FREQUENT_JOBS,
    ledgerAudit: ledgerAuditor({ root, env: { ...apiEnv, NODE_ENV: 'production' }, compiled: api.compiled }),
  });
  const restartApi = async (/** @type {number} */ index) => {
    apis[index] = startApi(index);
    requests[index] = trackRequests(/** @type {any} */ (apis[index]));
    parts.set({ apis });
    await waitFor(`API ${index + 1} again`, () => answers(`${direct(index)}/health`), { timeoutMs: 60_000, proc: apis[index] });
  };

  await sharedState(fakes);
  const loadAccount = await commerce.signUp('so_load');
  const token = loadAccount.token;
  /**
   * The faults, in turn. Each returns when its fault ended (a kill, an outage's end); after each,
   * the invariants hold and the frequent jobs run again within two intervals of that moment.
   * @type {[string, string, () => Promise<number>][]}
   */
  const faults = [
    [
      'journeys',
      'the journeys and a crash',
      async () => {
        const since = Date.now();
        // the journeys make redemption codes as `npm run codes:create` does: same database, same pepper
        await runJourneys(apis, requests, startApi, nginxConfig.accessLog, {
          E2E_DATABASE_URL: databaseUrl,
          E2E_REDEEM_CODE_PEPPER: apiEnv.REDEEM_CODE_PEPPER,
        });
        return since;
      },
    ],
    [
      'payments',
      'an instance killed with payments in flight',
      async () =>
        (
          await paymentsInFlight({
            check,
            commerce,
            kill: () => stop(/** @type {any} */ (apis[0]), 'SIGKILL'),
            restart: () => restartApi(0),
            expectApplied: (orderIds) => invariants.expectApplied('an instance killed with payments in flight', orderIds),
          })
        ).killedAt,
    ],
    [
      'terminations',
      'backends terminated under writes',
      async () => {
        await terminationsUnderWrites(apis, databaseName, token, commerce, (orderIds) =>
          invariants.expectApplied('backends terminated under writes', orderIds),
        );
        return Date.now();
      },
    ],
    [
      'redis',
      'Redis stopped',
      async () => {
        await redisAway({
          check,
          direct,
          token,
          pause,
          signUp: () => commerce.signUp('so_redis'),
          stopRedis: () => stop(redis, 'SIGKILL'),
          startRedis: async () => {
            redis = startRedis();
            parts.set({ redis });
            await waitFor('redis-server again', redisReady, { timeoutMs: 10_000, proc: redis });
          },
        });
        return Date.now();
      },
    ],
    [
      'worker',
      'a worker killed mid-job',
      async () =>
        (
          await workerKilledMidJob({
            check,
            databaseUrl,
            withClient: invariants.withClient,
            pids: () => apis.map((proc) => proc.child.pid),
            kill: (index) => stop(/** @type {any} */ (apis[index]), 'SIGKILL'),
            restart: restartApi,
            jobs: FREQUENT_JOBS,
            pg,
          })
        ).killedAt,
    ],
  ];
  /** @type {import('./scale-out/table-lock.mjs').TContext} */
  const loadContext = {
    check,
    direct,
    apiEdge,
    adminUrl: /** @type {string} */ (adminUrl),
    databaseUrl,
    token,
    password: loadAccount.password,
    apis,
    // SIGTERM, as a deployment does: the instance drains, exits and is started again
    restartApi: async (index) => {
      await stop(/** @type {any} */ (apis[index]), 'SIGTERM');
      await restartApi(index);
      return /** @type {any} */ (apis[index]);
    },
    alive,
    pause,
  };
  faults.push(
    [
      'lock',
      'a table locked for 15 s',
      async () => {
        await tableLock(loadContext);
        return Date.now();
      },
    ],
    [
      'rolling',
      'a rolling restart',
      async () => {
        await rollingRestart(loadContext);
        return Date.now();
      },
    ],
  );
  for (const [name, label, fault] of faults) {
    if (!wanted(name)) continue;
    const began = Date.now();
    const ended = await fault();
    await invariants.after(label, ended);
    console.info(`  (${name}: ${Math.round((Date.now() - began) / 1000)} s)`);
  }
  // a notification lost in a fault is applied by reconciliation: a minute old, asked every 20 s
  console.info('\n▶ every payment taken at the gateway applied');
  await invariants.settle(120_000, /** @type {number} */ (FREQUENT_JOBS[1]?.everyMs));
  await noDoublePayments(databaseUrl, ['journeys', 'payments', 'terminations'].some(wanted));
  await noApiLeft(apis);
}

const post = (/** @type {string} */ url, /** @type {unknown} */ body, /** @type {Record<string, string>} */ headers = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
const envelope = async (/** @type {Response} */ response) => ({
  status: response.status,
  .../** @type {{ errcode: number, data: any }} */ (await response.json()),
});
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
  const signup = await envelope(
    await post(`${direct(1)}/signup`, { username, mobile, code, password: 'Secret-2024', confirmPassword: 'Secret-2024' }),
  );
  check('a code sent by instance 1 (Aliyun SMS fake) signs up on instance 2', sent.errcode === 0 && signup.errcode === 0, {
    sent: sent.errcode,
    signup: signup.errcode,
  });
  const token = signup.data?.access_token ?? '';
  const info = await envelope(await fetch(`${direct(0)}/user/info`, { headers: { authorization: token } }));
  check('a session made on instance 2 is valid on instance 1', info.errcode === 0 && info.data?.username === username, info.errcode);

  const other = `137${uniqueDigits().slice(0, 7)}9`;
  const first = await envelope(await post(`${direct(0)}/sms`, { mobile: other, smsType: 'SIGNUP' }));
  const second = await envelope(await post(`${direct(1)}/sms`, { mobile: other, smsType: 'SIGNUP' }));
  check(
    'one code per phone per 60 s across instances (10010 from the other instance)',
    first.errcode === 0 && second.status === 429 && second.errcode === 10010,
    { first: first.errcode, second: second.errcode },
  );

  // /user/check: 30 look-ups per minute per client IP, wherever they land
  const ip = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
  const statuses = [];
  for (let i = 0; i < 31; i += 1) {
    const response = await post(`${direct(i % 2)}/user/check`, { type: 'ACCOUNT', value: `nobody_${i}` }, { 'x-forwarded-for': ip });
    statuses.push((await envelope(response)).errcode);
  }
  check(
    'the 31st /user/check of one IP within a minute is refused (42900), alternating instances',
    statuses.slice(0, 30).every((errcode) => errcode === 0) && statuses[30] === 42900,
    statuses.slice(28),
  );
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
  const playwright = start(
    'playwright',
    'npm',
    ['run', 'test', '-w', '@llk/e2e', '--', '--project', 'desktop', '--grep', '@writes', '--workers', '2'],
    {
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
    },
  );
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
    const outcome = await crashWhenIdle(
      /** @type {any} */ (apis[0]),
      /** @type {any} */ (requests[0]),
      /** @type {number} */ (apiPorts[0]),
    );
    crash = { ...outcome, served, at: Date.now() };
    console.info(
      `    ✱ API 1 killed with SIGKILL after serving ${served} requests (${outcome.tries} look(s); requests it held: ${outcome.held}); restarting in ${DOWN_MS / 1000} s`,
    );
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
  const json = report && existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
  const stats = json?.stats;
  check(
    'the journeys pass',
    code === 0 && (stats ? stats.unexpected === 0 && stats.expected > 0 : true),
    stats
      ? {
          passed: stats.expected,
          failed: stats.unexpected,
          flaky: stats.flaky,
          ...(stats.unexpected ? { which: failedJourneys(json) } : {}),
        }
      : `exit ${code}`,
  );
  check(
    'API 1 was crashed mid-run, having served journey requests, and came back',
    !!crash && crash.served > 0 && restarted,
    crash ? `${Math.round((Date.now() - crash.at) / 1000)} s before the end` : 'the journeys ended first',
  );
  const during = readAccessLog(accessLog).slice(before);
  // A 503 that an instance answered itself (an envelope such as 30001 share not configured) is
  // an answer; one that nginx made because no instance answered, or a 502/504, is a lost request.
  const lost = during.filter(
    (entry) => [502, 504].includes(entry.status) || (entry.status === 503 && !entry.upstreamStatus.endsWith('503')),
  );
  const retried = during.filter((entry) => entry.upstreamStatus.includes(','));
  // A request that reached the stopped instance between the idle look and the kill is held: it is
  // lost unless nginx passed it on (a GET, or the read-only POST /order/quote, deploy/nginx).
  check(
    'the crash lost no request: it held none, or nginx passed each one it held to the other instance',
    !!crash && (crash.held === 0 || (lost.length === 0 && retried.length >= crash.held)),
    { ...crash, retried: retried.length },
  );
  check(
    'nginx answered every journey request without a gateway error (502/503/504)',
    lost.length === 0,
    lost.length ? lost.slice(0, 5) : `${during.length} requests, ${retried.length} passed on to the other instance`,
  );
  return { apis };
}

/**
 * The journeys of a Playwright JSON report that failed, as "file:line title", so the step's
 * summary names them.
 * @param {{ suites?: any[] }} json
 * @returns {string[]}
 */
function failedJourneys(json) {
  /** @type {string[]} */
  const failed = [];
  const walk = (/** @type {any} */ suite) => {
    for (const spec of suite.specs ?? [])
      if ((spec.tests ?? []).some((/** @type {{ status: string }} */ test) => test.status === 'unexpected'))
        failed.push(`${spec.file}:${spec.line} ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of json.suites ?? []) walk(suite);
  return failed;
}

/**
 * The database's backends terminated twice while both instances serve a load that writes: order
 * creation, charges confirmed on the sandbox (so payment notifications), and signed-in reads.
 * Every API answer is 200 or a 503 envelope with Retry-After; every instance stays up; every
 * charge the gateway took is applied exactly once (by its notification, or by reconciliation).
 * @param {import('./scale-out/processes.mjs').TProcess[]} apis
 * @param {string} databaseName
 * @param {string} token
 * @param {import('./scale-out/commerce.mjs').TCommerce} commerce
 * @param {(orderIds: string[]) => void} expectApplied
 */
async function terminationsUnderWrites(apis, databaseName, token, commerce, expectApplied) {
  console.info('\n▶ the database backends terminated twice under a load that writes');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  /** @type {import('./scale-out/outages.mjs').TAnswer[]} */
  const results = [];
  /** @type {number[]} */
  const pages = [];
  /** @type {{ orderId: string, codeUrl: string }[]} */
  const charges = [];
  let stopped = false;
  const asked = (/** @type {string} */ url, /** @type {RequestInit} */ init = {}) =>
    ask(url, { ...init, headers: { authorization: token, 'content-type': 'application/json', ...init.headers } });
  const worker = async (/** @type {number} */ index) => {
    for (let i = 0; !stopped; i += 1) {
      const base = direct((index + i) % 2);
      if (i % 3 === 0) results.push(await asked(`${base}/user/info`));
      else if (i % 3 === 1)
        results.push(await asked(`${base}/order/createV2`, { method: 'POST', body: JSON.stringify({ skuId: 'MEMBER_MONTH' }) }));
      else {
        // a whole payment through nginx: order, charge, Confirm (the notification follows)
        try {
          const order = await commerce.order(token);
          const charge = await commerce.charge(token, order.id);
          charges.push(charge);
          pages.push(await commerce.confirm(charge.codeUrl));
        } catch (error) {
          const { answer } = /** @type {{ answer?: import('./scale-out/outages.mjs').TAnswer }} */ (error);
          results.push(
            answer ?? { status: 0, retryAfter: null, errcode: null, error: String(/** @type {Error} */ (error).message).slice(0, 200) },
          );
        }
      }
    }
  };
  const terminated = [];
  try {
    const workers = Promise.all(Array.from({ length: 6 }, (_, index) => worker(index)));
    for (const wait of [1_500, 2_000]) {
      await pause(wait);
      const result = await admin.query(
        'SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [databaseName],
      );
      terminated.push(Number(result.rows[0].n));
    }
    await pause(2_500);
    stopped = true;
    await workers;
  } finally {
    await admin.end();
  }
  const unexpected = results.filter((answer) => !isOk(answer) && !isUnavailable(answer));
  check(
    'both terminations cut live backends',
    terminated.every((n) => n > 0),
    terminated,
  );
  check(
    'every instance stayed up',
    apis.every(alive),
    apis.map((proc) => (alive(proc) ? 'up' : `exited ${proc.child.exitCode ?? proc.child.signalCode}: ${lastError(proc)}`)),
  );
  check('every API answer under the write load was 200, or 503 with Retry-After', unexpected.length === 0 && results.some(isOk), {
    ...tally(results),
    unexpected: unexpected.slice(0, 3),
  });
  /** @type {Record<string, number>} */
  const byPage = {};
  for (const status of pages) byPage[status] = (byPage[status] ?? 0) + 1;
  const paidAtGateway = [];
  for (const charge of charges) if (await commerce.paidAtGateway(charge.codeUrl)) paidAtGateway.push(charge.orderId);
  check(
    'payments were made during the terminations',
    paidAtGateway.length > 0,
    `${paidAtGateway.length} paid at the gateway, confirm pages ${JSON.stringify(byPage)}`,
  );
  expectApplied(paidAtGateway);
  const healthy = await Promise.all(apiPorts.map((_, index) => answers(`${direct(index)}/health`).catch(() => false)));
  check('afterwards both instances are healthy', healthy.every(Boolean), healthy);
}

/** No order paid twice, and the journeys paid some. */
async function noDoublePayments(/** @type {string} */ databaseUrl, /** @type {boolean} */ somePaid) {
  console.info('\n▶ the orders in the database');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const paid = await client.query('SELECT count(*) AS n FROM orders WHERE paid_at IS NOT NULL');
    const twice = await client.query(
      "SELECT order_id, count(*) AS n FROM payments WHERE state = 'PAID' GROUP BY order_id HAVING count(*) > 1",
    );
    const appliedTwice = await client.query(
      "SELECT p.order_id, count(*) AS n FROM payment_notifications n JOIN payments p ON p.id = n.payment_id WHERE n.outcome = 'APPLIED' GROUP BY p.order_id HAVING count(*) > 1",
    );
    if (somePaid) check('orders were paid along the way', Number(paid.rows[0].n) > 0, `${paid.rows[0].n} paid`);
    check('no order has two successful payments or two applied notifications', twice.rowCount === 0 && appliedTwice.rowCount === 0, {
      twice: twice.rows,
      appliedTwice: appliedTwice.rows,
    });
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
  const messages = (/** @type {string} */ locale) =>
    JSON.parse(readFileSync(path.join(root, 'packages/contracts/messages', `${locale}.json`), 'utf8')).errors.serviceUnavailable;
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
      const ok =
        response.status === 503 &&
        !!response.headers.get('retry-after') &&
        body?.errcode === 50300 &&
        body?.errmsg === messages(/** @type {string} */ (locale));
      if (!ok) wrong.push({ url, language, status: response.status, body });
    }
  }
  check(
    'nginx answers a 503 envelope with Retry-After in each of the seven languages, directly and through the web',
    wrong.length === 0,
    wrong.slice(0, 3),
  );
}

const started = Date.now();
try {
  await main();
} catch (error) {
  check('the scale-out step ran to the end', false, String(/** @type {Error} */ (error).stack ?? error));
}
// the failures once more at the end, so the tail of a log names them
if (failures.length) console.error(`\nscale-out: the checks that failed:\n${failures.join('\n')}`);
console.info(
  `\nscale-out: ${totals.passed} checks passed, ${totals.failed} failed (${Math.round((Date.now() - started) / 1000)} s; logs in ${work})`,
);
if (process.env.SCALE_OUT_REPORT) writeFileSync(process.env.SCALE_OUT_REPORT, JSON.stringify(totals));
process.exit(totals.failed > 0 ? 1 : 0);

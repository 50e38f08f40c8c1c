// @ts-check
// A slow database never hangs a request (docs/adr/0026): `users` locked for 15 s by another
// session while a mixed load runs through nginx and straight at the instances. Every answer must
// come within the API's budget (pool wait 5 s + statement timeout 5 s, the defaults) as a 200 or
// the API's 503 envelope with Retry-After; nginx must make no gateway error of its own; the first
// requests after the release answer 200; no instance exits.
import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const pg = createRequire(import.meta.url)('pg');

const LOCK_MS = 15_000;
/** DB_POOL_WAIT_MS + DB_STATEMENT_TIMEOUT_MS (their defaults), and 2 s for the machine and the hops. */
export const BUDGET_MS = 5_000 + 5_000 + 2_000;
const WORKERS = 20;
/** Of the workers, this many log in: parallel attempts on one account count against its throttle. */
const LOGIN_WORKERS = 2;
/** The password of the account behind ctx.token (the step's sharedToken() signs up with it). */
const DEFAULT_PASSWORD = 'Secret-2024';

/**
 * @typedef {{ check(name: string, ok: boolean, detail?: unknown): boolean, direct(index: number): string, apiEdge: string, adminUrl: string,
 *   databaseUrl: string, token: string, password?: string, apis: import('./processes.mjs').TProcess[],
 *   restartApi(index: number): Promise<import('./processes.mjs').TProcess>, alive(proc: import('./processes.mjs').TProcess): boolean,
 *   pause(ms: number): Promise<unknown> }} TContext
 * @typedef {{ kind: string, via: string, status: number, errcode: number | null, retryAfter: string | null, fromApi: boolean, ms: number, data?: any, error?: string }} TTimedAnswer
 */

/**
 * One request, timed; a network failure is an answer too (status 0). `fromApi`: an instance
 * answered (it echoes X-Request-Id), not nginx's own 503 for a 502 or 504.
 * @returns {Promise<TTimedAnswer>}
 */
export async function timedAsk(
  /** @type {string} */ kind,
  /** @type {string} */ via,
  /** @type {string} */ url,
  /** @type {RequestInit} */ init = {},
) {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(90_000) });
    const text = await response.text();
    /** @type {{ errcode?: number, data?: any } | null} */
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not an envelope
    }
    return {
      kind,
      via,
      status: response.status,
      errcode: typeof body?.errcode === 'number' ? body.errcode : null,
      retryAfter: response.headers.get('retry-after'),
      fromApi: response.headers.has('x-request-id'),
      ms: performance.now() - started,
      data: body?.data,
    };
  } catch (error) {
    return {
      kind,
      via,
      status: 0,
      errcode: null,
      retryAfter: null,
      fromApi: false,
      ms: performance.now() - started,
      error: String(/** @type {Error} */ (error).cause ?? error),
    };
  }
}

export const isOkAnswer = (/** @type {TTimedAnswer} */ answer) => answer.status === 200 && answer.errcode === 0;
/** The API's own 503 envelope (errcode 50300) with Retry-After. */
export const isApiUnavailable = (/** @type {TTimedAnswer} */ answer) =>
  answer.status === 503 && answer.errcode === 50300 && !!answer.retryAfter && answer.fromApi;

/** Answers counted by "kind via status/errcode". */
export function byStatus(/** @type {TTimedAnswer[]} */ answers) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const answer of answers) {
    const key = `${answer.kind} ${answer.via} ${answer.status === 0 ? `no answer (${answer.error})` : `${answer.status}/${answer.errcode}${answer.fromApi ? '' : ' (nginx)'}`}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** @param {TContext} ctx */
export async function tableLock(ctx) {
  console.info(`\n▶ users locked for ${LOCK_MS / 1000} s under a mixed load (through nginx and directly)`);
  const { check } = ctx;
  const me = await timedAsk('user/info', 'nginx', `${ctx.apiEdge}/user/info`, { headers: { authorization: ctx.token } });
  const account = /** @type {string | undefined} */ (me.data?.username ?? undefined);
  check('the account behind the token is known (for its log-ins)', isOkAnswer(me) && !!account, { status: me.status, errcode: me.errcode });
  const password = ctx.password ?? DEFAULT_PASSWORD;
  const bases = [
    ['nginx', ctx.apiEdge],
    ['api-1', ctx.direct(0)],
    ['api-2', ctx.direct(1)],
  ];

  /** @returns {Promise<TTimedAnswer>} */
  const ask = (/** @type {number} */ worker, /** @type {number} */ i) => {
    const [via, base] = /** @type {[string, string]} */ (bases[(worker + i) % bases.length]);
    if (worker < LOGIN_WORKERS) {
      // an address of its own per attempt: the per-IP log-in throttle stays out of the figures
      const ip = `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
      return timedAsk('log-in', via, `${base}/h5Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ loginType: 'account', account, password }),
      });
    }
    return i % 2 === 0
      ? timedAsk('user/info', via, `${base}/user/info`, { headers: { authorization: ctx.token } })
      : timedAsk('news/list', via, `${base}/news/list?page=1`);
  };

  const locker = new pg.Client({ connectionString: lockerUrl(ctx) });
  await locker.connect();
  /** @type {TTimedAnswer[]} */
  const during = [];
  /** @type {TTimedAnswer[]} */
  let after = [];
  try {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
    const until = performance.now() + LOCK_MS;
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, worker) => {
        for (let i = 0; performance.now() < until; i += 1) during.push(await ask(worker, i));
      }),
    );
    await locker.query('ROLLBACK');
    // right after the release: the same mix at once, one log-in among them
    after = await Promise.all(Array.from({ length: WORKERS }, (_, worker) => ask(worker === 0 ? 0 : LOGIN_WORKERS + worker, worker)));
  } finally {
    await locker.end().catch(() => undefined);
  }

  const slowest = during.reduce(
    (worst, answer) => (answer.ms > worst.ms ? answer : worst),
    /** @type {TTimedAnswer} */ ({ ms: 0, kind: '-', via: '-' }),
  );
  console.info(`    answers while locked: ${JSON.stringify(byStatus(during))}`);
  console.info(
    `    slowest: ${Math.round(slowest.ms)} ms (${slowest.kind} via ${slowest.via}, ${slowest.status}); budget ${BUDGET_MS} ms, lock ${LOCK_MS} ms`,
  );
  const wrong = during.filter((answer) => !isOkAnswer(answer) && !isApiUnavailable(answer));
  check(
    `every answer while locked is 200 or the API's 503 envelope with Retry-After`,
    during.length > 0 && wrong.length === 0,
    wrong.length ? byStatus(wrong) : `${during.length} answers`,
  );
  check(
    `every answer while locked came within the budget (${BUDGET_MS} ms, the lock held ${LOCK_MS} ms)`,
    slowest.ms < BUDGET_MS,
    `slowest ${Math.round(slowest.ms)} ms`,
  );
  const gateway = during.filter(
    (answer) => answer.via === 'nginx' && ([502, 504].includes(answer.status) || (answer.status === 503 && !answer.fromApi)),
  );
  check(
    'nginx made no gateway error (502/504, or its own 503 for one)',
    gateway.length === 0,
    gateway.length ? byStatus(gateway) : undefined,
  );
  const met = during.filter((answer) => (answer.kind === 'log-in' || answer.kind === 'user/info') && isApiUnavailable(answer));
  check('the lock was met: requests that read users were refused with the 503 envelope in time', met.length > 0, `${met.length} refused`);
  const afterWrong = after.filter((answer) => !isOkAnswer(answer) || answer.ms >= BUDGET_MS);
  check(
    `right after the release ${after.length} requests at once answer 200 within the budget`,
    after.length === WORKERS && afterWrong.length === 0,
    afterWrong.length ? afterWrong.slice(0, 5) : `slowest ${Math.round(Math.max(...after.map((answer) => answer.ms)))} ms`,
  );
  check(
    'no API instance exited',
    ctx.apis.every((proc) => ctx.alive(proc)),
    ctx.apis.map((proc) => (ctx.alive(proc) ? 'up' : `${proc.name} exited`)),
  );
}

/** The step's database as the superuser of adminUrl: it may lock any table there. */
function lockerUrl(/** @type {TContext} */ ctx) {
  const url = new URL(ctx.adminUrl);
  url.pathname = new URL(ctx.databaseUrl).pathname;
  return url.href;
}

// @ts-check
// Redis killed for 20 s under load, then started again (docs/adr/0025-store-outage.md). Both API
// instances keep serving the account area from the database: signed-in reads, order creation and
// the order list answer 200 within 100 ms (p99); what only the store can do safely (codes, the
// log-in back-off, rate limits) answers the 503 envelope with Retry-After in the caller's
// language; sessions ended while Redis is away are refused on both instances at once and stay
// refused after it is back; every instance stays up and uses Redis again by itself.
import { readFileSync } from 'node:fs';

/** The outage and its bound (ADR 0025). */
const OUTAGE_MS = 20_000;
const P99_BOUND_MS = 100;
const LOAD_WORKERS = 6;

/**
 * @typedef {{
 *   check: (name: string, ok: boolean, detail?: unknown) => boolean,
 *   direct: (index: number) => string,
 *   stopRedis: () => Promise<unknown>,
 *   startRedis: () => Promise<unknown>,
 *   token: string,
 *   signUp: () => Promise<{ token: string, mobile: string }>,
 *   pause: (ms: number) => Promise<unknown>,
 * }} TRedisAwayContext
 * @typedef {{ status: number, errcode: number | null, retryAfter: string | null, errmsg: string | null, ms: number, path: string, error?: string }} TTimedAnswer
 */

/** errors.serviceUnavailable as the contracts write it. */
const unavailableText = (/** @type {string} */ locale) =>
  JSON.parse(readFileSync(new URL(`../../packages/contracts/messages/${locale}.json`, import.meta.url), 'utf8')).errors.serviceUnavailable;

/**
 * One request, timed; a network failure is an answer too (status 0).
 * @param {string} url
 * @param {RequestInit} [init]
 * @returns {Promise<TTimedAnswer>}
 */
async function timed(url, init = {}) {
  const path = new URL(url).pathname;
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    const ms = performance.now() - started;
    /** @type {{ errcode?: number, errmsg?: string }} */
    let body = {};
    try {
      body = JSON.parse(text);
    } catch {
      // not an envelope
    }
    return {
      status: response.status,
      errcode: body.errcode ?? null,
      errmsg: body.errmsg ?? null,
      retryAfter: response.headers.get('retry-after'),
      ms,
      path,
    };
  } catch (error) {
    return {
      status: 0,
      errcode: null,
      errmsg: null,
      retryAfter: null,
      ms: performance.now() - started,
      path,
      error: String(/** @type {Error} */ (error).cause ?? error),
    };
  }
}

const json = (/** @type {string} */ token, /** @type {unknown} */ body, /** @type {Record<string, string>} */ headers = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}), ...headers },
  body: JSON.stringify(body ?? {}),
});
const signedIn = (/** @type {string} */ token) => ({ headers: { authorization: token } });

/** An envelope's body (an empty object when the answer is not one). */
async function envelope(/** @type {string} */ url, /** @type {RequestInit} */ init = {}) {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    return /** @type {{ errcode?: number, data?: any }} */ (await response.json());
  } catch {
    return {};
  }
}

/** The p-th percentile (0–1) of some figures. */
function percentile(/** @type {number[]} */ values, /** @type {number} */ share) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
}

/** "status/errcode" → count, for a report line. */
function byStatus(/** @type {TTimedAnswer[]} */ answers) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const answer of answers) {
    const key = answer.status === 0 ? `no answer (${answer.error})` : `${answer.status}/${answer.errcode}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const isOk = (/** @type {TTimedAnswer} */ answer) => answer.status === 200 && answer.errcode === 0;
const isRefused = (/** @type {TTimedAnswer} */ answer) => answer.status === 401 && answer.errcode === 40100;

/**
 * The mixed load of the account area against both instances until `stop` resolves: signed-in
 * reads, order creation and the order list, in turn.
 * @param {TRedisAwayContext} ctx
 * @param {string} skuId
 * @param {Promise<unknown>} stop
 */
async function mixedLoad(ctx, skuId, stop) {
  /** @type {TTimedAnswer[]} */
  const answers = [];
  let stopped = false;
  void stop.then(() => (stopped = true));
  let next = 0;
  await Promise.all(
    Array.from({ length: LOAD_WORKERS }, async () => {
      while (!stopped && answers.length < 50_000) {
        const i = next++;
        const base = ctx.direct(i % 2);
        const kind = Math.floor(i / 2) % 3;
        answers.push(
          kind === 0
            ? await timed(`${base}/user/info`, signedIn(ctx.token))
            : kind === 1
              ? await timed(`${base}/order/createV2`, json(ctx.token, { skuId }))
              : await timed(`${base}/order/list?page=1&pageSize=10`, signedIn(ctx.token)),
        );
      }
    }),
  );
  return answers;
}

/** Whether a session is refused (401) on both instances, 20 calls at once on each. */
async function refusedEverywhere(/** @type {TRedisAwayContext} */ ctx, /** @type {string} */ token) {
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => timed(`${ctx.direct(i % 2)}/user/info`, signedIn(token))));
  return { refused: answers.every(isRefused), answers: byStatus(answers) };
}

/** @param {TRedisAwayContext} ctx */
export async function redisAway(ctx) {
  console.info(`\n▶ Redis away for ${OUTAGE_MS / 1000} s under the account area's load`);
  const pricing = await envelope(`${ctx.direct(0)}/memberPricing/detail/v2`);
  /** @type {{ prices: { skuId: string }[] }[]} */
  const plans = pricing.data?.plans ?? [];
  const skuId = plans.flatMap((plan) => plan.prices)[0]?.skuId ?? '';
  ctx.check('the price list names a membership SKU to order', pricing.errcode === 0 && skuId !== '', skuId || pricing.errcode);

  // sessions to end while Redis is away: one logged out on instance 1, one ended from another
  // session of its account on instance 2 (a second session by access key); all read on both
  // instances first, so they sit in Redis's cache and in both instances' memory
  const leaver = await ctx.signUp();
  const owner = await ctx.signUp();
  const key = String((await envelope(`${ctx.direct(0)}/accessKey`, signedIn(owner.token))).data?.accessKey ?? '');
  const second = String(
    (await envelope(`${ctx.direct(1)}/tokenByAccessKeyV2?accessKey=${encodeURIComponent(key)}`)).data?.access_token ?? '',
  );
  const warm = await Promise.all(
    [ctx.token, leaver.token, owner.token, second].flatMap((token) =>
      [0, 1].map((index) => timed(`${ctx.direct(index)}/user/info`, signedIn(token))),
    ),
  );
  ctx.check('before: every session is valid on both instances', second !== '' && warm.every(isOk), byStatus(warm));

  await ctx.stopRedis();
  const outageStarted = Date.now();
  /** @type {(value?: unknown) => void} */
  let endLoad = () => undefined;
  const loadRun = mixedLoad(ctx, skuId, new Promise((resolve) => (endLoad = resolve)));

  await ctx.pause(1_000);
  const logout = await timed(`${ctx.direct(0)}/logout`, json(leaver.token, {}));
  const revokeOthers = await timed(`${ctx.direct(1)}/user/sessions/revokeOthers`, json(owner.token, {}));
  ctx.check(
    'while Redis is away, log-out (instance 1) and ending the other session (instance 2) succeed',
    isOk(logout) && isOk(revokeOthers),
    { logout: byStatus([logout]), revokeOthers: byStatus([revokeOthers]) },
  );
  const endedDuring = [await refusedEverywhere(ctx, leaver.token), await refusedEverywhere(ctx, second)];
  ctx.check(
    'while Redis is away, both ended sessions are refused on both instances at once',
    endedDuring.every((result) => result.refused),
    endedDuring.map((result) => result.answers),
  );
  const ownerStays = await Promise.all([0, 1].map((index) => timed(`${ctx.direct(index)}/user/info`, signedIn(owner.token))));
  ctx.check(
    'while Redis is away, the session that ended the other stays valid on both instances',
    ownerStays.every(isOk),
    byStatus(ownerStays),
  );

  // what needs the store: codes, the log-in back-off, rate limits — in the caller's language
  /** @type {[string, string][]} */
  const languages = [
    ['en-GB,en;q=0.8', 'en'],
    ['ja-JP,ja;q=0.9', 'ja'],
  ];
  /** @type {{ language: string, what: string, answer: TTimedAnswer }[]} */
  const closed = [];
  for (const [index, [header, locale]] of languages.entries()) {
    const base = ctx.direct(index);
    const headers = { 'accept-language': header };
    const mobile = `136${String(Date.now() % 1e8).padStart(8, '0')}`;
    closed.push({ language: locale, what: '/sms', answer: await timed(`${base}/sms`, json('', { mobile, smsType: 'SIGNUP' }, headers)) });
    closed.push({
      language: locale,
      what: '/h5Login',
      answer: await timed(
        `${base}/h5Login`,
        json('', { loginType: 'account', account: 'nobody_redis_away', password: 'Secret-2024' }, headers),
      ),
    });
  }
  const envelopes = closed.filter(
    ({ language, answer }) =>
      answer.status === 503 && answer.errcode === 50300 && !!answer.retryAfter && answer.errmsg === unavailableText(language),
  );
  ctx.check(
    'while Redis is away, /sms and /h5Login answer the 503 envelope with Retry-After in the caller’s language (en, ja)',
    envelopes.length === closed.length,
    closed.map(
      ({ language, what, answer }) =>
        `${what} ${language}: ${answer.status}/${answer.errcode} ${answer.retryAfter ? 'Retry-After ' : ''}${answer.errmsg} (${answer.ms.toFixed(0)} ms)`,
    ),
  );

  await ctx.pause(Math.max(0, OUTAGE_MS - (Date.now() - outageStarted)));
  endLoad();
  const load = await loadRun;
  const awayFor = Date.now() - outageStarted;
  await ctx.startRedis();

  const latencies = load.map((answer) => answer.ms);
  const figures = {
    requests: load.length,
    byStatus: byStatus(load),
    byPath: Object.fromEntries(
      ['/user/info', '/order/createV2', '/order/list'].map((path) => [path, load.filter((answer) => answer.path === path).length]),
    ),
    p50: `${percentile(latencies, 0.5).toFixed(1)} ms`,
    p99: `${percentile(latencies, 0.99).toFixed(1)} ms`,
    max: `${Math.max(0, ...latencies).toFixed(1)} ms`,
    awayFor: `${(awayFor / 1000).toFixed(1)} s`,
  };
  console.info(`    load while Redis was away: ${JSON.stringify(figures)}`);
  ctx.check(
    'while Redis is away, signed-in reads, order creation and the order list all answer 200 on both instances',
    load.length > 0 && load.every(isOk) && Object.values(figures.byPath).every((count) => count > 0),
    figures.byStatus,
  );
  ctx.check(`while Redis is away, those answers take at most ${P99_BOUND_MS} ms (p99)`, percentile(latencies, 0.99) <= P99_BOUND_MS, {
    p50: figures.p50,
    p99: figures.p99,
    max: figures.max,
  });

  // back: each instance closes its breaker by itself (a code can be sent again), and nothing
  // that was ended comes back
  const recovered = [false, false];
  for (const index of [0, 1]) {
    const deadline = Date.now() + 20_000;
    while (!recovered[index] && Date.now() < deadline) {
      const mobile = `136${String((Date.now() + index) % 1e8).padStart(8, '0')}`;
      recovered[index] = isOk(await timed(`${ctx.direct(index)}/sms`, json('', { mobile, smsType: 'SIGNUP' })));
      if (!recovered[index]) await ctx.pause(250);
    }
  }
  ctx.check('after Redis is back, both instances send codes again by themselves', recovered.every(Boolean), recovered);
  const endedAfter = [await refusedEverywhere(ctx, leaver.token), await refusedEverywhere(ctx, second)];
  ctx.check(
    'after Redis is back, both sessions ended during the outage are still refused on both instances',
    endedAfter.every((result) => result.refused),
    endedAfter.map((result) => result.answers),
  );
  const live = await Promise.all(
    [ctx.token, owner.token].flatMap((token) => [0, 1].map((index) => timed(`${ctx.direct(index)}/user/info`, signedIn(token)))),
  );
  ctx.check('after Redis is back, the sessions nobody ended are valid on both instances', live.every(isOk), byStatus(live));
  const health = await Promise.all([0, 1].map((index) => timed(`${ctx.direct(index)}/health`)));
  ctx.check('every instance stayed up and is healthy', health.every(isOk), byStatus(health));
}

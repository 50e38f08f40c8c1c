// @ts-check
// Outages of the shared services while every instance keeps running: Redis killed and
// restarted, and the database's backends terminated (what a PostgreSQL failover or restart
// does to the connections of every client).

/** @typedef {{ status: number, retryAfter: string | null, errcode: number | null, error?: string }} TAnswer */

/**
 * One request; network failures are answers too (status 0), so a lost request is counted.
 * @returns {Promise<TAnswer>}
 */
export async function ask(/** @type {string} */ url, /** @type {RequestInit} */ init = {}) {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    let errcode = null;
    try {
      errcode = /** @type {{ errcode: number }} */ (JSON.parse(text)).errcode;
    } catch {
      // not an envelope
    }
    return { status: response.status, retryAfter: response.headers.get('retry-after'), errcode };
  } catch (error) {
    return { status: 0, retryAfter: null, errcode: null, error: String(/** @type {Error} */ (error).cause ?? error) };
  }
}

/** A 503 envelope (errcode 50300) with Retry-After. */
export const isUnavailable = (/** @type {TAnswer} */ answer) => answer.status === 503 && answer.errcode === 50300 && !!answer.retryAfter;
export const isOk = (/** @type {TAnswer} */ answer) => answer.status === 200 && answer.errcode === 0;

/**
 * Runs `workers` request loops over `requests` until `stop` resolves; returns every answer.
 * @param {(i: number) => [string, RequestInit?]} pick the i-th request
 * @param {Promise<unknown>} stop
 */
export async function load(pick, stop, workers = 6) {
  /** @type {TAnswer[]} */
  const answers = [];
  let stopped = false;
  void stop.then(() => (stopped = true));
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!stopped && answers.length < 20_000) {
        const [url, init] = pick(next++);
        answers.push(await ask(url, init));
      }
    }),
  );
  return answers;
}

/** Counts answers by "status errcode" for a report line. */
export function tally(/** @type {TAnswer[]} */ answers) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const answer of answers) {
    const key =
      answer.status === 0 ? `no answer (${answer.error})` : `${answer.status}/${answer.errcode}${answer.retryAfter ? ' Retry-After' : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

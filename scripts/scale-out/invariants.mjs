// @ts-check
// What must hold after every fault of the scale-out step: no order paid twice, no payment the
// gateway took left unapplied, the ledger balanced and equal to the money it records, and the
// frequent jobs running again within two of their intervals (ADR 0023).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const pg = createRequire(import.meta.url)('pg');
const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A frequent job as the topology configures it: its interval, and its expiry in the job registry
 * (past it the run is told to stop, so a run that started ends within it).
 * @typedef {{ name: string, everyMs: number, expireMs: number }} TJob
 */

/**
 * How long after `since` the first successful run of `job` that started within two intervals of
 * `since` started; null when none did. The bound is on the start, as ADR 0023 states it: a run
 * that started in time but has not ended when the two intervals are over is waited for until it
 * ends (up to the job's expiry more), so a slow run on a busy machine is not taken for a missing
 * one; once no run of the window is still running, the answer is known.
 * @param {(work: (client: any) => Promise<any>) => Promise<any>} withClient
 * @param {TJob} job
 * @param {number} since
 * @returns {Promise<number | null>}
 */
export async function nextRun(withClient, job, since) {
  const windowEnd = since + 2 * job.everyMs;
  for (;;) {
    const [row] = await withClient(
      async (client) =>
        (
          await client.query(
            `SELECT min(started_at) FILTER (WHERE outcome = 'SUCCEEDED') AS succeeded, count(*) FILTER (WHERE outcome = 'RUNNING') AS running
               FROM job_runs WHERE job = $1 AND started_at >= $2 AND started_at <= $3`,
            [job.name, new Date(since).toISOString(), new Date(windowEnd).toISOString()],
          )
        ).rows,
    );
    if (row?.succeeded) return new Date(row.succeeded).getTime() - since;
    const now = Date.now();
    if (now > windowEnd && (Number(row?.running ?? 0) === 0 || now > windowEnd + job.expireMs)) return null;
    await pause(500);
  }
}

/**
 * @param {{ databaseUrl: string, check: (name: string, ok: boolean, detail?: unknown) => boolean, ledgerAudit: () => Promise<{ ok: boolean, output: string }>, jobs: TJob[] }} options
 */
export function createInvariants({ databaseUrl, check, ledgerAudit, jobs }) {
  /** @template T @param {(client: any) => Promise<T>} work @returns {Promise<T>} */
  async function withClient(work) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  /** Orders with two successful payments or two applied notifications. */
  const paidTwice = () =>
    withClient(async (client) => {
      const twice = await client.query(
        "SELECT order_id, count(*) AS n FROM payments WHERE state = 'PAID' GROUP BY order_id HAVING count(*) > 1",
      );
      const applied = await client.query(
        "SELECT p.order_id, count(*) AS n FROM payment_notifications n JOIN payments p ON p.id = n.payment_id WHERE n.outcome = 'APPLIED' GROUP BY p.order_id HAVING count(*) > 1",
      );
      return [...twice.rows, ...applied.rows];
    });

  /**
   * The first successful run of each job that started within two intervals of `since` (see
   * nextRun): `{ job, afterMs }`, afterMs null when none did. The jobs are watched side by side.
   */
  async function jobsRanAgain(/** @type {number} */ since) {
    return Promise.all(jobs.map(async (job) => ({ job: job.name, everyMs: job.everyMs, afterMs: await nextRun(withClient, job, since) })));
  }

  /** How many PAID payments each order has (1 is right). */
  async function ordersPaid(/** @type {string[]} */ orderIds) {
    const rows = await withClient(
      async (client) =>
        (
          await client.query(
            "SELECT o.id, count(p.id) FILTER (WHERE p.state = 'PAID') AS n FROM orders o LEFT JOIN payments p ON p.order_id = o.id WHERE o.id = ANY($1) GROUP BY o.id",
            [orderIds],
          )
        ).rows,
    );
    return new Map(rows.map((/** @type {{ id: string, n: string }} */ row) => [row.id, Number(row.n)]));
  }

  /** Orders whose charge the gateway holds as paid, by the fault they were paid in. */
  /** @type {{ fault: string, orderIds: string[], at: number }[]} */
  const expected = [];

  return {
    paidTwice,
    withClient,
    /**
     * These orders' charges are paid at the gateway: each must end with exactly one applied
     * payment, by its notification or, when that was lost, by reconciliation (a minute later).
     * Checked by `settle()`, so the step does not wait for reconciliation after every fault.
     */
    expectApplied(/** @type {string} */ fault, /** @type {string[]} */ orderIds) {
      expected.push({ fault, orderIds, at: Date.now() });
    },
    /**
     * Waits until every expected order is applied once, up to `withinMs` after the last payment
     * fault and at least two reconciliation intervals from now, then checks each fault's.
     */
    async settle(/** @type {number} */ withinMs, /** @type {number} */ reconcileEveryMs) {
      if (expected.length === 0) return;
      const all = expected.flatMap((entry) => entry.orderIds);
      const deadline = Math.max(Math.max(...expected.map((entry) => entry.at)) + withinMs, Date.now() + 2 * reconcileEveryMs);
      let paid = await ordersPaid(all);
      while (all.some((orderId) => paid.get(orderId) !== 1) && Date.now() < deadline) {
        await pause(1_000);
        paid = await ordersPaid(all);
      }
      for (const { fault, orderIds, at } of expected) {
        const unapplied = orderIds.filter((orderId) => paid.get(orderId) !== 1);
        check(
          `${fault}: every charge the gateway holds as paid has its order paid exactly once (by its notification or by reconciliation)`,
          orderIds.length > 0 && unapplied.length === 0,
          `${orderIds.length} paid at the gateway, ${unapplied.length} not applied ${Math.round((Date.now() - at) / 1000)} s later`,
        );
      }
    },
    /**
     * After a fault that ended at `since`: nothing paid twice, the ledger audited clean, each
     * frequent job ran again within two intervals. Prints the jobs' delays.
     */
    async after(/** @type {string} */ fault, /** @type {number} */ since) {
      // the three looks at once: the audit is a process of its own, the jobs' wait mostly idle
      const [twice, audit, ran] = await Promise.all([paidTwice(), ledgerAudit(), jobsRanAgain(since)]);
      check(`after ${fault}: no order paid twice or applied twice`, twice.length === 0, twice.length ? twice.slice(0, 5) : undefined);
      check(
        `after ${fault}: the ledger sums to 0 and every account equals the payments, refunds and commissions`,
        audit.ok,
        audit.ok ? undefined : audit.output.slice(0, 800),
      );
      check(
        `after ${fault}: every frequent job ran again within two intervals`,
        ran.every((job) => job.afterMs !== null),
        ran
          .map(
            (job) =>
              `${job.job} ${job.afterMs === null ? 'not in time' : `${(job.afterMs / 1000).toFixed(1)} s`} (2 × ${job.everyMs / 1000} s)`,
          )
          .join(', '),
      );
      return ran;
    },
  };
}

/**
 * `db:ledger` of the compiled CLI (or tsx) against the step's database.
 * @param {{ root: string, env: NodeJS.ProcessEnv, compiled: boolean }} options
 */
export function ledgerAuditor({ root, env, compiled }) {
  /** @returns {Promise<{ ok: boolean, output: string }>} */
  return () =>
    new Promise((resolve) => {
      const args = compiled ? ['apps/api/dist/cli.mjs', 'ledger'] : ['--import', 'tsx', 'apps/api/src/composition/setup/cli.ts', 'ledger'];
      const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('error', (error) => (output += `could not start: ${error.message}`));
      child.on('close', (status) => {
        clearTimeout(timer);
        resolve({ ok: status === 0, output: output.trim() });
      });
    });
}

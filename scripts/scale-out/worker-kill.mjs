// @ts-check
// A worker killed mid-job (ADR 0023). The orders sweep and the payments reconciliation are held
// in the middle of a run by a lock on their tables; the instance whose worker holds the sweep is
// killed with SIGKILL; the lock is released. The job must run again, on the surviving instance,
// within two of its intervals, and its queue must not wait for any expiry of minutes.
// Then the completion lost: the runs held again, the lock released while the database cuts every
// connection of the job runners for 5 s (a failover just as the runs end and mark their jobs
// done). The jobs must run again within two intervals, never two runs of one job at once.
import { nextRun } from './invariants.mjs';

const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{
 *   check: (name: string, ok: boolean, detail?: unknown) => boolean,
 *   databaseUrl: string,
 *   withClient: <T>(work: (client: any) => Promise<T>) => Promise<T>,
 *   pids: () => (number | undefined)[],
 *   kill: (index: number) => Promise<void>,
 *   restart: (index: number) => Promise<void>,
 *   jobs: import('./invariants.mjs').TJob[],
 *   pg: any,
 * }} ctx
 */
export async function workerKilledMidJob({ check, databaseUrl, withClient, pids, kill, restart, jobs, pg }) {
  console.info('\n▶ a worker killed mid-job');
  const locker = new pg.Client({ connectionString: databaseUrl, application_name: 'scale-out-lock' });
  await locker.connect();
  /** @type {{ job: string, index: number, killedAt: number, nextAfterMs: number | null, everyMs: number }[]} */
  const measured = [];
  let killedAt = Date.now();
  try {
    await locker.query('BEGIN');
    // Both jobs read these first; a run that meets the lock waits inside its run, holding its job.
    await locker.query('LOCK TABLE orders, payments IN ACCESS EXCLUSIVE MODE');
    const lockedAt = new Date(Date.now() - 1_000).toISOString();
    /** @type {Map<string, { instance: string, started_at: string }>} */
    const running = new Map();
    const deadline = Date.now() + 2 * Math.max(...jobs.map((job) => job.everyMs)) + 10_000;
    while (running.size < jobs.length && Date.now() < deadline) {
      const rows = await withClient(
        async (client) =>
          (
            await client.query(
              "SELECT job, instance, started_at FROM job_runs WHERE outcome = 'RUNNING' AND job = ANY($1) AND started_at >= $2",
              [jobs.map((job) => job.name), lockedAt],
            )
          ).rows,
      );
      for (const row of rows) running.set(row.job, row);
      await pause(250);
    }
    const sweep = running.get(/** @type {string} */ (jobs[0]?.name));
    check(
      'the jobs were caught mid-run, held by the lock',
      !!sweep,
      Object.fromEntries([...running].map(([job, row]) => [job, row.instance])),
    );
    if (!sweep) return { measured, killedAt };
    const holderPid = Number(sweep.instance.split(':').at(-1));
    const index = pids().indexOf(holderPid);
    check('the sweep runs on one of the two API instances', index >= 0, { holderPid, pids: pids() });
    if (index < 0) return { measured, killedAt };
    const victims = jobs.filter((job) => running.get(job.name)?.instance === sweep.instance);
    killedAt = Date.now();
    await kill(index);
    console.info(`    ✱ API ${index + 1} (pid ${holderPid}) killed holding ${victims.map((job) => job.name).join(' and ')}`);
    await locker.query('ROLLBACK');

    for (const job of victims) {
      const nextAfterMs = await nextRun(withClient, job, killedAt);
      measured.push({ job: job.name, index, killedAt, nextAfterMs, everyMs: job.everyMs });
    }
    const abandoned = await withClient(
      async (client) =>
        (
          await client.query("SELECT job, error FROM job_runs WHERE instance = $1 AND outcome = 'FAILED' AND error LIKE 'abandoned%'", [
            sweep.instance,
          ])
        ).rows,
    );
    for (const entry of measured) {
      check(
        `${entry.job}: the next run after the kill, on the surviving instance, within two intervals`,
        entry.nextAfterMs !== null && entry.nextAfterMs <= 2 * entry.everyMs,
        entry.nextAfterMs === null
          ? 'no run in time'
          : `${(entry.nextAfterMs / 1000).toFixed(1)} s after the kill (2 × ${entry.everyMs / 1000} s)`,
      );
    }
    check(
      'the killed runs are marked abandoned',
      victims.every((job) => abandoned.some((row) => row.job === job.name)),
      abandoned.map((row) => row.job),
    );
    await restart(index);
    await completionLost({
      check,
      locker,
      withClient,
      jobs,
      deadline: Date.now() + 2 * Math.max(...jobs.map((job) => job.everyMs)) + 10_000,
    });
  } finally {
    await locker.query('ROLLBACK').catch(() => undefined);
    await locker.end().catch(() => undefined);
  }
  return { measured, killedAt };
}

/** The job runners' connections (pg-boss's and the jobs' pool, jobs/pg-boss-runner.ts, plugins/db.ts). */
const JOB_CONNECTIONS = ['llk-api-jobs', 'llk-api-jobs-db'];

/**
 * @param {{ check: (name: string, ok: boolean, detail?: unknown) => boolean, locker: any, withClient: <T>(work: (client: any) => Promise<T>) => Promise<T>, jobs: import('./invariants.mjs').TJob[], deadline: number }} ctx
 */
async function completionLost({ check, locker, withClient, jobs, deadline }) {
  const names = jobs.map((job) => job.name);
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE orders, payments IN ACCESS EXCLUSIVE MODE');
  const heldSince = new Date(Date.now() - 1_000).toISOString();
  /** @type {Set<string>} */
  const held = new Set();
  while (held.size < jobs.length && Date.now() < deadline) {
    const rows = await withClient(
      async (client) =>
        (
          await client.query("SELECT job FROM job_runs WHERE outcome = 'RUNNING' AND job = ANY($1) AND started_at >= $2", [
            names,
            heldSince,
          ])
        ).rows,
    );
    for (const row of rows) held.add(row.job);
    await pause(250);
  }
  check('the jobs were held mid-run again', held.size === jobs.length, [...held]);
  let cut = 0;
  const cutUntil = Date.now() + 5_000;
  const cutting = (async () => {
    while (Date.now() < cutUntil) {
      const result = await withClient((client) =>
        client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ANY($1) AND pid <> pg_backend_pid()',
          [JOB_CONNECTIONS],
        ),
      ).catch(() => undefined);
      cut += result?.rowCount ?? 0;
      await pause(50);
    }
  })();
  // the held runs go on and end while their connections are being cut
  await locker.query('ROLLBACK');
  await cutting;
  const cutEnded = Date.now();
  check('the database cut the job runners’ connections as the runs ended', cut > 0, `${cut} connections terminated in 5 s`);
  for (const job of jobs) {
    const afterMs = await nextRun(withClient, job, cutEnded);
    const runs = await withClient(
      async (client) =>
        (
          await client.query('SELECT started_at, finished_at FROM job_runs WHERE job = $1 AND started_at >= $2 ORDER BY started_at', [
            job.name,
            heldSince,
          ])
        ).rows,
    );
    const overlapping = runs.filter(
      (/** @type {{ started_at: string }} */ run, /** @type {number} */ i) =>
        i > 0 && (!runs[i - 1].finished_at || run.started_at < runs[i - 1].finished_at),
    );
    check(
      `${job.name}: after its completion met terminated connections, a next run within two intervals, none beside another`,
      afterMs !== null && afterMs <= 2 * job.everyMs && overlapping.length === 0,
      `${afterMs === null ? 'no run in time' : `${(afterMs / 1000).toFixed(1)} s after the cuts ended`} (2 × ${job.everyMs / 1000} s); ${runs.length} runs since, ${overlapping.length} overlapping`,
    );
  }
}

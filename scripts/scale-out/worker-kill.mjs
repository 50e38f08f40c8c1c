// @ts-check
// A worker killed mid-job (ADR 0023). The orders sweep and the payments reconciliation are held
// in the middle of a run by a lock on their tables; the instance whose worker holds the sweep is
// killed with SIGKILL; the lock is released. The job must run again, on the surviving instance,
// within two of its intervals, and its queue must not wait for any expiry of minutes.

const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{
 *   check: (name: string, ok: boolean, detail?: unknown) => boolean,
 *   databaseUrl: string,
 *   withClient: <T>(work: (client: any) => Promise<T>) => Promise<T>,
 *   pids: () => (number | undefined)[],
 *   kill: (index: number) => Promise<void>,
 *   restart: (index: number) => Promise<void>,
 *   jobs: { name: string, everyMs: number }[],
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
          (await client.query("SELECT job, instance, started_at FROM job_runs WHERE outcome = 'RUNNING' AND job = ANY($1) AND started_at >= $2", [jobs.map((job) => job.name), lockedAt]))
            .rows,
      );
      for (const row of rows) running.set(row.job, row);
      await pause(250);
    }
    const sweep = running.get(/** @type {string} */ (jobs[0]?.name));
    check('the jobs were caught mid-run, held by the lock', !!sweep, Object.fromEntries([...running].map(([job, row]) => [job, row.instance])));
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
      const until = killedAt + 2 * job.everyMs;
      let nextAfterMs = null;
      while (Date.now() < until + 1_000) {
        const rows = await withClient(
          async (client) =>
            (await client.query("SELECT min(started_at) AS at FROM job_runs WHERE job = $1 AND outcome = 'SUCCEEDED' AND started_at >= $2", [job.name, new Date(killedAt).toISOString()])).rows,
        );
        if (rows[0]?.at) {
          nextAfterMs = Date.parse(rows[0].at) - killedAt;
          break;
        }
        await pause(500);
      }
      measured.push({ job: job.name, index, killedAt, nextAfterMs, everyMs: job.everyMs });
    }
    const abandoned = await withClient(
      async (client) => (await client.query("SELECT job, error FROM job_runs WHERE instance = $1 AND outcome = 'FAILED' AND error LIKE 'abandoned%'", [sweep.instance])).rows,
    );
    for (const entry of measured) {
      check(
        `${entry.job}: the next run after the kill, on the surviving instance, within two intervals`,
        entry.nextAfterMs !== null && entry.nextAfterMs <= 2 * entry.everyMs,
        entry.nextAfterMs === null ? 'no run in time' : `${(entry.nextAfterMs / 1000).toFixed(1)} s after the kill (2 × ${entry.everyMs / 1000} s)`,
      );
    }
    check('the killed runs are marked abandoned', victims.every((job) => abandoned.some((row) => row.job === job.name)), abandoned.map((row) => row.job));
    await restart(index);
  } finally {
    await locker.query('ROLLBACK').catch(() => undefined);
    await locker.end().catch(() => undefined);
  }
  return { measured, killedAt };
}

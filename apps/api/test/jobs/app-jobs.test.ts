import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../src/composition/app';
import { createDatabase, type DatabaseHandle } from '../../src/infrastructure/db/database';
import { type JobDefinition } from '../../src/infrastructure/jobs/job';
import { type PgBossRunner } from '../../src/infrastructure/jobs/pg-boss-runner';
import { createTestDatabase, testDialects, withPgClient, type TestDatabase } from '../databases';
import { buildTestApp } from '../helper';
import { gate, listRecentRuns, type JobRun } from './support';

// Two API instances (two apps, each with its own pool and pg-boss) on one PostgreSQL database:
// a job runs once per slot whichever instance asks, never beside itself, and is retried with a
// growing delay. Waiting here is for the other instance's worker, not for a schedule.

const HOUR = 3_600_000;

/** What `read` returns once `until` holds (another instance's worker is doing the work). */
async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (until(value)) return value;
    await delay(50);
  }
  throw new Error('the expected state was not reached');
}

const APP_JOBS = [
  { name: 'orders-sweep', everyMs: 60_000 },
  { name: 'payments-reconcile', everyMs: 60_000 },
  { name: 'payments-reconcile-bills', everyMs: 3_600_000 },
  { name: 'referrals-mature-commissions', everyMs: 3_600_000 },
  { name: 'cloud-pc-expire-machines', everyMs: 60_000 },
  { name: 'sessions-purge', everyMs: 3_600_000 },
  { name: 'connection-sessions-lost', everyMs: 30_000 },
  { name: 'connection-records-retention', everyMs: 3_600_000 },
  { name: 'accounts-erase', everyMs: 3_600_000 },
];

describe.each(testDialects())('the app’s background jobs ($dialect)', ({ dialect }) => {
  it(`run on ${dialect === 'postgres' ? 'pg-boss (schema JOBS_SCHEMA)' : 'the in-process runner'}, every one of them, none with an interval of 0`, async () => {
    const test = await createTestDatabase(dialect);
    const url = process.env.TEST_DATABASE_URL ?? '';
    const bossSchema = `${test.schema ?? 'none'}_boss`;
    // The runner follows DATABASE_URL, as in production (tests otherwise keep the in-process one).
    const env: Record<string, string> = dialect === 'postgres' ? { DATABASE_URL: url, JOBS_SCHEMA: bossSchema } : {};
    const logs: Record<string, unknown>[] = [];
    const app = await buildTestApp(test.handle, { logs, env });
    const noSweep = await buildTestApp(test.handle, { env: { ...env, ORDER_SWEEP_SECONDS: '0', PAYMENT_RECONCILE_SECONDS: '0' } });
    try {
      expect(app.jobs.kind).toBe(dialect === 'postgres' ? 'pg-boss' : 'in-process');
      const started = logs.find((line) => line.msg === 'job runner started') as { jobs: { name: string; everyMs: number }[] } | undefined;
      expect(started?.jobs).toEqual(APP_JOBS);
      if (dialect === 'postgres') {
        const queues = await (app.jobs as PgBossRunner).boss.getQueues();
        expect(queues.map((queue) => [queue.name, queue.policy]).sort()).toEqual(APP_JOBS.map((job) => [job.name, 'stately']).sort());
      }

      await app.jobs.runNow('sessions-purge');
      const runs = await eventually(
        () => listRecentRuns(test.handle.db, { job: 'sessions-purge' }),
        (list) => list.some((run) => run.outcome === 'SUCCEEDED'),
      );
      expect(runs).toMatchObject([{ outcome: 'SUCCEEDED', result: '{"purged":0}', attempt: 1 }]);
      await expect(noSweep.jobs.runNow('orders-sweep')).rejects.toThrow('unknown job orders-sweep');
    } finally {
      await app.close();
      await noSweep.close();
      if (dialect === 'postgres') await withPgClient(url, (client) => client.query(`drop schema if exists ${bossSchema} cascade`));
      await test.cleanup();
    }
  });
});

describe.each(testDialects().filter(({ dialect }) => dialect === 'postgres'))('pg-boss job runner, two instances ($dialect)', () => {
  const url = process.env.TEST_DATABASE_URL ?? '';
  let test: TestDatabase;
  let bossSchema: string;
  let second: DatabaseHandle;
  const apps: App[] = [];
  const runner = (index: number) => apps[index]?.jobs as PgBossRunner;

  const held = gate();
  const failoverHeld = gate();
  const failoverRuns: number[] = [];
  const applicationName = `llk_jobs_${Math.random().toString(36).slice(2, 10)}`;
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);
  const overlapEvents: string[] = [];
  const onceRuns: string[] = [];
  let retryAttempts: number[] = [];

  function jobs(instance: string): JobDefinition[] {
    return [
      { name: 'test-once', everyMs: HOUR, expireSeconds: 60, run: async () => void onceRuns.push(instance) },
      {
        name: 'test-overlap',
        everyMs: HOUR,
        expireSeconds: 60,
        run: async () => {
          overlapEvents.push(`start ${overlapEvents.length === 0 ? 'first' : 'second'}`);
          if (overlapEvents.length === 1) await held.promise;
          overlapEvents.push('end');
        },
      },
      {
        name: 'test-failover',
        everyMs: HOUR,
        expireSeconds: 60,
        run: async () => {
          failoverRuns.push(failoverRuns.length + 1);
          if (failoverRuns.length === 1) await failoverHeld.promise;
        },
      },
      {
        name: 'test-retry',
        everyMs: HOUR,
        expireSeconds: 60,
        run: async ({ attempt }) => {
          retryAttempts.push(attempt);
          if (attempt < 3) throw new Error(`attempt ${attempt} failed`);
          return { attempt };
        },
      },
    ];
  }

  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    test = await createTestDatabase('postgres');
    bossSchema = `${test.schema}_boss`;
    second = createDatabase({ dialect: 'postgres', url }, { schema: test.schema, poolSize: 4 });
    // Started at the same moment, as a deployment's instances are: the first creates pg-boss's
    // schema and queues while the other waits.
    const started = await Promise.all(
      [test.handle, second].map((handle, index) =>
        buildTestApp(handle, {
          deps: {
            jobs: {
              runner: {
                kind: 'pg-boss',
                connectionString: url,
                schema: bossSchema,
                retry: { limit: 3, delayMs: 1_000 },
                pollingIntervalSeconds: 0.5,
                applicationName,
              },
              jobs: jobs(index === 0 ? 'a' : 'b'),
            },
          },
        }),
      ),
    );
    apps.push(...started);
  });

  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    held.open();
    failoverHeld.open();
    for (const app of apps) await app.close();
    await second?.destroy();
    if (bossSchema) await withPgClient(url, (client) => client.query(`drop schema if exists ${bossSchema} cascade`));
    await test?.cleanup();
  });

  const runsOf = (job: string, until: (runs: JobRun[]) => boolean) => eventually(() => listRecentRuns(test.handle.db, { job }), until);
  /** The wait pg-boss set passes at once: the retry is due now. */
  const dueNow = (job: string) =>
    withPgClient(url, (client) => client.query(`update ${bossSchema}.job set start_after = now() where name = $1`, [job]));
  const statesOf = async (job: string) => (await bossJobs(job)).map((row) => row.state);
  const allCompleted = (states: string[]) => states.every((state) => state === 'completed');

  async function bossJobs(name: string): Promise<{ state: string; retry_count: number; wait_seconds: number }[]> {
    return withPgClient(url, async (client) => {
      const { rows } = await client.query<{ state: string; retry_count: number; wait_seconds: number }>(
        `select state, retry_count, extract(epoch from start_after - now())::float as wait_seconds from ${bossSchema}.job where name = $1 order by created_on`,
        [name],
      );
      return rows;
    });
  }

  it('uses pg-boss in each instance', () => {
    expect(apps.map((app) => app.jobs.kind)).toEqual(['pg-boss', 'pg-boss']);
  });

  it('runs a job once per slot, whichever instances ask for it', async () => {
    const asked = await Promise.all([runner(0).requestScheduledRun('test-once'), runner(1).requestScheduledRun('test-once')]);
    expect(asked.filter(Boolean)).toHaveLength(1);
    const runs = await runsOf('test-once', (list) => list.some((run) => run.outcome === 'SUCCEEDED'));
    // The same slot asked for again, by both, is already taken.
    expect(await Promise.all([runner(0).requestScheduledRun('test-once'), runner(1).requestScheduledRun('test-once')])).toEqual([
      false,
      false,
    ]);
    expect(runs).toHaveLength(1);
    expect(onceRuns).toHaveLength(1);
    expect(await eventually(() => statesOf('test-once'), allCompleted)).toEqual(['completed']);
  });

  it('never runs a job beside itself, on any instance', async () => {
    await runner(0).runNow('test-overlap');
    await runsOf('test-overlap', (list) => list.length === 1);
    await runner(1).runNow('test-overlap');
    // Another worker asking now gets nothing: the queue's one active slot is taken.
    expect(await runner(1).boss.fetch('test-overlap')).toEqual([]);
    expect(await statesOf('test-overlap')).toEqual(['active', 'created']);
    expect(overlapEvents).toEqual(['start first']);

    held.open();
    await runsOf('test-overlap', (list) => list.length === 2 && list.every((run) => run.outcome === 'SUCCEEDED'));
    expect(overlapEvents).toEqual(['start first', 'end', 'start second', 'end']);
    expect(await eventually(() => statesOf('test-overlap'), allCompleted)).toEqual(['completed', 'completed']);
  });

  it('retries a failed run with a growing delay, then succeeds', async () => {
    retryAttempts = [];
    await runner(0).runNow('test-retry');

    await runsOf('test-retry', (list) => list.filter((run) => run.outcome === 'FAILED').length === 1);
    const [afterFirst] = await eventually(
      () => bossJobs('test-retry'),
      ([job]) => job?.state === 'retry',
    );
    expect(afterFirst).toMatchObject({ state: 'retry', retry_count: 0 });
    // 1 s × (1 + jitter) for the first retry
    expect(afterFirst?.wait_seconds).toBeGreaterThan(0.5);
    expect(afterFirst?.wait_seconds).toBeLessThanOrEqual(2);
    await dueNow('test-retry');

    await runsOf('test-retry', (list) => list.filter((run) => run.outcome === 'FAILED').length === 2);
    const [afterSecond] = await eventually(
      () => bossJobs('test-retry'),
      ([job]) => job?.state === 'retry' && job.retry_count === 1,
    );
    expect(afterSecond).toMatchObject({ state: 'retry', retry_count: 1 });
    // twice that for the second
    expect(afterSecond?.wait_seconds).toBeGreaterThan(1.5);
    expect(afterSecond?.wait_seconds).toBeLessThanOrEqual(4);

    await dueNow('test-retry');
    const runs = await runsOf('test-retry', (list) => list.some((run) => run.outcome === 'SUCCEEDED'));
    expect(retryAttempts).toEqual([1, 2, 3]);
    expect(runs.map((run) => [run.attempt, run.outcome])).toEqual([
      [3, 'SUCCEEDED'],
      [2, 'FAILED'],
      [1, 'FAILED'],
    ]);
    expect(runs[1]?.error).toBe('attempt 2 failed');
    expect(await eventually(() => statesOf('test-retry'), allCompleted)).toEqual(['completed']);
  });

  it('keeps working when the database drops its connections while a job runs', async () => {
    await runner(0).runNow('test-failover');
    await runsOf('test-failover', (list) => list.length === 1);
    const terminated = await withPgClient(url, async (client) => {
      const { rowCount } = await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [
        applicationName,
      ]);
      return rowCount ?? 0;
    });
    expect(terminated).toBeGreaterThan(0);
    failoverHeld.open();
    await runsOf('test-failover', (list) => list[0]?.outcome === 'SUCCEEDED');

    // Both runners still take work: another run, asked for by the other instance, happens.
    await runner(1).runNow('test-failover');
    await runsOf('test-failover', (list) => list.length === 2 && list.every((run) => run.outcome === 'SUCCEEDED'));
    expect(failoverRuns).toEqual([1, 2]);
    expect(crashes).toEqual([]);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { abandonStaleRuns, createExecutor } from '../../src/infrastructure/jobs/execute';
import { type HoldTiming, type JobDefinition } from '../../src/infrastructure/jobs/job';
import { PgBossRunner } from '../../src/infrastructure/jobs/pg-boss-runner';
import { createTestDatabase, testDialects, withPgClient, type TestDatabase } from '../databases';
import { startTcpProxy } from '../support/tcp-proxy';
import { capturingLogger, gate, listRecentRuns } from './support';

// A worker that dies mid-job, or whose completion is lost, must not stall its queue (ADR 0023):
// its job's next run happens within two of its intervals on a surviving instance, and no run of
// a job ever overlaps another. The holds are shortened here (2 s, renewed every 0.5 s) so the
// same rules play out in seconds; production holds for 15 s, renewed every 5 s.

const HOLD: HoldTiming = { holdMs: 2_000, renewMs: 500, checkMs: 500 };
/** each test job's interval: "within two intervals" is 2 × this */
const EVERY_MS = 10_000;
const here = path.dirname(fileURLToPath(import.meta.url));
const log = pino({ level: 'silent' });

async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean, timeoutMs = 2 * EVERY_MS + 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await delay(100);
  }
}

describe.each(testDialects().filter(({ dialect }) => dialect === 'postgres'))('jobs whose worker dies ($dialect)', () => {
  const url = process.env.TEST_DATABASE_URL ?? '';
  let test: TestDatabase;
  let bossSchema: string;
  const runners: PgBossRunner[] = [];
  const children: ChildProcess[] = [];
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    process.on('unhandledRejection', onCrash);
    test = await createTestDatabase('postgres');
    bossSchema = `${test.schema}_jobs`;
  });

  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const runner of runners.splice(0)) await runner.stop();
  });

  afterAll(async () => {
    process.off('unhandledRejection', onCrash);
    await withPgClient(url, (client) => client.query(`drop schema if exists ${bossSchema} cascade`));
    await test?.cleanup();
    expect(crashes).toEqual([]);
  });

  /** A runner in this process, as a surviving instance: its own pool, the shared queues. */
  async function survivor(
    jobs: JobDefinition[],
    applicationName = 'llk_jobs_survivor',
    connectionString = url,
    logger = log,
  ): Promise<PgBossRunner> {
    const runner = new PgBossRunner({
      connectionString,
      schema: bossSchema,
      log: logger,
      hold: HOLD,
      applicationName,
      pollingIntervalSeconds: 0.5,
      retry: { limit: 3, delayMs: 1_000 },
      execute: createExecutor({ db: test.handle.db, log: logger, hold: HOLD, instance: 'survivor' }),
      abandonStaleRuns: () => abandonStaleRuns(test.handle.db, logger, HOLD),
    });
    runners.push(runner);
    await runner.start(jobs);
    return runner;
  }

  /** Another instance in a process of its own, holding `name` in a run that never ends. */
  async function doomedWorker(name: string): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(here, 'fixtures/worker-process.ts'),
        url,
        test.schema ?? '',
        bossSchema,
        name,
        String(EVERY_MS),
        `${HOLD.holdMs},${HOLD.renewMs},${HOLD.checkMs}`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (data: Buffer) => data.toString().includes('RUNNING') && resolve());
      child.once('exit', (code) => reject(new Error(`the worker process exited (${code}) before its run began`)));
    });
    return child;
  }

  const boss = (name: string) =>
    withPgClient(
      url,
      async (client) =>
        (
          await client.query<{ state: string; output: unknown }>(
            `select state, output from ${bossSchema}.job where name = $1 order by created_on`,
            [name],
          )
        ).rows,
    );

  it('runs a job again on a surviving instance within two intervals after its worker is SIGKILLed mid-run, and marks the killed run abandoned', async () => {
    const name = 'test-killed-mid-run';
    const runs: number[] = [];
    const child = await doomedWorker(name);
    await survivor([{ name, everyMs: EVERY_MS, expireSeconds: 60, run: async () => void runs.push(Date.now()) }]);
    // While the doomed worker lives, its renewed hold keeps the job its own: nobody runs it beside.
    await delay(HOLD.holdMs * 2);
    expect(runs).toEqual([]);
    expect((await boss(name)).map((job) => job.state)).toContain('active');

    const killedAt = Date.now();
    child.kill('SIGKILL');
    await eventually(
      async () => runs.length,
      (count) => count > 0,
    );
    const recoveryMs = runs[0]! - killedAt;
    expect(recoveryMs).toBeLessThan(2 * EVERY_MS);
    console.info(`killed worker → next run: ${recoveryMs} ms (hold ${HOLD.holdMs} ms, interval ${EVERY_MS} ms)`);

    const recorded = await eventually(
      () => listRecentRuns(test.handle.db, { job: name }),
      (list) => list.some((run) => run.outcome === 'SUCCEEDED') && list.every((run) => run.outcome !== 'RUNNING'),
    );
    expect(recorded.map((run) => [run.instance.split(':')[0], run.outcome])).toEqual([
      ['survivor', 'SUCCEEDED'],
      ['killed', 'FAILED'],
    ]);
    expect(recorded[1]?.error).toMatch(/^abandoned/);
    // exactly once: the killed run did nothing, the retry ran once, and nothing else is queued
    await delay(HOLD.holdMs);
    expect(runs).toHaveLength(1);
  });

  it('fails the job of a worker that died before any instance was up, as soon as one starts (a restart, a restored backup)', async () => {
    const name = 'test-killed-before-start';
    const runs: number[] = [];
    const child = await doomedWorker(name);
    child.kill('SIGKILL');
    await delay(HOLD.holdMs + 200);
    expect((await boss(name)).map((job) => job.state)).toEqual(['active']);

    const startedAt = Date.now();
    await survivor([{ name, everyMs: EVERY_MS, expireSeconds: 60, run: async () => void runs.push(Date.now()) }]);
    // the start itself failed it: retried after the queue's 1 s delay, not at any expiry
    expect((await boss(name)).map((job) => job.state)).toEqual(['retry']);
    await eventually(
      async () => runs.length,
      (count) => count > 0,
    );
    expect(runs[0]! - startedAt).toBeLessThan(2 * EVERY_MS);
  });

  it('keeps the hold of a run that works longer than its hold: no other instance runs the job beside it', async () => {
    const name = 'test-long-run';
    const events: string[] = [];
    const held = gate();
    const jobs = (instance: string): JobDefinition[] => [
      {
        name,
        everyMs: EVERY_MS,
        expireSeconds: 60,
        run: async () => {
          events.push(`${instance} start`);
          if (events.length === 1) await held.promise;
          events.push(`${instance} end`);
        },
      },
    ];
    const first = await survivor(jobs('a'), 'llk_jobs_a');
    await survivor(jobs('b'), 'llk_jobs_b');
    await first.runNow(name);
    await eventually(
      async () => events.length,
      (count) => count === 1,
    );
    await first.runNow(name);
    // three holds long: without renewal the other instance would fail it and start the next run
    await delay(HOLD.holdMs * 3);
    expect(events).toHaveLength(1);
    expect((await boss(name)).map((job) => job.state)).toEqual(['active', 'created']);
    held.open();
    await eventually(
      async () => events.length,
      (count) => count === 4,
    );
    expect(events[1]).toBe(`${events[0]?.split(' ')[0]} end`);
  });

  it('asks a run past its expiry to stop, logs it, and still never runs the job beside it', async () => {
    const name = 'test-past-expiry';
    const seen: { aborted: boolean; reason: string }[] = [];
    const spans: { start: number; end?: number }[] = [];
    const runner = await survivor([
      {
        name,
        everyMs: EVERY_MS,
        expireSeconds: 1,
        run: async ({ signal }) => {
          const span: { start: number; end?: number } = { start: Date.now() };
          spans.push(span);
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
          seen.push({ aborted: signal.aborted, reason: String((signal.reason as Error).message) });
          // a run that stops at its next step, a while after the signal: longer than a hold
          await delay(HOLD.holdMs * 2);
          span.end = Date.now();
        },
      },
    ]);
    await runner.runNow(name);
    await eventually(
      async () => seen.length,
      (count) => count === 1,
      5_000,
    );
    expect(seen).toEqual([{ aborted: true, reason: 'the run passed its expiry of 1 s' }]);
    const first = (
      await eventually(
        () => listRecentRuns(test.handle.db, { job: name }),
        (list) => list.at(-1)?.outcome === 'SUCCEEDED',
      )
    ).at(-1);
    // the run kept its hold past its expiry: no run started before it ended
    expect(spans.filter((span) => span.start < (spans[0]?.end ?? 0))).toHaveLength(1);
    expect(first?.durationMs).toBeGreaterThan(1_000 + HOLD.holdMs);
  });

  it('tries a completion lost to a database cut again, and when the cut lasts, the job runs again on the other instance within two intervals, never beside itself', async () => {
    const name = 'test-completion-lost';
    const pgUrl = new URL(url);
    const proxy = await startTcpProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
    const behindProxy = new URL(url);
    behindProxy.port = String(proxy.port);
    const lines: Record<string, unknown>[] = [];
    const spans: { instance: string; start: number; end?: number }[] = [];
    const started = gate();
    const job = (instance: string): JobDefinition => ({
      name,
      everyMs: EVERY_MS,
      expireSeconds: 60,
      run: async () => {
        const span: { instance: string; start: number; end?: number } = { instance, start: Date.now() };
        spans.push(span);
        started.open();
        await delay(300);
        if (spans.length === 1) {
          // the run's last step: its instance loses the database for 5 s, longer than every try
          // of the completion (0, 0.25, 1 and 3 s), just as the run ends
          await proxy.cut();
          setTimeout(() => void proxy.restore(), 5_000);
        }
        span.end = Date.now();
      },
    });
    try {
      const a = await survivor([job('a')], 'llk_jobs_cut_a', behindProxy.toString(), capturingLogger(lines));
      await a.runNow(name);
      await started.promise;
      await survivor([job('b')], 'llk_jobs_cut_b');
      await eventually(
        async () => spans.length,
        (count) => count >= 2,
      );
      const [first, second] = spans;
      expect([first?.instance, second?.instance]).toEqual(['a', 'b']);
      expect(second!.start).toBeGreaterThanOrEqual(first!.end!);
      expect(second!.start - first!.end!).toBeLessThan(2 * EVERY_MS);
      await eventually(
        async () => second?.end,
        (end) => end !== undefined,
      );
      expect(
        (
          await eventually(
            async () => (await boss(name)).map((row) => row.state),
            (states) => states[0] === 'completed',
            10_000,
          )
        )[0],
      ).toBe('completed');
      // a tried to record its completion and could not; once back, it found the job taken over
      expect(lines.filter((line) => line.msg === 'job completion not recorded in its queue').length).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
  });

  it('never lets a run that lost its hold renew, complete or fail the retry another instance runs', async () => {
    const name = 'test-hold-lost';
    const pgUrl = new URL(url);
    const proxy = await startTcpProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
    const behindProxy = new URL(url);
    behindProxy.port = String(proxy.port);
    const first = gate();
    const second = gate();
    const runs: { instance: string; reason?: string }[] = [];
    const job = (instance: string, held: ReturnType<typeof gate>): JobDefinition => ({
      name,
      everyMs: EVERY_MS,
      expireSeconds: 60,
      run: async ({ signal }) => {
        const run: { instance: string; reason?: string } = { instance };
        runs.push(run);
        signal.addEventListener('abort', () => (run.reason = (signal.reason as Error).message), { once: true });
        await held.promise;
      },
    });
    try {
      // a: its job runner reaches the database through the proxy; b directly
      const a = await survivor([job('a', first)], 'llk_jobs_lost_a', behindProxy.toString());
      await a.runNow(name);
      await eventually(
        async () => runs.length,
        (count) => count === 1,
        5_000,
      );
      await survivor([job('b', second)], 'llk_jobs_lost_b');

      // a is cut off for longer than its hold: b fails the job, and its retry (same id) runs on b
      await proxy.cut();
      await eventually(
        async () => runs.length,
        (count) => count === 2,
      );
      expect(runs.map((run) => run.instance)).toEqual(['a', 'b']);
      // a is back: its next renewal finds the job held by b's fetch, and a's run is told
      await proxy.restore();
      await eventually(
        async () => runs[0]?.reason,
        (reason) => reason !== undefined,
        10_000,
      );
      expect(runs[0]?.reason).toBe('the run lost its hold on the job');
      first.open();
      // a's run has ended; it must not have completed (or failed) the job b is still running
      await delay(HOLD.renewMs * 4);
      // (the job b runs is the first row; a later one may be the next slot, waiting)
      expect((await boss(name))[0]?.state).toBe('active');
      second.open();
      expect(
        (
          await eventually(
            async () => (await boss(name)).map((row) => row.state),
            (states) => states[0] === 'completed',
            10_000,
          )
        )[0],
      ).toBe('completed');
    } finally {
      first.open();
      second.open();
      await proxy.close();
    }
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ABANDONED_RUN_ERROR, abandonStaleRuns, createExecutor } from '../../src/infrastructure/jobs/execute';
import { InProcessRunner } from '../../src/infrastructure/jobs/in-process-runner';
import { DEFAULT_HOLD, type JobContext, type JobDefinition } from '../../src/infrastructure/jobs/job';
import { KEPT_RUNS_PER_JOB } from '../../src/infrastructure/jobs/job-runs.repository';
import { createTestDatabase, type TestDatabase } from '../helper';
import { capturingLogger, gate, listRecentRuns } from './support';

// The runner of the embedded default, on fake timers: the schedule, the overlap guard and the
// back-off are the runner's own arithmetic, so no test waits for real time to pass.

const MINUTE = 60_000;
const SECOND = 1_000;

describe('in-process job runner', () => {
  let test: TestDatabase;
  let runner: InProcessRunner | undefined;
  const lines: Record<string, unknown>[] = [];

  beforeEach(async () => {
    test = await createTestDatabase('sqlite');
    vi.useFakeTimers({ now: new Date('2026-05-01T00:00:00.000Z') });
    lines.length = 0;
  });

  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    vi.useRealTimers();
    await test.cleanup();
  });

  function start(jobs: JobDefinition[], retry = { limit: 3, delayMs: 5 * SECOND }): InProcessRunner {
    const log = capturingLogger(lines);
    runner = new InProcessRunner({
      execute: createExecutor({ db: test.handle.db, log, instance: 'test:1' }),
      log,
      retry,
      abandonStaleRuns: () => abandonStaleRuns(test.handle.db, log, DEFAULT_HOLD),
    });
    void runner.start(jobs);
    return runner;
  }

  it('runs a job every `everyMs`, first one interval after the start', async () => {
    const runs: number[] = [];
    start([{ name: 'tick', everyMs: MINUTE, expireSeconds: 60, run: async ({ now }) => runs.push(now.getTime()) }]);
    await vi.advanceTimersByTimeAsync(MINUTE - 1);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    const start0 = Date.parse('2026-05-01T00:00:00.000Z');
    expect(runs).toEqual([start0 + MINUTE, start0 + 2 * MINUTE, start0 + 3 * MINUTE]);
  });

  it('never overlaps a job with itself: a slow run delays the next, and a run asked for meanwhile joins it', async () => {
    const held = gate();
    let running = 0;
    let most = 0;
    const calls: number[] = [];
    const job: JobDefinition = {
      name: 'slow',
      everyMs: MINUTE,
      expireSeconds: 60,
      run: async ({ now }) => {
        calls.push(now.getTime());
        running += 1;
        most = Math.max(most, running);
        if (calls.length === 1) await held.promise;
        running -= 1;
      },
    };
    const jobs = start([job]);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10 * MINUTE); // ten more slots pass while it runs
    const asked = jobs.runNow('slow');
    expect(calls).toHaveLength(1);

    held.open();
    await asked;
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(calls).toHaveLength(2);
    expect(most).toBe(1);
  });

  it('retries a failed run after 5 s, then 10 s, then 20 s, and goes back to its schedule after the last retry', async () => {
    const attempts: { at: number; attempt: number }[] = [];
    const t0 = Date.now();
    let failuresLeft = 4;
    start([
      {
        name: 'flaky',
        everyMs: 10 * MINUTE,
        expireSeconds: 60,
        run: async ({ now, attempt }: JobContext) => {
          attempts.push({ at: now.getTime() - t0, attempt });
          if (failuresLeft-- > 0) throw new Error('gateway down');
        },
      },
    ]);
    await vi.advanceTimersByTimeAsync(10 * MINUTE + 35 * SECOND);
    expect(attempts).toEqual([
      { at: 10 * MINUTE, attempt: 1 },
      { at: 10 * MINUTE + 5 * SECOND, attempt: 2 },
      { at: 10 * MINUTE + 15 * SECOND, attempt: 3 },
      { at: 10 * MINUTE + 35 * SECOND, attempt: 4 },
    ]);
    // Four failures: no fifth attempt early; the next is the regular one, and it succeeds.
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(attempts).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts.at(-1)).toEqual({ at: 20 * MINUTE + 35 * SECOND, attempt: 1 });

    const runs = await listRecentRuns(test.handle.db, { job: 'flaky' });
    expect(runs.map((run) => [run.attempt, run.outcome])).toEqual([
      [1, 'SUCCEEDED'],
      [4, 'FAILED'],
      [3, 'FAILED'],
      [2, 'FAILED'],
      [1, 'FAILED'],
    ]);
    expect(runs[1]?.error).toBe('gateway down');
  });

  it('a retry never comes later than the next regular run', async () => {
    const attempts: number[] = [];
    const t0 = Date.now();
    const failing: JobDefinition = {
      name: 'often',
      everyMs: 3 * SECOND,
      expireSeconds: 60,
      run: async ({ now }) => {
        attempts.push(now.getTime() - t0);
        throw new Error('no');
      },
    };
    start([failing], { limit: 3, delayMs: 5 * SECOND });
    await vi.advanceTimersByTimeAsync(9 * SECOND);
    expect(attempts).toEqual([3 * SECOND, 6 * SECOND, 9 * SECOND]);
  });

  it('logs each run with its duration and outcome and records it in job_runs', async () => {
    start([{ name: 'counted', everyMs: MINUTE, expireSeconds: 60, run: async () => ({ expired: 2 }) }]);
    await vi.advanceTimersByTimeAsync(MINUTE);
    const started = lines.find((line) => line.msg === 'job started');
    const finished = lines.find((line) => line.msg === 'job finished');
    expect(started).toMatchObject({ job: 'counted', attempt: 1 });
    expect(finished).toMatchObject({ job: 'counted', attempt: 1, outcome: 'SUCCEEDED', result: { expired: 2 } });
    expect(typeof finished?.durationMs).toBe('number');

    const [run] = await listRecentRuns(test.handle.db, { job: 'counted' });
    expect(run).toMatchObject({
      job: 'counted',
      instance: 'test:1',
      attempt: 1,
      outcome: 'SUCCEEDED',
      result: '{"expired":2}',
      error: null,
    });
    expect(run?.startedAt).toBe('2026-05-01T00:01:00.000Z');
    expect(run?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it(`keeps the newest ${KEPT_RUNS_PER_JOB} runs of a job`, async () => {
    start([{ name: 'chatty', everyMs: SECOND, expireSeconds: 60, run: async () => undefined }]);
    await vi.advanceTimersByTimeAsync((KEPT_RUNS_PER_JOB + 5) * SECOND);
    const runs = await listRecentRuns(test.handle.db, { job: 'chatty', limit: 1000 });
    expect(runs).toHaveLength(KEPT_RUNS_PER_JOB);
    expect(runs[0]?.startedAt).toBe(new Date(Date.parse('2026-05-01T00:00:00.000Z') + (KEPT_RUNS_PER_JOB + 5) * SECOND).toISOString());
  });

  it('marks the runs a killed process left RUNNING as abandoned when it starts, and logs each as a failure', async () => {
    const killedAt = new Date(Date.now() - 10 * MINUTE);
    await test.handle.db
      .insertInto('job_runs')
      .values({
        id: '01KILLEDRUN0000000000000000',
        job: 'orders-sweep',
        instance: 'old:1',
        attempt: 1,
        started_at: killedAt.toISOString(),
        renewed_at: killedAt.toISOString(),
        outcome: 'RUNNING',
        finished_at: null,
        duration_ms: null,
        error: null,
        result: null,
      })
      .execute();
    start([]);
    await vi.advanceTimersByTimeAsync(0);
    const [run] = await listRecentRuns(test.handle.db, { job: 'orders-sweep' });
    expect(run).toMatchObject({ outcome: 'FAILED', error: ABANDONED_RUN_ERROR, instance: 'old:1' });
    expect(lines.find((line) => line.msg === 'job failed')).toMatchObject({
      level: 50,
      job: 'orders-sweep',
      instance: 'old:1',
      err: { message: ABANDONED_RUN_ERROR },
    });
  });

  it('renews a working run, so a run that lasts longer than a hold is never taken for abandoned', async () => {
    const held = gate();
    start([{ name: 'long', everyMs: MINUTE, expireSeconds: 600, run: () => held.promise }]);
    await vi.advanceTimersByTimeAsync(MINUTE);
    await vi.advanceTimersByTimeAsync(DEFAULT_HOLD.holdMs * 4);
    const [run] = await listRecentRuns(test.handle.db, { job: 'long' });
    expect(run?.outcome).toBe('RUNNING');
    const [row] = await test.handle.db.selectFrom('job_runs').select(['started_at', 'renewed_at']).where('job', '=', 'long').execute();
    expect(Date.parse(row?.renewed_at ?? '') - Date.parse(row?.started_at ?? '')).toBeGreaterThanOrEqual(DEFAULT_HOLD.holdMs * 3);
    held.open();
    await vi.advanceTimersByTimeAsync(0);
    expect((await listRecentRuns(test.handle.db, { job: 'long' }))[0]?.outcome).toBe('SUCCEEDED');
  });

  it('asks a run past its expiry to stop, logs it as an error, and starts no run beside it', async () => {
    const reasons: string[] = [];
    let starts = 0;
    const job: JobDefinition = {
      name: 'hung',
      everyMs: MINUTE,
      expireSeconds: 30,
      run: async ({ signal }) => {
        starts += 1;
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        reasons.push((signal.reason as Error).message);
        // a run that takes its time to stop after the signal
        await new Promise<void>((resolve) => setTimeout(resolve, 3 * MINUTE));
      },
    };
    const started = start([job]);
    await vi.advanceTimersByTimeAsync(MINUTE + 30 * SECOND);
    expect(reasons).toEqual(['the run passed its expiry of 30 s']);
    expect(lines.find((line) => line.msg === 'job passed its expiry: asked to stop')).toMatchObject({
      level: 50,
      job: 'hung',
      expireSeconds: 30,
    });
    const asked = started.runNow('hung');
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(starts).toBe(1);
    await vi.advanceTimersByTimeAsync(MINUTE);
    await asked;
    expect(starts).toBe(1);
  });
});

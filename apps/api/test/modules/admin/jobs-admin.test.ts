import { ErrorCode } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { newId } from '../../../src/infrastructure/db/dialect';
import { type JobDefinition } from '../../../src/infrastructure/jobs/job';
import { testDialects, useTestApp } from '../../helper';
import { gate } from '../../jobs/support';
import { newStaff, type Staff } from './support';

// The back office's jobs screen (permission jobs.manage) over the in-process runner, with jobs
// of the test's own that wait an hour between runs (so only "run now" runs them): last run,
// last failure, the kept runs, and "run now" never overlapping a run of the same job even when
// 20 staff clicks arrive at once. SQLite and PostgreSQL.

const HOUR_MS = 3_600_000;
let counted = 0;
let active = 0;
let mostAtOnce = 0;
let hold: ReturnType<typeof gate> | null = null;

const jobs: JobDefinition[] = [
  {
    name: 'count-things',
    everyMs: HOUR_MS,
    expireSeconds: 60,
    run: async () => {
      active += 1;
      mostAtOnce = Math.max(mostAtOnce, active);
      await hold?.promise;
      active -= 1;
      counted += 1;
      return { counted };
    },
  },
  {
    name: 'always-fails',
    everyMs: HOUR_MS,
    expireSeconds: 60,
    run: () => Promise.reject(new Error('gateway unreachable')),
  },
];

interface Run {
  outcome: string;
  result: string | null;
  error: string | null;
}
interface Job {
  name: string;
  everyMs: number;
  expireSeconds: number;
  stuck: string | null;
  lastRun: Run | null;
  lastFailure: Run | null;
  recentFailures: number;
  recentRuns: number;
}

describe.each(testDialects())('jobs in the back office ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect, { deps: { jobs: { runner: { kind: 'in-process', retry: { limit: 0, delayMs: HOUR_MS } }, jobs } } });
  const call = <T>(staff: Staff, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app
      .inject({
        method,
        url: `/admin/jobs${url}`,
        cookies: staff.cookies,
        headers: { 'accept-language': 'en', origin: ctx.app.config.webOrigin },
        ...(payload ? { payload } : {}),
      })
      .then((res) => ({ res, body: res.json() as { errcode: number; data: T } }));

  it('lists the scheduled jobs, runs one now, and shows a failed run without failing the request', async () => {
    const ops = await newStaff(ctx.database.db, 'OPS');
    const before = await call<{ runner: string; items: Job[] }>(ops, 'GET', '');
    expect(before.body.data.runner).toBe('in-process');
    expect(before.body.data.items.map((job) => [job.name, job.everyMs, job.lastRun])).toEqual([
      ['count-things', 3_600_000, null],
      ['always-fails', 3_600_000, null],
    ]);

    const ran = await call<{ job: Job }>(ops, 'POST', '/count-things/run', { reason: 'check after deploy' });
    expect(ran.res.statusCode, ran.res.body).toBe(200);
    expect(ran.body.data.job).toMatchObject({ name: 'count-things', recentRuns: 1, recentFailures: 0, lastRun: { outcome: 'SUCCEEDED' } });
    expect(JSON.parse(ran.body.data.job.lastRun?.result ?? 'null')).toEqual({ counted });

    const failed = await call<{ job: Job }>(ops, 'POST', '/always-fails/run', { reason: 'see the error' });
    expect(failed.res.statusCode).toBe(200);
    expect(failed.body.data.job).toMatchObject({
      recentRuns: 1,
      recentFailures: 1,
      lastRun: { outcome: 'FAILED', error: 'gateway unreachable' },
      lastFailure: { outcome: 'FAILED' },
    });

    const runs = await call<{ items: Run[] }>(ops, 'GET', '/count-things/runs');
    expect(runs.body.data.items.map((run) => run.outcome)).toEqual(['SUCCEEDED']);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'reason'])
      .where('action', '=', 'jobs.run')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'jobs.run', target_id: 'count-things', reason: 'check after deploy' },
      { action: 'jobs.run', target_id: 'always-fails', reason: 'see the error' },
    ]);
  });

  it('never runs a job beside itself: 20 run-now clicks at once all answer, one run at a time', async () => {
    const ops = await newStaff(ctx.database.db, 'OPS');
    hold = gate();
    mostAtOnce = 0;
    const answers = Promise.all(
      Array.from({ length: 20 }, () => call<{ job: Job }>(ops, 'POST', '/count-things/run', { reason: 'many clicks' })),
    );
    // the first click's run is going and held; every click has been audited, so each has asked the runner or is about to
    const clicks = () => ctx.database.db.selectFrom('audit_log').select('id').where('reason', '=', 'many clicks').execute();
    for (let turn = 0; active === 0 || (await clicks()).length < 20; turn++) {
      if (turn > 10_000) throw new Error('the clicks never all arrived');
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(active).toBe(1);
    hold.open();
    const settled = await answers;
    hold = null;
    expect(settled.map((answer) => answer.res.statusCode)).toEqual(Array(20).fill(200));
    expect(mostAtOnce).toBe(1);
    const recorded = await ctx.database.db.selectFrom('job_runs').select('id').where('job', '=', 'count-things').execute();
    expect(recorded.length).toBeLessThanOrEqual(21);
  });

  it('answers an unknown job, a bad name and a missing reason with envelope errors', async () => {
    const ops = await newStaff(ctx.database.db, 'OPS');
    const unknown = await call(ops, 'POST', '/no-such-job/run', { reason: 'x' });
    expect([unknown.res.statusCode, unknown.body.errcode]).toEqual([404, ErrorCode.ADMIN_JOB_NOT_FOUND]);
    expect((await call(ops, 'GET', '/no-such-job/runs')).res.statusCode).toBe(404);
    expect((await call(ops, 'POST', '/bad%20name/run', { reason: 'x' })).body.errcode).toBe(ErrorCode.VALIDATION_FAILED);
    expect((await call(ops, 'POST', '/count-things/run', {})).body.errcode).toBe(ErrorCode.VALIDATION_FAILED);
    const support = await newStaff(ctx.database.db, 'SUPPORT');
    expect((await call(support, 'POST', '/count-things/run', { reason: 'x' })).res.statusCode).toBe(403);
  });

  it('shows a job stuck when its run has gone past its expiry, or when it has not started for two intervals', async () => {
    const ops = await newStaff(ctx.database.db, 'OPS');
    const now = Date.now();
    const run = (job: string, startedAgoMs: number, outcome: 'RUNNING' | 'SUCCEEDED') => ({
      id: newId(now),
      job,
      instance: 'elsewhere:1',
      attempt: 1,
      started_at: new Date(now - startedAgoMs).toISOString(),
      // still renewed: a live worker that hung, not a dead one
      renewed_at: new Date(now).toISOString(),
      outcome,
      finished_at: outcome === 'RUNNING' ? null : new Date(now - startedAgoMs + 1_000).toISOString(),
      duration_ms: outcome === 'RUNNING' ? null : 1_000,
      error: null,
      result: null,
    });
    // count-things: running for 61 s, past its expiry of 60 s; always-fails: last started 2 h 1 min ago, every hour
    await ctx.database.db
      .insertInto('job_runs')
      .values([run('count-things', 61_000, 'RUNNING'), run('always-fails', 2 * HOUR_MS + 60_000, 'SUCCEEDED')])
      .execute();
    const listed = await call<{ items: Job[] }>(ops, 'GET', '');
    expect(listed.body.data.items.map((job) => [job.name, job.expireSeconds, job.stuck])).toEqual([
      ['count-things', 60, 'RUNNING_PAST_EXPIRY'],
      ['always-fails', 60, 'OVERDUE'],
    ]);
    await ctx.database.db.deleteFrom('job_runs').where('instance', '=', 'elsewhere:1').execute();
    const after = await call<{ items: Job[] }>(ops, 'GET', '');
    expect(after.body.data.items.map((job) => job.stuck)).toEqual([null, null]);
  });
});

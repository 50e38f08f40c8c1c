import { type TAdminJob, type TAdminJobList, type TAdminJobRun, type TAdminJobStuck } from '@llk/contracts';
import { fromDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type JobRunner, type ScheduledJob } from '../../infrastructure/jobs/job';
import { listKeptRuns } from '../../infrastructure/jobs/job-runs.repository';
import { AppError } from '../../infrastructure/http/app-error';
import { requireReason, type StaffActor } from '../../infrastructure/http/staff';
import { recordAudit } from './audit';

// The back office's jobs (permission jobs.manage): what the runner schedules, with each job's
// runs from job_runs (the newest 50 of each are kept), and "run now" through the runner, which
// never starts a job while the same job is running. Every job is safe to repeat (jobs/job.ts).

type RunRow = Awaited<ReturnType<typeof listKeptRuns>>[number];

const iso = (value: string | null) => (value === null ? null : fromDbDate(value).toISOString());

function runOf(row: RunRow): TAdminJobRun {
  return {
    id: row.id,
    instance: row.instance,
    attempt: Number(row.attempt),
    startedAt: iso(row.started_at) ?? '',
    finishedAt: iso(row.finished_at),
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    outcome: row.outcome,
    error: row.error,
    result: row.result,
  };
}

/**
 * Stuck (ADR 0023): the newest run has been RUNNING longer than the job's expiry (its worker hung,
 * or died and nobody has marked it yet), or no run has started for more than two intervals since
 * the last start (or since the runner started, when it has not run yet).
 */
function stuckOf(job: ScheduledJob, runs: readonly RunRow[], since: Date, now: Date): TAdminJobStuck | null {
  const newest = runs[0];
  const startedAt = newest ? fromDbDate(newest.started_at) : since;
  if (newest?.outcome === 'RUNNING') return now.getTime() - startedAt.getTime() > job.expireSeconds * 1000 ? 'RUNNING_PAST_EXPIRY' : null;
  return now.getTime() - startedAt.getTime() > 2 * job.everyMs ? 'OVERDUE' : null;
}

function jobOf(job: ScheduledJob, runs: readonly RunRow[], since: Date, now: Date): TAdminJob {
  const failures = runs.filter((run) => run.outcome === 'FAILED');
  return {
    name: job.name,
    everyMs: job.everyMs,
    expireSeconds: job.expireSeconds,
    stuck: stuckOf(job, runs, since, now),
    lastRun: runs[0] ? runOf(runs[0]) : null,
    lastFailure: failures[0] ? runOf(failures[0]) : null,
    recentFailures: failures.length,
    recentRuns: runs.length,
  };
}

export async function listJobsForStaff(db: Db, runner: JobRunner, now = new Date()): Promise<TAdminJobList> {
  const runs = await listKeptRuns(db);
  return {
    runner: runner.kind,
    items: runner.scheduled().map((job) =>
      jobOf(
        job,
        runs.filter((run) => run.job === job.name),
        runner.startedAt,
        now,
      ),
    ),
  };
}

function scheduledJob(runner: JobRunner, name: string) {
  const job = runner.scheduled().find((item) => item.name === name);
  if (!job) throw new AppError('ADMIN_JOB_NOT_FOUND');
  return job;
}

export async function jobRunsForStaff(db: Db, runner: JobRunner, name: string): Promise<{ items: TAdminJobRun[] }> {
  scheduledJob(runner, name);
  return { items: (await listKeptRuns(db, name)).map(runOf) };
}

/**
 * Runs a job now: the in-process runner answers when the run has ended (or joins the run
 * already going), pg-boss when it is queued. Audited before it starts, with the reason.
 */
export async function runJobForStaff(
  db: Db,
  runner: JobRunner,
  actor: StaffActor,
  name: string,
  reasonText: string,
): Promise<{ runner: TAdminJobList['runner']; job: TAdminJob }> {
  const reason = requireReason(reasonText);
  const job = scheduledJob(runner, name);
  await db.transaction().execute((trx) =>
    recordAudit(trx, {
      staffId: actor.staffId,
      action: 'jobs.run',
      targetType: 'job',
      targetId: name,
      reason,
      ...(actor.ip ? { ip: actor.ip } : {}),
    }),
  );
  // a failed run is recorded in job_runs and shown; it is not this request's failure
  await runner.runNow(name).catch(() => undefined);
  return { runner: runner.kind, job: jobOf(job, await listKeptRuns(db, name), runner.startedAt, new Date()) };
}

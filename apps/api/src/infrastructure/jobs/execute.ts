import { hostname } from 'node:os';
import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../db/schema';
import { DEFAULT_HOLD, type ExecuteJob, type HoldTiming, type JobDefinition, type RunOptions } from './job';
import { abandonRunsNotRenewedSince, insertRunStart, pruneRuns, renewRun, updateRunEnd } from './job-runs.repository';

/** host:pid, so a run in the logs and in job_runs names the process that did it. */
const instanceName = `${hostname()}:${process.pid}`;

/** What an abandoned run says in job_runs and in the back office. */
export const ABANDONED_RUN_ERROR = 'abandoned: its instance stopped renewing the run (killed, or cut off from the database)';

export interface ExecuteDeps {
  db: Db;
  log: FastifyBaseLogger;
  instance?: string;
  hold?: HoldTiming;
}

/**
 * Both runners run a job through this: a log line when it starts and one when it ends (duration,
 * outcome, what it returned or why it failed) and the same in job_runs. While the run works it
 * renews its hold (the queue's, through `renewHold`, and its job_runs row's `renewed_at`), so a
 * run whose process died is told from one that is still working (ADR 0023). At the job's expiry
 * the run's signal is aborted and the lapse is logged as an error; the run keeps its hold until
 * it ends, so a live process never runs a job beside itself. Failing to write the record (the
 * database being away is a common reason for a job to fail) is logged and never hides the job's
 * own outcome.
 */
export function createExecutor({ db, log, instance = instanceName, hold = DEFAULT_HOLD }: ExecuteDeps): ExecuteJob {
  return async (job: JobDefinition, { attempt, renewHold }: RunOptions) => {
    const jobLog = log.child({ job: job.name, attempt });
    const startedAt = new Date();
    const started = performance.now();
    jobLog.info('job started');
    const runId = await insertRunStart(db, { job: job.name, instance, attempt, startedAt }).catch((error: unknown) => {
      jobLog.warn({ err: error }, 'job run not recorded');
      return undefined;
    });

    const controller = new AbortController();
    const expiry = setTimeout(() => {
      jobLog.error({ expireSeconds: job.expireSeconds }, 'job passed its expiry: asked to stop');
      controller.abort(new Error(`the run passed its expiry of ${job.expireSeconds} s`));
    }, job.expireSeconds * 1000);
    expiry.unref();
    let renewing = false;
    const renewal = setInterval(() => {
      if (renewing) return;
      renewing = true;
      void renewBoth(db, runId, renewHold)
        .then((kept) => {
          if (kept || controller.signal.aborted) return;
          jobLog.error('job hold lost: another instance failed this run; asked to stop');
          controller.abort(new Error('the run lost its hold on the job'));
        })
        .catch((error: unknown) => jobLog.warn({ err: error }, 'job hold not renewed'))
        .finally(() => (renewing = false));
    }, hold.renewMs);
    renewal.unref();

    let failure: unknown;
    let result: unknown;
    try {
      result = await job.run({ now: startedAt, log: jobLog, attempt, signal: controller.signal });
    } catch (error) {
      failure = error;
    } finally {
      clearTimeout(expiry);
      clearInterval(renewal);
    }
    const durationMs = Math.round(performance.now() - started);
    if (failure === undefined) jobLog.info({ durationMs, outcome: 'SUCCEEDED', result }, 'job finished');
    else jobLog.error({ durationMs, outcome: 'FAILED', err: failure }, 'job failed');

    if (runId) {
      const end = {
        finishedAt: new Date(),
        durationMs,
        ...(failure === undefined
          ? { outcome: 'SUCCEEDED' as const, ...(result === undefined ? {} : { result: JSON.stringify(result) }) }
          : { outcome: 'FAILED' as const, error: failure instanceof Error ? failure.message : String(failure) }),
      };
      await updateRunEnd(db, runId, end)
        .then(() => pruneRuns(db, job.name))
        .catch((error: unknown) => jobLog.warn({ err: error }, 'job run not recorded'));
    }
    if (failure !== undefined) throw failure;
  };
}

/** The queue's hold first: false only when the queue says the hold is gone. */
async function renewBoth(db: Db, runId: string | undefined, renewHold: RunOptions['renewHold']): Promise<boolean> {
  const kept = renewHold ? await renewHold() : true;
  if (runId) await renewRun(db, runId, new Date());
  return kept;
}

/**
 * Marks the runs whose process stopped renewing them (it died, or lost the database for longer
 * than a hold) as failed, and logs each with its error: without this they would show RUNNING
 * for ever. Every runner calls it on start and on each check.
 */
export async function abandonStaleRuns(db: Db, log: FastifyBaseLogger, hold: HoldTiming, now = new Date()): Promise<number> {
  const abandoned = await abandonRunsNotRenewedSince(db, new Date(now.getTime() - hold.holdMs), {
    finishedAt: now,
    error: ABANDONED_RUN_ERROR,
  });
  for (const run of abandoned)
    log.error(
      { job: run.job, instance: run.instance, attempt: run.attempt, runId: run.id, err: { message: ABANDONED_RUN_ERROR } },
      'job failed',
    );
  return abandoned.length;
}

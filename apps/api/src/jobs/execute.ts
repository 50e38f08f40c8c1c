import { hostname } from 'node:os';
import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../db/schema';
import { type ExecuteJob, type JobDefinition } from './job';
import { insertRunStart, pruneRuns, updateRunEnd } from './job-runs.repository';

/** host:pid, so a run in the logs and in job_runs names the process that did it. */
const instanceName = `${hostname()}:${process.pid}`;

export interface ExecuteDeps {
  db: Db;
  log: FastifyBaseLogger;
  instance?: string;
}

/**
 * Both runners run a job through this: a log line when it starts and one when it ends (duration,
 * outcome, what it returned or why it failed) and the same in job_runs. Failing to write the
 * record (the database being away is a common reason for a job to fail) is logged and never
 * hides the job's own outcome.
 */
export function createExecutor({ db, log, instance = instanceName }: ExecuteDeps): ExecuteJob {
  return async (job: JobDefinition, attempt: number) => {
    const jobLog = log.child({ job: job.name, attempt });
    const startedAt = new Date();
    const started = performance.now();
    jobLog.info('job started');
    const runId = await insertRunStart(db, { job: job.name, instance, attempt, startedAt }).catch((error: unknown) => {
      jobLog.warn({ err: error }, 'job run not recorded');
      return undefined;
    });

    let failure: unknown;
    let result: unknown;
    try {
      result = await job.run({ now: startedAt, log: jobLog, attempt });
    } catch (error) {
      failure = error;
    }
    const durationMs = Math.round(performance.now() - started);
    if (failure === undefined) jobLog.info({ durationMs, outcome: 'SUCCEEDED', result }, 'job finished');
    else jobLog.warn({ durationMs, outcome: 'FAILED', err: failure }, 'job failed');

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

import { z } from './zod';
import { ZAdminReason } from './admin-people';
import { V } from './rules';

// The back office's jobs screen (permission jobs.manage; ADR 0019): every scheduled job with
// its last run and last failure from job_runs, its recent runs, and "run now". Every job is
// safe to repeat (apps/api/src/infrastructure/jobs/job.ts), so each may be run by hand; the runner never starts a job
// while the same job is running.

export const ZAdminJobOutcome = z.enum(['RUNNING', 'SUCCEEDED', 'FAILED']);

export const ZAdminJobRun = z.object({
  id: z.string(),
  /** host:pid of the API process that ran it */
  instance: z.string(),
  attempt: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  outcome: ZAdminJobOutcome,
  error: z.string().nullable(),
  /** what the job reported (JSON text), e.g. {"expired":2} */
  result: z.string().nullable(),
});
export type TAdminJobRun = z.infer<typeof ZAdminJobRun>;

/**
 * Why a job is shown stuck (in red): its newest run has been running longer than its expiry, or
 * it has not started for more than two of its intervals (ADR 0023).
 */
export const ZAdminJobStuck = z.enum(['RUNNING_PAST_EXPIRY', 'OVERDUE']);
export type TAdminJobStuck = z.infer<typeof ZAdminJobStuck>;

export const ZAdminJob = z.object({
  name: z.string(),
  everyMs: z.number().int(),
  /** the longest one run may take */
  expireSeconds: z.number().int(),
  stuck: ZAdminJobStuck.nullable(),
  lastRun: ZAdminJobRun.nullable(),
  lastFailure: ZAdminJobRun.nullable(),
  /** failed runs among the kept ones (the newest 50 of each job) */
  recentFailures: z.number().int(),
  recentRuns: z.number().int(),
});
export type TAdminJob = z.infer<typeof ZAdminJob>;

export const ZAdminJobList = z.object({ runner: z.enum(['in-process', 'pg-boss']), items: z.array(ZAdminJob) });
export type TAdminJobList = z.infer<typeof ZAdminJobList>;

/** a job's name; one the runner does not schedule answers ADMIN_JOB_NOT_FOUND */
export const ZAdminJobParams = z.object({ name: z.string().regex(/^[\w.-]{1,64}$/, { error: V.invalidValue }) });
export const ZAdminJobRuns = z.object({ items: z.array(ZAdminJobRun) });
export type TAdminJobRuns = z.infer<typeof ZAdminJobRuns>;
export const ZAdminJobRunRequest = z.object({ reason: ZAdminReason }).strict();
/** in-process: the run has finished (its record is in `job`); pg-boss: it is queued for the next free worker */
export const ZAdminJobRunAnswer = z.object({ runner: z.enum(['in-process', 'pg-boss']), job: ZAdminJob });
export type TAdminJobRunAnswer = z.infer<typeof ZAdminJobRunAnswer>;

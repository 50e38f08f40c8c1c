import { type FastifyBaseLogger } from 'fastify';

/** One kind of background work, run every `everyMs` by the app's job runner (see README "Jobs"). */
export interface JobDefinition {
  /** Stable: the pg-boss queue, the `job` of log lines and of job_runs rows. Lower-case, hyphens. */
  name: string;
  /** How often; 0 = never (the job is not registered). */
  everyMs: number;
  /**
   * Its expiry: the longest one run may take, sized to its work (seconds, not minutes). A run
   * holds its job by a short lease that it renews while it works; past its expiry the run's
   * signal is aborted (the sweep and reconciliation stop at their next item and fail, so the
   * queue retries them), an error is logged, and a run still going keeps its hold, shown stuck
   * in the back office, so a job never runs beside itself (ADR 0023).
   */
  expireSeconds: number;
  /**
   * The work. It must be safe to repeat: a retry follows a failure that may have done part of
   * it, and a run asked for by hand may follow a scheduled one. What it returns is logged.
   */
  run(context: JobContext): Promise<unknown>;
}

export interface JobContext {
  now: Date;
  log: FastifyBaseLogger;
  /** 1 for a scheduled run, 2… for its retries */
  attempt: number;
  /** Aborted when the run passes its expiry or loses its hold: a long run stops at the next step. */
  signal: AbortSignal;
}

/** After a failure: up to `limit` retries, the first after `delayMs`, each later one twice as late. */
export interface RetryPolicy {
  limit: number;
  delayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { limit: 3, delayMs: 5_000 };

/**
 * A run's hold on its job, as the runners keep it: renewed every `renewMs` while the run works,
 * lapsed `holdMs` after the last renewal. A worker that dies (SIGKILL, a lost machine) stops
 * renewing, so its job is failed by any other instance within `holdMs` plus one check, instead
 * of blocking its queue until an expiry of minutes (ADR 0023).
 */
export interface HoldTiming {
  holdMs: number;
  renewMs: number;
  /** how often every instance fails the jobs whose hold lapsed, and marks their runs abandoned */
  checkMs: number;
}

export const DEFAULT_HOLD: HoldTiming = { holdMs: 15_000, renewMs: 5_000, checkMs: 5_000 };

/** What a runner passes to one run: its attempt, and the renewal of its hold in the queue (pg-boss). */
export interface RunOptions {
  attempt: number;
  /** Renews the run's hold in the queue; resolves false when the hold was lost (failed by another instance). */
  renewHold?: () => Promise<boolean>;
}

/** Runs one attempt of a job with logging and a job_runs record; rejects when the job failed. */
export type ExecuteJob = (job: JobDefinition, options: RunOptions) => Promise<void>;

export interface ScheduledJob {
  name: string;
  everyMs: number;
  expireSeconds: number;
}

export interface JobRunner {
  readonly kind: 'in-process' | 'pg-boss';
  start(jobs: JobDefinition[]): Promise<void>;
  /** One run as soon as possible, for operators; still never while the same job is running. */
  runNow(name: string): Promise<void>;
  /** The jobs started, in registry order (the back office's jobs screen). */
  scheduled(): ScheduledJob[];
  /** When it started: a job that has not run since is overdue two intervals after this. */
  readonly startedAt: Date;
  /** No new runs; waits for the running ones. */
  stop(): Promise<void>;
}

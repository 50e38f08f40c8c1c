import { type FastifyBaseLogger } from 'fastify';

/** One kind of background work, run every `everyMs` by the app's job runner (see README "Jobs"). */
export interface JobDefinition {
  /** Stable: the pg-boss queue, the `job` of log lines and of job_runs rows. Lower-case, hyphens. */
  name: string;
  /** How often; 0 = never (the job is not registered). */
  everyMs: number;
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
}

/** After a failure: up to `limit` retries, the first after `delayMs`, each later one twice as late. */
export interface RetryPolicy {
  limit: number;
  delayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { limit: 3, delayMs: 5_000 };

/** Runs one attempt of a job with logging and a job_runs record; rejects when the job failed. */
export type ExecuteJob = (job: JobDefinition, attempt: number) => Promise<void>;

export interface JobRunner {
  readonly kind: 'in-process' | 'pg-boss';
  start(jobs: JobDefinition[]): Promise<void>;
  /** One run as soon as possible, for operators; still never while the same job is running. */
  runNow(name: string): Promise<void>;
  /** The jobs started, in registry order (the back office's jobs screen). */
  scheduled(): { name: string; everyMs: number }[];
  /** No new runs; waits for the running ones. */
  stop(): Promise<void>;
}

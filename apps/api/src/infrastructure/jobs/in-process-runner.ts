import { type FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_HOLD,
  DEFAULT_RETRY,
  type ExecuteJob,
  type HoldTiming,
  type JobDefinition,
  type JobRunner,
  type RetryPolicy,
  type ScheduledJob,
} from './job';

interface JobState {
  job: JobDefinition;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  /** failures since the last success */
  failures: number;
}

/**
 * The runner of the embedded default (SQLite, one process). Each job has one timer, set again
 * only when a run ends, so a job never overlaps itself; a failure is retried after
 * `retry.delayMs`, then twice as late each time (never later than the next regular run), up to
 * `retry.limit` times. Timers are unref'd: they never keep the process alive. As on pg-boss
 * (ADR 0023), a run renews its job_runs row while it works, and the runs that nobody renews (the
 * process was killed mid-run) are marked abandoned when the runner starts and every
 * `hold.checkMs`; a run past its expiry is asked to stop and shown stuck, never run beside itself.
 */
export class InProcessRunner implements JobRunner {
  readonly kind = 'in-process' as const;
  readonly #jobs = new Map<string, JobState>();
  readonly #execute: ExecuteJob;
  readonly #retry: RetryPolicy;
  readonly #log: FastifyBaseLogger;
  readonly #hold: HoldTiming;
  readonly #abandonStaleRuns: (() => Promise<number>) | undefined;
  #checker: NodeJS.Timeout | undefined;
  #stopped = false;
  #startedAt = new Date();

  constructor(options: {
    execute: ExecuteJob;
    log: FastifyBaseLogger;
    retry?: RetryPolicy;
    hold?: HoldTiming;
    abandonStaleRuns?: () => Promise<number>;
  }) {
    this.#execute = options.execute;
    this.#log = options.log;
    this.#retry = options.retry ?? DEFAULT_RETRY;
    this.#hold = options.hold ?? DEFAULT_HOLD;
    this.#abandonStaleRuns = options.abandonStaleRuns;
  }

  get startedAt(): Date {
    return this.#startedAt;
  }

  async start(jobs: JobDefinition[]): Promise<void> {
    this.#startedAt = new Date();
    await this.#checkRuns();
    this.#checker = setInterval(() => void this.#checkRuns(), this.#hold.checkMs);
    this.#checker.unref();
    for (const job of jobs) {
      const state: JobState = { job, failures: 0 };
      this.#jobs.set(job.name, state);
      this.#schedule(state, job.everyMs);
    }
    this.#log.info({ runner: this.kind, jobs: jobs.map((job) => ({ name: job.name, everyMs: job.everyMs })) }, 'job runner started');
  }

  async runNow(name: string): Promise<void> {
    const state = this.#jobs.get(name);
    if (!state) throw new Error(`unknown job ${name}`);
    await (state.running ?? this.#run(state));
  }

  scheduled(): ScheduledJob[] {
    return [...this.#jobs.values()].map(({ job }) => ({ name: job.name, everyMs: job.everyMs, expireSeconds: job.expireSeconds }));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#checker);
    for (const state of this.#jobs.values()) clearTimeout(state.timer);
    await Promise.all([...this.#jobs.values()].flatMap((state) => state.running ?? []));
  }

  async #checkRuns(): Promise<void> {
    await this.#abandonStaleRuns?.().catch((error: unknown) => this.#log.warn({ err: error }, 'job runs not checked'));
  }

  #schedule(state: JobState, delayMs: number): void {
    clearTimeout(state.timer);
    if (this.#stopped) return;
    state.timer = setTimeout(() => void this.#run(state), delayMs);
    state.timer.unref();
  }

  #run(state: JobState): Promise<void> {
    if (state.running) return state.running;
    clearTimeout(state.timer);
    state.running = this.#attempt(state).finally(() => {
      state.running = undefined;
    });
    return state.running;
  }

  async #attempt(state: JobState): Promise<void> {
    try {
      await this.#execute(state.job, { attempt: state.failures + 1 });
      state.failures = 0;
      this.#schedule(state, state.job.everyMs);
    } catch {
      state.failures += 1;
      if (state.failures > this.#retry.limit) {
        state.failures = 0;
        this.#schedule(state, state.job.everyMs);
        return;
      }
      this.#schedule(state, Math.min(this.#retry.delayMs * 2 ** (state.failures - 1), state.job.everyMs));
    }
  }
}

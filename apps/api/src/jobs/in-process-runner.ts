import { type FastifyBaseLogger } from 'fastify';
import { DEFAULT_RETRY, type ExecuteJob, type JobDefinition, type JobRunner, type RetryPolicy } from './job';

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
 * `retry.limit` times. Timers are unref'd: they never keep the process alive.
 */
export class InProcessRunner implements JobRunner {
  readonly kind = 'in-process' as const;
  readonly #jobs = new Map<string, JobState>();
  readonly #execute: ExecuteJob;
  readonly #retry: RetryPolicy;
  readonly #log: FastifyBaseLogger;
  #stopped = false;

  constructor(options: { execute: ExecuteJob; log: FastifyBaseLogger; retry?: RetryPolicy }) {
    this.#execute = options.execute;
    this.#log = options.log;
    this.#retry = options.retry ?? DEFAULT_RETRY;
  }

  async start(jobs: JobDefinition[]): Promise<void> {
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

  scheduled(): { name: string; everyMs: number }[] {
    return [...this.#jobs.values()].map(({ job }) => ({ name: job.name, everyMs: job.everyMs }));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const state of this.#jobs.values()) clearTimeout(state.timer);
    await Promise.all([...this.#jobs.values()].flatMap((state) => state.running ?? []));
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
      await this.#execute(state.job, state.failures + 1);
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

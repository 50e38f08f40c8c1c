import { setTimeout as delay } from 'node:timers/promises';
import { type FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { type ExecuteJob, type JobDefinition } from './job';

/** Waits before each try of marking a job completed or failed: the pool reconnects meanwhile. */
const SETTLE_RETRY_MS = [0, 250, 1_000, 3_000];

/**
 * One job's worker in one instance: takes one job at a time from its pg-boss queue, runs it
 * (renewing its hold meanwhile, `renewHold`) and awaits marking it completed or failed. pg-boss's
 * own `work()` leaves those two promises unawaited, so with the database away at that moment (a
 * failover) their rejection would go unhandled and end the process. Here a lost mark (a backend
 * terminated just then) is tried again on a fresh connection; if the database stays away, the
 * run stops renewing its hold, and any instance fails the job once the hold lapses, so its queue
 * is never blocked until an expiry of minutes (ADR 0023).
 */
export class QueueWorker {
  readonly #boss: PgBoss;
  readonly #job: JobDefinition;
  readonly #execute: ExecuteJob;
  readonly #log: FastifyBaseLogger;
  readonly #pollingMs: number;
  #stopped = false;
  #woken = false;
  #sleeping: AbortController | undefined;
  #loop: Promise<void> | undefined;

  readonly #renewHold: (id: string, retryCount: number) => Promise<boolean>;

  constructor(options: {
    boss: PgBoss;
    job: JobDefinition;
    execute: ExecuteJob;
    log: FastifyBaseLogger;
    pollingMs: number;
    renewHold: (id: string, retryCount: number) => Promise<boolean>;
  }) {
    this.#boss = options.boss;
    this.#renewHold = options.renewHold;
    this.#job = options.job;
    this.#execute = options.execute;
    this.#log = options.log;
    this.#pollingMs = options.pollingMs;
  }

  start(): void {
    this.#loop ??= this.#run();
  }

  /** Look for work now instead of at the next poll (a job was just sent). */
  wake(): void {
    this.#woken = true;
    this.#sleeping?.abort();
  }

  /** Stops asking for work and waits for the running job to end. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.wake();
    await this.#loop;
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      const worked = await this.#takeOne();
      if (!worked) await this.#sleep();
    }
  }

  async #takeOne(): Promise<boolean> {
    const name = this.#job.name;
    let taken: PgBoss.JobWithMetadata<object> | undefined;
    try {
      [taken] = await this.#boss.fetch<object>(name, { batchSize: 1, includeMetadata: true });
    } catch (error) {
      this.#log.warn({ err: error, job: name }, 'job queue not read');
      return false;
    }
    if (!taken) return false;
    const { id, retryCount } = taken;
    const renewHold = () => this.#renewHold(id, retryCount);
    // At once: a retried job carries the hold its last run stretched, not one from now.
    if (!(await renewHold().catch(() => true))) return true;
    try {
      await this.#execute(this.#job, { attempt: retryCount + 1, renewHold });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.#settle('job failure not recorded in its queue', renewHold, () => this.#boss.fail(name, id, { message }));
      return true;
    }
    await this.#settle('job completion not recorded in its queue', renewHold, () => this.#boss.complete(name, id));
    return true;
  }

  /**
   * Marks the job, trying again on a fresh connection; gives up to the hold's lapse. Each try
   * first renews this fetch's hold: renewed, no other instance can take the job for a whole hold,
   * so the mark that follows is this run's; not renewed, another instance took the job over and
   * marks it itself.
   */
  async #settle(failed: string, renewHold: () => Promise<boolean>, mark: () => Promise<unknown>): Promise<void> {
    for (const [index, waitMs] of SETTLE_RETRY_MS.entries()) {
      if (waitMs > 0) await delay(waitMs, undefined, { ref: false });
      try {
        if (!(await renewHold())) {
          this.#log.warn({ job: this.#job.name }, 'job not marked: its hold was lost to another instance, whose run marks it');
          return;
        }
        await mark();
        return;
      } catch (error) {
        const last = index === SETTLE_RETRY_MS.length - 1;
        this.#log.warn(
          { err: error, job: this.#job.name, try: index + 1 },
          last ? `${failed}: its hold will lapse and another run follows` : failed,
        );
      }
    }
  }

  async #sleep(): Promise<void> {
    if (this.#woken || this.#stopped) {
      this.#woken = false;
      return;
    }
    this.#sleeping = new AbortController();
    try {
      await delay(this.#pollingMs, undefined, { signal: this.#sleeping.signal, ref: false });
    } catch {
      // woken up
    } finally {
      this.#sleeping = undefined;
      this.#woken = false;
    }
  }
}

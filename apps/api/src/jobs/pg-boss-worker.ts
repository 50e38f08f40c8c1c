import { setTimeout as delay } from 'node:timers/promises';
import { type FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { type ExecuteJob, type JobDefinition } from './job';

/**
 * One job's worker in one instance: takes one job at a time from its pg-boss queue, runs it and
 * awaits marking it completed or failed. pg-boss's own `work()` leaves those two promises
 * unawaited, so with the database away at that moment (a failover) their rejection would go
 * unhandled and end the process; here it is logged and the supervisor sorts the job out.
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

  constructor(options: { boss: PgBoss; job: JobDefinition; execute: ExecuteJob; log: FastifyBaseLogger; pollingMs: number }) {
    this.#boss = options.boss;
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
    const id = taken.id;
    try {
      await this.#execute(this.#job, taken.retryCount + 1);
    } catch (error) {
      await this.#boss.fail(name, id, { message: error instanceof Error ? error.message : String(error) }).catch((failure: unknown) => {
        this.#log.warn({ err: failure, job: name }, 'job failure not recorded in its queue');
      });
      return true;
    }
    await this.#boss.complete(name, id).catch((failure: unknown) => this.#log.warn({ err: failure, job: name }, 'job completion not recorded in its queue'));
    return true;
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

import { type FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import pg from 'pg';
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
import { QueueWorker } from './pg-boss-worker';

export interface PgBossRunnerOptions {
  connectionString: string;
  /** pg-boss's own tables live in this schema of the same database. */
  schema: string;
  execute: ExecuteJob;
  log: FastifyBaseLogger;
  retry?: RetryPolicy;
  /** How its connections show in pg_stat_activity. */
  applicationName?: string;
  /** How often an idle worker asks for work; one is woken at once when its own instance sends a job. */
  pollingIntervalSeconds?: number;
  /** The runs' hold on their jobs (tests shorten it). */
  hold?: HoldTiming;
  /** Marks the job_runs rows whose process stopped renewing them (execute.ts), on start and each check. */
  abandonStaleRuns?: () => Promise<number>;
}

const HALF_DAY_SECONDS = 12 * 60 * 60;

/**
 * The runner on PostgreSQL: every instance runs one, and pg-boss (its tables in their own
 * schema) makes them one.
 * - Once per schedule: each instance asks for a job of the current slot (`everyMs` wide) twice
 *   a slot; pg-boss's throttle (`singletonSeconds`, a unique index on the slot) keeps one job
 *   per slot across all instances. The slot comes from the database's clock, not the instances'.
 *   (pg-boss's cron schedules would do the same, but only to the minute.)
 * - Never overlapping: queues have the `stately` policy, at most one job of a queue active (and
 *   one waiting) across all instances; a worker (pg-boss-worker.ts) takes one job at a time.
 * - Retries with back-off: `retryLimit`, `retryDelay` and `retryBackoff` on the queue; pg-boss
 *   moves a failed job to `retry` with a growing `start_after`.
 * - Never stalled by a dead worker (ADR 0023): a job is held for `hold.holdMs` (the queue's
 *   `expireInSeconds`, so a job's `expire_in`) and its run renews the hold every `hold.renewMs`
 *   while it works. Every instance, when it starts and every `hold.checkMs`, fails the active jobs
 *   whose hold lapsed (pg-boss's `fail`, so the queue's retries follow) and marks their runs
 *   abandoned. pg-boss's own supervisor does the same with the same rule, less often.
 */
export class PgBossRunner implements JobRunner {
  readonly kind = 'pg-boss' as const;
  readonly #options: PgBossRunnerOptions;
  readonly #jobs = new Map<string, { job: JobDefinition; worker: QueueWorker; ticker: NodeJS.Timeout }>();
  readonly #hold: HoldTiming;
  #boss: PgBoss | undefined;
  #checker: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;
  #startedAt = new Date();

  constructor(options: PgBossRunnerOptions) {
    this.#options = options;
    this.#hold = options.hold ?? DEFAULT_HOLD;
  }

  get startedAt(): Date {
    return this.#startedAt;
  }

  /** The engine, for tests and operators' tools. */
  get boss(): PgBoss {
    if (!this.#boss) throw new Error('the job runner has not started');
    return this.#boss;
  }

  async start(jobs: JobDefinition[]): Promise<void> {
    const { connectionString, schema, log } = this.#options;
    const longestSeconds = Math.max(0, ...jobs.map((job) => slotSeconds(job)));
    const boss = new PgBoss({
      connectionString,
      schema,
      application_name: this.#options.applicationName ?? 'llk-api-jobs',
      max: 3,
      schedule: false,
      supervise: true,
      migrate: true,
      // A slot is only guarded while its job is in the job table: keep finished jobs longer.
      archiveCompletedAfterSeconds: Math.max(HALF_DAY_SECONDS, longestSeconds + 60),
    });
    // Without a listener an error event (the database away, a failover) would crash the process.
    boss.on('error', (error) => log.warn({ err: error }, 'job runner error'));
    this.#boss = boss;

    const retry = this.#options.retry ?? DEFAULT_RETRY;
    const queue = {
      policy: 'stately' as const,
      retryLimit: retry.limit,
      retryDelay: Math.max(1, Math.round(retry.delayMs / 1000)),
      retryBackoff: true,
      expireInSeconds: Math.max(1, Math.ceil(this.#hold.holdMs / 1000)),
    };
    // pg-boss's create_queue deadlocks when instances starting together create the same queues:
    // one instance at a time installs pg-boss and creates or updates them, the others then find
    // them made.
    await this.#exclusively(async () => {
      await boss.start();
      for (const job of jobs) {
        await boss.createQueue(job.name, { name: job.name, ...queue });
        await boss.updateQueue(job.name, { name: job.name, ...queue });
      }
    });
    this.#startedAt = new Date();
    for (const job of jobs) {
      const pollingSeconds = this.#options.pollingIntervalSeconds ?? defaultPollingSeconds(job);
      const renewHold = (id: string, retryCount: number) => this.#renewHold(job.name, id, retryCount);
      const worker = new QueueWorker({ boss, job, execute: this.#options.execute, log, pollingMs: pollingSeconds * 1000, renewHold });
      worker.start();
      const ticker = setInterval(() => void this.requestScheduledRun(job.name), Math.max(500, job.everyMs / 2));
      ticker.unref();
      this.#jobs.set(job.name, { job, worker, ticker });
    }
    // Before any worker of this instance asks for work: a job held by a worker that died (before
    // this instance restarted, or in a restored backup) is failed now, not at its expiry.
    await this.checkHolds();
    this.#checker = setInterval(() => void this.checkHolds(), this.#hold.checkMs);
    this.#checker.unref();
    log.info({ runner: this.kind, schema, jobs: jobs.map((job) => ({ name: job.name, everyMs: job.everyMs })) }, 'job runner started');
  }

  /**
   * Fails every active job of this runner's queues whose hold lapsed (its worker stopped
   * renewing it), and marks the runs nobody renews as abandoned. Two instances checking at once
   * fail each job once: `fail` only touches a job not yet completed or failed.
   */
  checkHolds(): Promise<void> {
    this.#checking ??= this.#failLapsedHolds().finally(() => (this.#checking = undefined));
    return this.#checking;
  }

  async #failLapsedHolds(): Promise<void> {
    const boss = this.#boss;
    if (!boss) return;
    const { log, schema } = this.#options;
    try {
      const names = [...this.#jobs.keys()];
      const { rows } = (await boss.getDb().executeSql(
        `select id, name, extract(epoch from now() - started_on)::float as held_seconds from ${schema}.job
         where name = any($1::text[]) and state = 'active' and started_on + expire_in < now()`,
        [names],
      )) as { rows: { id: string; name: string; held_seconds: number }[] };
      for (const row of rows) {
        await boss.fail(row.name, row.id, {
          message: 'its hold lapsed: the worker stopped renewing it (killed, or cut off from the database)',
        });
        log.error(
          { job: row.name, queueJobId: row.id, heldSeconds: Math.round(row.held_seconds), err: { message: 'hold lapsed' } },
          'job failed: its worker stopped renewing its hold',
        );
        this.#jobs.get(row.name)?.worker.wake();
      }
      await this.#options.abandonStaleRuns?.();
    } catch (error) {
      log.warn({ err: error }, 'job holds not checked');
    }
  }

  /**
   * Extends the hold of one fetch of a job to `holdMs` from now; false when that fetch no longer
   * holds it (another instance failed it). A failed job keeps its id when pg-boss retries it, and
   * each fetch of a retry counts one more `retry_count`: the pair names this fetch, so a run that
   * lost its job never renews, completes or fails the retry another instance is running.
   */
  async #renewHold(name: string, id: string, retryCount: number): Promise<boolean> {
    const { rows } = (await this.boss
      .getDb()
      .executeSql(
        `update ${this.#options.schema}.job set expire_in = (now() - started_on) + $3 * interval '1 millisecond' where name = $1 and id = $2 and retry_count = $4 and state = 'active' returning id`,
        [name, id, this.#hold.holdMs, retryCount],
      )) as { rows: unknown[] };
    return rows.length > 0;
  }

  /** Runs `work` under a session advisory lock of this pg-boss schema, on a connection of its own. */
  async #exclusively(work: () => Promise<void>): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#options.connectionString,
      application_name: this.#options.applicationName ?? 'llk-api-jobs',
    });
    client.on('error', (error) => this.#options.log.warn({ err: error }, 'job runner lock connection failed'));
    await client.connect();
    const key = `llk.jobs.${this.#options.schema}`;
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', [key]);
      await work();
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /**
   * Asks for the current slot's run (what the instance's timer does twice a slot). Returns
   * whether this call created it: false when any instance already did.
   */
  async requestScheduledRun(name: string): Promise<boolean> {
    const entry = this.#jobs.get(name);
    if (!entry || !this.#boss) return false;
    try {
      const id = await this.#boss.send(name, {}, { singletonSeconds: slotSeconds(entry.job) });
      if (id) entry.worker.wake();
      return id !== null;
    } catch (error) {
      this.#options.log.warn({ err: error, job: name }, 'job not scheduled');
      return false;
    }
  }

  async runNow(name: string): Promise<void> {
    const entry = this.#jobs.get(name);
    if (!entry) throw new Error(`unknown job ${name}`);
    try {
      await this.boss.send(name, {});
    } catch (error) {
      // After a failover the pool may hand out a connection the server already ended (it learns
      // so from the first query on it, and drops it): asked once more, on a fresh one.
      if (!endedConnection(error)) throw error;
      await this.boss.send(name, {});
    }
    entry.worker.wake();
  }

  scheduled(): ScheduledJob[] {
    return [...this.#jobs.values()].map(({ job }) => ({ name: job.name, everyMs: job.everyMs, expireSeconds: job.expireSeconds }));
  }

  async stop(): Promise<void> {
    clearInterval(this.#checker);
    await this.#checking;
    for (const { ticker } of this.#jobs.values()) clearInterval(ticker);
    await Promise.all([...this.#jobs.values()].map(({ worker }) => worker.stop()));
    await this.#boss?.stop({ graceful: false });
  }
}

function slotSeconds(job: JobDefinition): number {
  return Math.max(1, Math.round(job.everyMs / 1000));
}

/** Often enough that a slot's job starts soon after it is sent elsewhere; a worker is woken at once locally. */
function defaultPollingSeconds(job: JobDefinition): number {
  return Math.min(30, Math.max(0.5, job.everyMs / 4000));
}

/** The server ended the connection under the query (57P01–57P03), or its socket closed. */
function endedConnection(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === 'string' && /^57P0[1-3]$/.test(code)) || /Connection terminated/i.test(error.message);
}

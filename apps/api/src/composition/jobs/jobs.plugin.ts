import fp from 'fastify-plugin';
import { abandonStaleRuns, createExecutor } from '../../infrastructure/jobs/execute';
import { InProcessRunner } from '../../infrastructure/jobs/in-process-runner';
import { DEFAULT_HOLD, type HoldTiming, type JobDefinition, type JobRunner, type RetryPolicy } from '../../infrastructure/jobs/job';
import { PgBossRunner } from '../../infrastructure/jobs/pg-boss-runner';
import { appJobs } from './registry';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job runner (src/jobs): pg-boss on PostgreSQL, in-process on SQLite. */
    jobs: JobRunner;
  }
}

/** Which runner; by default pg-boss on PostgreSQL (schema JOBS_SCHEMA) and in-process on SQLite. */
export type TJobRunnerChoice =
  | { kind: 'in-process'; retry?: RetryPolicy; hold?: HoldTiming }
  | {
      kind: 'pg-boss';
      connectionString: string;
      schema: string;
      retry?: RetryPolicy;
      pollingIntervalSeconds?: number;
      applicationName?: string;
      hold?: HoldTiming;
    };

export interface JobsPluginOptions {
  runner?: TJobRunnerChoice;
  /** The jobs to run instead of appJobs(app) (tests). */
  jobs?: JobDefinition[];
}

/** Starts the runner once the app is ready (every plugin the jobs use is loaded) and stops it first on close. */
export default fp<JobsPluginOptions>(
  async (app, options) => {
    const choice = options.runner ?? defaultChoice(app.config.database, app.config.jobs.schema);
    const hold = choice.hold ?? DEFAULT_HOLD;
    const execute = createExecutor({ db: app.db, log: app.log, hold });
    const abandon = () => abandonStaleRuns(app.db, app.log, hold);
    const runner: JobRunner =
      choice.kind === 'pg-boss'
        ? new PgBossRunner({ ...choice, execute, log: app.log, hold, abandonStaleRuns: abandon })
        : new InProcessRunner({ execute, log: app.log, hold, abandonStaleRuns: abandon, ...(choice.retry ? { retry: choice.retry } : {}) });
    app.decorate('jobs', runner);
    app.addHook('onReady', async () => runner.start(options.jobs ?? appJobs(app)));
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['config', 'db', 'kv', 'payments'] },
);

function defaultChoice(database: { dialect: 'sqlite' } | { dialect: 'postgres'; url: string }, schema: string): TJobRunnerChoice {
  return database.dialect === 'postgres' ? { kind: 'pg-boss', connectionString: database.url, schema } : { kind: 'in-process' };
}

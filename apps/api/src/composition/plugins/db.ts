import fp from 'fastify-plugin';
import { createDatabase, type DatabaseHandle } from '../../infrastructure/db/database';
import { migrateAndSeed } from '../setup/migrate-and-seed';
import { type Db } from '../../infrastructure/db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** The connection and its dialect; services get `app.db`. */
    database: DatabaseHandle;
    db: Db;
    /**
     * What background jobs run on: on PostgreSQL a small pool of its own with the job limits
     * (DB_JOB_*, ADR 0023), reporting its writes with `database`'s; otherwise `db` itself.
     */
    jobsDb: Db;
    /**
     * What the apps' connection-record events write on (POST /session/update|end|fileTransfer|note
     * and /device/connectCheck): on PostgreSQL a pool of its own whose commits do not wait for
     * the disk (synchronous_commit off, ADR 0047); otherwise `db` itself.
     */
    eventsDb: Db;
  }
}

/** Jobs run one at a time per queue: a few connections serve all of them. */
const JOBS_POOL_SIZE = 3;
/** The events' statements are short (one indexed write each): a few connections carry thousands a second. */
const EVENTS_POOL_SIZE = 6;

export interface DbPluginOptions {
  /** An open database to use (tests); the app then leaves closing it to the caller. */
  database?: DatabaseHandle;
  /** With `database`: the handle the events write on (the benchmark's); else `database` itself. */
  eventsDatabase?: DatabaseHandle;
  /** Migrate and seed while the app starts. */
  autoMigrate: boolean;
}

export default fp<DbPluginOptions>(
  async (app, options) => {
    const owned = !options.database;
    const { poolWaitMs, ...timeouts } = app.config.databaseTimeouts;
    // Every pooled connection runs with the request limits (ADR 0026); the start-up lock's
    // connection lifts them while it migrates and seeds (db/startup-lock.ts).
    const database =
      options.database ??
      createDatabase(app.config.database, {
        timeouts,
        poolWaitMs,
        onPoolError: (error) => app.log.warn({ err: error }, 'database connection failed'),
      });
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (owned) app.addHook('onClose', async () => database.destroy());
    // A batch of the sweep may wait on a row a request holds longer than a request may wait; a
    // test's own handle (a schema of its own) is used as it is.
    const jobs =
      owned && database.dialect === 'postgres'
        ? createDatabase(app.config.database, {
            timeouts: app.config.jobDatabaseTimeouts,
            poolWaitMs,
            poolSize: JOBS_POOL_SIZE,
            applicationName: 'llk-api-jobs-db',
            alongside: database,
            onPoolError: (error) => app.log.warn({ err: error }, 'jobs database connection failed'),
          })
        : undefined;
    app.decorate('jobsDb', jobs?.db ?? database.db);
    if (jobs) app.addHook('onClose', async () => jobs.destroy());
    // A commit of an event is visible at once, as any other; only a crash of PostgreSQL itself
    // may lose the last fraction of a second of them (ADR 0047): the sweep ends a session whose
    // record stopped, and nothing of money or access is written here.
    const events =
      owned && database.dialect === 'postgres'
        ? createDatabase(app.config.database, {
            timeouts,
            poolWaitMs,
            poolSize: EVENTS_POOL_SIZE,
            applicationName: 'llk-api-events-db',
            alongside: database,
            settings: { synchronous_commit: 'off' },
            onPoolError: (error) => app.log.warn({ err: error }, 'events database connection failed'),
          })
        : undefined;
    app.decorate('eventsDb', events?.db ?? options.eventsDatabase?.db ?? database.db);
    if (events) app.addHook('onClose', async () => events.destroy());

    if (options.autoMigrate) {
      const { migrations, seed, guideIndexRebuilt } = await migrateAndSeed(database);
      app.log.info(
        { database: database.description, migrations, seed: { version: seed.version, applied: seed.applied }, guideIndexRebuilt },
        'database ready',
      );
    }
  },
  { name: 'db', dependencies: ['config'] },
);

import fp from 'fastify-plugin';
import { createDatabase, type DatabaseHandle } from '../db/database';
import { migrateAndSeed } from '../setup/migrate-and-seed';
import { type Db } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** The connection and its dialect; services get `app.db`. */
    database: DatabaseHandle;
    db: Db;
  }
}

export interface DbPluginOptions {
  /** An open database to use (tests); the app then leaves closing it to the caller. */
  database?: DatabaseHandle;
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
      createDatabase(app.config.database, { timeouts, poolWaitMs, onPoolError: (error) => app.log.warn({ err: error }, 'database connection failed') });
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (owned) app.addHook('onClose', async () => database.destroy());

    if (options.autoMigrate) {
      const { migrations, seed, guideIndexRebuilt } = await migrateAndSeed(database);
      app.log.info({ database: database.description, migrations, seed: { version: seed.version, applied: seed.applied }, guideIndexRebuilt }, 'database ready');
    }
  },
  { name: 'db', dependencies: ['config'] },
);

import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { listenOn } from './listen';
import { preloadLocationTable } from '../modules/location';

// Entry point: validate the environment, build the app (which migrates and seeds when
// AUTO_MIGRATE is on), listen, and on SIGINT/SIGTERM stop accepting, serve what still arrives on
// kept-alive connections for SHUTDOWN_DRAIN_MS (plugins/closing.ts), let in-flight requests
// finish, close the database and Redis, and exit 0 (1 if that takes over the drain + 10 s).

function readConfig() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const app = buildApp(config);

/**
 * After the drain, what a request in flight may still take: the database's request budget (pool
 * wait + statement timeout, 5 + 5 s by default, ADR 0026). Drain + this stays under compose's
 * stop_grace_period (15 s).
 */
const IN_FLIGHT_GRACE_MS = 10_000;

closeWithGrace(
  { delay: config.shutdown.drainMs + IN_FLIGHT_GRACE_MS, logger: { error: (message: unknown) => app.log.error(message) } },
  async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an uncaught error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  },
);

try {
  await listenOn(app, config.port, config.host);
} catch (error) {
  app.log.fatal({ err: error }, 'could not start');
  process.exit(1);
}
// The country tables load once, after the server is listening, rather than on a first request.
setImmediate(() => {
  try {
    preloadLocationTable();
  } catch (error) {
    app.log.warn({ err: error }, 'location tables not preloaded; loaded on first use');
  }
});

import { z } from 'zod';
import { parseDatabaseUrl, type TDatabaseTarget } from '../../infrastructure/db/database-url';
import { defaultSqliteFile } from '../../paths';
import { blankToUndefined, booleanFlag, integer, ZOrigin } from './env';

// The process itself: where it listens, its database and store, their time limits, logging,
// proxies, the public origin and the in-memory caches.
//
//   NODE_ENV            development | production | test                    (development)
//   API_PORT            port to listen on, 0 = any free port                 (4000)
//   API_HOST            interface(s) to bind, comma-separated; "localhost" = 127.0.0.1 and ::1
//                       (loopback only: other machines need an explicit address) (localhost)
//   DATABASE_URL        postgres://… or a SQLite file: sqlite:/abs, file:/abs, a plain path;
//                       relative paths are from the repository root          (data/llk.sqlite)
//   REDIS_URL           redis://… for codes, rate limits and caches shared by instances;
//                       unset = in-process store                             (unset)
//   REDIS_COMMAND_TIMEOUT_MS  a Redis command unanswered this long fails and opens the
//                       store's breaker (docs/adr/0025)                      (1000)
//   REDIS_PROBE_MS      how often an open breaker asks Redis whether it is back (1000)
//   PostgreSQL's limits on every pooled connection, in ms, 0 = none (docs/adr/0026):
//   DB_STATEMENT_TIMEOUT_MS  a statement running longer is cancelled: 503  (5000)
//   DB_LOCK_TIMEOUT_MS  a wait for a lock longer than this gives up: 503      (2000)
//   DB_IDLE_IN_TRANSACTION_TIMEOUT_MS  a transaction left idle this long ends its
//                       session (its work rolled back)                       (10000)
//   DB_POOL_WAIT_MS     a query waits this long for a pooled connection: 503 (5000)
//   DB_JOB_STATEMENT_TIMEOUT_MS, DB_JOB_LOCK_TIMEOUT_MS, DB_JOB_IDLE_IN_TRANSACTION_TIMEOUT_MS
//                       the same limits for the background jobs' own small pool, sized to a
//                       batch of a sweep rather than to a request (docs/adr/0023) (60000, 15000, 60000)
//   SHUTDOWN_DRAIN_MS   on SIGTERM, how long requests still arriving on kept-alive
//                       connections are answered (with Connection: close) once the
//                       listener has closed, before idle connections are closed  (2000)
//   LOG_LEVEL           fatal | error | warn | info | debug | trace | silent (info)
//   TRUST_PROXY         true/false, a hop count, or a comma list of proxy IPs/CIDRs whose
//                       X-Forwarded-* headers are believed                   (false)
//   AUTO_MIGRATE        migrate and seed the database on start               (true)
//   PUBLIC_ORIGIN       the origin visitors reach the web on; every link the API prints
//                       (payment codes, sandbox pages, referral links, the command line's
//                       staff set-up link) starts with it; unset = the web on this machine
//                       at PORT, as `npm start` and next.config.ts take it
//                                                                            (http://localhost:$PORT)
//   PORT                the web's port (not the API's), read only for that default (3000)
//   WEB_ORIGIN          older name of PUBLIC_ORIGIN, wins when both are set
//   BODY_LIMIT          largest accepted request body in bytes               (1048576)
//   CONTENT_CACHE_SECONDS  how long an instance keeps a public content answer (news, notices,
//                       downloads, prices, search) in memory; a back-office change ends it
//                       at once on every instance; 0 = off, at most the answers' max-age (60)
//   MEMO_SECONDS        how long an instance keeps the sessions and accounts it read in memory
//                       (infrastructure/memo.ts); a change through the API ends them at once on
//                       every instance, this bounds a change made outside it; 0 = off, at most 10  (2)
//   HOT_SEARCH_MIN_VISITORS  distinct visitors of the last 30 days a searched term needs before
//                       the public hot list shows it; staff's pinned terms always show (3)

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type TLogLevel = (typeof LOG_LEVELS)[number];
export type TTrustProxy = boolean | number | string[];

export interface ServerConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /** API_HOST: "localhost" = the loopback pair (listen.ts), else a comma list of addresses. */
  host: string;
  databaseUrl: string;
  database: TDatabaseTarget;
  redisUrl: string | undefined;
  /** Redis's command timeout and the breaker's probe interval (infrastructure/kv/circuit-breaker.ts, ADR 0025) */
  redisBreaker: { commandTimeoutMs: number; probeMs: number };
  /** PostgreSQL's limits on every pooled connection and the pool's wait (infrastructure/db/database.ts, ADR 0026) */
  databaseTimeouts: { statementMs: number; lockMs: number; idleInTransactionMs: number; poolWaitMs: number };
  /** The background jobs' pool: the same limits, sized to their work (plugins/db.ts, ADR 0023) */
  jobDatabaseTimeouts: { statementMs: number; lockMs: number; idleInTransactionMs: number };
  /** SIGTERM: the drain window in which kept-alive connections are still served (plugins/closing.ts) */
  shutdown: { drainMs: number };
  logLevel: TLogLevel;
  trustProxy: TTrustProxy;
  autoMigrate: boolean;
  webOrigin: string;
  bodyLimit: number;
  /** CONTENT_CACHE_SECONDS in ms (infrastructure/content-cache.ts); 0 = off */
  contentCacheMs: number;
  /** MEMO_SECONDS in ms (infrastructure/memo.ts: sessions and accounts per instance); 0 = off */
  memoMs: number;
  /** HOT_SEARCH_MIN_VISITORS: a NORMAL term is in the public hot list from this many visitors */
  hotSearchMinVisitors: number;
}

const ZTrustProxy = z.string().transform((value, ctx): TTrustProxy => {
  const raw = value.trim().toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (entries.every((entry) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(entry) || /^(loopback|linklocal|uniquelocal)$/.test(entry))) {
    return entries;
  }
  ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a comma list of IPs/CIDRs' });
  return z.NEVER;
});

export const ZServerEnv = z.object({
  NODE_ENV: z.preprocess(
    blankToUndefined,
    z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  ),
  API_PORT: integer(0, 65535, 4000),
  PORT: integer(1, 65535, 3000),
  API_HOST: z.preprocess(blankToUndefined, z.string().default('localhost')),
  DATABASE_URL: z.preprocess(blankToUndefined, z.string().default(defaultSqliteFile)).transform((value, ctx) => {
    try {
      return { url: value, target: parseDatabaseUrl(value) };
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' })
      .optional(),
  ),
  REDIS_COMMAND_TIMEOUT_MS: integer(50, 10_000, 1_000),
  REDIS_PROBE_MS: integer(50, 60_000, 1_000),
  DB_STATEMENT_TIMEOUT_MS: integer(0, 3_600_000, 5_000),
  DB_LOCK_TIMEOUT_MS: integer(0, 3_600_000, 2_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: integer(0, 3_600_000, 10_000),
  DB_POOL_WAIT_MS: integer(100, 600_000, 5_000),
  DB_JOB_STATEMENT_TIMEOUT_MS: integer(0, 3_600_000, 60_000),
  DB_JOB_LOCK_TIMEOUT_MS: integer(0, 3_600_000, 15_000),
  DB_JOB_IDLE_IN_TRANSACTION_TIMEOUT_MS: integer(0, 3_600_000, 60_000),
  SHUTDOWN_DRAIN_MS: integer(0, 60_000, 2_000),
  LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info')),
  TRUST_PROXY: z.preprocess((value) => value ?? 'false', ZTrustProxy),
  AUTO_MIGRATE: booleanFlag(true),
  WEB_ORIGIN: z.preprocess(blankToUndefined, ZOrigin.optional()),
  PUBLIC_ORIGIN: z.preprocess(blankToUndefined, ZOrigin.optional()),
  BODY_LIMIT: integer(1024, 100 * 1024 * 1024, 1024 * 1024),
  CONTENT_CACHE_SECONDS: integer(0, 60, 60),
  MEMO_SECONDS: integer(0, 10, 2),
  HOT_SEARCH_MIN_VISITORS: integer(1, 1_000_000, 3),
});

/**
 * The origin every printed link starts with: WEB_ORIGIN (the older name wins), PUBLIC_ORIGIN,
 * else the web on this machine at PORT, the default scripts/start.mjs and next.config.ts use.
 */
export function publicOriginOf(env: { WEB_ORIGIN?: string | undefined; PUBLIC_ORIGIN?: string | undefined; PORT?: unknown }): string {
  // the refinement sees the input even when PORT itself failed (reported there)
  const port = typeof env.PORT === 'number' ? env.PORT : 3000;
  return env.WEB_ORIGIN ?? env.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
}

export function serverConfig(e: z.infer<typeof ZServerEnv>, webOrigin: string): ServerConfig {
  return {
    nodeEnv: e.NODE_ENV,
    port: e.API_PORT,
    host: e.API_HOST,
    databaseUrl: e.DATABASE_URL.url,
    database: e.DATABASE_URL.target,
    redisUrl: e.REDIS_URL,
    redisBreaker: { commandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS, probeMs: e.REDIS_PROBE_MS },
    databaseTimeouts: {
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockMs: e.DB_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      poolWaitMs: e.DB_POOL_WAIT_MS,
    },
    jobDatabaseTimeouts: {
      statementMs: e.DB_JOB_STATEMENT_TIMEOUT_MS,
      lockMs: e.DB_JOB_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DB_JOB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    autoMigrate: e.AUTO_MIGRATE,
    webOrigin,
    bodyLimit: e.BODY_LIMIT,
    contentCacheMs: e.CONTENT_CACHE_SECONDS * 1000,
    memoMs: e.MEMO_SECONDS * 1000,
    hotSearchMinVisitors: e.HOT_SEARCH_MIN_VISITORS,
  };
}

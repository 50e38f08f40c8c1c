import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type Dialect, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { describeDatabaseTarget, parseDatabaseUrl, type TDatabaseTarget, type TDialect } from './database-url';
import { type DatabaseTimeouts } from './timeouts';
import { type DB, type Db } from './schema';
import { createWriteFeed, watchWrites, type WriteFeed, type WriteSource } from './write-watch';

export interface DatabaseHandle {
  db: Db;
  dialect: TDialect;
  /** Where it points, password masked: for logs. */
  description: string;
  /** SQLite: the database file (`:memory:` for an in-memory one). */
  file?: string;
  /** The committed writes through `db`, for what keeps copies of rows (db/write-watch.ts). */
  writes: WriteFeed;
  /** Closes the connection (pool); safe to call more than once. */
  destroy(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** PostgreSQL only: run every connection with this search_path (tests use one per file). */
  schema?: string;
  /** PostgreSQL only: maximum pool size. */
  poolSize?: number;
  /** PostgreSQL only: how the connections show in pg_stat_activity. */
  applicationName?: string;
  /**
   * PostgreSQL only: run-time settings of every connection (`-c name=value`), e.g. the tests'
   * `synchronous_commit: 'off'` on their throwaway schemas (a commit then does not wait for the
   * disk: some 6.5 ms less per commit on this machine; a crash may lose the last commits, which
   * a throwaway database does not mind). Names and values are plain words.
   */
  settings?: Readonly<Record<string, string>>;
  /**
   * PostgreSQL only: how long a statement, a lock wait and an idle open transaction may last on
   * every connection (ADR 0026); left out = PostgreSQL's own (none). The API passes the
   * DB_*_TIMEOUT_MS settings; the CLI, migrations and tests open handles without them.
   */
  timeouts?: DatabaseTimeouts;
  /** PostgreSQL only: how long a query waits for a pooled connection, free or new (5 s). */
  poolWaitMs?: number;
  /** Called when a pooled connection fails, idle or in use (server restart, failover, network). */
  onPoolError?: (error: Error) => void;
  /**
   * A second pool on the same database whose committed writes are reported on that handle's
   * `writes` (the jobs' pool, with longer limits: what keeps copies of rows sees its writes too).
   */
  alongside?: DatabaseHandle;
}

export { type DatabaseTimeouts } from './timeouts';

/** The pool's wait for a connection when the caller names none; with the statement timeout, a request's budget (ADR 0026). */
export const DEFAULT_POOL_WAIT_MS = 5_000;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** The server ended the session: shut down or terminated (57P01–57P03), or left idle in a transaction (25P03). */
const TERMINATED_BACKEND = /^(57P0[1-3]|25P03)$/;

/** Each handle's feed, by what the handle shows of it: a handle opened `alongside` reports there. */
const feeds = new WeakMap<WriteFeed, WriteSource>();

/** Opens SQLite (better-sqlite3) or PostgreSQL (pg Pool) from a DATABASE_URL. */
export function createDatabase(url: string | TDatabaseTarget, options: CreateDatabaseOptions = {}): DatabaseHandle {
  const target = typeof url === 'string' ? parseDatabaseUrl(url) : url;
  const shared = options.alongside ? feeds.get(options.alongside.writes) : undefined;
  if (options.alongside && !shared) throw new Error('createDatabase: `alongside` names a handle this module did not open');
  const writes = shared ?? createWriteFeed();
  feeds.set(writes, writes);
  const db = target.dialect === 'sqlite' ? openSqlite(target.file, writes) : openPostgres(target.url, options, writes);
  let destroyed: Promise<void> | undefined;
  return {
    db,
    writes,
    dialect: target.dialect,
    description: describeDatabaseTarget(target),
    ...(target.dialect === 'sqlite' ? { file: target.file } : {}),
    destroy: () => (destroyed ??= db.destroy()),
  };
}

function openSqlite(file: string, writes: WriteSource): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  // WAL lets readers run while one writer commits; busy_timeout waits for the write lock
  // (another process, e.g. `db:seed` next to a running API) instead of failing at once.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: watchWrites(immediateTransactions(new SqliteDialect({ database: keptStatements(database) })), writes) });
}

/** Prepared statements kept per connection (by SQL text), least recently used out past this. */
const KEPT_STATEMENTS = 500;

/**
 * better-sqlite3 with its prepared statements kept: Kysely prepares every query it runs, and
 * preparing took 6 % of the API's CPU on `GET /user/info` (ADR 0022). The SQL of a
 * query depends only on its shape (values are parameters), so the set stays small. A statement
 * still being iterated (a stream) is busy and cannot run twice at once: a busy one is prepared
 * anew. SQLite re-prepares a kept statement itself when a migration changes the schema.
 */
function keptStatements(database: SqliteDatabase.Database): { prepare: (sql: string) => SqliteDatabase.Statement; close: () => void } {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sql) {
      const kept = statements.get(sql);
      statements.delete(sql);
      const statement = kept && !kept.busy ? kept : database.prepare(sql);
      statements.set(sql, statement); // most recently used last: Map keeps insertion order
      if (statements.size > KEPT_STATEMENTS) statements.delete(statements.keys().next().value as string);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}

/**
 * SQLite's transactions begin IMMEDIATE (take the write lock at BEGIN). A deferred transaction
 * that reads and then writes asks for the write lock while it holds a read snapshot, and SQLite
 * answers SQLITE_BUSY at once there, without the busy timeout, whenever another process (the
 * CLI beside a running API, `db:seed`) is writing; at BEGIN the busy timeout applies.
 */
function immediateTransactions(dialect: SqliteDialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => {
      const driver = dialect.createDriver();
      driver.beginTransaction = async (connection) => {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      };
      return driver;
    },
  };
}

/** Statements named (prepared) per connection; later ones run unnamed (planned every time). */
const NAMED_STATEMENTS = 200;
/** What a prepared statement may be: one query with parameters (not DDL, not a script). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * node-postgres sends unnamed statements, which PostgreSQL parses and plans on every run: for
 * the account query of `/user/info` planning took 0.5–0.8 ms against 0.05–0.1 ms of execution
 * (ADR 0022). Here a connection names the queries with parameters it runs (by the
 * SQL's hash, the first NAMED_STATEMENTS of them), so each is parsed once per connection and
 * PostgreSQL may keep a generic plan. A migration that changes a table's columns under a kept
 * `SELECT *` makes PostgreSQL refuse it ("cached plan must not change result type", 0A000): the
 * connection then moves to fresh names and the query runs again once (inside a transaction the
 * transaction has failed by then, and the error stands).
 */
function preparedStatements(client: pg.PoolClient): void {
  const plain = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const named = new Set<string>();
  let generation = 0;
  const nameOf = (text: string) => `k${generation}_${createHash('sha1').update(text).digest('base64url')}`;
  const run = (text: string, values: unknown[]) => plain({ name: nameOf(text), text, values });
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof config !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined || !PREPARABLE.test(config)) {
      return plain(config, values, callback);
    }
    if (!named.has(config)) {
      if (named.size >= NAMED_STATEMENTS) return plain(config, values);
      named.add(config);
    }
    return run(config, values).catch((error: unknown) => {
      if ((error as { code?: string }).code !== '0A000' || !/cached plan/i.test((error as Error).message)) throw error;
      generation += 1;
      named.clear();
      named.add(config);
      return run(config, values);
    });
  }) as typeof client.query;
}

const SETTING_NAME = /^[a-z_][a-z0-9_.]{0,62}$/i;
const SETTING_VALUE = /^[a-z0-9_.]{1,63}$/i;

/** The PostgreSQL settings of `timeouts` (whole milliseconds, PostgreSQL's unit for them). */
export function timeoutSettings(timeouts: Partial<DatabaseTimeouts>): Record<string, string> {
  const settings: Record<string, string> = {};
  if (timeouts.statementMs !== undefined) settings.statement_timeout = String(Math.round(timeouts.statementMs));
  if (timeouts.lockMs !== undefined) settings.lock_timeout = String(Math.round(timeouts.lockMs));
  if (timeouts.idleInTransactionMs !== undefined)
    settings.idle_in_transaction_session_timeout = String(Math.round(timeouts.idleInTransactionMs));
  return settings;
}

/** node-postgres' `options` (the startup packet's `-c` settings) for the schema, timeouts and settings. */
function connectionOptions(options: CreateDatabaseOptions): { options?: string } {
  const settings = {
    ...(options.timeouts ? timeoutSettings(options.timeouts) : {}),
    ...options.settings,
    ...(options.schema ? { search_path: options.schema } : {}),
  };
  const words = Object.entries(settings).map(([name, value]) => {
    if (!SETTING_NAME.test(name) || !SETTING_VALUE.test(value)) throw new Error(`invalid PostgreSQL setting: ${name}=${value}`);
    return `-c ${name}=${value}`;
  });
  return words.length ? { options: words.join(' ') } : {};
}

/**
 * node-postgres lets a connection string's parameters override the pool's: a DATABASE_URL with
 * `?options=-c …` (a search_path, say) would drop the limits. So the URL's `options` go first and
 * ours after them (PostgreSQL keeps the last of a setting given twice), and the URL loses them.
 */
function withUrlOptions(connectionString: string, ours: { options?: string }): { connectionString: string; options?: string } {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    return { connectionString, ...ours };
  }
  const fromUrl = url.searchParams.get('options');
  if (!fromUrl) return { connectionString, ...ours };
  url.searchParams.delete('options');
  return { connectionString: url.toString(), options: [fromUrl, ours.options].filter(Boolean).join(' ') };
}

function openPostgres(connectionString: string, options: CreateDatabaseOptions, writes: WriteSource): Db {
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new Error(`invalid PostgreSQL schema name: ${options.schema}`);
  }
  const pool = new pg.Pool({
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.poolWaitMs ?? DEFAULT_POOL_WAIT_MS,
    idleTimeoutMillis: 30_000,
    application_name: options.applicationName ?? 'llk-api',
    ...withUrlOptions(connectionString, connectionOptions(options)),
  });
  // A connection's 'error' event without a listener crashes the process. The pool listens only
  // while a client is idle; a client checked out by a query when its backend goes away (failover,
  // pg_terminate_backend) needs a listener of its own. The query itself still fails (and the
  // request answers 503); the pool then drops the dead client and the next query opens a new one.
  pool.on('connect', (client) => {
    preparedStatements(client);
    client.on('error', (error) => options.onPoolError?.(error));
    // A terminated backend says so (57P01–57P03) before its socket closes; ending the client at
    // once keeps the pool from handing that dying connection to the next query.
    client.connection.on('errorMessage', (message: { code?: string }) => {
      if (message.code && TERMINATED_BACKEND.test(message.code)) client.end().catch(() => undefined);
    });
  });
  // The pool re-emits an idle client's error, which the client's own listener has reported.
  pool.on('error', () => undefined);
  return new Kysely<DB>({ dialect: watchWrites(new PostgresDialect({ pool }), writes) });
}

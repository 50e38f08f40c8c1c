import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { describeDatabaseTarget, parseDatabaseUrl, type TDatabaseTarget, type TDialect } from './database-url';
import { type DB, type Db } from './schema';

export interface DatabaseHandle {
  db: Db;
  dialect: TDialect;
  /** Where it points, password masked: for logs. */
  description: string;
  /** Closes the connection (pool); safe to call more than once. */
  destroy(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** PostgreSQL only: run every connection with this search_path (tests use one per file). */
  schema?: string;
  /** PostgreSQL only: maximum pool size. */
  poolSize?: number;
  /** Called when an idle pooled connection fails (e.g. the server restarted). */
  onPoolError?: (error: Error) => void;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Opens SQLite (better-sqlite3) or PostgreSQL (pg Pool) from a DATABASE_URL. */
export function createDatabase(url: string | TDatabaseTarget, options: CreateDatabaseOptions = {}): DatabaseHandle {
  const target = typeof url === 'string' ? parseDatabaseUrl(url) : url;
  const db = target.dialect === 'sqlite' ? openSqlite(target.file) : openPostgres(target.url, options);
  let destroyed: Promise<void> | undefined;
  return {
    db,
    dialect: target.dialect,
    description: describeDatabaseTarget(target),
    destroy: () => (destroyed ??= db.destroy()),
  };
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  // WAL lets readers run while one writer commits; busy_timeout waits for the write lock
  // (another process, e.g. `db:seed` next to a running API) instead of failing at once.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
}

function openPostgres(connectionString: string, options: CreateDatabaseOptions): Db {
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new Error(`invalid PostgreSQL schema name: ${options.schema}`);
  }
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // Without a listener an idle client's error (server restart, network blip) would crash the
  // process; the pool drops that client and the next query opens a new one.
  pool.on('error', (error) => options.onPoolError?.(error));
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

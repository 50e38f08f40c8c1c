import { setTimeout as delay } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { type DatabaseHandle } from './database';
import { liftSessionTimeouts, lockStartup, restoreSessionTimeouts, unlockStartup } from './postgres-session.repository';

// Instances of one deployment start at the same moment; schema changes and seed content must be
// written by one of them while the others wait, then find the work done. PostgreSQL: a session
// advisory lock per schema, held on one reserved connection (released by the server if the
// process dies). SQLite: an exclusive transaction on a lock file next to the database (released
// by the operating system if the process dies), polled so that waiting never blocks the event
// loop of an instance that holds it in the same process.

const LOCK_WAIT_MS = 120_000;
const POLL_MS = 50;

/** Runs `critical` while no other process or app holds the start-up lock of this database. */
export async function withStartupLock<T>(handle: DatabaseHandle, critical: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  if (handle.dialect === 'postgres') return withAdvisoryLock(handle, critical);
  if (!handle.file || handle.file === ':memory:') return critical(handle);
  return withLockFile(`${handle.file}.lock`, () => critical(handle));
}

/**
 * The reserved connection runs without the pool's statement, lock and idle-transaction limits
 * (ADR 0026): waiting for another instance's migrations, migrating and seeding take longer than
 * any request may. It gets the pool's limits back before it returns to the pool.
 */
async function withAdvisoryLock<T>(handle: DatabaseHandle, critical: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  return handle.db.connection().execute(async (db) => {
    await liftSessionTimeouts(db);
    try {
      await lockStartup(db);
      try {
        return await critical({ ...handle, db });
      } finally {
        // A lost connection has released the lock already; its error must not hide the first one.
        await unlockStartup(db).catch(() => undefined);
      }
    } finally {
      await restoreSessionTimeouts(db).catch(() => undefined);
    }
  });
}

async function withLockFile<T>(file: string, critical: () => Promise<T>): Promise<T> {
  const lock = new SqliteDatabase(file);
  try {
    lock.pragma('busy_timeout = 0');
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        if (Date.now() > deadline) throw new Error(`another process has held ${file} for over ${LOCK_WAIT_MS / 1000} s`, { cause: error });
        await delay(POLL_MS);
      }
    }
    try {
      return await critical();
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}

import { sql, type Insertable } from 'kysely';
import { touchedRows } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import {
  sessionsTables,
  type ConnectionSessionFilesTable,
  type ConnectionSessionNotesTable,
  type ConnectionSessionRow,
  type ConnectionSessionsTable,
} from './sessions.tables';

// The connection records' writes, and the reads their life cycle needs (session-life.ts). The
// history's lists and the CSV read through session-history.repository.ts, the alerts through
// alerts.repository.ts. Every change of state is one conditional statement (WHERE status =
// 'LIVE'), so of parallel callers exactly one changes the row and the others read it as it is.

export type NewConnectionSession = Insertable<ConnectionSessionsTable>;

export function findSession(db: Db, id: string): Promise<ConnectionSessionRow | undefined> {
  return sessionsTables(db).selectFrom('connection_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The running record from one device to another, if any (the live-pair index). */
export function findLiveSessionBetween(db: Db, fromId: string, toId: string): Promise<ConnectionSessionRow | undefined> {
  return sessionsTables(db)
    .selectFrom('connection_sessions')
    .selectAll()
    .where('from_device_id', '=', fromId)
    .where('to_device_id', '=', toId)
    .where('status', '=', 'LIVE')
    .executeTakeFirst();
}

/**
 * Writes a record; false when a LIVE one for the same pair of devices exists already (the
 * live-pair index: a parallel connectCheck won), so the caller reads that one instead.
 */
export async function insertSession(db: Db, row: NewConnectionSession): Promise<boolean> {
  const result = await sessionsTables(db)
    .insertInto('connection_sessions')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * POST /session/update in one statement: touches `id` when it is LIVE and one of `userId`'s two
 * sides, answering what the lease needs; undefined when it is not (the caller then finds out why).
 */
export async function touchOwnLiveSession(
  db: Db,
  id: string,
  userId: string,
  changes: Pick<ConnectionSessionsTable, 'alive_at'> & Partial<Pick<ConnectionSessionsTable, 'kind' | 'bytes' | 'duration_seconds'>>,
): Promise<Pick<ConnectionSessionRow, 'id' | 'status' | 'controller_user_id' | 'from_device_id' | 'to_device_id'> | undefined> {
  return sessionsTables(db)
    .updateTable('connection_sessions')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'LIVE')
    .where((eb) => eb.or([eb('owner_user_id', '=', userId), eb('controller_user_id', '=', userId)]))
    .returning(['id', 'status', 'controller_user_id', 'from_device_id', 'to_device_id'])
    .executeTakeFirst();
}

/** The heartbeat's sessions: the running records from `fromId` to the devices listed were alive at `aliveAt`. */
export async function keepSessionsAlive(db: Db, fromId: string, toIds: readonly string[], aliveAt: string): Promise<void> {
  if (toIds.length === 0) return;
  await sessionsTables(db)
    .updateTable('connection_sessions')
    .set({ alive_at: aliveAt })
    .where('from_device_id', '=', fromId)
    .where('status', '=', 'LIVE')
    .where('to_device_id', 'in', toIds)
    .where('alive_at', '<', aliveAt)
    .execute();
}

/** Ends a running record; 1 for the one caller that ended it, 0 for every other (it was not LIVE). */
export async function endLiveSession(
  db: Db,
  id: string,
  end: Pick<ConnectionSessionsTable, 'ended_at' | 'end_reason' | 'duration_seconds'> &
    Partial<Pick<ConnectionSessionsTable, 'ended_by_user_id' | 'bytes' | 'alive_at'>>,
): Promise<number> {
  const result = await sessionsTables(db)
    .updateTable('connection_sessions')
    .set({ ...end, status: 'ENDED' })
    .where('id', '=', id)
    .where('status', '=', 'LIVE')
    .executeTakeFirst();
  return touchedRows(result);
}

/**
 * Ends the LIVE record of one of its two accounts in one statement (the apps' /session/end with
 * the duration reported); answers what its lease needs, or undefined when no such LIVE record
 * (not the caller's, ended already, or lost to a parallel end).
 */
export async function endOwnLiveSession(
  db: Db,
  id: string,
  userId: string,
  end: Pick<ConnectionSessionsTable, 'ended_at' | 'end_reason' | 'duration_seconds'> & Partial<Pick<ConnectionSessionsTable, 'bytes'>>,
): Promise<Pick<ConnectionSessionRow, 'id' | 'controller_user_id' | 'from_device_id' | 'to_device_id'> | undefined> {
  return sessionsTables(db)
    .updateTable('connection_sessions')
    .set({ ...end, status: 'ENDED' })
    .where('id', '=', id)
    .where('status', '=', 'LIVE')
    .where((eb) => eb.or([eb('owner_user_id', '=', userId), eb('controller_user_id', '=', userId)]))
    .returning(['id', 'controller_user_id', 'from_device_id', 'to_device_id'])
    .executeTakeFirst();
}

/**
 * One file of a session of one of its two accounts (not a refused attempt), written in one
 * statement that checks the record as it inserts; false when nothing was written: the same event
 * was recorded already, or there is no such record of the caller's (the caller reads it to say which).
 */
export async function insertOwnSessionFile(db: Db, userId: string, row: Insertable<ConnectionSessionFilesTable>): Promise<boolean> {
  const result = await sessionsTables(db)
    .insertInto('connection_session_files')
    .columns(['id', 'session_id', 'event_key', 'direction', 'name', 'size_bytes', 'sha256', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('connection_sessions')
        .select([
          sql<string>`${row.id}`.as('id'),
          'connection_sessions.id as session_id',
          sql<string>`${row.event_key}`.as('event_key'),
          sql<string>`${row.direction}`.as('direction'),
          sql<string>`${row.name}`.as('name'),
          // typed: PostgreSQL takes an untyped parameter in a select list as text
          sql<string>`cast(${String(row.size_bytes)} as bigint)`.as('size_bytes'),
          sql<string | null>`${row.sha256 ?? null}`.as('sha256'),
          sql<string>`${row.created_at}`.as('created_at'),
        ])
        .where('connection_sessions.id', '=', row.session_id)
        .where('status', '<>', 'REFUSED')
        .where((w) => w.or([w('owner_user_id', '=', userId), w('controller_user_id', '=', userId)])),
    )
    .onConflict((oc) => oc.columns(['session_id', 'event_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Counts one more file on the record (only after a new file row was written); answers the record's id and status. */
export async function countSessionFile(db: Db, id: string): Promise<Pick<ConnectionSessionRow, 'id' | 'status'> | undefined> {
  return sessionsTables(db)
    .updateTable('connection_sessions')
    .set((eb) => ({ files_count: eb('files_count', '+', 1) }))
    .where('id', '=', id)
    .returning(['id', 'status'])
    .executeTakeFirst();
}

/** The side's note on the session: written, or replaced by a repeat. */
export async function upsertSessionNote(db: Db, row: Insertable<ConnectionSessionNotesTable>): Promise<void> {
  await sessionsTables(db)
    .insertInto('connection_session_notes')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['session_id', 'side']).doUpdateSet({ text: row.text, author_user_id: row.author_user_id, created_at: row.created_at }),
    )
    .execute();
}

/**
 * Running records whose last sign of life is older than `before`, oldest first, after the
 * cursor (the last row of the previous batch: rows the sweep kept are not read again).
 */
export function findQuietSessions(
  db: Db,
  before: string,
  after: { aliveAt: string; id: string } | null,
  limit: number,
): Promise<ConnectionSessionRow[]> {
  let query = sessionsTables(db).selectFrom('connection_sessions').selectAll().where('status', '=', 'LIVE').where('alive_at', '<', before);
  if (after)
    query = query.where((eb) =>
      eb.or([eb('alive_at', '>', after.aliveAt), eb.and([eb('alive_at', '=', after.aliveAt), eb('id', '>', after.id)])]),
    );
  return query.orderBy('alive_at').orderBy('id').limit(limit).execute();
}

/** Ends a quiet record as LOST unless it came alive again since it was read. */
export async function endLostSession(db: Db, id: string, aliveAt: string, endedAt: string, durationSeconds: number): Promise<number> {
  const result = await sessionsTables(db)
    .updateTable('connection_sessions')
    .set({ status: 'ENDED', end_reason: 'LOST', ended_at: endedAt, duration_seconds: durationSeconds })
    .where('id', '=', id)
    .where('status', '=', 'LIVE')
    .where('alive_at', '=', aliveAt)
    .executeTakeFirst();
  return touchedRows(result);
}

/**
 * Removes up to `limit` records past their expiry, by the expiry index, except those still LIVE
 * (a session left running for longer than its plan's history is kept until it ends); their files and notes
 * go with them (ON DELETE CASCADE; SQLite runs with foreign_keys on). Answers how many went.
 */
export async function deleteExpiredSessions(db: Db, now: string, limit: number): Promise<number> {
  const t = sessionsTables(db);
  const ids = await t
    .selectFrom('connection_sessions')
    .select('id')
    .where('expires_at', '<', now)
    .where('status', '!=', 'LIVE')
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  const result = await t
    .deleteFrom('connection_sessions')
    .where(
      'id',
      'in',
      ids.map((row) => row.id),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * An erased account's side of every record: its account, devices, addresses and countries go,
 * its device names become '' (the history shows a neutral name), its notes lose their text.
 * The other side of each record stays as it was.
 */
export async function pseudonymiseSessions(db: Db, userId: string): Promise<void> {
  const t = sessionsTables(db);
  await t.updateTable('connection_session_notes').set({ text: '', author_user_id: null }).where('author_user_id', '=', userId).execute();
  await t
    .updateTable('connection_sessions')
    .set({ owner_user_id: null, to_device_id: null, to_device_name: '', to_ip: null, to_country: null })
    .where('owner_user_id', '=', userId)
    .execute();
  await t
    .updateTable('connection_sessions')
    .set({ controller_user_id: null, from_device_id: null, from_device_name: '', from_ip: null, from_country: null })
    .where('controller_user_id', '=', userId)
    .execute();
  await t.updateTable('connection_sessions').set({ ended_by_user_id: null }).where('ended_by_user_id', '=', userId).execute();
}

/** Removed devices: the records keep their names and the rest, without the ids (no device answers to them now). */
export async function forgetSessionDevices(db: Db, deviceIds: readonly string[]): Promise<void> {
  if (deviceIds.length === 0) return;
  const t = sessionsTables(db);
  await t.updateTable('connection_sessions').set({ from_device_id: null }).where('from_device_id', 'in', deviceIds).execute();
  await t.updateTable('connection_sessions').set({ to_device_id: null }).where('to_device_id', 'in', deviceIds).execute();
}

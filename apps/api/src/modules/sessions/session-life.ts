import { createHash } from 'node:crypto';
import {
  DEVICE_PRESENCE_SECONDS,
  type TConnectRefusal,
  type TSessionEndRequest,
  type TSessionFileRequest,
  type TSessionKind,
  type TSessionNoteRequest,
  type TSessionPermission,
  type TSessionStatus,
  type TSessionUpdateRequest,
} from '@llk/contracts';
import { fromDbDate, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type KeyValueStore } from '../../infrastructure/kv';
import { queueDisconnect } from './session-disconnects';
import { releaseSession, renewSession, holdsSession, type SessionLease } from './session-leases';
import {
  countSessionFile,
  deleteExpiredSessions,
  endLiveSession,
  endLostSession,
  endOwnLiveSession,
  findLiveSessionBetween,
  findQuietSessions,
  findSession,
  insertOwnSessionFile,
  insertSession,
  forgetSessionDevices,
  pseudonymiseSessions,
  touchOwnLiveSession,
  upsertSessionNote,
  type NewConnectionSession,
} from './sessions.repository';
import { type ConnectionSessionRow } from './sessions.tables';

// A connection record's life: opened by an allowed connectCheck (or written as REFUSED), kept
// alive by /session/update and the heartbeat, ended by /session/end, by a disconnect from the
// web or, when its lease lapsed, by the LOST sweep; removed when its plan's history is over.
// Every change of state is one conditional UPDATE (sessions.repository.ts), so parallel
// callers end a session once and the rest answer it as it is.

const DAY_MS = 24 * 3600 * 1000;
const PRESENCE_MS = DEVICE_PRESENCE_SECONDS * 1000;

/** One side of a session as it is when the connectCheck runs (copied into the record). */
export interface SessionSide {
  userId: string;
  deviceId: string;
  deviceName: string;
  clientType: string;
  appVersion: string | null;
  ip: string | null;
  country: string | null;
}

export interface SessionStart {
  /** the controlling side: the caller's device, its request's address */
  from: SessionSide;
  /** the controlled side: the target device, its last known address */
  to: SessionSide;
  permission: TSessionPermission;
  kind: TSessionKind;
  /** the longer connection history of the two accounts' plans, in days */
  historyDays: number;
}

function newRecord(start: SessionStart, now: Date): NewConnectionSession {
  const at = toDbDate(now);
  return {
    id: newId(now.getTime()),
    owner_user_id: start.to.userId,
    controller_user_id: start.from.userId,
    from_device_id: start.from.deviceId,
    to_device_id: start.to.deviceId,
    from_device_name: start.from.deviceName,
    to_device_name: start.to.deviceName,
    from_client_type: start.from.clientType,
    to_client_type: start.to.clientType,
    from_app_version: start.from.appVersion,
    to_app_version: start.to.appVersion,
    from_ip: start.from.ip,
    from_country: start.from.country,
    to_ip: start.to.ip,
    to_country: start.to.country,
    permission: start.permission,
    kind: start.kind,
    status: 'LIVE',
    refusal: null,
    started_at: at,
    alive_at: at,
    ended_at: null,
    end_reason: null,
    ended_by_user_id: null,
    duration_seconds: null,
    bytes: null,
    files_count: 0,
    alarm: 0,
    expires_at: toDbDate(now.getTime() + Math.max(0, start.historyDays) * DAY_MS),
  };
}

function rowOf(record: NewConnectionSession): ConnectionSessionRow {
  return {
    ...record,
    owner_user_id: record.owner_user_id ?? null,
    controller_user_id: record.controller_user_id ?? null,
    from_device_id: record.from_device_id ?? null,
    to_device_id: record.to_device_id ?? null,
    from_app_version: record.from_app_version ?? null,
    to_app_version: record.to_app_version ?? null,
    from_ip: record.from_ip ?? null,
    from_country: record.from_country ?? null,
    to_ip: record.to_ip ?? null,
    to_country: record.to_country ?? null,
    refusal: record.refusal ?? null,
    ended_at: record.ended_at ?? null,
    end_reason: record.end_reason ?? null,
    ended_by_user_id: record.ended_by_user_id ?? null,
    duration_seconds: record.duration_seconds ?? null,
    bytes: record.bytes ?? null,
    files_count: record.files_count ?? 0,
    alarm: record.alarm ?? 0,
  };
}

/**
 * An allowed connectCheck's record: a new LIVE one, or the one already running between the
 * same two devices (a retry, or a parallel check that won the live-pair index). `created` says
 * which, so only a new record is announced to the alerts.
 */
export async function openSession(db: Db, start: SessionStart, now: Date): Promise<{ row: ConnectionSessionRow; created: boolean }> {
  const record = newRecord(start, now);
  if (await insertSession(db, record)) return { row: rowOf(record), created: true };
  const running = await findLiveSessionBetween(db, start.from.deviceId, start.to.deviceId);
  // the running one ended between the two statements: this check's record is written after all
  if (!running) return openSession(db, start, now);
  return { row: running, created: false };
}

/** A refused connectCheck's record: the attempt and its reason, ended as it started. */
export async function refuseSession(db: Db, start: SessionStart, reason: TConnectRefusal, now: Date): Promise<ConnectionSessionRow> {
  const record: NewConnectionSession = { ...newRecord(start, now), status: 'REFUSED', refusal: reason, ended_at: toDbDate(now) };
  await insertSession(db, record);
  return rowOf(record);
}

/** The record when the caller is one of its two accounts; anything else is "not found" to them. */
async function sessionOf(db: Db, userId: string, id: string): Promise<ConnectionSessionRow> {
  const row = await findSession(db, id);
  if (!row || (row.owner_user_id !== userId && row.controller_user_id !== userId)) throw new AppError('CONNECTION_NOT_FOUND');
  return row;
}

function leaseOf(row: Pick<ConnectionSessionRow, 'controller_user_id' | 'from_device_id' | 'to_device_id'>): SessionLease | null {
  return row.controller_user_id && row.from_device_id && row.to_device_id
    ? { userId: row.controller_user_id, fromId: row.from_device_id, toId: row.to_device_id }
    : null;
}

const secondsBetween = (from: string, to: Date) => Math.max(0, Math.round((to.getTime() - fromDbDate(from).getTime()) / 1000));

/** What the app-facing calls answer: the record and where it stands. */
export interface SessionState {
  sessionId: string;
  status: TSessionStatus;
}

const stateOf = (row: Pick<ConnectionSessionRow, 'id' | 'status'>): SessionState => ({
  sessionId: row.id,
  status: row.status as TSessionStatus,
});

/** POST /session/update: the session is alive (and its kind, duration, bytes so far); an ended one answers CONNECTION_ENDED. */
export async function updateSession(
  db: Db,
  kv: KeyValueStore,
  userId: string,
  update: TSessionUpdateRequest,
  now = new Date(),
): Promise<SessionState> {
  // one statement on the hot path (the apps send it every few seconds of a session); only a
  // refusal reads the record to say why: not the caller's, or over
  const row = await touchOwnLiveSession(db, update.sessionId, userId, {
    alive_at: toDbDate(now),
    ...(update.kind ? { kind: update.kind } : {}),
    ...(update.bytes !== undefined ? { bytes: update.bytes } : {}),
    ...(update.durationSeconds !== undefined ? { duration_seconds: update.durationSeconds } : {}),
  });
  if (!row) {
    await sessionOf(db, userId, update.sessionId);
    throw new AppError('CONNECTION_ENDED');
  }
  const lease = leaseOf(row);
  if (lease) await renewSession(kv, lease, now);
  return stateOf(row);
}

/** Ends a LIVE record once (of parallel callers one wins), releases its lease; answers the record as it is then. */
async function endOnce(
  db: Db,
  kv: KeyValueStore,
  row: ConnectionSessionRow,
  end: Parameters<typeof endLiveSession>[2],
): Promise<SessionState & { ended: boolean }> {
  if (row.status !== 'LIVE') return { ...stateOf(row), ended: false };
  const ended = (await endLiveSession(db, row.id, end)) > 0;
  const lease = leaseOf(row);
  if (ended && lease) await releaseSession(kv, lease);
  return { sessionId: row.id, status: 'ENDED', ended };
}

/** POST /session/end: the first end counts (reason, duration reported or end − start, bytes); a repeat answers the record as it is. */
export async function endSession(
  db: Db,
  kv: KeyValueStore,
  userId: string,
  end: TSessionEndRequest,
  now = new Date(),
): Promise<SessionState> {
  // the apps report the duration: one conditional statement ends the caller's LIVE record; the
  // record is read only to answer anything else (not found, ended already) or to work out the
  // duration from its start
  if (end.durationSeconds !== undefined) {
    const ended = await endOwnLiveSession(db, end.sessionId, userId, {
      ended_at: toDbDate(now),
      end_reason: end.reason,
      duration_seconds: end.durationSeconds,
      ...(end.bytes !== undefined ? { bytes: end.bytes } : {}),
    });
    if (ended) {
      const lease = leaseOf(ended);
      if (lease) await releaseSession(kv, lease);
      return { sessionId: ended.id, status: 'ENDED' };
    }
  }
  const row = await sessionOf(db, userId, end.sessionId);
  const { ended: _ended, ...state } = await endOnce(db, kv, row, {
    ended_at: toDbDate(now),
    end_reason: end.reason,
    duration_seconds: end.durationSeconds ?? secondsBetween(row.started_at, now),
    ...(end.bytes !== undefined ? { bytes: end.bytes } : {}),
  });
  return state;
}

/**
 * POST /session/disconnect (web): the controlled device's owner, or the controlling account,
 * ends a LIVE record (DISCONNECTED_BY_OWNER, by the caller). Its lease goes, so no heartbeat
 * revives it, and both devices' next heartbeats carry its id in `disconnect`.
 */
export async function disconnectSession(
  db: Db,
  kv: KeyValueStore,
  userId: string,
  sessionId: string,
  now = new Date(),
): Promise<SessionState> {
  const row = await sessionOf(db, userId, sessionId);
  const { ended, ...state } = await endOnce(db, kv, row, {
    ended_at: toDbDate(now),
    end_reason: 'DISCONNECTED_BY_OWNER',
    ended_by_user_id: userId,
    duration_seconds: secondsBetween(row.started_at, now),
  });
  if (ended) await queueDisconnect(kv, row, now);
  return state;
}

/** The file's event: the app's id, else a digest of what identifies the file. */
function eventKeyOf(file: TSessionFileRequest): string {
  if (file.eventId) return `id:${file.eventId}`;
  const digest = createHash('sha256')
    .update([file.direction, file.name, String(file.sizeBytes), file.sha256?.toLowerCase() ?? ''].join('|'))
    .digest('hex');
  return `sha256:${digest}`;
}

/** POST /session/fileTransfer: one row per file event (a repeat is the same row), on a LIVE or ENDED record. */
export async function recordSessionFile(db: Db, userId: string, file: TSessionFileRequest, now = new Date()): Promise<SessionState> {
  // two statements on the hot path: the row written only on the caller's record, then the count;
  // the record is read only when nothing was written, to say why (a repeat, or not the caller's)
  const added = await insertOwnSessionFile(db, userId, {
    id: newId(now.getTime()),
    session_id: file.sessionId,
    event_key: eventKeyOf(file),
    direction: file.direction,
    name: file.name,
    size_bytes: file.sizeBytes,
    sha256: file.sha256?.toLowerCase() ?? null,
    created_at: toDbDate(now),
  });
  const counted = added ? await countSessionFile(db, file.sessionId) : undefined;
  if (counted) return stateOf(counted);
  const row = await sessionOf(db, userId, file.sessionId);
  if (row.status === 'REFUSED') throw new AppError('CONNECTION_NOT_FOUND');
  return stateOf(row);
}

/** POST /session/note: the caller's side's note (a repeat replaces it); the controlling account writes the CONTROLLER note. */
export async function noteSession(db: Db, userId: string, note: TSessionNoteRequest, now = new Date()): Promise<SessionState> {
  const row = await sessionOf(db, userId, note.sessionId);
  if (row.status === 'REFUSED') throw new AppError('CONNECTION_NOT_FOUND');
  await upsertSessionNote(db, {
    session_id: row.id,
    side: row.controller_user_id === userId ? 'CONTROLLER' : 'CONTROLLED',
    author_user_id: userId,
    text: note.text,
    created_at: toDbDate(now),
  });
  return stateOf(row);
}

const SWEEP_BATCH = 500;

/**
 * The `connection-sessions-lost` job: LIVE records with no sign of life for
 * DEVICE_PRESENCE_SECONDS whose lease is gone end as LOST, at their last sign of life plus
 * DEVICE_PRESENCE_SECONDS (when the lease lapsed). One whose lease is still held is kept.
 */
export async function sweepLostSessions(db: Db, kv: KeyValueStore, now = new Date(), signal?: AbortSignal): Promise<number> {
  const before = toDbDate(now.getTime() - PRESENCE_MS);
  let after: { aliveAt: string; id: string } | null = null;
  let lost = 0;
  for (;;) {
    const rows = await findQuietSessions(db, before, after, SWEEP_BATCH);
    for (const row of rows) {
      signal?.throwIfAborted();
      const lease = leaseOf(row);
      if (lease && (await holdsSession(kv, lease, now))) continue;
      const endedAt = new Date(fromDbDate(row.alive_at).getTime() + PRESENCE_MS);
      lost += await endLostSession(db, row.id, row.alive_at, toDbDate(endedAt), secondsBetween(row.started_at, endedAt));
    }
    const last = rows.at(-1);
    if (!last || rows.length < SWEEP_BATCH) return lost;
    after = { aliveAt: last.alive_at, id: last.id };
  }
}

const RETENTION_BATCH = 5_000;

/** The `connection-records-retention` job: records past their plan's history go, in batches by the expiry index. */
export async function removeExpiredSessions(db: Db, now = new Date(), signal?: AbortSignal): Promise<number> {
  const at = toDbDate(now);
  let removed = 0;
  for (;;) {
    signal?.throwIfAborted();
    const batch = await deleteExpiredSessions(db, at, RETENTION_BATCH);
    removed += batch;
    if (batch < RETENTION_BATCH) break;
  }
  return removed;
}

/** Account erasure: the account's side of every record is pseudonymised; the other side keeps its history. */
export function pseudonymiseConnectionRecords(db: Db, userId: string): Promise<void> {
  return pseudonymiseSessions(db, userId);
}

/** Devices removed from their account: their records stay (both sides' history) without the device ids. */
export function forgetRecordedDevices(db: Db, deviceIds: readonly string[]): Promise<void> {
  return forgetSessionDevices(db, deviceIds);
}

import { sql, type SelectQueryBuilder } from 'kysely';
import { type Db } from '../../infrastructure/db/schema';
import {
  sessionsTables,
  type ConnectionSessionFileRow,
  type ConnectionSessionNoteRow,
  type ConnectionSessionRow,
  type SessionsTables,
} from './sessions.tables';

// The reads of the account's connection history (/session/list, /session/live, /session/export).
// A record is the account's when it owns the controlled device (owner_user_id: every session on
// its devices) or controlled from it (controller_user_id: its own sessions), nobody else's; a
// share is not consulted, so a recipient whose share ended still sees its own past sessions and
// nothing else of that device. Each side is read as its own subquery in the order of its
// (user, started_at, id) index and cut at the limit, so a page costs the same for an account with
// a million records as for one with ten: the database reads at most limit rows of each index.

export interface HistoryFilter {
  /** only records started at or after this (the plan's window and the since day), UTC ISO */
  from?: string;
  /** only records started before this (the day after until), UTC ISO */
  to?: string;
  /** a device on either side */
  deviceId?: string;
  /** INCOMING: the owner's side only; OUTGOING: the controller's side only */
  direction?: 'INCOMING' | 'OUTGOING';
  /** the other side's account is one of these (never empty: the caller answers no rows itself) */
  personIds?: readonly string[];
  kind?: string;
  status?: 'LIVE' | 'REFUSED';
  /** the keyset cut: records older than this one */
  before?: { startedAt: string; id: string };
}

type SideQuery = SelectQueryBuilder<SessionsTables, 'connection_sessions', ConnectionSessionRow>;
type Side = 'owner_user_id' | 'controller_user_id';
export type HistoryKey = { startedAt: string; id: string };

/**
 * How many records of one side a filtered page reads at most. The device, person and kind
 * filters are not in the index: a page of them reads the side's records newest first until it
 * has its rows, which for a filter that matches nothing is every record of the window (671 ms p50
 * at 1M records, `bench:sessions`). Past this many, the page stops short and says how far it
 * searched; the next page goes on from there.
 */
export const HISTORY_SCAN_ROWS = 2_000;

const SIDES = { INCOMING: ['owner_user_id'], OUTGOING: ['controller_user_id'] } as const;
const sidesOf = (filter: HistoryFilter): readonly Side[] =>
  filter.direction ? SIDES[filter.direction] : ['owner_user_id', 'controller_user_id'];

/** The conditions an index of the side answers: the account, the status's partial index, the window, the cut. */
function indexedSide(db: Db, userId: string, side: Side, filter: HistoryFilter) {
  let query = sessionsTables(db).selectFrom('connection_sessions').where(side, '=', userId);
  // a literal, not a parameter: only then may the database choose the partial index of that status (SQLite never does for a parameter)
  if (filter.status) query = query.where('status', '=', sql.lit(filter.status));
  if (filter.from) query = query.where('started_at', '>=', filter.from);
  if (filter.to) query = query.where('started_at', '<', filter.to);
  const before = filter.before;
  // a row comparison, so the database seeks the index to the cut: deep pages cost what the first does
  if (before) query = query.where((eb) => eb(eb.refTuple('started_at', 'id'), '<', eb.tuple(before.startedAt, before.id)));
  return query;
}

function sideQuery(db: Db, userId: string, side: Side, filter: HistoryFilter, limit: number, floor: HistoryKey | null): SideQuery {
  const other: Side = side === 'owner_user_id' ? 'controller_user_id' : 'owner_user_id';
  let query = indexedSide(db, userId, side, filter).selectAll();
  if (floor) query = query.where((eb) => eb(eb.refTuple('started_at', 'id'), '>=', eb.tuple(floor.startedAt, floor.id)));
  const deviceId = filter.deviceId;
  if (deviceId) query = query.where((eb) => eb.or([eb('from_device_id', '=', deviceId), eb('to_device_id', '=', deviceId)]));
  if (filter.personIds) query = query.where(other, 'in', filter.personIds);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  return query.orderBy(side, 'desc').orderBy('started_at', 'desc').orderBy('id', 'desc').limit(limit);
}

/**
 * The oldest record a filtered page may read on one side: the last of its newest
 * HISTORY_SCAN_ROWS, read from the index alone; null when the side has fewer.
 */
async function sideFloor(db: Db, userId: string, side: Side, filter: HistoryFilter): Promise<HistoryKey | null> {
  const row = await indexedSide(db, userId, side, filter)
    .select(['started_at', 'id'])
    .orderBy(side, 'desc')
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .offset(HISTORY_SCAN_ROWS - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? { startedAt: row.started_at, id: row.id } : null;
}

const newer = (a: HistoryKey, b: HistoryKey) => (a.startedAt !== b.startedAt ? a.startedAt > b.startedAt : a.id > b.id);

/**
 * The account's records newest first (started_at, id), at most `limit`: the owner's side and the
 * controller's side, each index-ordered and cut at `limit`, merged in one statement. A session
 * between two of the account's own devices is on both sides; UNION keeps it once. (Leaving it
 * out of one side instead would make that side read past every own session to fill its page:
 * for an account that mostly connects its own devices, the whole window.) The newest `limit` of
 * the merged set are always among the newest `limit` of each side, so the page is exact.
 *
 * With a filter the index does not answer (device, person, kind), each side reads at most its
 * newest HISTORY_SCAN_ROWS: both sides stop at the newer of their floors, so no record above it
 * is skipped on either side, and `floor` says where the next page goes on when this one is short.
 */
export async function listHistoryPage(
  db: Db,
  userId: string,
  filter: HistoryFilter,
  limit: number,
): Promise<{ rows: ConnectionSessionRow[]; floor: HistoryKey | null }> {
  const sides = sidesOf(filter);
  let floor: HistoryKey | null = null;
  if (filter.deviceId || filter.personIds || filter.kind) {
    for (const one of await Promise.all(sides.map((side) => sideFloor(db, userId, side, filter))))
      if (one && (!floor || newer(one, floor))) floor = one;
  }
  const queries = sides.map((side) => sideQuery(db, userId, side, filter, limit, floor));
  if (queries.length === 1) return { rows: await queries[0]!.execute(), floor };
  const [owner, controller] = queries as [SideQuery, SideQuery];
  const rows = await sessionsTables(db)
    .selectFrom((eb) =>
      eb
        .selectFrom(owner.as('o'))
        .selectAll()
        .union(eb.selectFrom(controller.as('c')).selectAll())
        .as('u'),
    )
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return { rows, floor };
}

/** The newest `limit` records of a filter the index answers (the live sessions: a status). */
export async function listHistoryRows(db: Db, userId: string, filter: HistoryFilter, limit: number): Promise<ConnectionSessionRow[]> {
  return (await listHistoryPage(db, userId, filter, limit)).rows;
}

/**
 * The other accounts of the account's records since `from` (who controlled its devices, whose
 * devices it controlled): what the person filter matches names against. Reads the account's
 * records of the window once; a name is resolved to ids before the page's query runs.
 */
export async function counterpartIds(db: Db, userId: string, from: string): Promise<string[]> {
  const [controllers, owners] = await Promise.all([
    sessionsTables(db)
      .selectFrom('connection_sessions')
      .select('controller_user_id as id')
      .distinct()
      .where('owner_user_id', '=', userId)
      .where('started_at', '>=', from)
      .where('controller_user_id', 'is not', null)
      .execute(),
    sessionsTables(db)
      .selectFrom('connection_sessions')
      .select('owner_user_id as id')
      .distinct()
      .where('controller_user_id', '=', userId)
      .where('started_at', '>=', from)
      .where('owner_user_id', 'is not', null)
      .execute(),
  ]);
  return [...new Set([...controllers, ...owners].flatMap((row) => (row.id && row.id !== userId ? [row.id] : [])))];
}

/** The files of these sessions, oldest first (one query for a page). */
export function findFilesOfSessions(db: Db, sessionIds: readonly string[]): Promise<ConnectionSessionFileRow[]> {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return sessionsTables(db)
    .selectFrom('connection_session_files')
    .selectAll()
    .where('session_id', 'in', sessionIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The notes of these sessions (one query for a page). */
export function findNotesOfSessions(db: Db, sessionIds: readonly string[]): Promise<ConnectionSessionNoteRow[]> {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return sessionsTables(db)
    .selectFrom('connection_session_notes')
    .selectAll()
    .where('session_id', 'in', sessionIds)
    .orderBy('created_at')
    .execute();
}

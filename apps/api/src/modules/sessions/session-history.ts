import {
  errorInfo,
  type TConnectRefusal,
  type TLocale,
  type TMessageParams,
  type TSessionDirection,
  type TSessionEndReason,
  type TSessionKind,
  type TSessionListQuery,
  type TSessionPage,
  type TSessionPermission,
  type TSessionRecord,
  type TSessionStatus,
} from '@llk/contracts';
import { futureDbDate, fromDbDate, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { requestZone } from '../../infrastructure/time-text';
import { findPlanLimitsMemo, type PlanMemo } from '../pricing';
import { deviceSeats, heldSeatEnds } from '../seats';
import { findUserNames, findUsersByIds, getUserWithHeldSeats, type AccountMemo, type UserRow } from '../users';
import { SESSION_TEXTS } from './session-csv.texts';
import {
  counterpartIds,
  findFilesOfSessions,
  findNotesOfSessions,
  listHistoryPage,
  listHistoryRows,
  type HistoryFilter,
} from './session-history.repository';
import { type ConnectionSessionRow } from './sessions.tables';

// The account's connection history as people read it: GET /session/list (a page), GET
// /session/live (what runs now) and the rows of GET /session/export (session-csv.ts).
//
// How far back: the caller's plan's history_days from the pricing data (7 free, 180 Pro), the
// plan counted with the seats the account holds (withHeldSeats). A device holding a running
// MEMBER seat counts as Pro for its own sessions: the list filtered to that device reaches as far
// back as the seat's plan. The unfiltered list keeps the account's window, so one query with one
// cut serves the page (a per-row window would need each row's device seats inside the keyset
// query); the retention job keeps those rows (ADR 0042), the device's view shows them.
//
// What a record shows of the other side: addresses masked (an IPv4's last number, an IPv6 after
// its third group), the account's current name (an erased account shows as such), the device
// name and client as they were when it started. Times are UTC ISO strings.

/** Without pricing data for a plan, the free plan's promise. */
const DEFAULT_HISTORY_DAYS = 7;
/** The plan whose history a device with a running MEMBER seat has (the seats sold are Pro seats). */
const SEAT_PLAN = 'PRO';
/** The largest live view. */
export const LIVE_LIMIT = 100;
/** How many names the person filter reads per query. */
const NAME_SLICE = 500;
const DAY_MS = 86_400_000;

export interface HistoryCaller {
  userId: string;
  locale: TLocale;
  /** the caller's language's message (request.t) */
  t: (key: string, params?: TMessageParams) => string;
  /** the raw Cookie header: its llk-tz names the zone of since/until when the query does not */
  cookieHeader?: string;
  /** this instance's memos (the route's app.accountMemo, app.planMemo): the account and plan reads come from them when they have them */
  accountMemo?: AccountMemo;
  planMemo?: PlanMemo;
}

type HistoryQuery = Omit<TSessionListQuery, 'before' | 'pageSize'>;

/** The cut of the list and everything its rows need, resolved once per request (the CSV reuses it for every page). */
export interface ResolvedHistory {
  historyDays: number;
  /** the zone since/until were read in */
  timeZone: string;
  filter: HistoryFilter;
  /** the person filter matched nobody: no rows */
  none: boolean;
}

function planOf(user: UserRow, now: Date): string {
  return user.member_plan !== 'FREE' && futureDbDate(user.member_expires_at, now) ? user.member_plan : 'FREE';
}

async function historyDaysOf(db: Db, plan: string, memo?: PlanMemo): Promise<number> {
  return (await findPlanLimitsMemo(db, plan, memo))?.history_days ?? DEFAULT_HISTORY_DAYS;
}

/** The UTC instant a day (YYYY-MM-DD) starts in a zone, DST-aware. */
export function zonedDayStart(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date);
  // the zone's offset at a guess, then at the instant it gives (a DST change that night moves it)
  let at = wall - offsetMs(new Date(wall), timeZone);
  at = wall - offsetMs(new Date(at), timeZone);
  return new Date(at);
}

/** One formatter per zone: making one costs more than the rest of a page's work (the CSV's lesson, session-csv.ts). */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockOf(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    // the zones are IANA names the query's schema checked: a few hundred at most
    if (wallClocks.size < 1_000) wallClocks.set(timeZone, format);
  }
  return format;
}

function offsetMs(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    wallClockOf(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

const latest = (a: string, b: string | undefined) => (b && b > a ? b : a);

/** The other accounts of the caller's records whose user id is `person`, or whose current username or nickname contains it. */
async function personIds(db: Db, userId: string, person: string, from: string): Promise<string[]> {
  // a user id (what the page sends for a name it shows) is the page's own condition: nothing to look up in the records
  if ((await findUserNames(db, [person])).length > 0) return [person];
  // part of a name: matched against the accounts of the caller's records in the window, which reads them once
  const candidates = await counterpartIds(db, userId, from);
  const part = person.toLowerCase();
  const matched: string[] = [];
  for (let i = 0; i < candidates.length; i += NAME_SLICE) {
    for (const user of await findUserNames(db, candidates.slice(i, i + NAME_SLICE))) {
      if (user.username?.toLowerCase().includes(part) || user.nickname.toLowerCase().includes(part)) matched.push(user.id);
    }
  }
  return matched;
}

/** The filters as the repository reads them: the plan's window, the days in the zone, the person as ids. */
export async function resolveHistory(db: Db, caller: HistoryCaller, query: HistoryQuery, now = new Date()): Promise<ResolvedHistory> {
  // the account with the seats it holds (an erased one is UNAUTHORIZED), as /user/info reads it
  const user = await getUserWithHeldSeats(db, caller.userId, heldSeatEnds, now, caller.accountMemo);
  let historyDays = await historyDaysOf(db, planOf(user, now), caller.planMemo);
  if (query.deviceId && (await deviceSeats(db, query.deviceId, now)).member)
    historyDays = Math.max(historyDays, await historyDaysOf(db, SEAT_PLAN, caller.planMemo));
  const timeZone = query.tz ?? requestZone(caller.cookieHeader, user);
  const windowStart = toDbDate(now.getTime() - historyDays * DAY_MS);
  const from = latest(windowStart, query.since ? toDbDate(zonedDayStart(query.since, timeZone)) : undefined);
  // until is inclusive: the cut is the start of the next day in the zone (a DST day is not 24 hours)
  const until = query.until ? toDbDate(zonedDayStart(nextDay(query.until), timeZone)) : undefined;
  const filter: HistoryFilter = {
    from,
    ...(until ? { to: until } : {}),
    ...(query.deviceId ? { deviceId: query.deviceId } : {}),
    ...(query.direction ? { direction: query.direction } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.refused ? { status: 'REFUSED' as const } : query.live ? { status: 'LIVE' as const } : {}),
  };
  if (query.person) {
    const ids = await personIds(db, caller.userId, query.person, windowStart);
    if (ids.length === 0) return { historyDays, timeZone, filter, none: true };
    filter.personIds = ids;
  }
  return { historyDays, timeZone, filter, none: false };
}

function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** An address as the history shows it: 203.0.113.x, 2001:db8:85a3:…; null when unknown. */
export function maskAddress(ip: string | null): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped ? mapped[1]! : ip;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) return `${v4.split('.').slice(0, 3).join('.')}.x`;
  if (!ip.includes(':')) return null;
  const [head = '', tail = ''] = ip.split('::');
  // the leading groups as written: a "::" inside the first three stands for zero groups
  const groups = [...head.split(':').filter(Boolean), ...(ip.includes('::') ? ['0', '0', '0'] : []), ...tail.split(':')].slice(0, 3);
  return `${groups.map((group) => group.toLowerCase()).join(':')}:…`;
}

interface Names {
  /** id → display name (username, else nickname) for accounts that are not erased */
  names: Map<string, string>;
  /** id → the simultaneous sessions its plan allows (the refusal's message names it) */
  sessionLimits: Map<string, number | null>;
}

async function namesOf(db: Db, rows: readonly ConnectionSessionRow[], now: Date, planMemo?: PlanMemo): Promise<Names> {
  const ids = [
    ...new Set(rows.flatMap((row) => [row.owner_user_id, row.controller_user_id, row.ended_by_user_id]).filter((id): id is string => !!id)),
  ];
  const users = await findUsersByIds(db, ids);
  const names = new Map(users.filter((user) => !user.erased_at).map((user) => [user.id, user.username ?? user.nickname]));
  const limits = new Map<string, number | null>();
  const sessionLimits = new Map<string, number | null>();
  const limited = new Set(rows.filter((row) => row.refusal === 'SESSION_LIMIT').map((row) => row.controller_user_id));
  for (const user of users) {
    if (!limited.has(user.id)) continue;
    const plan = planOf(user, now);
    if (!limits.has(plan)) limits.set(plan, (await findPlanLimitsMemo(db, plan, planMemo))?.session_limit ?? null);
    sessionLimits.set(user.id, limits.get(plan) ?? null);
  }
  return { names, sessionLimits };
}

function directionOf(row: ConnectionSessionRow, userId: string): TSessionDirection {
  if (row.owner_user_id === userId) return row.controller_user_id === userId ? 'BETWEEN_OWN' : 'INCOMING';
  return 'OUTGOING';
}

const iso = (value: string | null) => (value ? fromDbDate(value).toISOString() : null);
const integer = (value: number | string | null) => (value === null ? null : Number(value));

/** Turns a page of rows into records, with their files and notes (one query each for the whole page). */
export async function recordsOf(
  db: Db,
  caller: HistoryCaller,
  rows: readonly ConnectionSessionRow[],
  now = new Date(),
): Promise<TSessionRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [files, notes, { names, sessionLimits }] = await Promise.all([
    findFilesOfSessions(db, ids),
    findNotesOfSessions(db, ids),
    namesOf(db, rows, now, caller.planMemo),
  ]);
  const erased = SESSION_TEXTS[caller.locale].erasedAccount;
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? erased) : erased);
  return rows.map((row): TSessionRecord => {
    const refusal = row.refusal as TConnectRefusal | null;
    const limit = sessionLimits.get(row.controller_user_id ?? '');
    const started = fromDbDate(row.started_at);
    const ended = row.ended_at ? fromDbDate(row.ended_at) : null;
    return {
      id: row.id,
      status: row.status as TSessionStatus,
      direction: directionOf(row, caller.userId),
      kind: row.kind as TSessionKind,
      permission: row.permission as TSessionPermission,
      from: {
        deviceId: row.from_device_id,
        deviceName: row.from_device_name,
        clientType: row.from_client_type as TSessionRecord['from']['clientType'],
        appVersion: row.from_app_version,
        userId: row.controller_user_id,
        userName: nameOf(row.controller_user_id),
        mine: row.controller_user_id === caller.userId,
        address: maskAddress(row.from_ip),
        country: row.from_country,
      },
      to: {
        deviceId: row.to_device_id,
        deviceName: row.to_device_name,
        clientType: row.to_client_type as TSessionRecord['to']['clientType'],
        appVersion: row.to_app_version,
        userId: row.owner_user_id,
        userName: nameOf(row.owner_user_id),
        mine: row.owner_user_id === caller.userId,
        address: maskAddress(row.to_ip),
        country: row.to_country,
      },
      startedAt: started.toISOString(),
      endedAt: ended ? ended.toISOString() : null,
      durationSeconds:
        row.status !== 'ENDED'
          ? null
          : (row.duration_seconds ?? (ended ? Math.max(0, Math.round((ended.getTime() - started.getTime()) / 1000)) : null)),
      bytes: integer(row.bytes),
      endReason: row.end_reason as TSessionEndReason | null,
      endedBy: row.end_reason === 'DISCONNECTED_BY_OWNER' ? { userId: row.ended_by_user_id, name: nameOf(row.ended_by_user_id) } : null,
      refusal,
      refusalMessage: refusal
        ? caller.t(`errors.${errorInfo(`CONNECT_${refusal}`).key}`, limit !== undefined && limit !== null ? { limit } : undefined)
        : null,
      files: files
        .filter((file) => file.session_id === row.id)
        .map((file) => ({
          direction: file.direction as 'SENT' | 'RECEIVED',
          name: file.name,
          sizeBytes: Number(file.size_bytes),
          sha256: file.sha256,
          at: iso(file.created_at) ?? '',
        })),
      notes: notes
        .filter((note) => note.session_id === row.id)
        .map((note) => ({ side: note.side as 'CONTROLLER' | 'CONTROLLED', text: note.text, at: iso(note.created_at) ?? '' })),
      alarm: !!Number(row.alarm),
    };
  });
}

/** The keyset cursor of a row: "<startedAt>~<id>", as the query's `before` takes it. */
export const cursorOf = (row: Pick<ConnectionSessionRow, 'started_at' | 'id'>) => `${row.started_at}~${row.id}`;

function parseCursor(cursor: string): { startedAt: string; id: string } {
  const at = cursor.lastIndexOf('~');
  return { startedAt: cursor.slice(0, at), id: cursor.slice(at + 1) };
}

/**
 * One page of rows after `before`, and the cursor of the next (null on the last page). A page of
 * a filter the index does not answer may stop short when it has read HISTORY_SCAN_ROWS records
 * of a side (session-history.repository.ts): `next` then goes on from the oldest record it read,
 * and `searchedTo` is that record's start, so the page can say how far back it looked.
 */
export async function historyRowsPage(
  db: Db,
  userId: string,
  resolved: ResolvedHistory,
  pageSize: number,
  before?: string,
): Promise<{ rows: ConnectionSessionRow[]; next: string | null; searchedTo: string | null }> {
  if (resolved.none) return { rows: [], next: null, searchedTo: null };
  const filter = before ? { ...resolved.filter, before: parseCursor(before) } : resolved.filter;
  const { rows, floor } = await listHistoryPage(db, userId, filter, pageSize + 1);
  const page = rows.slice(0, pageSize);
  if (rows.length > pageSize) return { rows: page, next: cursorOf(page[page.length - 1]!), searchedTo: null };
  if (!floor) return { rows: page, next: null, searchedTo: null };
  return { rows: page, next: `${floor.startedAt}~${floor.id}`, searchedTo: iso(floor.startedAt) };
}

/** GET /session/list: a page of the caller's records, newest first, within the plan's window. */
export async function listHistory(db: Db, caller: HistoryCaller, query: TSessionListQuery, now = new Date()): Promise<TSessionPage> {
  const { before, pageSize, ...filters } = query;
  const resolved = await resolveHistory(db, caller, filters, now);
  const { rows, next, searchedTo } = await historyRowsPage(db, caller.userId, resolved, pageSize, before);
  return { items: await recordsOf(db, caller, rows, now), next, searchedTo, historyDays: resolved.historyDays };
}

/** GET /session/live: the running sessions on and from the caller's devices, newest first. */
export async function liveSessions(db: Db, caller: HistoryCaller, now = new Date()): Promise<TSessionRecord[]> {
  const rows = await listHistoryRows(db, caller.userId, { status: 'LIVE' }, LIVE_LIMIT);
  return recordsOf(db, caller, rows, now);
}

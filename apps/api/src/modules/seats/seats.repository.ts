import { type ExpressionBuilder, type Insertable } from 'kysely';
import { touchedRows } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { findUserNames } from '../users';
import { seatsTables, type SeatsTable, type SeatsTables, type SeatTableRow } from './seats.tables';

/** A seat with the names of the account holding it (null for a device or no holder). */
export type SeatRow = SeatTableRow & { assignee_username: string | null; assignee_nickname: string | null };

export async function insertSeats(db: Db, rows: Insertable<SeatsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100)
    await seatsTables(db)
      .insertInto('seats')
      .values(rows.slice(i, i + 100))
      .execute();
}

export async function revokeSeats(db: Db, ids: string[], now: string): Promise<void> {
  if (ids.length)
    await seatsTables(db).updateTable('seats').set({ revoked_at: now }).where('id', 'in', ids).where('revoked_at', 'is', null).execute();
}

/** The devices holding these seats (revoked or not): whose cached seats a revocation ends. */
export async function listSeatHolderDevices(db: Db, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await seatsTables(db)
    .selectFrom('seats')
    .select('assignee_device_id')
    .where('id', 'in', ids)
    .where('assignee_device_id', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.assignee_device_id ? [row.assignee_device_id] : []));
}

/** The seats with their account holders' names (the users module's), in the order given. */
async function withAssignees(db: Db, rows: readonly SeatTableRow[]): Promise<SeatRow[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.assignee_user_id ? [row.assignee_user_id] : [])))];
  const names = new Map((await findUserNames(db, ids)).map((user) => [user.id, user]));
  return rows.map((row) => {
    const user = row.assignee_user_id ? names.get(row.assignee_user_id) : undefined;
    return { ...row, assignee_username: user?.username ?? null, assignee_nickname: user?.nickname ?? null };
  });
}

export async function listOwnedSeats(db: Db, ownerId: string): Promise<SeatRow[]> {
  return withAssignees(db, await seatsTables(db).selectFrom('seats').selectAll().where('owner_id', '=', ownerId).orderBy('id').execute());
}

export async function findOwnedSeat(db: Db, ownerId: string, id: string): Promise<SeatRow | undefined> {
  const row = await seatsTables(db).selectFrom('seats').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return row ? (await withAssignees(db, [row]))[0] : undefined;
}

/**
 * Gives the seat to a holder: true for exactly one caller. Matches only a running seat of the
 * owner that is free to move (never assigned, or last assigned at or before `movableBefore`)
 * or already held by this same holder; the condition is re-checked under the row lock on
 * PostgreSQL, and SQLite runs writers one at a time, so 20 parallel calls make one assignment.
 */
export async function assignSeat(
  db: Db,
  seat: { id: string; ownerId: string },
  holder: { userId: string | null; deviceId: string | null },
  now: string,
  movableBefore: string,
): Promise<boolean> {
  const result = await seatsTables(db)
    .updateTable('seats')
    .set({ assignee_user_id: holder.userId, assignee_device_id: holder.deviceId, assigned_at: now })
    .where('id', '=', seat.id)
    .where('owner_id', '=', seat.ownerId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where((eb) => eb.or([eb('assigned_at', 'is', null), eb('assigned_at', '<=', movableBefore)]))
    .executeTakeFirst();
  return touchedRows(result) === 1;
}

export async function unassignSeat(db: Db, ownerId: string, id: string): Promise<number> {
  const result = await seatsTables(db)
    .updateTable('seats')
    .set({ assignee_user_id: null, assignee_device_id: null })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return touchedRows(result);
}

/** The running seats a device holds (for its heartbeat answer), soonest end first. */
export function listRunningDeviceSeats(db: Db, deviceId: string, now: string): Promise<{ id: string; kind: string; expires_at: string }[]> {
  return seatsTables(db)
    .selectFrom('seats')
    .select(['id', 'kind', 'expires_at'])
    .where('assignee_device_id', '=', deviceId)
    .where('revoked_at', 'is', null)
    .where('starts_at', '<=', now)
    .where('expires_at', '>', now)
    .orderBy('expires_at')
    .orderBy('id')
    .execute();
}

/** A seat of this kind that runs at `now` (not revoked, started, not yet over). */
function runningSeat(eb: ExpressionBuilder<SeatsTables, 'seats'>, kind: string, now: string) {
  return eb.and([
    eb('seats.kind', '=', kind),
    eb('seats.revoked_at', 'is', null),
    eb('seats.starts_at', '<=', now),
    eb('seats.expires_at', '>', now),
  ]);
}

/**
 * How many of these devices hold a running seat of this kind (each counted once): the devices
 * module leaves them out of the plan's device limit. Asked in slices of 500 ids.
 */
export async function countDevicesHoldingSeat(db: Db, deviceIds: readonly string[], kind: string, now: string): Promise<number> {
  let held = 0;
  for (let i = 0; i < deviceIds.length; i += 500) {
    const rows = await seatsTables(db)
      .selectFrom('seats')
      .select('assignee_device_id')
      .distinct()
      .where('assignee_device_id', 'in', deviceIds.slice(i, i + 500))
      .where((seat) => runningSeat(seat, kind, now))
      .execute();
    held += rows.length;
  }
  return held;
}

/** The unrevoked seats a device holds, latest end first, with their buyers (the back office's device page). */
export function listUnrevokedDeviceSeats(
  db: Db,
  deviceId: string,
): Promise<Pick<SeatTableRow, 'id' | 'kind' | 'owner_id' | 'starts_at' | 'expires_at' | 'assigned_at'>[]> {
  return seatsTables(db)
    .selectFrom('seats')
    .select(['id', 'kind', 'owner_id', 'starts_at', 'expires_at', 'assigned_at'])
    .where('assignee_device_id', '=', deviceId)
    .where('revoked_at', 'is', null)
    .orderBy('expires_at', 'desc')
    .execute();
}

/** The latest end of the started MEMBER seats and of the started CHANNEL seats among the rows read (the caller keeps those not over). */
function latestEnds(eb: ExpressionBuilder<SeatsTables, 'seats'>, now: string) {
  return (['MEMBER', 'CHANNEL'] as const).map((kind) =>
    eb.fn
      .max(
        eb
          .case()
          .when(eb.and([eb('kind', '=', kind), eb('starts_at', '<=', now)]))
          .then(eb.ref('expires_at'))
          .end(),
      )
      .as(kind === 'MEMBER' ? 'member' : 'channel'),
  );
}

/** The latest end of the running MEMBER and of the running CHANNEL seats an account holds, in one query. */
export async function heldSeatEnds(db: Db, userId: string, now: string): Promise<{ member: string | null; channel: string | null }> {
  const row = await seatsTables(db)
    .selectFrom('seats')
    .select((eb) => latestEnds(eb, now))
    .where('assignee_user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return { member: row?.member ?? null, channel: row?.channel ?? null };
}

/**
 * The latest end of the running MEMBER and of the running CHANNEL seats each of these devices
 * holds, in one query (the connect check asks for both of its devices at once); a device that
 * holds none is absent.
 */
export async function heldDeviceSeatEnds(
  db: Db,
  deviceIds: readonly string[],
  now: string,
): Promise<Map<string, { member: string | null; channel: string | null }>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await seatsTables(db)
    .selectFrom('seats')
    .select((eb) => ['assignee_device_id', ...latestEnds(eb, now)])
    .where('assignee_device_id', 'in', [...deviceIds])
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .groupBy('assignee_device_id')
    .execute();
  return new Map(rows.map((row) => [row.assignee_device_id ?? '', { member: row.member ?? null, channel: row.channel ?? null }]));
}

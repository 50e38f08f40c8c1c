import { type Insertable, type Selectable } from 'kysely';
import { touchedRows } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type SeatsTable } from '../../db/tables/redeem-walls.table';

export type SeatRow = Selectable<SeatsTable> & { assignee_username: string | null; assignee_nickname: string | null };

export async function insertSeats(db: Db, rows: Insertable<SeatsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) await db.insertInto('seats').values(rows.slice(i, i + 100)).execute();
}

export async function revokeSeats(db: Db, ids: string[], now: string): Promise<void> {
  if (ids.length) await db.updateTable('seats').set({ revoked_at: now }).where('id', 'in', ids).where('revoked_at', 'is', null).execute();
}

/** The devices holding these seats (revoked or not): whose cached seats a revocation ends. */
export async function listSeatHolderDevices(db: Db, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('seats').select('assignee_device_id').where('id', 'in', ids).where('assignee_device_id', 'is not', null).execute();
  return rows.flatMap((row) => (row.assignee_device_id ? [row.assignee_device_id] : []));
}

function seatsWithAssignee(db: Db) {
  return db
    .selectFrom('seats')
    .leftJoin('users', 'users.id', 'seats.assignee_user_id')
    .selectAll('seats')
    .select(['users.username as assignee_username', 'users.nickname as assignee_nickname']);
}

export function listOwnedSeats(db: Db, ownerId: string): Promise<SeatRow[]> {
  return seatsWithAssignee(db).where('seats.owner_id', '=', ownerId).orderBy('seats.id').execute();
}

export function findOwnedSeat(db: Db, ownerId: string, id: string): Promise<SeatRow | undefined> {
  return seatsWithAssignee(db).where('seats.owner_id', '=', ownerId).where('seats.id', '=', id).executeTakeFirst();
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
  const result = await db
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
  const result = await db.updateTable('seats').set({ assignee_user_id: null, assignee_device_id: null }).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  return touchedRows(result);
}

/** The running seats a device holds (for its heartbeat answer), soonest end first. */
export function listRunningDeviceSeats(db: Db, deviceId: string, now: string): Promise<{ id: string; kind: string; expires_at: string }[]> {
  return db
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

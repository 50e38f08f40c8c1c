import { type Insertable } from 'kysely';
import { futureDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { assignSeat, insertSeats, revokeSeats, unassignSeat } from './seats.repository';
import { type SeatsTable, type SeatTableRow } from './seats.tables';

// A seat's life cycle. A seat has no state column: its state is read from its row (revoked_at,
// expires_at, its holder). SEAT_TRANSITIONS is every change of it, and the functions below are
// the only writes of a seat's state (the repository's insert, assign, unassign and revoke are
// called from here alone). Each checks that the change is in the table for the state the seat is
// in and for who causes it; the conditions a write re-checks in SQL (a seat free to move, not
// yet revoked) are the same table's, under the row lock.

/** FREE: running or not yet started, held by nobody; HELD: given to an account or a device; EXPIRED: past its end; REVOKED: its order was refunded. */
export type SeatState = 'FREE' | 'HELD' | 'EXPIRED' | 'REVOKED';
/** USER: the buyer (or the customer asking a refund); STAFF: the back office; SYSTEM: fulfilment, the jobs and the clock. */
export type SeatActor = 'USER' | 'STAFF' | 'SYSTEM';
export type SeatChange = 'create' | 'assign' | 'unassign' | 'expire' | 'revoke';

export interface SeatTransition {
  change: SeatChange;
  /** null: the seat does not exist yet */
  from: SeatState | null;
  to: SeatState;
  by: readonly SeatActor[];
}

export const SEAT_TRANSITIONS: readonly SeatTransition[] = [
  // fulfilment of a paid MEMBER or CHANNEL item bought as seats
  { change: 'create', from: null, to: 'FREE', by: ['SYSTEM'] },
  // the buyer gives it; and moves it, SEAT_MOVE_DAYS after its last assignment (again to the same holder: nothing changes)
  { change: 'assign', from: 'FREE', to: 'HELD', by: ['USER'] },
  { change: 'assign', from: 'HELD', to: 'HELD', by: ['USER'] },
  // the buyer takes it back (the move rule still counts from the last assignment); a seat over
  // or refunded keeps its state, only the holder it may still name is cleared
  { change: 'unassign', from: 'HELD', to: 'FREE', by: ['USER'] },
  { change: 'unassign', from: 'FREE', to: 'FREE', by: ['USER'] },
  { change: 'unassign', from: 'EXPIRED', to: 'EXPIRED', by: ['USER'] },
  { change: 'unassign', from: 'REVOKED', to: 'REVOKED', by: ['USER'] },
  // its end passes: nothing is written, the state is read from expires_at
  { change: 'expire', from: 'FREE', to: 'EXPIRED', by: ['SYSTEM'] },
  { change: 'expire', from: 'HELD', to: 'EXPIRED', by: ['SYSTEM'] },
  // a refund of its order, whoever asked it (the customer, the back office, or the system: a
  // double payment, an undeliverable renewal); carried out by fulfilment in the refund's transaction
  { change: 'revoke', from: 'FREE', to: 'REVOKED', by: ['USER', 'STAFF', 'SYSTEM'] },
  { change: 'revoke', from: 'HELD', to: 'REVOKED', by: ['USER', 'STAFF', 'SYSTEM'] },
  { change: 'revoke', from: 'EXPIRED', to: 'REVOKED', by: ['USER', 'STAFF', 'SYSTEM'] },
];

type StateColumns = Pick<SeatTableRow, 'revoked_at' | 'expires_at' | 'assignee_user_id' | 'assignee_device_id'>;

/** The state a seat's row is in at `now`. */
export function seatStateOf(row: StateColumns, now: Date): SeatState {
  if (row.revoked_at) return 'REVOKED';
  if (!futureDbDate(row.expires_at, now)) return 'EXPIRED';
  return row.assignee_user_id || row.assignee_device_id ? 'HELD' : 'FREE';
}

/** The transition `change` makes from `from` when `by` causes it; undefined: the table has none. */
export function seatTransition(change: SeatChange, from: SeatState | null, by: SeatActor): SeatTransition | undefined {
  return SEAT_TRANSITIONS.find((row) => row.change === change && row.from === from && row.by.includes(by));
}

function assertTransition(change: SeatChange, from: readonly (SeatState | null)[], by: SeatActor): void {
  for (const state of from) {
    if (!seatTransition(change, state, by)) throw new Error(`a seat cannot ${change} from ${state ?? 'nothing'} by ${by}`);
  }
}

/** The seats of a paid item (fulfilment, in the caller's transaction). */
export async function createSeatRows(db: Db, rows: Insertable<SeatsTable>[], by: SeatActor): Promise<void> {
  assertTransition('create', [null], by);
  await insertSeats(db, rows);
}

/**
 * Gives the seat (read at `now`) to a holder; false when the conditional write matched nothing
 * (not free to move yet, or it changed meanwhile). The caller refuses a state with no assign first.
 */
export async function assignSeatRow(
  db: Db,
  seat: StateColumns & { id: string; owner_id: string },
  holder: { userId: string | null; deviceId: string | null },
  by: SeatActor,
  now: Date,
  stamps: { now: string; movableBefore: string },
): Promise<boolean> {
  assertTransition('assign', [seatStateOf(seat, now)], by);
  return assignSeat(db, { id: seat.id, ownerId: seat.owner_id }, holder, stamps.now, stamps.movableBefore);
}

/** Takes an owner's seat back from its holder (`before`: the row read just before; undefined when it is not the owner's). How many rows it changed. */
export async function unassignSeatRow(
  db: Db,
  ownerId: string,
  seatId: string,
  before: StateColumns | undefined,
  by: SeatActor,
  now: Date,
): Promise<number> {
  if (before) assertTransition('unassign', [seatStateOf(before, now)], by);
  return unassignSeat(db, ownerId, seatId);
}

/** Revokes these seats (a refund, in its transaction); the write leaves seats already revoked as they are. */
export async function revokeSeatRows(db: Db, ids: string[], by: SeatActor, now: string): Promise<void> {
  assertTransition('revoke', ['FREE', 'HELD', 'EXPIRED'], by);
  await revokeSeats(db, ids, now);
}

import { SEAT_MOVE_DAYS, ZSeatKind, type TDeviceSeat, type TSeat, type TSeatAssignRequest, type TSeatKind } from '@llk/contracts';
import { fromDbDate, futureDbDate, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { formatCsvMoment, formatMoment, SERVICE_TIME_ZONE } from '../../infrastructure/time-text';
import { cacheKey, fillCache, invalidateCache, readCache, type KeyValueStore } from '../../infrastructure/kv';
import { type OwnsDevice } from '../monitor-walls';
import { applyHeldSeats, findUserByIdentifier, type UserRow } from '../users';
import { assignSeatRow, createSeatRows, revokeSeatRows, seatStateOf, seatTransition, unassignSeatRow } from './seat-life-cycle';
import {
  findOwnedSeat,
  heldDeviceSeatEnds,
  heldSeatEnds,
  listOwnedSeats,
  listSeatHolderDevices,
  listRunningDeviceSeats,
  type SeatRow,
} from './seats.repository';

// Seats (README.md, docs/adr/0018-seats-codes-walls.md): a MEMBER or CHANNEL order item bought
// as seats (createV2 asSeats) becomes `quantity` seats, each with its own term from fulfilment.
// The buyer gives a seat to an account or a device; the holder has the paid feature while
// the seat runs. A seat changes holder at most once in SEAT_MOVE_DAYS days.

const DAY_MS = 86_400_000;

export interface SeatGrant {
  kind: 'SEATS';
  seatKind: TSeatKind;
  seatIds: string[];
}

export interface NewSeats {
  ownerId: string;
  orderId: string;
  orderItemId: string;
  kind: TSeatKind;
  count: number;
  startsAt: Date;
  expiresAt: Date;
}

/** Creates the seats of a paid order item, in the caller's transaction (fulfilment). */
export async function createSeats(db: Db, request: NewSeats, now: Date): Promise<SeatGrant> {
  const rows = Array.from({ length: request.count }, () => ({
    id: newId(now.getTime()),
    owner_id: request.ownerId,
    order_id: request.orderId,
    order_item_id: request.orderItemId,
    kind: request.kind,
    starts_at: toDbDate(request.startsAt),
    expires_at: toDbDate(request.expiresAt),
    created_at: toDbDate(now),
  }));
  await createSeatRows(db, rows, 'SYSTEM');
  return { kind: 'SEATS', seatKind: request.kind, seatIds: rows.map((row) => row.id) };
}

/** A refund: the order's seats stop giving anything, whoever holds them (caller's transaction). */
export async function revokeSeatGrant(db: Db, grant: SeatGrant, now: Date): Promise<void> {
  await revokeSeatRows(db, grant.seatIds, 'SYSTEM', toDbDate(now));
}

/**
 * After the transaction that revoked seats has committed (a refund): the devices holding them
 * stop answering them at their next heartbeat, on every instance.
 */
export async function forgetRevokedSeats(db: Db, kv: KeyValueStore, seatIds: readonly string[]): Promise<void> {
  await forgetDeviceSeats(kv, await listSeatHolderDevices(db, seatIds));
}

function movableFrom(row: SeatRow): Date | null {
  if (!row.assigned_at) return null;
  return new Date(fromDbDate(row.assigned_at).getTime() + SEAT_MOVE_DAYS * DAY_MS);
}

function seatOf(row: SeatRow, now: Date): TSeat {
  const movable = movableFrom(row);
  return {
    id: row.id,
    kind: ZSeatKind.parse(row.kind),
    orderId: row.order_id,
    startsAt: fromDbDate(row.starts_at).toISOString(),
    expiresAt: fromDbDate(row.expires_at).toISOString(),
    active: !row.revoked_at && fromDbDate(row.starts_at) <= now && futureDbDate(row.expires_at, now) !== null,
    assignee: row.assignee_user_id
      ? { type: 'ACCOUNT', userId: row.assignee_user_id, name: row.assignee_username ?? row.assignee_nickname ?? '' }
      : row.assignee_device_id
        ? { type: 'DEVICE', deviceId: row.assignee_device_id }
        : null,
    assignedAt: row.assigned_at ? fromDbDate(row.assigned_at).toISOString() : null,
    movableFrom: movable && movable > now ? movable.toISOString() : null,
  };
}

export async function listSeats(db: Db, ownerId: string, now = new Date()): Promise<TSeat[]> {
  return (await listOwnedSeats(db, ownerId)).map((row) => seatOf(row, now));
}

async function ownedSeat(db: Db, ownerId: string, seatId: string): Promise<SeatRow> {
  const row = await findOwnedSeat(db, ownerId, seatId);
  if (!row) throw new AppError('SEAT_NOT_FOUND');
  return row;
}

/**
 * Gives a seat to an account or a device. The first assignment is free; after it, the seat
 * may change holder again SEAT_MOVE_DAYS days after its last assignment (unassigning in
 * between does not reset that), so one seat cannot be rotated around a fleet. Giving it to
 * the holder it already has is a no-op.
 */
export async function assignSeatTo(
  db: Db,
  kv: KeyValueStore,
  ownsDevice: OwnsDevice,
  ownerId: string,
  input: TSeatAssignRequest,
  now = new Date(),
): Promise<TSeat> {
  const row = await ownedSeat(db, ownerId, input.seatId);
  let holder: { userId: string | null; deviceId: string | null };
  if (input.deviceId !== undefined) {
    if (!(await ownsDevice(db, ownerId, input.deviceId))) throw new AppError('NOT_FOUND');
    holder = { userId: null, deviceId: input.deviceId };
  } else {
    const user = await findUserByIdentifier(db, input.account ?? '');
    if (!user) throw new AppError('SEAT_ACCOUNT_NOT_FOUND');
    holder = { userId: user.id, deviceId: null };
  }
  if (!seatTransition('assign', seatStateOf(row, now), 'USER')) throw new AppError('SEAT_EXPIRED');
  if (row.assignee_user_id === holder.userId && row.assignee_device_id === holder.deviceId) return seatOf(row, now);
  const movableBefore = toDbDate(now.getTime() - SEAT_MOVE_DAYS * DAY_MS);
  if (!(await assignSeatRow(db, row, holder, 'USER', now, { now: toDbDate(now), movableBefore }))) {
    const current = await ownedSeat(db, ownerId, input.seatId);
    if (!seatTransition('assign', seatStateOf(current, now), 'USER')) throw new AppError('SEAT_EXPIRED');
    const from = movableFrom(current) ?? now;
    // the exact moment, never a rounded day (the next whole day would say it up to a day late);
    // the route says it in the caller's language and zone (seatMoveMessage)
    throw new AppError('SEAT_MOVE_TOO_SOON', {
      params: { date: formatCsvMoment(from, SERVICE_TIME_ZONE) ?? '' },
      data: { movableFrom: from.toISOString() },
    });
  }
  await forgetDeviceSeats(kv, [row.assignee_device_id, holder.deviceId]);
  return seatOf(await ownedSeat(db, ownerId, input.seatId), now);
}

/**
 * SEAT_MOVE_TOO_SOON as the caller reads it: the moment the seat may move again, in the
 * language (a BCP 47 tag) and zone of the request ("Dec 9, 2026, 10:00 AM (UTC+8)").
 */
export function seatMoveMessage(error: AppError, languageTag: string, timeZone: string): AppError {
  const movable = (error.data as { movableFrom?: string } | null)?.movableFrom;
  if (error.codeName !== 'SEAT_MOVE_TOO_SOON' || !movable) return error;
  return new AppError('SEAT_MOVE_TOO_SOON', { params: { date: formatMoment(new Date(movable), languageTag, timeZone) }, data: error.data });
}

/** Takes a seat back from its holder; it keeps its last assignment time for the 7-day rule. */
export async function unassignSeatOf(db: Db, kv: KeyValueStore, ownerId: string, seatId: string, now = new Date()): Promise<TSeat> {
  const before = await findOwnedSeat(db, ownerId, seatId);
  if ((await unassignSeatRow(db, ownerId, seatId, before, 'USER', now)) === 0) throw new AppError('SEAT_NOT_FOUND');
  await forgetDeviceSeats(kv, [before?.assignee_device_id ?? null]);
  return seatOf(await ownedSeat(db, ownerId, seatId), now);
}

/**
 * For the device's policy answer (device module): the end of the running seats a device holds,
 * per kind; null when it holds none. A device with a MEMBER seat has the paid features of a
 * membership, with a CHANNEL seat the global channel, whatever its account has.
 */
export async function deviceSeats(db: Db, deviceId: string, now = new Date()): Promise<{ member: string | null; channel: string | null }> {
  return (await devicesSeats(db, [deviceId], now)).get(deviceId) ?? NO_SEATS;
}

const NO_SEATS = { member: null, channel: null } as const;

/** deviceSeats of several devices in one query (the connect check's two); every id asked for is in the answer. */
export async function devicesSeats(
  db: Db,
  deviceIds: readonly string[],
  now = new Date(),
): Promise<Map<string, { member: string | null; channel: string | null }>> {
  const ends = await heldDeviceSeatEnds(db, deviceIds, toDbDate(now));
  const iso = (end: string | null) => (end ? fromDbDate(end).toISOString() : null);
  return new Map(
    deviceIds.map((id) => {
      const held = ends.get(id);
      return [id, held ? { member: iso(held.member), channel: iso(held.channel) } : { ...NO_SEATS }];
    }),
  );
}

// ---- The seats a device holds, for its heartbeat (cached) -------------------------------------
//
// Every heartbeat answers the device's running seats, so they are cached in the key-value store
// per device. Assigning and unassigning end the entries of the devices involved at once, on every
// instance (invalidateCache). A refund revokes seats inside the payment's transaction; once it
// has committed, the refund ends the holders' entries the same way (forgetRevokedSeats). A seat
// past its own end is never answered (filtered on every read); the TTL is only a backstop.

/** How long a device's cached seats live without a change. */
export const DEVICE_SEATS_CACHE_MS = 10 * 60_000;

const deviceSeatsKey = (deviceId: string) => cacheKey(`seats:device:${deviceId}`);

async function forgetDeviceSeats(kv: KeyValueStore, deviceIds: readonly (string | null)[]): Promise<void> {
  await invalidateCache(
    kv,
    deviceIds.flatMap((id) => (id ? [deviceSeatsKey(id)] : [])),
  );
}

/** The running seats a device holds (id, kind, end), through the cache. */
export async function heldDeviceSeats(db: Db, kv: KeyValueStore, deviceId: string, now = new Date()): Promise<TDeviceSeat[]> {
  const key = deviceSeatsKey(deviceId);
  const read = await readCache<TDeviceSeat[]>(kv, key);
  let seats = read.value;
  if (!seats) {
    const rows = await listRunningDeviceSeats(db, deviceId, toDbDate(now));
    seats = rows.map((row) => ({ id: row.id, kind: ZSeatKind.parse(row.kind), expiresAt: fromDbDate(row.expires_at).toISOString() }));
    await fillCache(kv, read, key, seats, DEVICE_SEATS_CACHE_MS);
  }
  return seats.filter((seat) => Date.parse(seat.expiresAt) > now.getTime());
}

/**
 * The account with the seats it holds taken into account: its effective membership and channel
 * are the better of its own and a running seat's, i.e. the later end. A seat's end shows as the
 * expiry while it is the later one; its own term is untouched.
 */
export async function withHeldSeats(db: Db, user: UserRow, now = new Date()): Promise<UserRow> {
  const { member, channel } = await heldSeatEnds(db, user.id, toDbDate(now));
  return applyHeldSeats(user, member, channel, now);
}

import { DEVICE_PRESENCE_SECONDS } from '@llk/contracts';
import { fromDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { cacheKey, cacheReadOf, fillCache, invalidateCache, type KeyValueStore } from '../../infrastructure/kv';
import { countDevices, type DeviceRow } from './devices.repository';

// Presence in the key-value store: a device's presence key and its place in the account's online
// set, the heartbeat's cached row and write throttle, and the account's cached device count, with
// the keys of each (README.md; ADR 0017). Every change ends its entries on every instance.

/** The apps beat this often; presence lasts DEVICE_PRESENCE_SECONDS. */
export const HEARTBEAT_SECONDS = 30;

/**
 * A heartbeat writes last_seen_at (and the address) at most this often, or when the address
 * changes: with beats every 30 s, one beat in ten writes the database (a fleet of 180,000
 * devices beating every minute: at most 600 writes a second, instead of one per beat).
 */
export const LAST_SEEN_WRITE_MS = 5 * 60_000;

/**
 * A device whose last_seen_at is older than this cannot be online: every heartbeat either wrote
 * last_seen_at or found it younger than LAST_SEEN_WRITE_MS, and presence lasts
 * DEVICE_PRESENCE_SECONDS. Only younger ones are looked up in the key-value store.
 */
const MAYBE_ONLINE_MS = LAST_SEEN_WRITE_MS + DEVICE_PRESENCE_SECONDS * 1000;

export const presenceKey = (id: string) => `device:online:${id}`;

/**
 * The account's online devices: a sorted set of device ids scored by when their presence ends,
 * written with every presence key, so the online filter reads one set instead of the fleet.
 */
export const onlineSetKey = (userId: string) => `device:online-set:${userId}`;

const PRESENCE_MS = DEVICE_PRESENCE_SECONDS * 1000;

/** Marks a device online for PRESENCE_MS: its presence key and its place in the account's online set. */
export function markOnline(kv: KeyValueStore, device: Pick<DeviceRow, 'id' | 'user_id'>, now: Date): Promise<unknown> {
  return Promise.all([
    kv.set(presenceKey(device.id), '1', PRESENCE_MS),
    kv.scoreSet(onlineSetKey(device.user_id), device.id, now.getTime() + PRESENCE_MS, PRESENCE_MS),
  ]);
}

/** The heartbeat's cached row (no last_* columns): ended by every change to the device. */
export const stateKey = (userId: string, deviceKey: string) => cacheKey(`device:state:${userId}:${deviceKey}`);

/** The last last_seen_at write of a device: its address, country and time (the write throttle). */
export const seenKey = (userId: string, deviceKey: string) => `device:seen:${userId}:${deviceKey}`;

/** The last write is kept this long: a device silent for longer writes at its next beat anyway. */
export const SEEN_MS = 2 * LAST_SEEN_WRITE_MS;

/** A cached device row lives this long without a change (changes end it at once). */
export const DEVICE_CACHE_MS = 10 * 60_000;

export type DeviceState = Omit<DeviceRow, 'last_ip' | 'last_country' | 'last_seen_at'>;

export interface Seen {
  ip: string;
  country: string | null;
  at: string;
}

/** Ends the heartbeat's cached rows of these devices on every instance; call after the change is written. */
export function forgetDevices(kv: KeyValueStore, devices: readonly Pick<DeviceRow, 'user_id' | 'device_key'>[]): Promise<void> {
  return invalidateCache(
    kv,
    devices.map((device) => stateKey(device.user_id, device.device_key)),
  );
}

/** How many devices the account owns (the unfiltered list's total): ended by every insert and delete. */
export const countKey = (userId: string) => cacheKey(`device:count:${userId}`);

const DEVICE_COUNT_CACHE_MS = 10 * 60_000;

/** The account's device count, read through the cache (a fleet's count costs a walk of its index). */
export async function ownDeviceCount(db: Db, kv: KeyValueStore, userId: string): Promise<number> {
  const epoch = kv.epoch();
  const read = cacheReadOf<number>(await kv.get(countKey(userId)), epoch);
  if (typeof read.value === 'number') return read.value;
  const count = await countDevices(db, userId);
  await fillCache(kv, read, countKey(userId), count, DEVICE_COUNT_CACHE_MS);
  return count;
}

/** Which of these devices are online (presence in the key-value store), for readers outside the module. */
export function findOnlineDevices(
  kv: KeyValueStore,
  rows: readonly Pick<DeviceRow, 'id' | 'last_seen_at'>[],
  now = new Date(),
): Promise<Set<string>> {
  return onlineIds(kv, rows, now);
}

/** Which of these devices are online: one MGET for those seen recently enough to be. */
export async function onlineIds(
  kv: KeyValueStore,
  rows: readonly Pick<DeviceRow, 'id' | 'last_seen_at'>[],
  now: Date,
): Promise<Set<string>> {
  const recent = rows.filter(
    (row) => row.last_seen_at !== null && now.getTime() - fromDbDate(row.last_seen_at).getTime() < MAYBE_ONLINE_MS,
  );
  if (recent.length === 0) return new Set();
  const answers = await kv.getMany(recent.map((row) => presenceKey(row.id)));
  return new Set(recent.flatMap((row, i) => (answers[i] !== null ? [row.id] : [])));
}

export interface Caller {
  userId: string;
  ip: string;
  now?: Date;
}

import { type TDevicePolicyAnswer } from '@llk/contracts';
import { fromDbDate, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { cacheReadOf, fillCache, type KeyValueStore } from '../../infrastructure/kv';
import { findCountryCode } from '../location';
import { heldDeviceSeats } from '../seats';
import { findDeviceByKey, touchDevice } from './devices.repository';
import {
  HEARTBEAT_SECONDS,
  LAST_SEEN_WRITE_MS,
  markOnline,
  stateKey,
  seenKey,
  SEEN_MS,
  DEVICE_CACHE_MS,
  type DeviceState,
  type Seen,
  type Caller,
} from './presence';
import { sessionBeat, sessionBeatKeys } from '../sessions';
import { viewOf } from './device-views';

// POST /device/heartbeat.

/**
 * POST /device/heartbeat: presence in the key-value store, the policy in force and the seats the
 * device holds. In the common case no SQL at all: the session, the device's row and its seats
 * come from the store's caches (every change ends them at once, on every instance), and
 * last_seen_at is written only when the last write is LAST_SEEN_WRITE_MS old or the address
 * changed (the last write is kept in the store too). `sessions` (the devices this one controls
 * now) keeps the account's simultaneous sessions current for the broker and their connection
 * records alive; `disconnect` answers the sessions of this device an owner disconnected
 * (modules/sessions/session-beat.ts, read in the same getMany).
 */
export async function heartbeat(
  db: Db,
  kv: KeyValueStore,
  caller: Caller,
  deviceKey: string,
  sessions?: readonly string[],
): Promise<TDevicePolicyAnswer> {
  const now = caller.now ?? new Date();
  const keys = { state: stateKey(caller.userId, deviceKey), seen: seenKey(caller.userId, deviceKey) };
  const epoch = kv.epoch();
  // the sessions' keys (alive throttle, disconnects queued) come in the same round trip
  const [stateRaw, seenRaw, ...sessionRaw] = await kv.getMany([keys.state, keys.seen, ...sessionBeatKeys(caller.userId, deviceKey)]);
  const read = cacheReadOf<DeviceState>(stateRaw ?? null, epoch);
  let state = read.value;
  let seen = seenRaw ? (JSON.parse(seenRaw) as Seen) : null;
  if (!state) {
    const row = await findDeviceByKey(db, caller.userId, deviceKey);
    if (!row) throw new AppError('DEVICE_NOT_FOUND');
    const { last_ip, last_country, last_seen_at, ...rest } = row;
    state = rest;
    const fromRow = !seen && last_ip !== null && last_seen_at !== null ? { ip: last_ip, country: last_country, at: last_seen_at } : null;
    await Promise.all([
      fillCache(kv, read, keys.state, state, DEVICE_CACHE_MS),
      // the row's own last write starts the throttle (else the next beat, served from the cache, would write)
      fromRow ? kv.setIfAbsent(keys.seen, JSON.stringify(fromRow), SEEN_MS) : null,
    ]);
    seen ??= fromRow;
  }
  const writes: Promise<unknown>[] = [markOnline(kv, state, now)];
  if (seen === null || seen.ip !== caller.ip || now.getTime() - fromDbDate(seen.at).getTime() >= LAST_SEEN_WRITE_MS) {
    const next: Seen = { ip: caller.ip, country: seen?.ip === caller.ip ? seen.country : findCountryCode(caller.ip), at: toDbDate(now) };
    await touchDevice(db, state.id, { last_ip: next.ip, last_country: next.country, last_seen_at: next.at });
    writes.push(kv.set(keys.seen, JSON.stringify(next), SEEN_MS));
    seen = next;
  }
  const beat = sessionBeat(db, kv, { userId: caller.userId, deviceKey, deviceId: state.id, targets: sessions, read: sessionRaw, now });
  const [seats, disconnect] = await Promise.all([heldDeviceSeats(db, kv, state.id, now), beat, ...writes]);
  const device = viewOf({ ...state, last_ip: seen.ip, last_country: seen.country, last_seen_at: seen.at }, true, null);
  return { device, policy: device.policy, heartbeatSeconds: HEARTBEAT_SECONDS, seats, disconnect };
}

import { type TDevicePolicyAnswer, type TDeviceRegisterRequest, type TLoginWay } from '@llk/contracts';
import { isUniqueViolation, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { invalidateCache, type KeyValueStore } from '../../infrastructure/kv';
import { findCountryCode } from '../location';
import { enrolDevice, type Enrolment, organisationHeldDeviceIds } from '../organisations';
import { countDevicesHoldingSeat, heldDeviceSeats } from '../seats';
import { lockEntitlements } from '../users';
import { findDeviceByKey, insertDevice, listOwnDeviceIds, updateDevice, type DeviceRow } from './devices.repository';
import { countKey, forgetDevices, HEARTBEAT_SECONDS, markOnline, seenKey, SEEN_MS, type Caller, type Seen } from './presence';
import { limitsOf, getUserRow } from './plans';
import { viewOf } from './device-views';

// POST /device/register.

/** The policy a new device gets: everything, until its owner narrows it. */
export const DEFAULT_POLICY: TLoginWay = 'ALL';

/**
 * The account's devices that count against its plan's device limit: all but those holding a
 * running MEMBER seat (ADR 0018: such a device has the paid features itself; the seats module
 * says which of them hold one) and those an organisation holds (ADR 0045).
 */
async function countDevicesWithoutSeat(db: Db, userId: string, now: string): Promise<number> {
  const own = (await listOwnDeviceIds(db, userId)).map((device) => device.id);
  const held = await organisationHeldDeviceIds(db, own);
  const ids = own.filter((id) => !held.has(id));
  return ids.length - (await countDevicesHoldingSeat(db, ids, 'MEMBER', now));
}

/**
 * POST /device/register: idempotent per account and app device id. A new device counts
 * against the plan's device limit, checked with the account row locked so parallel
 * registrations of different devices cannot pass the limit together.
 */
export async function registerDevice(
  db: Db,
  kv: KeyValueStore,
  caller: Caller,
  body: TDeviceRegisterRequest,
): Promise<TDevicePolicyAnswer> {
  const now = caller.now ?? new Date();
  const stamp = toDbDate(now);
  const seen = { last_ip: caller.ip, last_country: findCountryCode(caller.ip), last_seen_at: stamp };
  const details = {
    name: body.name,
    client_type: body.clientType,
    chip_type: body.chipType ?? null,
    os_version: body.osVersion ?? null,
    app_version: body.appVersion ?? null,
  };
  const refresh = async (existing: DeviceRow) => {
    await updateDevice(db, existing.id, { ...details, ...seen }, stamp);
    return { ...existing, ...details, ...seen, updated_at: stamp };
  };
  const { deployCode } = body;
  let enrolment: Enrolment | undefined;
  // with a deploy code, the device joins its organisation in the transaction that writes it (ADR 0045)
  const enrol = (trx: Db, row: DeviceRow, code: string) =>
    enrolDevice(
      trx,
      {
        code,
        device: { id: row.id, deviceKey: row.device_key, name: row.name, clientType: row.client_type },
        userId: caller.userId,
        ip: caller.ip,
      },
      now,
    );
  let device = await findDeviceByKey(db, caller.userId, body.deviceId);
  let inserted = false;
  if (device) {
    device = await refresh(device);
    const known = device;
    if (deployCode !== undefined) enrolment = await db.transaction().execute((trx) => enrol(trx, known, deployCode));
  } else {
    try {
      device = await db.transaction().execute(async (trx) => {
        const locked = await lockEntitlements(trx, caller.userId, stamp);
        if (!locked) throw new AppError('UNAUTHORIZED');
        // an account seat gives the paid limit; devices holding a seat of their own do not count
        // an organisation's device does not count against the installer's personal plan (ADR 0045)
        if (deployCode === undefined) {
          const user = await getUserRow(trx, caller.userId, now);
          const limit = (await limitsOf(trx, user, now)).devices;
          if (limit !== null && (await countDevicesWithoutSeat(trx, caller.userId, stamp)) >= limit)
            throw new AppError('DEVICE_LIMIT_REACHED', { params: { limit } });
        }
        const row: DeviceRow = {
          id: newId(now.getTime()),
          user_id: caller.userId,
          device_key: body.deviceId,
          ...details,
          group_id: null,
          policy: DEFAULT_POLICY,
          ...seen,
          created_at: stamp,
          updated_at: stamp,
        };
        await insertDevice(trx, row);
        if (deployCode !== undefined) enrolment = await enrol(trx, row, deployCode);
        return row;
      });
      inserted = true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // a parallel registration of the same device won: this one is a repeat
      const winner = await findDeviceByKey(db, caller.userId, body.deviceId);
      if (!winner) throw error;
      device = await refresh(winner);
      const known = device;
      if (deployCode !== undefined) enrolment = await db.transaction().execute((trx) => enrol(trx, known, deployCode));
    }
  }
  await Promise.all([
    forgetDevices(kv, [device]),
    ...(inserted ? [invalidateCache(kv, [countKey(caller.userId)])] : []),
    kv.set(
      seenKey(caller.userId, body.deviceId),
      JSON.stringify({ ip: caller.ip, country: seen.last_country, at: stamp } satisfies Seen),
      SEEN_MS,
    ),
    markOnline(kv, device, now),
  ]);
  const view = viewOf(device, true, null);
  return {
    device: view,
    policy: view.policy,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    seats: await heldDeviceSeats(db, kv, device.id, now),
    disconnect: [],
    ...(enrolment ? { enrolment } : {}),
  };
}

import { type TDevice, type TDeviceUpdateRequest } from '@llk/contracts';
import { toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { invalidateCache, type KeyValueStore } from '../../infrastructure/kv';
import { forgetOrgDevices } from '../organisations';
import { forgetRecordedDevices } from '../sessions';
import { deleteDevices, findDevicesByIds, updateDevice } from './devices.repository';
import { findSharesReaching } from './device-shares.repository';
import { presenceKey, onlineSetKey, forgetDevices, countKey } from './presence';
import { bestPermissions, getAccess } from './permissions';
import { viewsOf } from './device-views';
import { getOwnGroup } from './groups';

// POST /device/update, /device/remove and /device/removeBatch.

/** POST /device/update: the owner changes anything; MANAGE may rename and set the policy. */
export async function updateVisibleDevice(
  db: Db,
  kv: KeyValueStore,
  userId: string,
  body: TDeviceUpdateRequest,
  now = new Date(),
): Promise<TDevice> {
  const access = await getAccess(db, userId, body.deviceId);
  if (access.permission !== 'MANAGE' || (body.groupId !== undefined && !access.owned)) throw new AppError('DEVICE_PERMISSION_TOO_LOW');
  if (body.groupId) await getOwnGroup(db, userId, body.groupId);
  const patch = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.groupId !== undefined ? { group_id: body.groupId } : {}),
    ...(body.policy !== undefined ? { policy: body.policy } : {}),
  };
  await updateDevice(db, access.device.id, patch, toDbDate(now));
  await forgetDevices(kv, [access.device]);
  const [view] = await viewsOf(db, kv, userId, [{ ...access.device, ...patch }], now);
  return view as TDevice;
}

/** POST /device/remove and /device/removeBatch: all or nothing; each needs MANAGE. */
export async function removeVisibleDevices(
  db: Db,
  kv: KeyValueStore,
  userId: string,
  ids: readonly string[],
  ip: string | null = null,
): Promise<number> {
  const unique = [...new Set(ids)];
  const rows = await findDevicesByIds(db, unique);
  if (rows.length !== unique.length) throw new AppError('DEVICE_NOT_FOUND');
  const foreign = rows.filter((row) => row.user_id !== userId);
  const permissions = bestPermissions(foreign, await findSharesReaching(db, userId, foreign));
  for (const row of foreign) {
    const permission = permissions.get(row.id);
    if (!permission) throw new AppError('DEVICE_NOT_FOUND');
    if (permission !== 'MANAGE') throw new AppError('DEVICE_PERMISSION_TOO_LOW');
  }
  // the connection records keep both sides' history, without the removed devices' ids; an
  // organisation's list loses them with an audit row (ADR 0045)
  const removed = await db.transaction().execute(async (trx) => {
    const count = await deleteDevices(trx, unique);
    await forgetRecordedDevices(trx, unique);
    await forgetOrgDevices(trx, unique, { userId, ip });
    return count;
  });
  const owners = [...new Set(rows.map((row) => row.user_id))];
  await Promise.all([
    forgetDevices(kv, rows),
    invalidateCache(kv, owners.map(countKey)),
    ...unique.map((id) => kv.del(presenceKey(id))),
    ...owners.map((owner) =>
      kv.scoreRemove(
        onlineSetKey(owner),
        rows.filter((row) => row.user_id === owner).map((row) => row.id),
      ),
    ),
  ]);
  return removed;
}

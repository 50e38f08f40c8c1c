import { type TDeviceGroupList } from '@llk/contracts';
import { fromDbDate, isUniqueViolation, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type KeyValueStore } from '../../infrastructure/kv';
import { deleteGroup, findGroup, insertGroup, listGroups, renameGroup, listOwnDeviceIds } from './devices.repository';
import { forgetDevices, onlineIds } from './presence';

// Device groups: /deviceGroup/*, and the group names the CSV shows.

export async function getOwnGroup(db: Db, userId: string, groupId: string) {
  const group = await findGroup(db, groupId);
  if (!group || group.user_id !== userId) throw new AppError('DEVICE_GROUP_NOT_FOUND');
  return group;
}

export async function listDeviceGroups(db: Db, kv: KeyValueStore, userId: string, now = new Date()): Promise<TDeviceGroupList> {
  const [groups, devices] = await Promise.all([listGroups(db, userId), listOwnDeviceIds(db, userId)]);
  const online = await onlineIds(kv, devices, now);
  const count = (groupId: string | null) => devices.filter((device) => device.group_id === groupId);
  return {
    list: groups.map((group) => {
      const members = count(group.id);
      return {
        id: group.id,
        name: group.name,
        deviceCount: members.length,
        onlineCount: members.filter((device) => online.has(device.id)).length,
        createdAt: fromDbDate(group.created_at).toISOString(),
      };
    }),
    ungroupedCount: count(null).length,
    ungroupedOnlineCount: count(null).filter((device) => online.has(device.id)).length,
  };
}

async function guardGroupName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('DEVICE_GROUP_NAME_TAKEN');
    throw error;
  }
}

export async function createDeviceGroup(db: Db, userId: string, name: string, now = new Date()): Promise<{ id: string; name: string }> {
  const stamp = toDbDate(now);
  const id = newId(now.getTime());
  await guardGroupName(() =>
    insertGroup(db, { id, user_id: userId, name, name_norm: name.toLowerCase(), created_at: stamp, updated_at: stamp }),
  );
  return { id, name };
}

export async function renameDeviceGroup(
  db: Db,
  userId: string,
  groupId: string,
  name: string,
  now = new Date(),
): Promise<{ id: string; name: string }> {
  await getOwnGroup(db, userId, groupId);
  await guardGroupName(() => renameGroup(db, groupId, name, toDbDate(now)));
  return { id: groupId, name };
}

export async function deleteDeviceGroup(db: Db, kv: KeyValueStore, userId: string, groupId: string, now = new Date()): Promise<void> {
  await getOwnGroup(db, userId, groupId);
  const moved = await db.transaction().execute((trx) => deleteGroup(trx, groupId, toDbDate(now)));
  await forgetDevices(kv, moved);
}

/** The caller's group names by id, for the CSV's group column (device-csv.ts). */
export async function groupNamesOf(db: Db, userId: string): Promise<Map<string, string>> {
  return new Map((await listGroups(db, userId)).map((group) => [group.id, group.name]));
}

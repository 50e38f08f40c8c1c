import { toCount } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { devicesTables, type DeviceRow, type DeviceShareRow } from './devices.tables';

// The device_shares table: a device or a group shared with another account, with a permission.

/** Whether anything is shared with this user (else a list needs no share look-ups at all). */
export async function hasReceivedShares(db: Db, recipientId: string): Promise<boolean> {
  return (
    (await devicesTables(db)
      .selectFrom('device_shares')
      .select('id')
      .where('recipient_id', '=', recipientId)
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}

/** Throws the unique violation when the target is already shared with that recipient. */
export async function insertShare(db: Db, row: DeviceShareRow): Promise<void> {
  await devicesTables(db).insertInto('device_shares').values(row).execute();
}

export async function updateSharePermission(db: Db, id: string, permission: string): Promise<void> {
  await devicesTables(db).updateTable('device_shares').set({ permission }).where('id', '=', id).execute();
}

export function findShareOf(
  db: Db,
  target: { deviceId?: string; groupId?: string },
  recipientId: string,
): Promise<DeviceShareRow | undefined> {
  let query = devicesTables(db).selectFrom('device_shares').selectAll().where('recipient_id', '=', recipientId);
  query = target.deviceId ? query.where('device_id', '=', target.deviceId) : query.where('group_id', '=', target.groupId ?? '');
  return query.executeTakeFirst();
}

export function findShare(db: Db, id: string): Promise<DeviceShareRow | undefined> {
  return devicesTables(db).selectFrom('device_shares').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteShare(db: Db, id: string): Promise<void> {
  await devicesTables(db).deleteFrom('device_shares').where('id', '=', id).execute();
}

/** Shares a user gave or received, newest first. */
export function listShares(db: Db, column: 'owner_id' | 'recipient_id', userId: string): Promise<DeviceShareRow[]> {
  return devicesTables(db)
    .selectFrom('device_shares')
    .selectAll()
    .where(column, '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The shares that give `recipientId` access to these devices (direct or through their group). */
export function findSharesReaching(
  db: Db,
  recipientId: string,
  devices: readonly Pick<DeviceRow, 'id' | 'group_id'>[],
): Promise<DeviceShareRow[]> {
  const deviceIds = devices.map((device) => device.id);
  const groupIds = devices.flatMap((device) => (device.group_id ? [device.group_id] : []));
  if (deviceIds.length === 0) return Promise.resolve([]);
  return devicesTables(db)
    .selectFrom('device_shares')
    .selectAll()
    .where('recipient_id', '=', recipientId)
    .where((eb) => eb.or([eb('device_id', 'in', deviceIds), ...(groupIds.length > 0 ? [eb('group_id', 'in', groupIds)] : [])]))
    .execute();
}

export async function countShares(db: Db, column: 'owner_id' | 'recipient_id', userId: string): Promise<number> {
  const row = await devicesTables(db)
    .selectFrom('device_shares')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(column, '=', userId)
    .executeTakeFirst();
  return toCount(row?.n);
}

import { type TDeviceShare, type TDeviceShareRequest, type TDeviceShares, type TSharePermission } from '@llk/contracts';
import { fromDbDate, isUniqueViolation, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { findUserByIdentifier, findUserNames } from '../users';
import { deleteShare, findShare, findShareOf, insertShare, listShares, updateSharePermission } from './device-shares.repository';
import { findDeviceById, findDevicesByIds, type DeviceShareRow, findGroup } from './devices.repository';
import { displayName } from './device-views';
import { getOwnGroup } from './groups';

// Sharing: /device/share, /device/shares, /device/unshare (the permission check is permissions.ts).

async function sharesView(db: Db, rows: readonly DeviceShareRow[]): Promise<TDeviceShare[]> {
  const userIds = [...new Set(rows.flatMap((row) => [row.owner_id, row.recipient_id]))];
  const deviceIds = rows.flatMap((row) => (row.device_id ? [row.device_id] : []));
  const groupIds = [...new Set(rows.flatMap((row) => (row.group_id ? [row.group_id] : [])))];
  const [users, devices, groups] = await Promise.all([
    findUserNames(db, userIds),
    findDevicesByIds(db, deviceIds),
    Promise.all(groupIds.map((id) => findGroup(db, id))),
  ]);
  const names = new Map(users.map((user) => [user.id, displayName(user)]));
  const targets = new Map<string, string>([
    ...devices.map((d) => [d.id, d.name] as const),
    ...groups.flatMap((g) => (g ? [[g.id, g.name] as const] : [])),
  ]);
  return rows.map((row) => ({
    id: row.id,
    deviceId: row.device_id,
    groupId: row.group_id,
    targetName: targets.get(row.device_id ?? row.group_id ?? '') ?? '',
    permission: row.permission as TSharePermission,
    owner: { userId: row.owner_id, name: names.get(row.owner_id) ?? '' },
    recipient: { userId: row.recipient_id, name: names.get(row.recipient_id) ?? '' },
    createdAt: fromDbDate(row.created_at).toISOString(),
  }));
}

/** POST /device/share: shares an own device or group; sharing again changes the permission. */
export async function shareDevices(db: Db, userId: string, body: TDeviceShareRequest, now = new Date()): Promise<TDeviceShare> {
  if (body.deviceId) {
    const device = await findDeviceById(db, body.deviceId);
    if (!device || device.user_id !== userId) throw new AppError('DEVICE_NOT_FOUND');
  } else {
    await getOwnGroup(db, userId, body.groupId ?? '');
  }
  const recipient = await findUserByIdentifier(db, body.account);
  if (!recipient) throw new AppError('SHARE_ACCOUNT_NOT_FOUND');
  if (recipient.id === userId) throw new AppError('SHARE_WITH_SELF');
  const target = body.deviceId ? { deviceId: body.deviceId } : { groupId: body.groupId ?? '' };
  let share = await findShareOf(db, target, recipient.id);
  if (!share) {
    const row: DeviceShareRow = {
      id: newId(now.getTime()),
      owner_id: userId,
      recipient_id: recipient.id,
      device_id: body.deviceId ?? null,
      group_id: body.groupId ?? null,
      permission: body.permission,
      created_at: toDbDate(now),
    };
    try {
      await insertShare(db, row);
      share = row;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      share = await findShareOf(db, target, recipient.id);
      if (!share) throw error;
    }
  }
  if (share.permission !== body.permission) {
    await updateSharePermission(db, share.id, body.permission);
    share = { ...share, permission: body.permission };
  }
  const [view] = await sharesView(db, [share]);
  return view as TDeviceShare;
}

export async function listDeviceShares(db: Db, userId: string): Promise<TDeviceShares> {
  const [given, received] = await Promise.all([listShares(db, 'owner_id', userId), listShares(db, 'recipient_id', userId)]);
  return { given: await sharesView(db, given), received: await sharesView(db, received) };
}

/** POST /device/unshare: the owner ends it, or the recipient leaves it. */
export async function unshare(db: Db, userId: string, shareId: string): Promise<void> {
  const share = await findShare(db, shareId);
  if (!share || (share.owner_id !== userId && share.recipient_id !== userId)) throw new AppError('DEVICE_SHARE_NOT_FOUND');
  await deleteShare(db, share.id);
}

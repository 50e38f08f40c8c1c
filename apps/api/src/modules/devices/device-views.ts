import { type TChipType, type TClientType, type TDevice, type TLoginWay, type TSharePermission } from '@llk/contracts';
import { fromDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type KeyValueStore } from '../../infrastructure/kv';
import { findUserNames } from '../users';
import { findSharesReaching } from './device-shares.repository';
import { type DeviceRow } from './devices.repository';
import { onlineIds } from './presence';
import { bestPermissions } from './permissions';

// A device as the API answers it: its row, presence, and for a shared one its owner and the
// caller's permission.

export function viewOf(
  row: DeviceRow,
  online: boolean,
  shared: { userId: string; name: string; permission: TSharePermission } | null,
): TDevice {
  return {
    id: row.id,
    deviceId: row.device_key,
    name: row.name,
    clientType: row.client_type as TClientType,
    chipType: (row.chip_type as TChipType | null) ?? null,
    osVersion: row.os_version,
    appVersion: row.app_version,
    groupId: shared ? null : row.group_id,
    policy: row.policy as TLoginWay,
    online,
    lastSeenAt: row.last_seen_at ? fromDbDate(row.last_seen_at).toISOString() : null,
    createdAt: fromDbDate(row.created_at).toISOString(),
    sharedBy: shared ? { userId: shared.userId, name: shared.name } : null,
    permission: shared?.permission ?? 'MANAGE',
  };
}

export function displayName(user: { username: string | null; nickname: string }): string {
  return user.username ?? user.nickname;
}

export async function viewsOf(db: Db, kv: KeyValueStore, userId: string, rows: readonly DeviceRow[], now: Date): Promise<TDevice[]> {
  const foreign = rows.filter((row) => row.user_id !== userId);
  const [online, shares, owners] = await Promise.all([
    onlineIds(kv, rows, now),
    findSharesReaching(db, userId, foreign),
    findUserNames(db, [...new Set(foreign.map((row) => row.user_id))]),
  ]);
  const permissions = bestPermissions(foreign, shares);
  const ownerNames = new Map(owners.map((owner) => [owner.id, displayName(owner)]));
  return rows.map((row) => {
    if (row.user_id === userId) return viewOf(row, online.has(row.id), null);
    return viewOf(row, online.has(row.id), {
      userId: row.user_id,
      name: ownerNames.get(row.user_id) ?? '',
      permission: permissions.get(row.id) ?? 'VIEW',
    });
  });
}

import { type TSharePermission } from '@llk/contracts';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { findDeviceById, type DeviceRow, type DeviceShareRow } from './devices.repository';
import { findSharesReaching } from './device-shares.repository';

// The sharing permission check: a user's access to a device (owner, or a share of it or of its
// group, the best one counting), for every route and for the walls and seats (canUseDevice).

export const RANK: Record<TSharePermission, number> = { VIEW: 1, CONTROL: 2, MANAGE: 3 };

export interface Access {
  device: DeviceRow;
  /** MANAGE for the owner */
  permission: TSharePermission;
  owned: boolean;
}

/** The best permission each device's shares give the recipient. */
export function bestPermissions(devices: readonly DeviceRow[], shares: readonly DeviceShareRow[]): Map<string, TSharePermission> {
  const best = new Map<string, TSharePermission>();
  for (const device of devices) {
    for (const share of shares) {
      if (share.device_id !== device.id && (share.group_id === null || share.group_id !== device.group_id)) continue;
      const permission = share.permission as TSharePermission;
      const current = best.get(device.id);
      if (!current || RANK[permission] > RANK[current]) best.set(device.id, permission);
    }
  }
  return best;
}

/** A user's access to a device: owner, or a share (direct or through its group); null for neither. */
export async function findAccess(db: Db, userId: string, device: DeviceRow): Promise<Access | null> {
  if (device.user_id === userId) return { device, permission: 'MANAGE', owned: true };
  const permission = bestPermissions([device], await findSharesReaching(db, userId, [device])).get(device.id);
  return permission ? { device, permission, owned: false } : null;
}

/** The caller's access to a device: owner, or a share (direct or through its group); else "not found". */
export async function getAccess(db: Db, userId: string, deviceId: string): Promise<Access> {
  const device = await findDeviceById(db, deviceId);
  const access = device ? await findAccess(db, userId, device) : null;
  if (!access) throw new AppError('DEVICE_NOT_FOUND');
  return access;
}

/**
 * Whether `userId` may put the device `id` (the id this API answered) on a screen wall or give
 * it a seat: the device is the user's own, or shared with them (any permission). Anything else
 * is "not found" to them, as on every device route. buildApp passes it to the walls and seats.
 */
export async function canUseDevice(db: Db, userId: string, id: string): Promise<boolean> {
  const device = await findDeviceById(db, id);
  if (!device) return false;
  if (device.user_id === userId) return true;
  return (await findSharesReaching(db, userId, [device])).length > 0;
}

/** Whether `userId` owns the device `id` (a share is not enough): the access alerts are the owner's alone. */
export async function isDeviceOwner(db: Db, userId: string, id: string): Promise<boolean> {
  return (await findDeviceById(db, id))?.user_id === userId;
}

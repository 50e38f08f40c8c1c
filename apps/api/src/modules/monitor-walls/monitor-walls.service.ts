import { MONITOR_WALLS_MAX, type TMonitorWall, type TMonitorWallList, type TMonitorWallSaveRequest } from '@llk/contracts';
import { fromDbDate, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { findUserById, lockEntitlements } from '../users';
import { type OwnsDevice } from './device-ownership';
import {
  countWallsAndDevices,
  deleteWall,
  findWall,
  insertWall,
  listWalls,
  updateWall,
  type MonitorWallRow,
} from './monitor-walls.repository';

// Screen walls (README.md): named, ordered device layouts. The devices on all of an account's
// walls together never exceed the screen walls it owns (users.monitor_count: bought through
// MONITOR orders or redeemed), checked under the user's row lock so parallel saves cannot
// both squeeze in.

function wallOf(row: MonitorWallRow): TMonitorWall {
  return {
    id: row.id,
    name: row.name,
    deviceIds: JSON.parse(row.device_ids_json) as string[],
    createdAt: fromDbDate(row.created_at).toISOString(),
    updatedAt: fromDbDate(row.updated_at).toISOString(),
  };
}

export async function listMonitorWalls(db: Db, userId: string): Promise<TMonitorWallList> {
  const [rows, user] = await Promise.all([listWalls(db, userId), findUserById(db, userId)]);
  const walls = rows.map(wallOf);
  return { walls, owned: Number(user?.monitor_count ?? 0), used: walls.reduce((sum, wall) => sum + wall.deviceIds.length, 0) };
}

/**
 * Creates a wall (no id) or replaces one's name and layout. Every device must be the caller's
 * (or shared with them): otherwise WALL_DEVICE_NOT_FOUND, the same answer for a device that does
 * not exist. A save that would put more devices on the walls than owned is refused
 * (WALL_LIMIT_EXCEEDED), unless it does not add any: after a refund took walls back, the
 * account can still shrink or rename its walls.
 */
export async function saveMonitorWall(
  db: Db,
  ownsDevice: OwnsDevice,
  userId: string,
  input: TMonitorWallSaveRequest,
  now = new Date(),
): Promise<TMonitorWall> {
  for (const deviceId of input.deviceIds) {
    if (!(await ownsDevice(db, userId, deviceId))) throw new AppError('WALL_DEVICE_NOT_FOUND', { data: { deviceId } });
  }
  const nowText = toDbDate(now);
  const id = await db.transaction().execute(async (trx) => {
    const entitlements = await lockEntitlements(trx, userId, nowText);
    const owned = Number(entitlements?.monitor_count ?? 0);
    const totals = await countWallsAndDevices(trx, userId);
    const existing = input.id ? await findWall(trx, userId, input.id) : undefined;
    if (input.id && !existing) throw new AppError('WALL_NOT_FOUND');
    if (!existing && totals.walls >= MONITOR_WALLS_MAX) throw new AppError('WALLS_TOO_MANY');
    const before = existing ? Number(existing.device_count) : 0;
    const after = totals.devices - before + input.deviceIds.length;
    if (after > owned && input.deviceIds.length > before) {
      throw new AppError('WALL_LIMIT_EXCEEDED', { params: { owned }, data: { owned, used: totals.devices } });
    }
    const patch = {
      name: input.name,
      device_ids_json: JSON.stringify(input.deviceIds),
      device_count: input.deviceIds.length,
      updated_at: nowText,
    };
    if (existing) {
      await updateWall(trx, userId, existing.id, patch);
      return existing.id;
    }
    const newWallId = newId(now.getTime());
    await insertWall(trx, { id: newWallId, user_id: userId, created_at: nowText, ...patch });
    return newWallId;
  });
  const saved = await findWall(db, userId, id);
  if (!saved) throw new AppError('WALL_NOT_FOUND');
  return wallOf(saved);
}

export async function deleteMonitorWall(db: Db, userId: string, id: string): Promise<void> {
  if ((await deleteWall(db, userId, id)) === 0) throw new AppError('WALL_NOT_FOUND');
}

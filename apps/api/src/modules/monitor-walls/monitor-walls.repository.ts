import { type Insertable } from 'kysely';
import { toCount } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { monitorWallsTables, type MonitorWallRow, type MonitorWallsTable } from './monitor-walls.tables';

export { type MonitorWallRow } from './monitor-walls.tables';

export function listWalls(db: Db, userId: string): Promise<MonitorWallRow[]> {
  return monitorWallsTables(db).selectFrom('monitor_walls').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function countWallsAndDevices(db: Db, userId: string): Promise<{ walls: number; devices: number }> {
  const row = await monitorWallsTables(db)
    .selectFrom('monitor_walls')
    .select((eb) => [eb.fn.countAll().as('walls'), eb.fn.sum<number>('device_count').as('devices')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { walls: toCount(row?.walls), devices: toCount(row?.devices) };
}

export function findWall(db: Db, userId: string, id: string): Promise<MonitorWallRow | undefined> {
  return monitorWallsTables(db)
    .selectFrom('monitor_walls')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertWall(db: Db, row: Insertable<MonitorWallsTable>): Promise<void> {
  await monitorWallsTables(db).insertInto('monitor_walls').values(row).execute();
}

export async function updateWall(
  db: Db,
  userId: string,
  id: string,
  patch: Pick<MonitorWallRow, 'name' | 'device_ids_json' | 'device_count' | 'updated_at'>,
): Promise<void> {
  await monitorWallsTables(db).updateTable('monitor_walls').set(patch).where('user_id', '=', userId).where('id', '=', id).execute();
}

export async function deleteWall(db: Db, userId: string, id: string): Promise<number> {
  const result = await monitorWallsTables(db)
    .deleteFrom('monitor_walls')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The screen walls of these accounts whose device list holds the device (ids are letters and digits: no LIKE wildcard in them). */
export function listWallsHoldingDevice(
  db: Db,
  deviceId: string,
  userIds: readonly string[],
): Promise<Pick<MonitorWallRow, 'id' | 'name' | 'user_id' | 'device_ids_json' | 'device_count'>[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return monitorWallsTables(db)
    .selectFrom('monitor_walls')
    .select(['id', 'name', 'user_id', 'device_ids_json', 'device_count'])
    .where('user_id', 'in', userIds)
    .where('device_ids_json', 'like', `%${JSON.stringify(deviceId)}%`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

import { type Insertable, type Selectable } from 'kysely';
import { toCount } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type MonitorWallsTable } from '../../db/tables/redeem-walls.table';

export type MonitorWallRow = Selectable<MonitorWallsTable>;

export function listWalls(db: Db, userId: string): Promise<MonitorWallRow[]> {
  return db.selectFrom('monitor_walls').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function countWallsAndDevices(db: Db, userId: string): Promise<{ walls: number; devices: number }> {
  const row = await db
    .selectFrom('monitor_walls')
    .select((eb) => [eb.fn.countAll().as('walls'), eb.fn.sum<number>('device_count').as('devices')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { walls: toCount(row?.walls), devices: toCount(row?.devices) };
}

export function findWall(db: Db, userId: string, id: string): Promise<MonitorWallRow | undefined> {
  return db.selectFrom('monitor_walls').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function insertWall(db: Db, row: Insertable<MonitorWallsTable>): Promise<void> {
  await db.insertInto('monitor_walls').values(row).execute();
}

export async function updateWall(db: Db, userId: string, id: string, patch: Pick<MonitorWallRow, 'name' | 'device_ids_json' | 'device_count' | 'updated_at'>): Promise<void> {
  await db.updateTable('monitor_walls').set(patch).where('user_id', '=', userId).where('id', '=', id).execute();
}

export async function deleteWall(db: Db, userId: string, id: string): Promise<number> {
  const result = await db.deleteFrom('monitor_walls').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

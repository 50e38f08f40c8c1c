import { type Selectable, sql, type SqlBool } from 'kysely';
import { isPostgres } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type DevicesTable } from '../../db/tables/devices.table';
import { type KeysetCut } from './admin-people.repository';

// What the back office reads about devices (ADR 0019): the search, one device's page (its group,
// shares, seats and the walls holding it) and the look-up of the pair a connect check names.
// Reads only; presence and the broker's rules are the devices module's (its index.ts).

export type AdminDeviceRow = Selectable<DevicesTable> & { owner_username: string | null; owner_nickname: string };

/** `\`, `%` and `_` as plain characters in a LIKE pattern with ESCAPE '\'. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function devicesWithOwner(db: Db) {
  return db.selectFrom('devices').innerJoin('users', 'users.id', 'devices.user_id').selectAll('devices').select(['users.username as owner_username', 'users.nickname as owner_nickname']);
}

/**
 * Devices whose id is `q`, whose app device id starts with it, whose name contains it (both
 * compared case-insensitively; LIKE wildcards are plain characters), or whose owner is one of
 * `ownerIds`; newest first after `before`. PostgreSQL compares lower(…), as its trigram indexes
 * are (migration 0025); SQLite's LIKE folds ASCII case itself.
 */
export function searchDevices(db: Db, options: { q: string; ownerIds: readonly string[]; before?: KeysetCut; limit: number }): Promise<AdminDeviceRow[]> {
  const postgres = isPostgres(db);
  const text = likeText(options.q.toLowerCase());
  const column = (name: 'devices.device_key' | 'devices.name') => (postgres ? sql`lower(${sql.ref(name)})` : sql.ref(name));
  let query = devicesWithOwner(db).where((eb) =>
    eb.or([
      eb('devices.id', '=', options.q),
      sql<SqlBool>`${column('devices.device_key')} like ${`${text}%`} escape '\\'`,
      sql<SqlBool>`${column('devices.name')} like ${`%${text}%`} escape '\\'`,
      ...(options.ownerIds.length > 0 ? [eb('devices.user_id', 'in', options.ownerIds)] : []),
    ]),
  );
  const before = options.before;
  if (before) query = query.where((eb) => eb(eb.refTuple('devices.created_at', 'devices.id'), '<', eb.tuple(before.createdAt, before.id)));
  return query.orderBy('devices.created_at', 'desc').orderBy('devices.id', 'desc').limit(options.limit).execute();
}

export function findAdminDevice(db: Db, id: string): Promise<AdminDeviceRow | undefined> {
  return devicesWithOwner(db).where('devices.id', '=', id).executeTakeFirst();
}

/** The account's device with this app device id (unique per account). */
export function findOwnersDeviceByKey(db: Db, ownerId: string, deviceKey: string): Promise<AdminDeviceRow | undefined> {
  return devicesWithOwner(db).where('devices.user_id', '=', ownerId).where('devices.device_key', '=', deviceKey).executeTakeFirst();
}

/** Up to `limit` devices of any account with this app device id (unique per account only). */
export function findDevicesByKey(db: Db, deviceKey: string, limit: number): Promise<AdminDeviceRow[]> {
  let query = devicesWithOwner(db).where('devices.device_key', '=', deviceKey);
  // the trigram index on lower(device_key) finds the candidates (equality on it: pg_trgm 1.4+)
  if (isPostgres(db)) query = query.where(sql<SqlBool>`lower(${sql.ref('devices.device_key')}) = ${deviceKey.toLowerCase()}`);
  return query.orderBy('devices.created_at', 'desc').limit(limit).execute();
}

export function findDeviceGroup(db: Db, id: string): Promise<{ id: string; name: string } | undefined> {
  return db.selectFrom('device_groups').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** The shares reaching a device: of the device itself, or of its group; with the recipient and the group's name. */
export function listSharesOfDevice(db: Db, device: { id: string; group_id: string | null }) {
  const groupId = device.group_id;
  return db
    .selectFrom('device_shares')
    .innerJoin('users', 'users.id', 'device_shares.recipient_id')
    .leftJoin('device_groups', 'device_groups.id', 'device_shares.group_id')
    .select([
      'device_shares.id',
      'device_shares.recipient_id',
      'device_shares.permission',
      'device_shares.group_id',
      'device_shares.created_at',
      'users.username',
      'users.nickname',
      'device_groups.name as group_name',
    ])
    .where((eb) => eb.or([eb('device_shares.device_id', '=', device.id), ...(groupId ? [eb('device_shares.group_id', '=', groupId)] : [])]))
    .orderBy('device_shares.created_at', 'desc')
    .orderBy('device_shares.id', 'desc')
    .execute();
}

/** Seats assigned to a device and not revoked (running or not), with their buyer; latest end first. */
export function listSeatsOfDevice(db: Db, deviceId: string) {
  return db
    .selectFrom('seats')
    .innerJoin('users', 'users.id', 'seats.owner_id')
    .select(['seats.id', 'seats.kind', 'seats.owner_id', 'seats.starts_at', 'seats.expires_at', 'seats.assigned_at', 'users.username'])
    .where('seats.assignee_device_id', '=', deviceId)
    .where('seats.revoked_at', 'is', null)
    .orderBy('seats.expires_at', 'desc')
    .execute();
}

/** The screen walls of these accounts whose device list holds the device (ids are letters and digits: no LIKE wildcard in them). */
export function listWallsHolding(db: Db, deviceId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('monitor_walls')
    .innerJoin('users', 'users.id', 'monitor_walls.user_id')
    .select(['monitor_walls.id', 'monitor_walls.name', 'monitor_walls.user_id', 'monitor_walls.device_ids_json', 'monitor_walls.device_count', 'users.username'])
    .where('monitor_walls.user_id', 'in', userIds)
    .where('monitor_walls.device_ids_json', 'like', `%${JSON.stringify(deviceId)}%`)
    .orderBy('monitor_walls.created_at')
    .orderBy('monitor_walls.id')
    .execute();
}

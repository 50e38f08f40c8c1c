import { sql, type Expression, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { isPostgres, toCount } from '../../db/dialect';
import { type DB, type Db } from '../../db/schema';
import { type DeviceGroupsTable, type DevicesTable, type DeviceSharesTable } from '../../db/tables/devices.table';

export type DeviceRow = Selectable<DevicesTable>;
export type DeviceGroupRow = Selectable<DeviceGroupsTable>;
export type DeviceShareRow = Selectable<DeviceSharesTable>;

// ---- Devices -------------------------------------------------------------------------------

export function findDeviceByKey(db: Db, userId: string, deviceKey: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('user_id', '=', userId).where('device_key', '=', deviceKey).executeTakeFirst();
}

export function findDeviceById(db: Db, id: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDevicesByIds(db: Db, ids: readonly string[]): Promise<DeviceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('devices').selectAll().where('id', 'in', ids).execute();
}

export async function countDevices(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('devices').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return toCount(row?.n);
}

/**
 * The account's devices that count against its plan's device limit: all but those holding a
 * running MEMBER seat (ADR 0018: such a device has the paid features itself). Reads the seats
 * table in the same query (as the users module does for the seats an account holds) rather than
 * asking the seats module about every device.
 */
export async function countDevicesWithoutSeat(db: Db, userId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('devices.user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('seats')
            .select('seats.id')
            .whereRef('seats.assignee_device_id', '=', 'devices.id')
            .where('seats.kind', '=', 'MEMBER')
            .where('seats.revoked_at', 'is', null)
            .where('seats.starts_at', '<=', now)
            .where('seats.expires_at', '>', now),
        ),
      ),
    )
    .executeTakeFirst();
  return toCount(row?.n);
}

/** Throws the unique violation when the account already has this device key. */
export async function insertDevice(db: Db, row: DeviceRow): Promise<void> {
  await db.insertInto('devices').values(row).execute();
}

export async function updateDevice(
  db: Db,
  id: string,
  patch: Partial<Pick<DeviceRow, 'name' | 'client_type' | 'chip_type' | 'os_version' | 'app_version' | 'group_id' | 'policy' | 'last_ip' | 'last_country' | 'last_seen_at'>>,
  now: string,
): Promise<void> {
  await db.updateTable('devices').set({ ...patch, updated_at: now }).where('id', '=', id).execute();
}

/** The heartbeat's throttled write: last address and time, nothing else. */
export async function touchDevice(db: Db, id: string, seen: { last_ip: string; last_country: string | null; last_seen_at: string }): Promise<void> {
  await db.updateTable('devices').set(seen).where('id', '=', id).execute();
}

export async function deleteDevices(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  // shares of these devices first: not every dialect connection enforces the cascades
  await db.deleteFrom('device_shares').where('device_id', 'in', ids).execute();
  const result = await db.deleteFrom('devices').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface DeviceFilter {
  /** owner whose devices count; */
  ownerId?: string;
  /** devices shared with this user, directly or through a group */
  sharedWith?: string;
  groupIds?: readonly string[];
  includeUngrouped?: boolean;
  clientType?: string;
  text?: string;
  /** only these devices (the online filter: the account's online set) */
  ids?: readonly string[];
  /** none of these devices (the offline filter: the account's online set) */
  excludeIds?: readonly string[];
}

type DeviceQuery<O> = SelectQueryBuilder<DB, 'devices', O>;

/**
 * `column NOT IN (values)` with the values bound as one JSON text, however many there are
 * (no limit on bound parameters, one hashed set on either database).
 */
function notInJsonList(postgres: boolean, column: string, values: readonly string[]): Expression<SqlBool> {
  const list = JSON.stringify(values);
  return postgres
    ? sql<SqlBool>`${sql.ref(column)} NOT IN (SELECT jsonb_array_elements_text(${list}::jsonb))`
    : sql<SqlBool>`${sql.ref(column)} NOT IN (SELECT value FROM json_each(${list}))`;
}

/** The devices a filter names: visibility (owner, shared with) first, then the narrowing filters. */
function applyFilter<O>(query: DeviceQuery<O>, filter: DeviceFilter, postgres: boolean): DeviceQuery<O> {
  let q = query.where((eb) => {
    const visible: Expression<SqlBool>[] = [];
    if (filter.ownerId) visible.push(eb('devices.user_id', '=', filter.ownerId));
    if (filter.sharedWith) {
      const recipient = filter.sharedWith;
      visible.push(eb('devices.id', 'in', eb.selectFrom('device_shares').select('device_shares.device_id').where('device_shares.recipient_id', '=', recipient)));
      visible.push(eb('devices.group_id', 'in', eb.selectFrom('device_shares').select('device_shares.group_id').where('device_shares.recipient_id', '=', recipient)));
    }
    return eb.or(visible);
  });
  if ((filter.groupIds && filter.groupIds.length > 0) || filter.includeUngrouped) {
    const groupIds = filter.groupIds ?? [];
    q = q.where((eb) =>
      eb.or([...(groupIds.length > 0 ? [eb('devices.group_id', 'in', groupIds)] : []), ...(filter.includeUngrouped ? [eb('devices.group_id', 'is', null)] : [])]),
    );
  }
  if (filter.clientType) q = q.where('devices.client_type', '=', filter.clientType);
  if (filter.ids) q = q.where('devices.id', 'in', filter.ids.length > 0 ? filter.ids : ['']);
  if (filter.excludeIds && filter.excludeIds.length > 0) q = q.where(notInJsonList(postgres, 'devices.id', filter.excludeIds));
  if (filter.text) {
    // LIKE without ESCAPE (SQLite has no default): a typed % or _ only widens the match.
    // PostgreSQL: on lower(…), as its trigram indexes are (0025). SQLite: the columns as they are,
    // read from the covering index: its LIKE folds ASCII case itself, and its lower() folds
    // nothing more, so lower() would only cost two calls a row.
    const pattern = `%${filter.text.toLowerCase()}%`;
    q = postgres
      ? q.where((eb) => eb.or([eb(eb.fn('lower', ['devices.name']), 'like', pattern), eb(eb.fn('lower', ['devices.device_key']), 'like', pattern)]))
      : q.where((eb) => eb.or([eb('devices.name', 'like', pattern), eb('devices.device_key', 'like', pattern)]));
  }
  return q;
}

/**
 * Devices matching a filter, newest first: a page of whole rows and the total. The page is
 * found on ids alone (an index-only walk of devices_user_created_id_idx for an owner, however
 * deep the page), then only its rows are read.
 */
export async function listDevices(db: Db, filter: DeviceFilter, limit: number, offset: number): Promise<{ rows: DeviceRow[]; total: number }> {
  const page = () => pageOfDeviceIds(db, filter, limit, offset);
  const count = () => countMatchingDevices(db, filter);
  let ids: { id: string }[];
  let total: number;
  if (filter.text) {
    // a text search may read every row of the account (on SQLite it does: LIKE '%…%' has no
    // index there): the page carries the total as a window count, so the rows are read once.
    // PostgreSQL: the matches are found in a subquery with no order of its own, fenced by OFFSET 0:
    // else for some patterns its planner walks the list's index backwards to skip the sort, testing
    // every row (7 ms), where the trigram indexes find the few matches (under 1 ms). SQLite walks
    // its covering index in list order either way, and a subquery only adds a copy.
    const postgres = isPostgres(db);
    const matches = applyFilter(db.selectFrom('devices').select((eb) => ['devices.id', 'devices.created_at', eb.fn.countAll().over().as('n')]), filter, postgres);
    const rows = postgres
      ? await db.selectFrom(matches.offset(0).as('m')).select(['m.id', 'm.n']).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).offset(offset).execute()
      : await matches.orderBy('devices.created_at', 'desc').orderBy('devices.id', 'desc').limit(limit).offset(offset).execute();
    ids = rows;
    total = rows.length > 0 ? toCount(rows[0]?.n) : offset === 0 ? 0 : await count();
  } else {
    [ids, total] = await Promise.all([page(), count()]);
  }
  return { rows: await devicesInOrder(db, ids.map((row) => row.id)), total };
}

/** Ids of a page of the devices a filter names, newest first (for an owner, from the index alone). */
export function pageOfDeviceIds(db: Db, filter: DeviceFilter, limit: number, offset: number): Promise<{ id: string }[]> {
  return applyFilter(db.selectFrom('devices').select('devices.id'), filter, isPostgres(db)).orderBy('devices.created_at', 'desc').orderBy('devices.id', 'desc').limit(limit).offset(offset).execute();
}

/** How many devices a filter names. */
export async function countMatchingDevices(db: Db, filter: DeviceFilter): Promise<number> {
  return toCount((await applyFilter(db.selectFrom('devices').select((eb) => eb.fn.countAll().as('n')), filter, isPostgres(db)).executeTakeFirst())?.n);
}

/** Whether anything is shared with this user (else a list needs no share look-ups at all). */
export async function hasReceivedShares(db: Db, recipientId: string): Promise<boolean> {
  return (await db.selectFrom('device_shares').select('id').where('recipient_id', '=', recipientId).limit(1).executeTakeFirst()) !== undefined;
}

/** Ids and last-seen times of every device matching a filter, newest first (the online filter). */
export function listDeviceIdsSeen(db: Db, filter: DeviceFilter): Promise<{ id: string; last_seen_at: string | null }[]> {
  return applyFilter(db.selectFrom('devices').select(['devices.id', 'devices.last_seen_at']), filter, isPostgres(db))
    .orderBy('devices.created_at', 'desc')
    .orderBy('devices.id', 'desc')
    .execute();
}

/** Full rows of these ids, in the order given. */
export async function devicesInOrder(db: Db, ids: readonly string[]): Promise<DeviceRow[]> {
  const rows = await findDevicesByIds(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Every device of an account with its group, for the heartbeat-free counts and the export. */
export function listOwnDeviceIds(db: Db, userId: string): Promise<{ id: string; group_id: string | null; last_seen_at: string | null }[]> {
  return db.selectFrom('devices').select(['id', 'group_id', 'last_seen_at']).where('user_id', '=', userId).execute();
}

// ---- Groups --------------------------------------------------------------------------------

export function listGroups(db: Db, userId: string): Promise<DeviceGroupRow[]> {
  return db.selectFrom('device_groups').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export function findGroup(db: Db, id: string): Promise<DeviceGroupRow | undefined> {
  return db.selectFrom('device_groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countGroups(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('device_groups').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return toCount(row?.n);
}

/** Throws the unique violation when the account has a group of that name. */
export async function insertGroup(db: Db, row: DeviceGroupRow): Promise<void> {
  await db.insertInto('device_groups').values(row).execute();
}

/** Throws the unique violation when the account has a group of that name. */
export async function renameGroup(db: Db, id: string, name: string, now: string): Promise<void> {
  await db.updateTable('device_groups').set({ name, name_norm: name.toLowerCase(), updated_at: now }).where('id', '=', id).execute();
}

/** Devices fall back to ungrouped; the group's shares end with it. */
/** Deletes a group, its devices falling back to ungrouped; the devices it moved (for the device cache). */
export async function deleteGroup(db: Db, id: string, now: string): Promise<{ user_id: string; device_key: string }[]> {
  const moved = await db.updateTable('devices').set({ group_id: null, updated_at: now }).where('group_id', '=', id).returning(['user_id', 'device_key']).execute();
  await db.deleteFrom('device_shares').where('group_id', '=', id).execute();
  await db.deleteFrom('device_groups').where('id', '=', id).execute();
  return moved;
}

// ---- Shares --------------------------------------------------------------------------------

/** Throws the unique violation when the target is already shared with that recipient. */
export async function insertShare(db: Db, row: DeviceShareRow): Promise<void> {
  await db.insertInto('device_shares').values(row).execute();
}

export async function updateSharePermission(db: Db, id: string, permission: string): Promise<void> {
  await db.updateTable('device_shares').set({ permission }).where('id', '=', id).execute();
}

export function findShareOf(db: Db, target: { deviceId?: string; groupId?: string }, recipientId: string): Promise<DeviceShareRow | undefined> {
  let query = db.selectFrom('device_shares').selectAll().where('recipient_id', '=', recipientId);
  query = target.deviceId ? query.where('device_id', '=', target.deviceId) : query.where('group_id', '=', target.groupId ?? '');
  return query.executeTakeFirst();
}

export function findShare(db: Db, id: string): Promise<DeviceShareRow | undefined> {
  return db.selectFrom('device_shares').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteShare(db: Db, id: string): Promise<void> {
  await db.deleteFrom('device_shares').where('id', '=', id).execute();
}

/** Shares a user gave or received, newest first. */
export function listShares(db: Db, column: 'owner_id' | 'recipient_id', userId: string): Promise<DeviceShareRow[]> {
  return db.selectFrom('device_shares').selectAll().where(column, '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** The shares that give `recipientId` access to these devices (direct or through their group). */
export function findSharesReaching(db: Db, recipientId: string, devices: readonly Pick<DeviceRow, 'id' | 'group_id'>[]): Promise<DeviceShareRow[]> {
  const deviceIds = devices.map((device) => device.id);
  const groupIds = devices.flatMap((device) => (device.group_id ? [device.group_id] : []));
  if (deviceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('device_shares')
    .selectAll()
    .where('recipient_id', '=', recipientId)
    .where((eb) => eb.or([eb('device_id', 'in', deviceIds), ...(groupIds.length > 0 ? [eb('group_id', 'in', groupIds)] : [])]))
    .execute();
}

export async function countShares(db: Db, column: 'owner_id' | 'recipient_id', userId: string): Promise<number> {
  const row = await db.selectFrom('device_shares').select((eb) => eb.fn.countAll().as('n')).where(column, '=', userId).executeTakeFirst();
  return toCount(row?.n);
}

/** Usernames or nicknames to show for these users. */
export function findUserNames(db: Db, ids: readonly string[]): Promise<{ id: string; username: string | null; nickname: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'username', 'nickname']).where('id', 'in', ids).execute();
}

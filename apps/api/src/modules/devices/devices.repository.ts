import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { isPostgres, toCount } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type KeysetCut } from '../../infrastructure/http/staff';
import { listWallsHoldingDevice } from '../monitor-walls';
import { listUnrevokedDeviceSeats } from '../seats';
import { findUserNames } from '../users';
import { devicesTables, type DeviceGroupRow, type DeviceRow, type DevicesTables } from './devices.tables';

export { type DeviceGroupRow, type DeviceRow, type DeviceShareRow } from './devices.tables';

// ---- Devices -------------------------------------------------------------------------------

export function findDeviceByKey(db: Db, userId: string, deviceKey: string): Promise<DeviceRow | undefined> {
  return devicesTables(db)
    .selectFrom('devices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('device_key', '=', deviceKey)
    .executeTakeFirst();
}

export function findDeviceById(db: Db, id: string): Promise<DeviceRow | undefined> {
  return devicesTables(db).selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDevicesByIds(db: Db, ids: readonly string[]): Promise<DeviceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return devicesTables(db).selectFrom('devices').selectAll().where('id', 'in', ids).execute();
}

export async function countDevices(db: Db, userId: string): Promise<number> {
  const row = await devicesTables(db)
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return toCount(row?.n);
}

/** Throws the unique violation when the account already has this device key. */
export async function insertDevice(db: Db, row: DeviceRow): Promise<void> {
  await devicesTables(db).insertInto('devices').values(row).execute();
}

export async function updateDevice(
  db: Db,
  id: string,
  patch: Partial<
    Pick<
      DeviceRow,
      | 'name'
      | 'client_type'
      | 'chip_type'
      | 'os_version'
      | 'app_version'
      | 'group_id'
      | 'policy'
      | 'last_ip'
      | 'last_country'
      | 'last_seen_at'
    >
  >,
  now: string,
): Promise<void> {
  await devicesTables(db)
    .updateTable('devices')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The heartbeat's throttled write: last address and time, nothing else. */
export async function touchDevice(
  db: Db,
  id: string,
  seen: { last_ip: string; last_country: string | null; last_seen_at: string },
): Promise<void> {
  await devicesTables(db).updateTable('devices').set(seen).where('id', '=', id).execute();
}

export async function deleteDevices(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  // shares of these devices first: not every dialect connection enforces the cascades
  await devicesTables(db).deleteFrom('device_shares').where('device_id', 'in', ids).execute();
  const result = await devicesTables(db).deleteFrom('devices').where('id', 'in', ids).executeTakeFirst();
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

type DeviceQuery<O> = SelectQueryBuilder<DevicesTables, 'devices', O>;

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
      visible.push(
        eb(
          'devices.id',
          'in',
          eb.selectFrom('device_shares').select('device_shares.device_id').where('device_shares.recipient_id', '=', recipient),
        ),
      );
      visible.push(
        eb(
          'devices.group_id',
          'in',
          eb.selectFrom('device_shares').select('device_shares.group_id').where('device_shares.recipient_id', '=', recipient),
        ),
      );
    }
    return eb.or(visible);
  });
  if ((filter.groupIds && filter.groupIds.length > 0) || filter.includeUngrouped) {
    const groupIds = filter.groupIds ?? [];
    q = q.where((eb) =>
      eb.or([
        ...(groupIds.length > 0 ? [eb('devices.group_id', 'in', groupIds)] : []),
        ...(filter.includeUngrouped ? [eb('devices.group_id', 'is', null)] : []),
      ]),
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
      ? q.where((eb) =>
          eb.or([eb(eb.fn('lower', ['devices.name']), 'like', pattern), eb(eb.fn('lower', ['devices.device_key']), 'like', pattern)]),
        )
      : q.where((eb) => eb.or([eb('devices.name', 'like', pattern), eb('devices.device_key', 'like', pattern)]));
  }
  return q;
}

/**
 * Devices matching a filter, newest first: a page of whole rows and the total. The page is
 * found on ids alone (an index-only walk of devices_user_created_id_idx for an owner, however
 * deep the page), then only its rows are read.
 */
export async function listDevices(
  db: Db,
  filter: DeviceFilter,
  limit: number,
  offset: number,
): Promise<{ rows: DeviceRow[]; total: number }> {
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
    const matches = applyFilter(
      devicesTables(db)
        .selectFrom('devices')
        .select((eb) => ['devices.id', 'devices.created_at', eb.fn.countAll().over().as('n')]),
      filter,
      postgres,
    );
    const rows = postgres
      ? await devicesTables(db)
          .selectFrom(matches.offset(0).as('m'))
          .select(['m.id', 'm.n'])
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute()
      : await matches.orderBy('devices.created_at', 'desc').orderBy('devices.id', 'desc').limit(limit).offset(offset).execute();
    ids = rows;
    total = rows.length > 0 ? toCount(rows[0]?.n) : offset === 0 ? 0 : await count();
  } else {
    [ids, total] = await Promise.all([page(), count()]);
  }
  return {
    rows: await devicesInOrder(
      db,
      ids.map((row) => row.id),
    ),
    total,
  };
}

/** Ids of a page of the devices a filter names, newest first (for an owner, from the index alone). */
export function pageOfDeviceIds(db: Db, filter: DeviceFilter, limit: number, offset: number): Promise<{ id: string }[]> {
  return applyFilter(devicesTables(db).selectFrom('devices').select('devices.id'), filter, isPostgres(db))
    .orderBy('devices.created_at', 'desc')
    .orderBy('devices.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many devices a filter names. */
export async function countMatchingDevices(db: Db, filter: DeviceFilter): Promise<number> {
  return toCount(
    (
      await applyFilter(
        devicesTables(db)
          .selectFrom('devices')
          .select((eb) => eb.fn.countAll().as('n')),
        filter,
        isPostgres(db),
      ).executeTakeFirst()
    )?.n,
  );
}

/** Ids and last-seen times of every device matching a filter, newest first (the online filter). */
export function listDeviceIdsSeen(db: Db, filter: DeviceFilter): Promise<{ id: string; last_seen_at: string | null }[]> {
  return applyFilter(devicesTables(db).selectFrom('devices').select(['devices.id', 'devices.last_seen_at']), filter, isPostgres(db))
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
  return devicesTables(db).selectFrom('devices').select(['id', 'group_id', 'last_seen_at']).where('user_id', '=', userId).execute();
}

// ---- Reads of devices for lists, exports and other modules ------------------------------

// Reads other modules make of the devices' tables, through index.ts.

/**
 * Whether a device of the account, or one shared with it (alone or in a shared group), was last
 * seen outside mainland China (a known country other than CN): who the cross-border notice is for.
 */
export async function hasDeviceAbroad(db: Db, userId: string): Promise<boolean> {
  const q = devicesTables(db);
  const abroad = (eb: ExpressionBuilder<DevicesTables, 'devices'>) =>
    eb.and([eb('devices.last_country', 'is not', null), eb('devices.last_country', '!=', 'CN')]);
  const own = await q
    .selectFrom('devices')
    .select('devices.id')
    .where('devices.user_id', '=', userId)
    .where(abroad)
    .limit(1)
    .executeTakeFirst();
  if (own) return true;
  const shared = await q
    .selectFrom('device_shares')
    .innerJoin('devices', (join) =>
      join.on((eb) =>
        eb.or([eb('devices.id', '=', eb.ref('device_shares.device_id')), eb('devices.group_id', '=', eb.ref('device_shares.group_id'))]),
      ),
    )
    .select('devices.id')
    .where('device_shares.recipient_id', '=', userId)
    .where(abroad)
    .limit(1)
    .executeTakeFirst();
  return shared !== undefined;
}

/** An account's newest devices (the back office's user page). */
export function listRecentDevicesOf(
  db: Db,
  userId: string,
  limit: number,
): Promise<Pick<DeviceRow, 'id' | 'name' | 'client_type' | 'app_version' | 'last_seen_at' | 'created_at'>[]> {
  return devicesTables(db)
    .selectFrom('devices')
    .select(['id', 'name', 'client_type', 'app_version', 'last_seen_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many devices were last seen at or after `sinceUtc` (the dashboard). */
export async function countDevicesSeenSince(db: Db, sinceUtc: string): Promise<number> {
  const row = await devicesTables(db)
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('last_seen_at', '>=', sinceUtc)
    .executeTakeFirst();
  return toCount(row?.n);
}

/** Which of `others` registered a device the user registered too (the app's stable id). */
export async function usersSharingDeviceKey(db: Db, userId: string, others: readonly string[]): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await devicesTables(db)
    .selectFrom('devices as mine')
    .innerJoin('devices as theirs', 'theirs.device_key', 'mine.device_key')
    .select('theirs.user_id')
    .distinct()
    .where('mine.user_id', '=', userId)
    .where('theirs.user_id', 'in', others)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** Which of `others` has a device last seen at an address a device of the user was last seen at. */
export async function usersSharingDeviceAddress(db: Db, userId: string, others: readonly string[]): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await devicesTables(db)
    .selectFrom('devices as mine')
    .innerJoin('devices as theirs', 'theirs.last_ip', 'mine.last_ip')
    .select('theirs.user_id')
    .distinct()
    .where('mine.user_id', '=', userId)
    .where('mine.last_ip', 'is not', null)
    .where('theirs.user_id', 'in', others)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

// ---- Groups -----------------------------------------------------------------------------

// The device_groups table: an account's groups of its devices.

export function listGroups(db: Db, userId: string): Promise<DeviceGroupRow[]> {
  return devicesTables(db)
    .selectFrom('device_groups')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findGroup(db: Db, id: string): Promise<DeviceGroupRow | undefined> {
  return devicesTables(db).selectFrom('device_groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countGroups(db: Db, userId: string): Promise<number> {
  const row = await devicesTables(db)
    .selectFrom('device_groups')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return toCount(row?.n);
}

/** Throws the unique violation when the account has a group of that name. */
export async function insertGroup(db: Db, row: DeviceGroupRow): Promise<void> {
  await devicesTables(db).insertInto('device_groups').values(row).execute();
}

/** Throws the unique violation when the account has a group of that name. */
export async function renameGroup(db: Db, id: string, name: string, now: string): Promise<void> {
  await devicesTables(db)
    .updateTable('device_groups')
    .set({ name, name_norm: name.toLowerCase(), updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Devices fall back to ungrouped; the group's shares end with it. */
/** Deletes a group, its devices falling back to ungrouped; the devices it moved (for the device cache). */
export async function deleteGroup(db: Db, id: string, now: string): Promise<{ user_id: string; device_key: string }[]> {
  const moved = await devicesTables(db)
    .updateTable('devices')
    .set({ group_id: null, updated_at: now })
    .where('group_id', '=', id)
    .returning(['user_id', 'device_key'])
    .execute();
  await devicesTables(db).deleteFrom('device_shares').where('group_id', '=', id).execute();
  await devicesTables(db).deleteFrom('device_groups').where('id', '=', id).execute();
  return moved;
}

// ---- The back office's device reads -----------------------------------------------------

// What the back office reads about devices (ADR 0019): the search, one device's page (its group,
// shares, seats and the walls holding it) and the look-up of the pair a connect check names.
// Reads only; presence and the broker's rules are in presence.ts and connect-policy.ts. The
// people's names come from the users module, the seats and walls from their own modules.

export type AdminDeviceRow = DeviceRow & { owner_username: string | null; owner_nickname: string };

/** `\`, `%` and `_` as plain characters in a LIKE pattern with ESCAPE '\'. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The names of the users these rows name in `column`, as a map (a user that is not found is left out). */
async function namesOf<T>(db: Db, rows: readonly T[], idOf: (row: T) => string) {
  const users = await findUserNames(db, [...new Set(rows.map(idOf))]);
  return new Map(users.map((user) => [user.id, user]));
}

/** The devices with their owners' names, in the order given (a device whose owner is missing is left out). */
async function withOwners(db: Db, rows: readonly DeviceRow[]): Promise<AdminDeviceRow[]> {
  const owners = await namesOf(db, rows, (row) => row.user_id);
  return rows.flatMap((row) => {
    const owner = owners.get(row.user_id);
    return owner ? [{ ...row, owner_username: owner.username, owner_nickname: owner.nickname }] : [];
  });
}

/**
 * Devices whose id is `q`, whose app device id starts with it, whose name contains it (both
 * compared case-insensitively; LIKE wildcards are plain characters), or whose owner is one of
 * `ownerIds`; newest first after `before`. PostgreSQL compares lower(…), as its trigram indexes
 * are (migration 0025); SQLite's LIKE folds ASCII case itself.
 */
export async function searchDevices(
  db: Db,
  options: { q: string; ownerIds: readonly string[]; before?: KeysetCut; limit: number },
): Promise<AdminDeviceRow[]> {
  const postgres = isPostgres(db);
  const text = likeText(options.q.toLowerCase());
  const column = (name: 'devices.device_key' | 'devices.name') => (postgres ? sql`lower(${sql.ref(name)})` : sql.ref(name));
  let query = devicesTables(db)
    .selectFrom('devices')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('devices.id', '=', options.q),
        sql<SqlBool>`${column('devices.device_key')} like ${`${text}%`} escape '\\'`,
        sql<SqlBool>`${column('devices.name')} like ${`%${text}%`} escape '\\'`,
        ...(options.ownerIds.length > 0 ? [eb('devices.user_id', 'in', options.ownerIds)] : []),
      ]),
    );
  const before = options.before;
  if (before) query = query.where((eb) => eb(eb.refTuple('devices.created_at', 'devices.id'), '<', eb.tuple(before.createdAt, before.id)));
  return withOwners(db, await query.orderBy('devices.created_at', 'desc').orderBy('devices.id', 'desc').limit(options.limit).execute());
}

export async function findAdminDevice(db: Db, id: string): Promise<AdminDeviceRow | undefined> {
  const row = await devicesTables(db).selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withOwners(db, [row]))[0] : undefined;
}

/** The account's device with this app device id (unique per account). */
export async function findOwnersDeviceByKey(db: Db, ownerId: string, deviceKey: string): Promise<AdminDeviceRow | undefined> {
  const row = await devicesTables(db)
    .selectFrom('devices')
    .selectAll()
    .where('user_id', '=', ownerId)
    .where('device_key', '=', deviceKey)
    .executeTakeFirst();
  return row ? (await withOwners(db, [row]))[0] : undefined;
}

/** Up to `limit` devices of any account with this app device id (unique per account only). */
export async function findDevicesByKey(db: Db, deviceKey: string, limit: number): Promise<AdminDeviceRow[]> {
  let query = devicesTables(db).selectFrom('devices').selectAll().where('devices.device_key', '=', deviceKey);
  // the trigram index on lower(device_key) finds the candidates (equality on it: pg_trgm 1.4+)
  if (isPostgres(db)) query = query.where(sql<SqlBool>`lower(${sql.ref('devices.device_key')}) = ${deviceKey.toLowerCase()}`);
  return withOwners(db, await query.orderBy('devices.created_at', 'desc').limit(limit).execute());
}

export function findDeviceGroup(db: Db, id: string): Promise<{ id: string; name: string } | undefined> {
  return devicesTables(db).selectFrom('device_groups').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** The shares reaching a device: of the device itself, or of its group; with the recipient and the group's name. */
export async function listSharesOfDevice(db: Db, device: { id: string; group_id: string | null }) {
  const groupId = device.group_id;
  const rows = await devicesTables(db)
    .selectFrom('device_shares')
    .leftJoin('device_groups', 'device_groups.id', 'device_shares.group_id')
    .select([
      'device_shares.id',
      'device_shares.recipient_id',
      'device_shares.permission',
      'device_shares.group_id',
      'device_shares.created_at',
      'device_groups.name as group_name',
    ])
    .where((eb) => eb.or([eb('device_shares.device_id', '=', device.id), ...(groupId ? [eb('device_shares.group_id', '=', groupId)] : [])]))
    .orderBy('device_shares.created_at', 'desc')
    .orderBy('device_shares.id', 'desc')
    .execute();
  const recipients = await namesOf(db, rows, (row) => row.recipient_id);
  return rows.flatMap((row) => {
    const user = recipients.get(row.recipient_id);
    return user ? [{ ...row, username: user.username, nickname: user.nickname }] : [];
  });
}

/** Seats assigned to a device and not revoked (running or not), with their buyer; latest end first. */
export async function listSeatsOfDevice(db: Db, deviceId: string) {
  const seats = await listUnrevokedDeviceSeats(db, deviceId);
  const buyers = await namesOf(db, seats, (seat) => seat.owner_id);
  return seats.flatMap((seat) => {
    const buyer = buyers.get(seat.owner_id);
    return buyer ? [{ ...seat, username: buyer.username }] : [];
  });
}

/** The screen walls of these accounts whose device list holds the device, with their owners' usernames. */
export async function listWallsHolding(db: Db, deviceId: string, userIds: readonly string[]) {
  const walls = await listWallsHoldingDevice(db, deviceId, userIds);
  const owners = await namesOf(db, walls, (wall) => wall.user_id);
  return walls.flatMap((wall) => {
    const owner = owners.get(wall.user_id);
    return owner ? [{ ...wall, username: owner.username }] : [];
  });
}

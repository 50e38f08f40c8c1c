import {
  CHANNEL_REQUIRED_FROM,
  DEVICE_PRESENCE_SECONDS,
  UNGROUPED,
  type TChipType,
  type TClientType,
  type TConnectRefusal,
  type TDevice,
  type TDeviceGroupList,
  type TDevicePolicyAnswer,
  type TDeviceList,
  type TDeviceListQuery,
  type TDeviceRegisterRequest,
  type TDeviceShare,
  type TDeviceShareRequest,
  type TDeviceShares,
  type TDeviceUpdateRequest,
  type TLoginWay,
  type TManageCount,
  type TSharePermission,
} from '@llk/contracts';
import { fromDbBool, fromDbDate, futureDbDate, isUniqueViolation, newId, toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requestZone } from '../../lib/time-text';
import { cacheKey, cacheReadOf, fillCache, invalidateCache, type KeyValueStore } from '../../lib/kv';
import { findCountryCode } from '../location';
import { findPlanLimits } from '../pricing';
import { deviceSeats, heldDeviceSeats } from '../seats';
import { findUserById, findUserByIdentifier, lockEntitlements, withHeldSeats, type UserRow } from '../users';
import {
  countDevices,
  pageOfDeviceIds,
  countDevicesWithoutSeat,
  countGroups,
  countShares,
  deleteDevices,
  deleteGroup,
  deleteShare,
  devicesInOrder,
  findDeviceById,
  findDeviceByKey,
  findDevicesByIds,
  findGroup,
  findShare,
  findShareOf,
  findSharesReaching,
  findUserNames,
  hasReceivedShares,
  insertDevice,
  insertGroup,
  insertShare,
  listDeviceIdsSeen,
  listDevices,
  listGroups,
  listOwnDeviceIds,
  listShares,
  renameGroup,
  touchDevice,
  updateDevice,
  updateSharePermission,
  type DeviceFilter,
  type DeviceRow,
  type DeviceShareRow,
} from './devices.repository';

/** The policy a new device gets: everything, until its owner narrows it. */
export const DEFAULT_POLICY: TLoginWay = 'ALL';
/** The apps beat this often; presence lasts DEVICE_PRESENCE_SECONDS. */
export const HEARTBEAT_SECONDS = 30;
/**
 * A heartbeat writes last_seen_at (and the address) at most this often, or when the address
 * changes: with beats every 30 s, one beat in ten writes the database (a fleet of 180,000
 * devices beating every minute: at most 600 writes a second, instead of one per beat).
 */
export const LAST_SEEN_WRITE_MS = 5 * 60_000;
/**
 * A device whose last_seen_at is older than this cannot be online: every heartbeat either wrote
 * last_seen_at or found it younger than LAST_SEEN_WRITE_MS, and presence lasts
 * DEVICE_PRESENCE_SECONDS. Only younger ones are looked up in the key-value store.
 */
const MAYBE_ONLINE_MS = LAST_SEEN_WRITE_MS + DEVICE_PRESENCE_SECONDS * 1000;

/** Policies under which a device may start a session through the account (ADR 0017, the guide's table). */
const MAY_CONTROL: ReadonlySet<TLoginWay> = new Set(['ALL', 'DEVICE_MANAGE']);
/** Policies under which a device may be controlled through the account; GUEST only with a one-time password, outside the account. */
const MAY_BE_CONTROLLED: ReadonlySet<TLoginWay> = new Set(['ALL', 'DEVICE_MANAGE', 'ONLY_CONTROLLED']);

const RANK: Record<TSharePermission, number> = { VIEW: 1, CONTROL: 2, MANAGE: 3 };

/** The plan whose limits a device with a running MEMBER seat has (the seats sold are PRO seats). */
const SEAT_PLAN = 'PRO';

const presenceKey = (id: string) => `device:online:${id}`;
/**
 * The account's online devices: a sorted set of device ids scored by when their presence ends,
 * written with every presence key, so the online filter reads one set instead of the fleet.
 */
const onlineSetKey = (userId: string) => `device:online-set:${userId}`;
const PRESENCE_MS = DEVICE_PRESENCE_SECONDS * 1000;

/** Marks a device online for PRESENCE_MS: its presence key and its place in the account's online set. */
function markOnline(kv: KeyValueStore, device: Pick<DeviceRow, 'id' | 'user_id'>, now: Date): Promise<unknown> {
  return Promise.all([kv.set(presenceKey(device.id), '1', PRESENCE_MS), kv.scoreSet(onlineSetKey(device.user_id), device.id, now.getTime() + PRESENCE_MS, PRESENCE_MS)]);
}
/** The heartbeat's cached row (no last_* columns): ended by every change to the device. */
const stateKey = (userId: string, deviceKey: string) => cacheKey(`device:state:${userId}:${deviceKey}`);
/** The last last_seen_at write of a device: its address, country and time (the write throttle). */
const seenKey = (userId: string, deviceKey: string) => `device:seen:${userId}:${deviceKey}`;
/** The last write is kept this long: a device silent for longer writes at its next beat anyway. */
const SEEN_MS = 2 * LAST_SEEN_WRITE_MS;
/** A cached device row lives this long without a change (changes end it at once). */
const DEVICE_CACHE_MS = 10 * 60_000;

type DeviceState = Omit<DeviceRow, 'last_ip' | 'last_country' | 'last_seen_at'>;
interface Seen {
  ip: string;
  country: string | null;
  at: string;
}

/** Ends the heartbeat's cached rows of these devices on every instance; call after the change is written. */
function forgetDevices(kv: KeyValueStore, devices: readonly Pick<DeviceRow, 'user_id' | 'device_key'>[]): Promise<void> {
  return invalidateCache(kv, devices.map((device) => stateKey(device.user_id, device.device_key)));
}
const sessionsKey = (userId: string) => `device:sessions:${userId}`;
/** How many devices the account owns (the unfiltered list's total): ended by every insert and delete. */
const countKey = (userId: string) => cacheKey(`device:count:${userId}`);
const DEVICE_COUNT_CACHE_MS = 10 * 60_000;

/** The account's device count, read through the cache (a fleet's count costs a walk of its index). */
async function ownDeviceCount(db: Db, kv: KeyValueStore, userId: string): Promise<number> {
  const epoch = kv.epoch();
  const read = cacheReadOf<number>(await kv.get(countKey(userId)), epoch);
  if (typeof read.value === 'number') return read.value;
  const count = await countDevices(db, userId);
  await fillCache(kv, read, countKey(userId), count, DEVICE_COUNT_CACHE_MS);
  return count;
}

export interface Caller {
  userId: string;
  ip: string;
  now?: Date;
}

// ---- Plans ---------------------------------------------------------------------------------

function planOf(user: Pick<UserRow, 'member_plan' | 'member_expires_at'>, now: Date): string {
  return user.member_plan !== 'FREE' && futureDbDate(user.member_expires_at, now) ? user.member_plan : 'FREE';
}

interface Limits {
  devices: number | null;
  sessions: number | null;
}

async function planLimits(db: Db, plan: string): Promise<Limits> {
  const limits = await findPlanLimits(db, plan);
  return { devices: limits?.device_limit ?? null, sessions: limits?.session_limit ?? null };
}

/**
 * What the user's plan allows now; null = no limit in the pricing data. Pass the user as
 * `withHeldSeats` answers it, so a MEMBER seat held by the account gives the paid limits.
 */
export function limitsOf(db: Db, user: Pick<UserRow, 'member_plan' | 'member_expires_at'>, now: Date): Promise<Limits> {
  return planLimits(db, planOf(user, now));
}

/** The larger of two limits; null (no limit) beats any number. */
function wider(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : Math.max(a, b);
}

/** The account with the seats it holds: its own membership or a held seat's, whichever runs longer. */
async function getUserRow(db: Db, userId: string, now = new Date()): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return withHeldSeats(db, user, now);
}

// ---- Views ---------------------------------------------------------------------------------

interface Access {
  device: DeviceRow;
  /** MANAGE for the owner */
  permission: TSharePermission;
  owned: boolean;
}

function viewOf(row: DeviceRow, online: boolean, shared: { userId: string; name: string; permission: TSharePermission } | null): TDevice {
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

function displayName(user: { username: string | null; nickname: string }): string {
  return user.username ?? user.nickname;
}

/** Which of these devices are online (presence in the key-value store), for readers outside the module. */
export function findOnlineDevices(kv: KeyValueStore, rows: readonly Pick<DeviceRow, 'id' | 'last_seen_at'>[], now = new Date()): Promise<Set<string>> {
  return onlineIds(kv, rows, now);
}

/** Which of these devices are online: one MGET for those seen recently enough to be. */
async function onlineIds(kv: KeyValueStore, rows: readonly Pick<DeviceRow, 'id' | 'last_seen_at'>[], now: Date): Promise<Set<string>> {
  const recent = rows.filter((row) => row.last_seen_at !== null && now.getTime() - fromDbDate(row.last_seen_at).getTime() < MAYBE_ONLINE_MS);
  if (recent.length === 0) return new Set();
  const answers = await kv.getMany(recent.map((row) => presenceKey(row.id)));
  return new Set(recent.flatMap((row, i) => (answers[i] !== null ? [row.id] : [])));
}

/** The best permission each device's shares give the recipient. */
function bestPermissions(devices: readonly DeviceRow[], shares: readonly DeviceShareRow[]): Map<string, TSharePermission> {
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

async function viewsOf(db: Db, kv: KeyValueStore, userId: string, rows: readonly DeviceRow[], now: Date): Promise<TDevice[]> {
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
    return viewOf(row, online.has(row.id), { userId: row.user_id, name: ownerNames.get(row.user_id) ?? '', permission: permissions.get(row.id) ?? 'VIEW' });
  });
}

/** A user's access to a device: owner, or a share (direct or through its group); null for neither. */
async function findAccess(db: Db, userId: string, device: DeviceRow): Promise<Access | null> {
  if (device.user_id === userId) return { device, permission: 'MANAGE', owned: true };
  const permission = bestPermissions([device], await findSharesReaching(db, userId, [device])).get(device.id);
  return permission ? { device, permission, owned: false } : null;
}

/** The caller's access to a device: owner, or a share (direct or through its group); else "not found". */
async function getAccess(db: Db, userId: string, deviceId: string): Promise<Access> {
  const device = await findDeviceById(db, deviceId);
  const access = device ? await findAccess(db, userId, device) : null;
  if (!access) throw new AppError('DEVICE_NOT_FOUND');
  return access;
}

// ---- Register and heartbeat ----------------------------------------------------------------

/**
 * POST /device/register: idempotent per account and app device id. A new device counts
 * against the plan's device limit, checked with the account row locked so parallel
 * registrations of different devices cannot pass the limit together.
 */
export async function registerDevice(db: Db, kv: KeyValueStore, caller: Caller, body: TDeviceRegisterRequest): Promise<TDevicePolicyAnswer> {
  const now = caller.now ?? new Date();
  const stamp = toDbDate(now);
  const seen = { last_ip: caller.ip, last_country: findCountryCode(caller.ip), last_seen_at: stamp };
  const details = { name: body.name, client_type: body.clientType, chip_type: body.chipType ?? null, os_version: body.osVersion ?? null, app_version: body.appVersion ?? null };
  const refresh = async (existing: DeviceRow) => {
    await updateDevice(db, existing.id, { ...details, ...seen }, stamp);
    return { ...existing, ...details, ...seen, updated_at: stamp };
  };
  let device = await findDeviceByKey(db, caller.userId, body.deviceId);
  let inserted = false;
  if (device) {
    device = await refresh(device);
  } else {
    try {
      device = await db.transaction().execute(async (trx) => {
        const locked = await lockEntitlements(trx, caller.userId, stamp);
        if (!locked) throw new AppError('UNAUTHORIZED');
        // an account seat gives the paid limit; devices holding a seat of their own do not count
        const user = await getUserRow(trx, caller.userId, now);
        const limit = (await limitsOf(trx, user, now)).devices;
        if (limit !== null && (await countDevicesWithoutSeat(trx, caller.userId, stamp)) >= limit) throw new AppError('DEVICE_LIMIT_REACHED', { params: { limit } });
        const row: DeviceRow = { id: newId(now.getTime()), user_id: caller.userId, device_key: body.deviceId, ...details, group_id: null, policy: DEFAULT_POLICY, ...seen, created_at: stamp, updated_at: stamp };
        await insertDevice(trx, row);
        return row;
      });
      inserted = true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // a parallel registration of the same device won: this one is a repeat
      const winner = await findDeviceByKey(db, caller.userId, body.deviceId);
      if (!winner) throw error;
      device = await refresh(winner);
    }
  }
  await Promise.all([
    forgetDevices(kv, [device]),
    ...(inserted ? [invalidateCache(kv, [countKey(caller.userId)])] : []),
    kv.set(seenKey(caller.userId, body.deviceId), JSON.stringify({ ip: caller.ip, country: seen.last_country, at: stamp } satisfies Seen), SEEN_MS),
    markOnline(kv, device, now),
  ]);
  const view = viewOf(device, true, null);
  return { device: view, policy: view.policy, heartbeatSeconds: HEARTBEAT_SECONDS, seats: await heldDeviceSeats(db, kv, device.id, now) };
}

/**
 * POST /device/heartbeat: presence in the key-value store, the policy in force and the seats the
 * device holds. In the common case no SQL at all: the session, the device's row and its seats
 * come from the store's caches (every change ends them at once, on every instance), and
 * last_seen_at is written only when the last write is LAST_SEEN_WRITE_MS old or the address
 * changed (the last write is kept in the store too). `sessions` (the devices this one controls
 * now) keeps the account's simultaneous sessions current for the broker.
 */
export async function heartbeat(db: Db, kv: KeyValueStore, caller: Caller, deviceKey: string, sessions?: readonly string[]): Promise<TDevicePolicyAnswer> {
  const now = caller.now ?? new Date();
  const keys = { state: stateKey(caller.userId, deviceKey), seen: seenKey(caller.userId, deviceKey) };
  const epoch = kv.epoch();
  const [stateRaw, seenRaw] = await kv.getMany([keys.state, keys.seen]);
  const read = cacheReadOf<DeviceState>(stateRaw ?? null, epoch);
  let state = read.value;
  let seen = seenRaw ? (JSON.parse(seenRaw) as Seen) : null;
  if (!state) {
    const row = await findDeviceByKey(db, caller.userId, deviceKey);
    if (!row) throw new AppError('DEVICE_NOT_FOUND');
    const { last_ip, last_country, last_seen_at, ...rest } = row;
    state = rest;
    const fromRow = !seen && last_ip !== null && last_seen_at !== null ? { ip: last_ip, country: last_country, at: last_seen_at } : null;
    await Promise.all([
      fillCache(kv, read, keys.state, state, DEVICE_CACHE_MS),
      // the row's own last write starts the throttle (else the next beat, served from the cache, would write)
      fromRow ? kv.setIfAbsent(keys.seen, JSON.stringify(fromRow), SEEN_MS) : null,
    ]);
    seen ??= fromRow;
  }
  const writes: Promise<unknown>[] = [markOnline(kv, state, now)];
  if (seen === null || seen.ip !== caller.ip || now.getTime() - fromDbDate(seen.at).getTime() >= LAST_SEEN_WRITE_MS) {
    const next: Seen = { ip: caller.ip, country: seen?.ip === caller.ip ? seen.country : findCountryCode(caller.ip), at: toDbDate(now) };
    await touchDevice(db, state.id, { last_ip: next.ip, last_country: next.country, last_seen_at: next.at });
    writes.push(kv.set(keys.seen, JSON.stringify(next), SEEN_MS));
    seen = next;
  }
  if (sessions) writes.push(recordSessions(kv, caller.userId, state.id, sessions, now));
  const [seats] = await Promise.all([heldDeviceSeats(db, kv, state.id, now), ...writes]);
  const device = viewOf({ ...state, last_ip: seen.ip, last_country: seen.country, last_seen_at: seen.at }, true, null);
  return { device, policy: device.policy, heartbeatSeconds: HEARTBEAT_SECONDS, seats };
}

// ---- Simultaneous sessions (key-value store) -----------------------------------------------

// The account's sessions are leases in the key-value store (`device:sessions:<user>`, field:
// the controlled device, holder: the controlling one), each for DEVICE_PRESENCE_SECONDS. An
// allowed connectCheck takes one atomically against the plan's limit (leaseAcquire), so
// parallel checks at the limit admit exactly the limit; the controller's heartbeat renews the
// ones it still holds and ends the rest (leaseRenew), and never starts a new one (ADR 0017).

const SESSION_MS = DEVICE_PRESENCE_SECONDS * 1000;

/** The controlling device reports its sessions: those it holds are renewed, the others end. */
async function recordSessions(kv: KeyValueStore, userId: string, fromId: string, targets: readonly string[], now: Date): Promise<void> {
  await kv.leaseRenew(sessionsKey(userId), { holder: fromId, fields: targets, until: now.getTime() + SESSION_MS, now: now.getTime(), ttlMs: SESSION_MS });
}

// ---- List, update, remove ------------------------------------------------------------------

export async function listVisibleDevices(db: Db, kv: KeyValueStore, userId: string, query: TDeviceListQuery, now = new Date()): Promise<TDeviceList> {
  const groups = query['groupIds[]'] ?? [];
  const grouped = groups.length > 0;
  // groups are the caller's own: a group filter leaves shared devices out; and an account that
  // nothing is shared with lists on the owner's index alone
  const withShared = query.scope !== 'OWN' && !grouped && (await hasReceivedShares(db, userId));
  const filter: DeviceFilter = {
    ...(query.scope !== 'SHARED' ? { ownerId: userId } : {}),
    ...(withShared ? { sharedWith: userId } : {}),
    ...(grouped ? { groupIds: groups.filter((id) => id !== UNGROUPED), includeUngrouped: groups.includes(UNGROUPED) } : {}),
    ...(query.clientType ? { clientType: query.clientType } : {}),
    ...(query.text ? { text: query.text } : {}),
  };
  if (!filter.ownerId && !filter.sharedWith) return { list: [], total: 0, page: query.page, pageSize: query.pageSize };
  const offset = (query.page - 1) * query.pageSize;
  // a group, "ungrouped", a client type or a text narrows the list; presence and sharing are apart
  const narrowed = Boolean(filter.groupIds || filter.includeUngrouped || filter.clientType || filter.text);
  if (query.online === true && !filter.sharedWith) {
    // own devices only: the account's online set names them (shared ones are in their owners' sets)
    if (narrowed) {
      const online = await kv.membersAbove(onlineSetKey(userId), now.getTime());
      if (online.length === 0) return { list: [], total: 0, page: query.page, pageSize: query.pageSize };
      const { rows, total } = await listDevices(db, { ...filter, ids: online }, query.pageSize, offset);
      return { list: await viewsOf(db, kv, userId, rows, now), total, page: query.page, pageSize: query.pageSize };
    }
    // nothing else narrows: ids sort by creation time (ULIDs), so the set alone gives the order,
    // the page and the total, sorted in the store (only the page travels); only the page's rows
    // are read. A member whose device is gone (removed without the set knowing, e.g. by an
    // erasure) is dropped from the set when a page meets it.
    const online = await kv.memberPage(onlineSetKey(userId), now.getTime(), offset, query.pageSize);
    const pageIds = online.members;
    const rows = (await devicesInOrder(db, pageIds)).filter((row) => row.user_id === userId);
    if (rows.length < pageIds.length) {
      const found = new Set(rows.map((row) => row.id));
      await kv.scoreRemove(onlineSetKey(userId), pageIds.filter((id) => !found.has(id)));
    }
    const total = online.total - (pageIds.length - rows.length);
    return { list: await viewsOf(db, kv, userId, rows, now), total, page: query.page, pageSize: query.pageSize };
  }
  if (query.online === undefined && !filter.sharedWith && !narrowed) {
    // the account's own devices, nothing narrowing: the page from the index, the total from the count's cache
    const [ids, total] = await Promise.all([pageOfDeviceIds(db, filter, query.pageSize, offset), ownDeviceCount(db, kv, userId)]);
    const rows = await devicesInOrder(db, ids.map((row) => row.id));
    return { list: await viewsOf(db, kv, userId, rows, now), total, page: query.page, pageSize: query.pageSize };
  }
  if (query.online === undefined) {
    const { rows, total } = await listDevices(db, filter, query.pageSize, offset);
    return { list: await viewsOf(db, kv, userId, rows, now), total, page: query.page, pageSize: query.pageSize };
  }
  if (query.online === false && !filter.sharedWith && !narrowed) {
    const { ids, total } = await offlinePage(db, kv, userId, offset, query.pageSize, now);
    return { list: await viewsOf(db, kv, userId, await devicesInOrder(db, ids), now), total, page: query.page, pageSize: query.pageSize };
  }
  if (query.online === false && !filter.sharedWith) {
    // own devices only, narrowed: all but the online set's, found like any page (the set bound as one value)
    const online = await kv.membersAbove(onlineSetKey(userId), now.getTime());
    const { rows, total } = await listDevices(db, { ...filter, excludeIds: online }, query.pageSize, offset);
    return { list: await viewsOf(db, kv, userId, rows, now), total, page: query.page, pageSize: query.pageSize };
  }
  // shared devices are in their owners' online sets: every visible device's presence is read
  const seen = await listDeviceIdsSeen(db, filter);
  const online = await onlineIds(kv, seen, now);
  const matching = seen.filter((row) => online.has(row.id) === query.online);
  const rows = await devicesInOrder(db, matching.slice(offset, offset + query.pageSize).map((row) => row.id));
  return { list: await viewsOf(db, kv, userId, rows, now), total: matching.length, page: query.page, pageSize: query.pageSize };
}

/**
 * A page of the account's offline devices, nothing else narrowing: the account's devices walked
 * newest first from the owner's index in chunks, each chunk's online members asked of the online
 * set, until the page is full, so a page costs its depth and never the whole set. The total is
 * the device count less the set's live members (all the account's own: a removed device leaves
 * the set with its removal; one that raced a heartbeat is over within DEVICE_PRESENCE_SECONDS).
 */
async function offlinePage(db: Db, kv: KeyValueStore, userId: string, offset: number, pageSize: number, now: Date): Promise<{ ids: string[]; total: number }> {
  const filter: DeviceFilter = { ownerId: userId };
  // the first chunk is read beside the counts, sized as if half the fleet were online
  let chunk = Math.min(OFFLINE_CHUNK_MAX, (offset + pageSize) * 2 + 8);
  const [devices, online, first] = await Promise.all([ownDeviceCount(db, kv, userId), kv.membersAmong(onlineSetKey(userId), now.getTime(), []), pageOfDeviceIds(db, filter, chunk, 0)]);
  const total = Math.max(0, devices - online.total);
  const ids: string[] = [];
  if (offset >= total) return { ids, total };
  const offlineShare = Math.max(0.05, 1 - online.total / Math.max(1, devices));
  let walked = 0;
  let skipped = 0;
  let rows = first;
  for (;;) {
    walked += rows.length;
    const live = new Set((await kv.membersAmong(onlineSetKey(userId), now.getTime(), rows.map((row) => row.id))).members);
    for (const { id } of rows) {
      if (live.has(id)) continue;
      if (skipped < offset) skipped += 1;
      else if (ids.length < pageSize) ids.push(id);
    }
    if (ids.length === pageSize || rows.length < chunk) break;
    const wanted = offset - skipped + pageSize - ids.length;
    chunk = Math.min(OFFLINE_CHUNK_MAX, Math.ceil((wanted / offlineShare) * 1.2) + 8);
    rows = await pageOfDeviceIds(db, filter, chunk, walked);
  }
  return { ids, total };
}

/** The most device ids one step of the offline walk reads (and asks the online set about). */
const OFFLINE_CHUNK_MAX = 2_000;

async function getOwnGroup(db: Db, userId: string, groupId: string) {
  const group = await findGroup(db, groupId);
  if (!group || group.user_id !== userId) throw new AppError('DEVICE_GROUP_NOT_FOUND');
  return group;
}

/** POST /device/update: the owner changes anything; MANAGE may rename and set the policy. */
export async function updateVisibleDevice(db: Db, kv: KeyValueStore, userId: string, body: TDeviceUpdateRequest, now = new Date()): Promise<TDevice> {
  const access = await getAccess(db, userId, body.deviceId);
  if (access.permission !== 'MANAGE' || (body.groupId !== undefined && !access.owned)) throw new AppError('DEVICE_PERMISSION_TOO_LOW');
  if (body.groupId) await getOwnGroup(db, userId, body.groupId);
  const patch = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.groupId !== undefined ? { group_id: body.groupId } : {}),
    ...(body.policy !== undefined ? { policy: body.policy } : {}),
  };
  await updateDevice(db, access.device.id, patch, toDbDate(now));
  await forgetDevices(kv, [access.device]);
  const [view] = await viewsOf(db, kv, userId, [{ ...access.device, ...patch }], now);
  return view as TDevice;
}

/** POST /device/remove and /device/removeBatch: all or nothing; each needs MANAGE. */
export async function removeVisibleDevices(db: Db, kv: KeyValueStore, userId: string, ids: readonly string[]): Promise<number> {
  const unique = [...new Set(ids)];
  const rows = await findDevicesByIds(db, unique);
  if (rows.length !== unique.length) throw new AppError('DEVICE_NOT_FOUND');
  const foreign = rows.filter((row) => row.user_id !== userId);
  const permissions = bestPermissions(foreign, await findSharesReaching(db, userId, foreign));
  for (const row of foreign) {
    const permission = permissions.get(row.id);
    if (!permission) throw new AppError('DEVICE_NOT_FOUND');
    if (permission !== 'MANAGE') throw new AppError('DEVICE_PERMISSION_TOO_LOW');
  }
  const removed = await db.transaction().execute((trx) => deleteDevices(trx, unique));
  const owners = [...new Set(rows.map((row) => row.user_id))];
  await Promise.all([
    forgetDevices(kv, rows),
    invalidateCache(kv, owners.map(countKey)),
    ...unique.map((id) => kv.del(presenceKey(id))),
    ...owners.map((owner) => kv.scoreRemove(onlineSetKey(owner), rows.filter((row) => row.user_id === owner).map((row) => row.id))),
  ]);
  return removed;
}

/** GET /device/export: every device the caller sees, as for the list without paging. */
export async function exportVisibleDevices(db: Db, kv: KeyValueStore, userId: string, query: Omit<TDeviceListQuery, 'page' | 'pageSize'>, now = new Date()): Promise<TDevice[]> {
  const all: TDevice[] = [];
  for (let page = 1; ; page++) {
    const answer = await listVisibleDevices(db, kv, userId, { ...query, page, pageSize: 100 }, now);
    all.push(...answer.list);
    if (all.length >= answer.total || answer.list.length === 0) return all;
  }
}

// ---- Groups --------------------------------------------------------------------------------

export async function listDeviceGroups(db: Db, kv: KeyValueStore, userId: string, now = new Date()): Promise<TDeviceGroupList> {
  const [groups, devices] = await Promise.all([listGroups(db, userId), listOwnDeviceIds(db, userId)]);
  const online = await onlineIds(kv, devices, now);
  const count = (groupId: string | null) => devices.filter((device) => device.group_id === groupId);
  return {
    list: groups.map((group) => {
      const members = count(group.id);
      return {
        id: group.id,
        name: group.name,
        deviceCount: members.length,
        onlineCount: members.filter((device) => online.has(device.id)).length,
        createdAt: fromDbDate(group.created_at).toISOString(),
      };
    }),
    ungroupedCount: count(null).length,
    ungroupedOnlineCount: count(null).filter((device) => online.has(device.id)).length,
  };
}

async function guardGroupName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('DEVICE_GROUP_NAME_TAKEN');
    throw error;
  }
}

export async function createDeviceGroup(db: Db, userId: string, name: string, now = new Date()): Promise<{ id: string; name: string }> {
  const stamp = toDbDate(now);
  const id = newId(now.getTime());
  await guardGroupName(() => insertGroup(db, { id, user_id: userId, name, name_norm: name.toLowerCase(), created_at: stamp, updated_at: stamp }));
  return { id, name };
}

export async function renameDeviceGroup(db: Db, userId: string, groupId: string, name: string, now = new Date()): Promise<{ id: string; name: string }> {
  await getOwnGroup(db, userId, groupId);
  await guardGroupName(() => renameGroup(db, groupId, name, toDbDate(now)));
  return { id: groupId, name };
}

export async function deleteDeviceGroup(db: Db, kv: KeyValueStore, userId: string, groupId: string, now = new Date()): Promise<void> {
  await getOwnGroup(db, userId, groupId);
  const moved = await db.transaction().execute((trx) => deleteGroup(trx, groupId, toDbDate(now)));
  await forgetDevices(kv, moved);
}

// ---- Sharing -------------------------------------------------------------------------------

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
  const targets = new Map<string, string>([...devices.map((d) => [d.id, d.name] as const), ...groups.flatMap((g) => (g ? [[g.id, g.name] as const] : []))]);
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

// ---- The broker's check --------------------------------------------------------------------

const REFUSAL_ERROR = {
  POLICY: 'CONNECT_POLICY',
  PERMISSION: 'CONNECT_PERMISSION',
  SESSION_LIMIT: 'CONNECT_SESSION_LIMIT',
  CROSS_BORDER: 'CONNECT_CROSS_BORDER',
} as const;

export interface ConnectDecision {
  allowed: boolean;
  reason: TConnectRefusal | null;
  /** the refusal's error code name, for the message */
  error: (typeof REFUSAL_ERROR)[TConnectRefusal] | null;
  params?: { limit: number };
}

const refuse = (reason: TConnectRefusal, params?: { limit: number }): ConnectDecision => ({ allowed: false, reason, error: REFUSAL_ERROR[reason], ...(params ? { params } : {}) });

/** Mainland China on one side and anywhere else on the other; unknown countries are not a border. */
function crossesBorder(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && a !== b && (a === 'CN' || b === 'CN');
}

/** What a LoginWay policy lets a device do through the account (ADR 0017); GUEST is controlled only with a one-time password, outside the account. */
export function describePolicy(policy: TLoginWay): { mayControl: boolean; mayBeControlled: boolean } {
  return { mayControl: MAY_CONTROL.has(policy), mayBeControlled: MAY_BE_CONTROLLED.has(policy) };
}

/** The first two rules: both devices' policies, then the share's permission. */
function accessRefusal(from: DeviceRow, to: Access): 'POLICY' | 'PERMISSION' | null {
  if (!describePolicy(from.policy as TLoginWay).mayControl || !describePolicy(to.device.policy as TLoginWay).mayBeControlled) return 'POLICY';
  if (RANK[to.permission] < RANK.CONTROL) return 'PERMISSION';
  return null;
}

/** The account's terms for a session from `from`: the border rule and the simultaneous-session limit (reads only). */
interface SessionTerms {
  /** the global channel is in force (the account's, or a CHANNEL seat on the controlling device) */
  channel: boolean;
  /** the account needs the channel to cross the border (registered from CHANNEL_REQUIRED_FROM) */
  channelRequired: boolean;
  crossesBorder: boolean;
  /** the border rule refuses: the devices are on either side of it and the account needs the channel */
  refusesCrossing: boolean;
  /** simultaneous sessions the plan allows; null = no limit */
  limit: number | null;
}

async function sessionTerms(db: Db, userId: string, from: DeviceRow, to: DeviceRow, now: Date): Promise<SessionTerms> {
  const [user, seats] = await Promise.all([getUserRow(db, userId, now), deviceSeats(db, from.id, now)]);
  const own = await limitsOf(db, user, now);
  const limit = seats.member ? wider(own.sessions, (await planLimits(db, SEAT_PLAN)).sessions) : own.sessions;
  const channel = (fromDbBool(user.channel_enabled) && futureDbDate(user.channel_expires_at, now) !== null) || seats.channel !== null;
  const channelRequired = !channel && fromDbDate(user.created_at) >= new Date(CHANNEL_REQUIRED_FROM);
  const crossing = crossesBorder(from.last_country, to.last_country);
  return { channel, channelRequired, crossesBorder: crossing, refusesCrossing: channelRequired && crossing, limit };
}

/**
 * POST /device/connectCheck: may `fromId` (the caller's own device) start a session to `toId`
 * (own or shared)? Checked in this order: policy, share permission, cross-border,
 * simultaneous sessions (last, because passing it takes the session). An allowed check takes a session for DEVICE_PRESENCE_SECONDS (atomically
 * against the limit); the controlling device's heartbeats keep it (see heartbeat's `sessions`).
 * Seats (ADR 0018): the account's plan is its own or a held MEMBER seat's; a controlling
 * device holding a MEMBER seat has the paid plan's session limit, and one holding a CHANNEL
 * seat has the global channel.
 */
export async function checkConnect(db: Db, kv: KeyValueStore, userId: string, fromId: string, toId: string, now = new Date()): Promise<ConnectDecision> {
  const from = await findDeviceById(db, fromId);
  if (!from || from.user_id !== userId) throw new AppError('DEVICE_NOT_FOUND');
  const to = await getAccess(db, userId, toId);
  const refusal = accessRefusal(from, to);
  if (refusal) return refuse(refusal);
  const terms = await sessionTerms(db, userId, from, to.device, now);
  if (terms.refusesCrossing) return refuse('CROSS_BORDER');
  // last: taking the session is the only write, and it is atomic against the limit
  const lease = { field: to.device.id, holder: from.id, limit: terms.limit, until: now.getTime() + SESSION_MS, now: now.getTime(), ttlMs: SESSION_MS };
  if (!(await kv.leaseAcquire(sessionsKey(userId), lease))) return refuse('SESSION_LIMIT', { limit: terms.limit ?? 0 });
  return { allowed: true, reason: null, error: null };
}

/** What checkConnect weighs for a pair, as the back office explains it (no session is taken). */
export interface ConnectExplanation {
  /** the first rule that refuses, in checkConnect's order; NOT_SHARED: `to` is neither the owner's nor shared with them */
  reason: 'NOT_SHARED' | Exclude<TConnectRefusal, 'SESSION_LIMIT'> | null;
  from: { policy: TLoginWay; mayControl: boolean; country: string | null };
  to: { policy: TLoginWay; mayBeControlled: boolean; country: string | null };
  /** what the owner of `from` holds on `to`: MANAGE when they own it; null when not shared */
  permission: TSharePermission | null;
  owned: boolean;
  channel: boolean;
  channelRequired: boolean;
  crossesBorder: boolean;
  /** the simultaneous sessions the plan allows (null: no limit): the one rule not read here, since only taking a session counts them */
  sessionLimit: number | null;
}

/**
 * checkConnect's rules for a session from `fromId` (on its owner's account) to `toId`, without
 * taking a session: every rule but the simultaneous-session count, with the facts each weighed.
 * The ids are the API's; either device missing: DEVICE_NOT_FOUND.
 */
export async function explainConnect(db: Db, fromId: string, toId: string, now = new Date()): Promise<ConnectExplanation> {
  const [from, toDevice] = await Promise.all([findDeviceById(db, fromId), findDeviceById(db, toId)]);
  if (!from || !toDevice) throw new AppError('DEVICE_NOT_FOUND');
  const [to, terms] = await Promise.all([findAccess(db, from.user_id, toDevice), sessionTerms(db, from.user_id, from, toDevice, now)]);
  const reason = !to ? 'NOT_SHARED' : (accessRefusal(from, to) ?? (terms.refusesCrossing ? 'CROSS_BORDER' : null));
  const fromPolicy = from.policy as TLoginWay;
  const toPolicy = toDevice.policy as TLoginWay;
  return {
    reason,
    from: { policy: fromPolicy, mayControl: describePolicy(fromPolicy).mayControl, country: from.last_country },
    to: { policy: toPolicy, mayBeControlled: describePolicy(toPolicy).mayBeControlled, country: toDevice.last_country },
    permission: to?.permission ?? null,
    owned: to?.owned ?? false,
    channel: terms.channel,
    channelRequired: terms.channelRequired,
    crossesBorder: terms.crossesBorder,
    sessionLimit: terms.limit,
  };
}

// ---- Counts --------------------------------------------------------------------------------

/** /user/queryManageCount: the plan's device limit and what the account has. */
export async function manageCounts(db: Db, userId: string, now = new Date()): Promise<TManageCount> {
  const user = await getUserRow(db, userId);
  const [limits, deviceCount, groupCount, sharesGiven, sharesReceived] = await Promise.all([
    limitsOf(db, user, now),
    countDevices(db, userId),
    countGroups(db, userId),
    countShares(db, 'owner_id', userId),
    countShares(db, 'recipient_id', userId),
  ]);
  return { manageCount: limits.devices ?? user.manage_count, deviceLimit: limits.devices, sessionLimit: limits.sessions, deviceCount, groupCount, sharesGiven, sharesReceived };
}

// ---- CSV export ----------------------------------------------------------------------------

/**
 * The zone of the caller's CSV (ADR 0031): the one the page passed (the browser's), else the
 * request's llk-tz cookie, else the account's last known zone, else China time.
 */
export async function csvZoneOf(db: Db, userId: string, asked: string | undefined, cookieHeader: string | undefined): Promise<string> {
  return asked ?? requestZone(cookieHeader, await findUserById(db, userId));
}

/** The caller's group names by id, for the CSV's group column (device-csv.ts). */
export async function groupNamesOf(db: Db, userId: string): Promise<Map<string, string>> {
  return new Map((await listGroups(db, userId)).map((group) => [group.id, group.name]));
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

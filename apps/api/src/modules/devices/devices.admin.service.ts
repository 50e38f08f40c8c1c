import {
  type TAdminConnectCheck,
  type TAdminConnectCheckQuery,
  type TAdminDeviceDetail,
  type TAdminDevicesPage,
  type TAdminDevicesQuery,
  type TAdminDeviceSummary,
  type TClientType,
  type TLoginWay,
  type TSharePermission,
} from '@llk/contracts';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type KeyValueStore } from '../../infrastructure/kv';
import { findUserByIdentifier } from '../users';
import { decodeCursor, encodeCursor } from '../../infrastructure/http/staff';
import { explainConnect, describePolicy } from './connect-policy';
import { findOnlineDevices } from './presence';
import {
  type AdminDeviceRow,
  findAdminDevice,
  findDeviceGroup,
  findDevicesByKey,
  findOwnersDeviceByKey,
  listWallsHolding,
  listSeatsOfDevice,
  listSharesOfDevice,
  searchDevices,
} from './devices.repository';

// The back office's devices (ADR 0019, ADR 0040: beside the devices they read, permission devices.read): the search, a device's page and
// "why can't I connect" — the devices module's own rules (explainConnect), read without taking a
// session. Reads only, like the other lookups: nothing here is audited.

function summaryOf(row: AdminDeviceRow, online: Set<string>): TAdminDeviceSummary {
  return {
    id: row.id,
    deviceId: row.device_key,
    name: row.name,
    clientType: row.client_type as TClientType,
    osVersion: row.os_version,
    appVersion: row.app_version,
    policy: row.policy as TLoginWay,
    owner: { id: row.user_id, username: row.owner_username },
    online: online.has(row.id),
    lastSeenAt: row.last_seen_at,
    createdAt: row.created_at,
  };
}

async function getDeviceRow(db: Db, id: string): Promise<AdminDeviceRow> {
  const row = await findAdminDevice(db, id);
  if (!row) throw new AppError('DEVICE_NOT_FOUND');
  return row;
}

/** GET /admin/devices: `q` names a device (id, app device id or its start, part of the name) or its owner (id, username, phone or email). */
export async function listDevices(db: Db, kv: KeyValueStore, query: TAdminDevicesQuery, now = new Date()): Promise<TAdminDevicesPage> {
  const owner = await findUserByIdentifier(db, query.q);
  const before = decodeCursor(query.before);
  const rows = await searchDevices(db, {
    q: query.q,
    ownerIds: [query.q, ...(owner ? [owner.id] : [])],
    ...(before ? { before } : {}),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const online = await findOnlineDevices(kv, page, now);
  const last = page.at(-1);
  return {
    items: page.map((row) => summaryOf(row, online)),
    next: rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null,
  };
}

/** GET /admin/devices/:id: the device, its owner, group, policy, presence, shares, seats and the walls holding it. */
export async function getDeviceDetail(db: Db, kv: KeyValueStore, id: string, now = new Date()): Promise<TAdminDeviceDetail> {
  const row = await getDeviceRow(db, id);
  const [group, shares, seats, online] = await Promise.all([
    row.group_id ? findDeviceGroup(db, row.group_id) : Promise.resolve(undefined),
    listSharesOfDevice(db, row),
    listSeatsOfDevice(db, row.id),
    findOnlineDevices(kv, [row], now),
  ]);
  // a wall is an account's: the owner's, or of someone the device is shared with
  const walls = await listWallsHolding(db, row.id, [...new Set([row.user_id, ...shares.map((share) => share.recipient_id)])]);
  const policy = row.policy as TLoginWay;
  const nowText = now.toISOString();
  return {
    device: { ...summaryOf(row, online), chipType: row.chip_type, lastCountry: row.last_country, updatedAt: row.updated_at },
    owner: { id: row.user_id, username: row.owner_username, nickname: row.owner_nickname },
    group: group ?? null,
    policy: { value: policy, ...describePolicy(policy) },
    shares: shares.map((share) => ({
      id: share.id,
      recipient: { id: share.recipient_id, username: share.username, nickname: share.nickname },
      permission: share.permission as TSharePermission,
      group: share.group_id ? { id: share.group_id, name: share.group_name ?? '' } : null,
      createdAt: share.created_at,
    })),
    seats: seats.map((seat) => ({
      id: seat.id,
      kind: seat.kind,
      owner: { id: seat.owner_id, username: seat.username },
      startsAt: seat.starts_at,
      expiresAt: seat.expires_at,
      assignedAt: seat.assigned_at,
      running: seat.starts_at <= nowText && seat.expires_at > nowText,
    })),
    walls: walls.map((wall) => ({
      id: wall.id,
      name: wall.name,
      owner: { id: wall.user_id, username: wall.username },
      deviceCount: Number(wall.device_count),
      position: (JSON.parse(wall.device_ids_json) as string[]).indexOf(row.id) + 1,
    })),
  };
}

/**
 * A device named by its id or its app device id. The app's id is unique per account only: on
 * `preferOwner`'s account first (the controller's, for the target), else the one device of any
 * account that has it; several: ADMIN_DEVICE_AMBIGUOUS (the screen asks for the id).
 */
async function resolveDevice(db: Db, value: string, preferOwner?: string): Promise<AdminDeviceRow> {
  const byId = await findAdminDevice(db, value);
  if (byId) return byId;
  const own = preferOwner ? await findOwnersDeviceByKey(db, preferOwner, value) : undefined;
  if (own) return own;
  const matches = await findDevicesByKey(db, value, 2);
  if (matches.length > 1) throw new AppError('ADMIN_DEVICE_AMBIGUOUS');
  if (!matches[0]) throw new AppError('DEVICE_NOT_FOUND');
  return matches[0];
}

/** GET /admin/devices/connect-check: the broker's rules for a session from `from` (on its owner's account) to `to`, without taking one. */
export async function explainDeviceConnect(db: Db, query: TAdminConnectCheckQuery, now = new Date()): Promise<TAdminConnectCheck> {
  const from = await resolveDevice(db, query.from);
  const to = await resolveDevice(db, query.to, from.user_id);
  const explained = await explainConnect(db, from.id, to.id, now);
  const side = (row: AdminDeviceRow, policy: TLoginWay, country: string | null) => ({
    id: row.id,
    deviceId: row.device_key,
    name: row.name,
    owner: { id: row.user_id, username: row.owner_username },
    policy,
    country,
  });
  return {
    from: { ...side(from, explained.from.policy, explained.from.country), mayControl: explained.from.mayControl },
    to: { ...side(to, explained.to.policy, explained.to.country), mayBeControlled: explained.to.mayBeControlled },
    allowed: explained.reason === null,
    reason: explained.reason,
    permission: explained.permission,
    owned: explained.owned,
    channel: explained.channel,
    channelRequired: explained.channelRequired,
    crossesBorder: explained.crossesBorder,
    sessionLimit: explained.sessionLimit,
  };
}

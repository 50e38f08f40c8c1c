import { z } from './zod';
import { ADMIN_PAGE_CURSOR_RE, ZAdminText } from './admin-people';
import { ZSharePermission } from './devices';
import { ZClientType, ZLoginWay } from './enums';
import { V } from './rules';

// The back office's devices (permission devices.read: OPS, SUPPORT, OWNER; ADR 0019): find a
// device, read its page (owner, group, policy, presence, shares, seats, walls), and ask why a
// session between two devices would be refused. Reads only. Two identifiers, as in devices.ts:
// `id` is the API's, `deviceId` the app's own (unique per account only). Times are UTC ISO text.

const ZCursor = z.string().regex(ADMIN_PAGE_CURSOR_RE, { error: V.invalidValue });

export const ZAdminDevicesQuery = z
  .object({
    /** the device's id (exact), the app's device id (exact or its start), part of the name, or the owner's id, username, phone or email (exact) */
    q: ZAdminText(1, 128),
    before: ZCursor.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type TAdminDevicesQuery = z.infer<typeof ZAdminDevicesQuery>;

const ZAdminDeviceOwner = z.object({ id: z.string(), username: z.string().nullable() });

export const ZAdminDeviceSummary = z.object({
  id: z.string(),
  deviceId: z.string(),
  name: z.string(),
  clientType: ZClientType,
  osVersion: z.string().nullable(),
  appVersion: z.string().nullable(),
  policy: ZLoginWay,
  owner: ZAdminDeviceOwner,
  /** presence: a heartbeat within the last 90 s */
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminDeviceSummary = z.infer<typeof ZAdminDeviceSummary>;

export const ZAdminDevicesPage = z.object({ items: z.array(ZAdminDeviceSummary), next: ZCursor.nullable() });
export type TAdminDevicesPage = z.infer<typeof ZAdminDevicesPage>;

export const ZAdminDeviceDetail = z.object({
  device: ZAdminDeviceSummary.extend({
    chipType: z.string().nullable(),
    /** ISO country of the last address the device beat from; null when unknown */
    lastCountry: z.string().nullable(),
    updatedAt: z.string(),
  }),
  owner: ZAdminDeviceOwner.extend({ nickname: z.string() }),
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** what the policy lets the device do through the account */
  policy: z.object({ value: ZLoginWay, mayControl: z.boolean(), mayBeControlled: z.boolean() }),
  /** who the device is shared with: directly, or through its group (`group` set) */
  shares: z.array(
    z.object({
      id: z.string(),
      recipient: ZAdminDeviceOwner.extend({ nickname: z.string() }),
      permission: ZSharePermission,
      group: z.object({ id: z.string(), name: z.string() }).nullable(),
      createdAt: z.string(),
    }),
  ),
  /** seats assigned to the device (not revoked), running or not */
  seats: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      /** the buyer */
      owner: ZAdminDeviceOwner,
      startsAt: z.string(),
      expiresAt: z.string(),
      assignedAt: z.string().nullable(),
      running: z.boolean(),
    }),
  ),
  /** screen walls of the owner or of people it is shared with that hold the device */
  walls: z.array(
    z.object({ id: z.string(), name: z.string(), owner: ZAdminDeviceOwner, deviceCount: z.number().int(), position: z.number().int() }),
  ),
});
export type TAdminDeviceDetail = z.infer<typeof ZAdminDeviceDetail>;

// ---- Connect check -------------------------------------------------------------------------

export const ZAdminConnectCheckQuery = z
  .object({
    /** the controlling device: its id or its app device id */
    from: ZAdminText(1, 128),
    /** the device to control: its id or its app device id (looked up on the controller's account first) */
    to: ZAdminText(1, 128),
  })
  .strict();
export type TAdminConnectCheckQuery = z.infer<typeof ZAdminConnectCheckQuery>;

/** NOT_SHARED: the target is neither the controller's owner's nor shared with them; the others as the broker's (devices.ts ZConnectRefusal). */
export const ZAdminConnectRefusal = z.enum(['NOT_SHARED', 'POLICY', 'PERMISSION', 'CROSS_BORDER']);
export type TAdminConnectRefusal = z.infer<typeof ZAdminConnectRefusal>;

const ZAdminConnectSide = z.object({
  id: z.string(),
  deviceId: z.string(),
  name: z.string(),
  owner: ZAdminDeviceOwner,
  policy: ZLoginWay,
  /** ISO country of the device's last address; null when unknown */
  country: z.string().nullable(),
});

export const ZAdminConnectCheck = z.object({
  from: ZAdminConnectSide.extend({ mayControl: z.boolean() }),
  to: ZAdminConnectSide.extend({ mayBeControlled: z.boolean() }),
  /** every rule but the simultaneous sessions passes (see sessionLimit) */
  allowed: z.boolean(),
  /** the first rule that refuses, in the broker's order; null when allowed */
  reason: ZAdminConnectRefusal.nullable(),
  /** what the controller's owner holds on the target: MANAGE for their own device; null when not shared */
  permission: ZSharePermission.nullable(),
  owned: z.boolean(),
  /** the global channel is in force for the controller's account or device */
  channel: z.boolean(),
  /** the account needs the channel to cross the mainland China border (registered from 1 July 2025) */
  channelRequired: z.boolean(),
  crossesBorder: z.boolean(),
  /**
   * Simultaneous sessions the plan allows (null: no limit). Not counted here: only the broker's
   * own check counts the running sessions, as it takes one, so an allowed pair is still refused
   * when that many are running.
   */
  sessionLimit: z.number().int().nullable(),
});
export type TAdminConnectCheck = z.infer<typeof ZAdminConnectCheck>;

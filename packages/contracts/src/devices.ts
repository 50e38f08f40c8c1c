import { z } from './zod';
import { ZCloudPcPlanId } from './cloud-pc';
import { ZChipType, ZClientType, ZLoginWay, ZTimeUnit } from './enums';
import { locales } from './locales';
import { V } from './rules';

// Devices, device groups, sharing and access policies. The desktop and mobile apps
// register themselves and beat every ~30 s; the web lists, groups, shares and sets policies.
// Two identifiers: `deviceId` in /device/register and /device/heartbeat is the app's own stable
// id (unique per account); every other route names a device by the `id` the API gave it.
// Times are UTC ISO 8601 strings.

/** Presence lasts this long after a heartbeat; the apps beat about every 30 s. */
export const DEVICE_PRESENCE_SECONDS = 90;

/** What a person the owner shares with may do, weakest first. */
export const ZSharePermission = z.enum(['VIEW', 'CONTROL', 'MANAGE']);
export type TSharePermission = z.infer<typeof ZSharePermission>;

/**
 * No control characters in any text of these requests (PostgreSQL cannot even store NUL). A
 * refinement, not a pattern: any printable text is allowed, which a pattern would not document.
 */
const printable = (value: string) => [...value].every((char) => char >= ' ' && char !== '\u007f');
export const ZText = (min: number, max: number) => z.string().trim().min(min).max(max).refine(printable, { error: V.invalidValue });
const ZAppDeviceId = ZText(1, 128);
const ZId = ZText(1, 64);
const ZDeviceName = ZText(1, 64);
const ZGroupName = ZText(1, 32);
const ZVersion = ZText(0, 64);

export const ZDeviceRegisterRequest = z.object({
  deviceId: ZAppDeviceId,
  name: ZDeviceName,
  clientType: ZClientType,
  chipType: ZChipType.optional(),
  osVersion: ZVersion.optional(),
  appVersion: ZVersion.optional(),
  /** an organisation's deploy code: the device is enrolled into it (ADR 0045); any case, with or without dashes */
  deployCode: ZText(1, 64).optional(),
});
export type TDeviceRegisterRequest = z.infer<typeof ZDeviceRegisterRequest>;

export const ZDeviceHeartbeatRequest = z.object({
  deviceId: ZAppDeviceId,
  /** ids of the devices this one controls right now: those connectCheck admitted are kept, its others end ([] ends all) */
  sessions: z.array(ZId).max(20).optional(),
});
export type TDeviceHeartbeatRequest = z.infer<typeof ZDeviceHeartbeatRequest>;

/** A device as its owner or a person it is shared with sees it. */
export const ZDevice = z.object({
  id: z.string(),
  deviceId: z.string(),
  name: z.string(),
  clientType: ZClientType,
  chipType: ZChipType.nullable(),
  osVersion: z.string().nullable(),
  appVersion: z.string().nullable(),
  /** the owner's group; null when ungrouped or shared with the caller */
  groupId: z.string().nullable(),
  policy: ZLoginWay,
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
  /** null for the caller's own devices; set on devices shared with the caller */
  sharedBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
  /** MANAGE for the caller's own devices */
  permission: ZSharePermission,
});
export type TDevice = z.infer<typeof ZDevice>;

/** /device/register and /device/heartbeat: the device and the policy in force. */
/** A running seat the device holds (ADR 0018): MEMBER gives it the paid plan's features, CHANNEL the global channel. */
export const ZDeviceSeat = z.object({
  id: z.string(),
  kind: z.enum(['MEMBER', 'CHANNEL']),
  /** the end of the seat's term (UTC ISO 8601) */
  expiresAt: z.string(),
});
export type TDeviceSeat = z.infer<typeof ZDeviceSeat>;

export const ZDevicePolicyAnswer = z.object({
  device: ZDevice,
  policy: ZLoginWay,
  heartbeatSeconds: z.number().int(),
  /** the running seats the device holds, soonest end first; empty when none (the app shows paid features while one runs) */
  seats: z.array(ZDeviceSeat),
  /** sessions of this device (either side) an owner ended from the web: the app closes them now (heartbeat only; [] otherwise) */
  disconnect: z.array(z.string()),
  /** register with a deployCode: the organisation it is enrolled into, its group and state (PENDING: waits for approval) */
  enrolment: z.object({ orgId: z.string(), groupId: z.string().nullable(), status: z.enum(['ACTIVE', 'PENDING', 'REJECTED']) }).optional(),
});
export type TDevicePolicyAnswer = z.infer<typeof ZDevicePolicyAnswer>;

/**
 * `name[]` query arrays (each item JSON-stringified, e.g. groupIds[]="01H…").
 * One value arrives as a string, several as an array; a bare (unquoted) item is taken as is.
 */
function jsonArrayParam<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined) return undefined;
    const list = Array.isArray(value) ? value : [value];
    return list.map((entry) => {
      if (typeof entry !== 'string') return entry;
      try {
        return JSON.parse(entry) as unknown;
      } catch {
        return entry;
      }
    });
  }, z.array(item).max(50).optional());
}

export const ZBooleanParam = z.enum(['true', 'false']).transform((value) => value === 'true');

export const ZDeviceListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** the caller's groups; 'UNGROUPED' names devices in no group */
  'groupIds[]': jsonArrayParam(ZId),
  online: ZBooleanParam.optional(),
  clientType: ZClientType.optional(),
  /** part of the name or the app's device id */
  text: ZText(0, 64).optional(),
  /** OWN, SHARED (with the caller) or ALL (default) */
  scope: z.enum(['ALL', 'OWN', 'SHARED']).default('ALL'),
});
export type TDeviceListQuery = z.infer<typeof ZDeviceListQuery>;

/** An IANA time zone name the runtime knows (Asia/Shanghai, Europe/Paris, UTC). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * GET /device/export: the list's filters, every page; `tz` the caller's IANA zone (the browser's;
 * else the llk-tz cookie, the account's zone, Asia/Shanghai) for the times (ADR 0031), `locale` the page's
 * language for the headers and values (else Accept-Language).
 */
/** An IANA time zone name, for the CSV exports' times. */
export const ZTimeZoneParam = z
  .string()
  .max(64, { error: V.tooLong, abort: true })
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/, { error: V.invalidValue, abort: true })
  .refine(isTimeZone, { error: V.invalidValue });

export const ZDeviceExportQuery = ZDeviceListQuery.omit({ page: true, pageSize: true }).extend({
  tz: ZTimeZoneParam.optional(),
  locale: z.enum(locales).optional(),
});
export type TDeviceExportQuery = z.infer<typeof ZDeviceExportQuery>;

/** The group filter value for devices in no group. */
export const UNGROUPED = 'UNGROUPED';

/**
 * A rented cloud PC as the device list shows it ("after purchase the device
 * appears in the device list"): marked as a cloud PC, with its plan and end date; renewing,
 * auto-renew and cancelling stay the cloud-PC routes' (/cloudPc/devices/{id}/…).
 */
export const ZDeviceListCloudPc = z.object({
  id: z.string(),
  /** e.g. "CPC-7K2M9Q" */
  name: z.string(),
  planId: ZCloudPcPlanId,
  /** the term of its last payment (what Renew buys again) */
  timeUnit: ZTimeUnit,
  autoRenew: z.boolean(),
  /** the end of the paid time (UTC ISO) */
  expiresAt: z.string(),
  /** an unpaid renewal order, if any */
  pendingRenewalOrderId: z.string().nullable(),
});
export type TDeviceListCloudPc = z.infer<typeof ZDeviceListCloudPc>;

export const ZDeviceList = z.object({
  list: z.array(ZDevice),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * GET /device/list: the caller's running cloud PCs, on the first page of their own devices
   * when no group, platform or presence filter is set (a text filter matches their names);
   * empty otherwise. Not counted in `total`.
   */
  cloudPcs: z.array(ZDeviceListCloudPc).optional(),
});
export type TDeviceList = z.infer<typeof ZDeviceList>;

export const ZDeviceUpdateRequest = z.object({
  deviceId: ZId,
  name: ZDeviceName.optional(),
  /** null moves it out of its group */
  groupId: ZId.nullable().optional(),
  policy: ZLoginWay.optional(),
});
export type TDeviceUpdateRequest = z.infer<typeof ZDeviceUpdateRequest>;

export const ZDeviceRemoveRequest = z.object({ deviceId: ZId });
export const ZDeviceRemoveBatchRequest = z.object({ deviceIds: z.array(ZId).min(1).max(100) });
export const ZRemovedCount = z.object({ removed: z.number().int() });

export const ZDeviceGroup = z.object({
  id: z.string(),
  name: z.string(),
  deviceCount: z.number().int(),
  onlineCount: z.number().int(),
  createdAt: z.string(),
});
export type TDeviceGroup = z.infer<typeof ZDeviceGroup>;
export const ZDeviceGroupList = z.object({
  list: z.array(ZDeviceGroup),
  ungroupedCount: z.number().int(),
  ungroupedOnlineCount: z.number().int(),
});
export type TDeviceGroupList = z.infer<typeof ZDeviceGroupList>;
export const ZDeviceGroupCreateRequest = z.object({ name: ZGroupName });
export const ZDeviceGroupUpdateRequest = z.object({ groupId: ZId, name: ZGroupName });
export const ZDeviceGroupDeleteRequest = z.object({ groupId: ZId });

export const ZDeviceShareRequest = z
  .object({
    deviceId: ZId.optional(),
    groupId: ZId.optional(),
    /** the other account: username, phone or email */
    account: ZText(1, 128),
    permission: ZSharePermission,
  })
  .refine((value) => (value.deviceId === undefined) !== (value.groupId === undefined), {
    error: 'exactly one of deviceId and groupId',
    path: ['deviceId'],
  })
  .meta({ description: 'Exactly one of deviceId and groupId.', oneOf: [{ required: ['deviceId'] }, { required: ['groupId'] }] });
export type TDeviceShareRequest = z.infer<typeof ZDeviceShareRequest>;

export const ZDeviceShare = z.object({
  id: z.string(),
  deviceId: z.string().nullable(),
  groupId: z.string().nullable(),
  /** the device's or the group's name */
  targetName: z.string(),
  permission: ZSharePermission,
  owner: z.object({ userId: z.string(), name: z.string() }),
  recipient: z.object({ userId: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type TDeviceShare = z.infer<typeof ZDeviceShare>;
export const ZDeviceShares = z.object({ given: z.array(ZDeviceShare), received: z.array(ZDeviceShare) });
export type TDeviceShares = z.infer<typeof ZDeviceShares>;
export const ZDeviceUnshareRequest = z.object({ shareId: ZId });

export const ZConnectCheckRequest = z.object({
  fromDeviceId: ZId,
  toDeviceId: ZId,
  /** what the session will be (connection records, sessions.ts); CONTROL when left out */
  kind: z.enum(['CONTROL', 'VIEW', 'FILE_TRANSFER', 'TERMINAL']).optional(),
});
export type TConnectCheckRequest = z.infer<typeof ZConnectCheckRequest>;

/** Why the broker refuses a session. */
/** POLICY: a device's policy forbids it; PERMISSION: the target is shared with VIEW only; SESSION_LIMIT: the plan's simultaneous sessions are in use; CROSS_BORDER: the global channel is needed. */
export const ZConnectRefusal = z.enum(['POLICY', 'PERMISSION', 'SESSION_LIMIT', 'CROSS_BORDER', 'ORG_ACCESS']);
export type TConnectRefusal = z.infer<typeof ZConnectRefusal>;
export const ZConnectCheckResult = z.object({
  allowed: z.boolean(),
  /** null when allowed */
  reason: ZConnectRefusal.nullable(),
  /** the refusal in the caller's language; null when allowed */
  message: z.string().nullable(),
  /** the connection record the allowed session reports to (/session/*); null when refused */
  sessionId: z.string().nullable(),
});
export type TConnectCheckResult = z.infer<typeof ZConnectCheckResult>;

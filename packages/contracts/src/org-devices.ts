import { z } from './zod';
import { ZText } from './devices';
import { ZClientType } from './enums';
import { V } from './rules';

// An organisation's devices (ADR 0045): device groups (a tree like the departments), deploy codes
// and the devices enrolled with them. Every route names its organisation (`orgId`); somebody who
// is not an active member gets ORG_NOT_FOUND. Times are UTC ISO 8601 strings.

export const ORG_DEVICE_GROUP_NAME_MAX = 64;
/** How deep the device group tree goes (a root is level 1), as the departments' (ADR 0043). */
export const ORG_DEVICE_GROUP_DEPTH_MAX = 64;
export const ORG_DEPLOY_CODE_NAME_MAX = 64;
/** A deploy code is good for 1 hour to 1 year. */
export const ORG_DEPLOY_CODE_HOURS_MAX = 24 * 366;
export const ORG_DEPLOY_CODE_USES_MAX = 100_000;

const ZId = ZText(1, 64);
const ZCursor = z.string().regex(/^[0-9TZ:.+-]{10,40}~[A-Za-z0-9_-]{1,64}$/, { error: V.invalidValue });
const ZPageSize = z.coerce.number().int().min(1).max(100).default(50);

export const ZOrgDeviceStatus = z.enum(['ACTIVE', 'PENDING', 'REJECTED']);
export type TOrgDeviceStatus = z.infer<typeof ZOrgDeviceStatus>;

// ---- Device groups --------------------------------------------------------------------------

export const ZOrgDeviceGroup = z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable() });
export type TOrgDeviceGroup = z.infer<typeof ZOrgDeviceGroup>;

export interface TOrgDeviceGroupNode {
  id: string;
  name: string;
  parentId: string | null;
  deviceCount: number;
  children: TOrgDeviceGroupNode[];
}
export const ZOrgDeviceGroupNode: z.ZodType<TOrgDeviceGroupNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    parentId: z.string().nullable(),
    /** devices directly in this group */
    deviceCount: z.number().int(),
    children: z.array(ZOrgDeviceGroupNode),
  }),
);

/** GET /org/deviceGroup/list: the tree, children by name. */
export const ZOrgDeviceGroupTree = z.object({ roots: z.array(ZOrgDeviceGroupNode) });
export type TOrgDeviceGroupTree = z.infer<typeof ZOrgDeviceGroupTree>;

/** POST /org/deviceGroup/create: under parentId (null or absent: a root). */
export const ZOrgDeviceGroupCreateRequest = z.object({
  orgId: ZId,
  parentId: ZId.nullable().optional(),
  name: ZText(1, ORG_DEVICE_GROUP_NAME_MAX),
});
export type TOrgDeviceGroupCreateRequest = z.infer<typeof ZOrgDeviceGroupCreateRequest>;

/** POST /org/deviceGroup/update: a new name. */
export const ZOrgDeviceGroupUpdateRequest = z.object({ orgId: ZId, groupId: ZId, name: ZText(1, ORG_DEVICE_GROUP_NAME_MAX) });
export type TOrgDeviceGroupUpdateRequest = z.infer<typeof ZOrgDeviceGroupUpdateRequest>;

/** POST /org/deviceGroup/move: the group and its sub-tree under parentId (null: a root). */
export const ZOrgDeviceGroupMoveRequest = z.object({ orgId: ZId, groupId: ZId, parentId: ZId.nullable() });
export type TOrgDeviceGroupMoveRequest = z.infer<typeof ZOrgDeviceGroupMoveRequest>;

/** POST /org/deviceGroup/delete: one without sub-groups, devices or a live deploy code. */
export const ZOrgDeviceGroupDeleteRequest = z.object({ orgId: ZId, groupId: ZId });
export type TOrgDeviceGroupDeleteRequest = z.infer<typeof ZOrgDeviceGroupDeleteRequest>;

// ---- Deploy codes ---------------------------------------------------------------------------

export const ZOrgDeployCodeStatus = z.enum(['ACTIVE', 'EXPIRED', 'REVOKED', 'USED_UP']);
export type TOrgDeployCodeStatus = z.infer<typeof ZOrgDeployCodeStatus>;

/** POST /org/deployCode/create: the code is in the answer once, never again. */
export const ZOrgDeployCodeCreateRequest = z.object({
  orgId: ZId,
  name: ZText(1, ORG_DEPLOY_CODE_NAME_MAX),
  /** the group new devices join; null or absent: none */
  groupId: ZId.nullable().optional(),
  expiresInHours: z.number().int().min(1).max(ORG_DEPLOY_CODE_HOURS_MAX),
  /** null or absent: no limit */
  maxUses: z.number().int().min(1).max(ORG_DEPLOY_CODE_USES_MAX).nullable().optional(),
  /** new devices wait for approval (PENDING) */
  requiresApproval: z.boolean().default(false),
});
export type TOrgDeployCodeCreateRequest = z.input<typeof ZOrgDeployCodeCreateRequest>;

export const ZOrgDeployCode = z.object({
  id: z.string(),
  name: z.string(),
  groupId: z.string().nullable(),
  requiresApproval: z.boolean(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  status: ZOrgDeployCodeStatus,
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type TOrgDeployCode = z.infer<typeof ZOrgDeployCode>;

/** The new code with its secret, written in groups of five (`ABCDE-FGHJK-…`); any case, with or without dashes, works. */
export const ZOrgDeployCodeCreated = ZOrgDeployCode.extend({ code: z.string() });
export type TOrgDeployCodeCreated = z.infer<typeof ZOrgDeployCodeCreated>;

/** GET /org/deployCode/list: newest first, keyset pages. */
export const ZOrgDeployCodeListQuery = z.object({ orgId: ZId, before: ZCursor.optional(), pageSize: ZPageSize });
export type TOrgDeployCodeListQuery = z.infer<typeof ZOrgDeployCodeListQuery>;
export const ZOrgDeployCodePage = z.object({ items: z.array(ZOrgDeployCode), next: z.string().nullable() });
export type TOrgDeployCodePage = z.infer<typeof ZOrgDeployCodePage>;

/** POST /org/deployCode/revoke */
export const ZOrgDeployCodeRevokeRequest = z.object({ orgId: ZId, deployCodeId: ZId });
export type TOrgDeployCodeRevokeRequest = z.infer<typeof ZOrgDeployCodeRevokeRequest>;

// ---- Devices --------------------------------------------------------------------------------

/** GET /org/device/list: newest enrolment first, keyset pages; groupId includes its sub-tree. */
export const ZOrgDeviceListQuery = z.object({
  orgId: ZId,
  status: ZOrgDeviceStatus.optional(),
  groupId: ZId.optional(),
  before: ZCursor.optional(),
  pageSize: ZPageSize,
});
export type TOrgDeviceListQuery = z.infer<typeof ZOrgDeviceListQuery>;

export const ZOrgDevice = z.object({
  deviceId: z.string(),
  /** the name and client type the device gave when it enrolled */
  name: z.string(),
  clientType: ZClientType,
  groupId: z.string().nullable(),
  status: ZOrgDeviceStatus,
  deployCodeId: z.string().nullable(),
  enrolledBy: z.string(),
  enrolledAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type TOrgDevice = z.infer<typeof ZOrgDevice>;

export const ZOrgDevicePage = z.object({ items: z.array(ZOrgDevice), next: z.string().nullable() });
export type TOrgDevicePage = z.infer<typeof ZOrgDevicePage>;

/** POST /org/device/approve, /org/device/reject: a PENDING device. */
export const ZOrgDeviceDecisionRequest = z.object({ orgId: ZId, deviceId: ZId });
export type TOrgDeviceDecisionRequest = z.infer<typeof ZOrgDeviceDecisionRequest>;

import { z } from './zod';
import { ZText } from './devices';
import { ZEmail, ZPhone } from './validation';
import { V } from './rules';

// Organisations (ADR 0043): a company's members, roles, departments and the audit log of every
// change. Every route but /org/create and /org/list names its organisation (`orgId`, in the body
// of a POST, the query of a GET); somebody who is not an active member gets ORG_NOT_FOUND, as
// for an organisation that does not exist. Times are UTC ISO 8601 strings.

/** What a role may do in its organisation. */
export const ORG_PERMISSIONS = [
  'members.read',
  'members.manage',
  'devices.read',
  'devices.manage',
  'devices.enrol',
  'access.manage',
  'policies.manage',
  'seats.manage',
  'billing',
  'audit.read',
  'connections.read',
  'settings',
] as const;
export type TOrgPermission = (typeof ORG_PERMISSIONS)[number];

export const ORG_BUILT_IN_ROLE_CODES = ['OWNER', 'ADMIN', 'BILLING_ADMIN', 'DEPARTMENT_ADMIN', 'MEMBER'] as const;
export type TOrgBuiltInRoleCode = (typeof ORG_BUILT_IN_ROLE_CODES)[number];

export interface OrgBuiltInRole {
  permissions: readonly TOrgPermission[];
  /** true: the permissions reach only the departments the member administers, with their sub-trees */
  scoped: boolean;
}

/**
 * The built-in roles (ADR 0043); their rows in org_roles (id = code) carry the same permissions.
 * ADMIN has all but billing; transferring ownership and making owners is an owner's alone.
 */
export const BUILT_IN_ORG_ROLES: Readonly<Record<TOrgBuiltInRoleCode, OrgBuiltInRole>> = {
  OWNER: { permissions: ORG_PERMISSIONS, scoped: false },
  ADMIN: { permissions: ORG_PERMISSIONS.filter((permission) => permission !== 'billing'), scoped: false },
  BILLING_ADMIN: { permissions: ['billing', 'seats.manage', 'members.read', 'audit.read'], scoped: false },
  DEPARTMENT_ADMIN: {
    permissions: ['members.read', 'members.manage', 'devices.read', 'devices.manage', 'access.manage', 'connections.read'],
    scoped: true,
  },
  MEMBER: { permissions: [], scoped: false },
};

/** A custom role's code; its permissions are its own. */
export const ORG_CUSTOM_ROLE_CODE = 'CUSTOM';

export const ORG_NAME_MAX = 64;
export const ORG_ROLE_NAME_MAX = 32;
export const ORG_DEPARTMENT_NAME_MAX = 64;
/** How deep the department tree goes (a root is level 1): the path of the deepest stays well inside an index entry. */
export const ORG_DEPARTMENT_DEPTH_MAX = 64;

const ZId = ZText(1, 64);
const ZOrgName = ZText(1, ORG_NAME_MAX);
const ZLogoUrl = ZText(1, 500).regex(/^https:\/\/[^\s]+$/, { error: V.invalidValue });
const ZPermissionList = z
  .array(z.enum(ORG_PERMISSIONS))
  .max(ORG_PERMISSIONS.length)
  .refine((list) => new Set(list).size === list.length, { error: V.invalidValue });
const ZOrgCursor = z.string().regex(/^[0-9TZ:.+-]{10,40}~[A-Za-z0-9_-]{1,64}$/, { error: V.invalidValue });
const ZPageSize = z.coerce.number().int().min(1).max(100).default(50);

export const ZOrgMemberStatus = z.enum(['ACTIVE', 'DISABLED']);
export type TOrgMemberStatus = z.infer<typeof ZOrgMemberStatus>;

// ---- The organisation -----------------------------------------------------------------------

/** POST /org/create: the caller becomes its owner. */
export const ZOrgCreateRequest = z.object({
  name: ZOrgName,
  logoUrl: ZLogoUrl.nullable().optional(),
  contactEmail: ZEmail.nullable().optional(),
});
export type TOrgCreateRequest = z.infer<typeof ZOrgCreateRequest>;

/** POST /org/update (settings): what is given changes; null clears the logo or the contact. */
export const ZOrgUpdateRequest = z.object({
  orgId: ZId,
  name: ZOrgName.optional(),
  logoUrl: ZLogoUrl.nullable().optional(),
  contactEmail: ZEmail.nullable().optional(),
});
export type TOrgUpdateRequest = z.infer<typeof ZOrgUpdateRequest>;

/** GET /org/info and every route that reads one organisation. */
export const ZOrgQuery = z.object({ orgId: ZId });
export type TOrgQuery = z.infer<typeof ZOrgQuery>;

const ZRoleRef = z.object({ id: z.string(), code: z.string(), name: z.string() });

/** An organisation as its member sees it, with the member's own role and permissions. */
export const ZOrgInfo = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  contactEmail: z.string().nullable(),
  createdAt: z.string(),
  role: ZRoleRef,
  permissions: z.array(z.enum(ORG_PERMISSIONS)),
  /** the departments the caller administers (DEPARTMENT_ADMIN), with their sub-trees */
  departmentIds: z.array(z.string()),
  memberCount: z.number().int(),
});
export type TOrgInfo = z.infer<typeof ZOrgInfo>;

/** GET /org/list: the caller's active memberships, oldest first. */
export const ZOrgList = z.object({
  list: z.array(z.object({ id: z.string(), name: z.string(), logoUrl: z.string().nullable(), role: ZRoleRef, joinedAt: z.string() })),
});
export type TOrgList = z.infer<typeof ZOrgList>;

// ---- Members --------------------------------------------------------------------------------

/** GET /org/member/list: oldest member first, keyset pages. */
export const ZOrgMemberListQuery = z.object({
  orgId: ZId,
  /** the start of a member's username */
  q: ZText(1, 64).optional(),
  /** members of this department and its sub-tree */
  departmentId: ZId.optional(),
  roleId: ZId.optional(),
  status: ZOrgMemberStatus.optional(),
  after: ZOrgCursor.optional(),
  pageSize: ZPageSize,
});
export type TOrgMemberListQuery = z.infer<typeof ZOrgMemberListQuery>;

export const ZOrgMember = z.object({
  userId: z.string(),
  username: z.string().nullable(),
  nickname: z.string(),
  role: ZRoleRef,
  departmentId: z.string().nullable(),
  /** DEPARTMENT_ADMIN: the departments they administer */
  adminOfDepartmentIds: z.array(z.string()),
  status: ZOrgMemberStatus,
  joinedAt: z.string(),
});
export type TOrgMember = z.infer<typeof ZOrgMember>;

export const ZOrgMemberPage = z.object({
  items: z.array(ZOrgMember),
  /** the cursor of the next page; null on the last */
  next: z.string().nullable(),
});
export type TOrgMemberPage = z.infer<typeof ZOrgMemberPage>;

/** Routes acting on one member: setDepartment, disable, enable, remove. */
export const ZOrgMemberRequest = z.object({ orgId: ZId, userId: ZId });
export type TOrgMemberRequest = z.infer<typeof ZOrgMemberRequest>;

/** POST /org/member/setRole: DEPARTMENT_ADMIN needs the departments they will administer. */
export const ZOrgSetRoleRequest = z.object({
  orgId: ZId,
  userId: ZId,
  roleId: ZId,
  departmentIds: z.array(ZId).max(50).optional(),
});
export type TOrgSetRoleRequest = z.infer<typeof ZOrgSetRoleRequest>;

/** POST /org/member/setDepartment: null takes the member out of every department. */
export const ZOrgSetDepartmentRequest = z.object({ orgId: ZId, userId: ZId, departmentId: ZId.nullable() });
export type TOrgSetDepartmentRequest = z.infer<typeof ZOrgSetDepartmentRequest>;

/** POST /org/owner/transfer: the member becomes OWNER, the caller ADMIN. */
export const ZOrgOwnerTransferRequest = z.object({ orgId: ZId, userId: ZId });
export type TOrgOwnerTransferRequest = z.infer<typeof ZOrgOwnerTransferRequest>;

// ---- Roles ----------------------------------------------------------------------------------

export const ZOrgRole = z.object({
  id: z.string(),
  /** OWNER, ADMIN, BILLING_ADMIN, DEPARTMENT_ADMIN, MEMBER or CUSTOM */
  code: z.string(),
  /** a built-in role's English name (the web shows its own words for the code); a custom role's name */
  name: z.string(),
  builtIn: z.boolean(),
  scoped: z.boolean(),
  permissions: z.array(z.enum(ORG_PERMISSIONS)),
  memberCount: z.number().int(),
});
export type TOrgRole = z.infer<typeof ZOrgRole>;

export const ZOrgRoleList = z.object({ list: z.array(ZOrgRole) });
export type TOrgRoleList = z.infer<typeof ZOrgRoleList>;

/** POST /org/role/save: without roleId a new custom role, with it that role changed. */
export const ZOrgRoleSaveRequest = z.object({
  orgId: ZId,
  roleId: ZId.optional(),
  name: ZText(1, ORG_ROLE_NAME_MAX),
  permissions: ZPermissionList,
});
export type TOrgRoleSaveRequest = z.infer<typeof ZOrgRoleSaveRequest>;

/** POST /org/role/delete: a custom role nobody holds. */
export const ZOrgRoleDeleteRequest = z.object({ orgId: ZId, roleId: ZId });
export type TOrgRoleDeleteRequest = z.infer<typeof ZOrgRoleDeleteRequest>;

// ---- Departments ----------------------------------------------------------------------------

export interface TOrgDepartmentNode {
  id: string;
  name: string;
  parentId: string | null;
  memberCount: number;
  children: TOrgDepartmentNode[];
}
export const ZOrgDepartmentNode: z.ZodType<TOrgDepartmentNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    parentId: z.string().nullable(),
    /** members directly in this department */
    memberCount: z.number().int(),
    children: z.array(ZOrgDepartmentNode),
  }),
);

/** GET /org/department/list: the tree (a department admin's: their departments' sub-trees), by name. */
export const ZOrgDepartmentTree = z.object({ roots: z.array(ZOrgDepartmentNode) });
export type TOrgDepartmentTree = z.infer<typeof ZOrgDepartmentTree>;

/** POST /org/department/save: without departmentId a new one under parentId (null: a root), with it a rename. */
export const ZOrgDepartmentSaveRequest = z.object({
  orgId: ZId,
  departmentId: ZId.optional(),
  parentId: ZId.nullable().optional(),
  name: ZText(1, ORG_DEPARTMENT_NAME_MAX),
});
export type TOrgDepartmentSaveRequest = z.infer<typeof ZOrgDepartmentSaveRequest>;

/** POST /org/department/move: the department and its sub-tree under parentId (null: a root). */
export const ZOrgDepartmentMoveRequest = z.object({ orgId: ZId, departmentId: ZId, parentId: ZId.nullable() });
export type TOrgDepartmentMoveRequest = z.infer<typeof ZOrgDepartmentMoveRequest>;

/** POST /org/department/delete: one without sub-departments or members. */
export const ZOrgDepartmentDeleteRequest = z.object({ orgId: ZId, departmentId: ZId });
export type TOrgDepartmentDeleteRequest = z.infer<typeof ZOrgDepartmentDeleteRequest>;

export const ZOrgDepartment = z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable() });
export type TOrgDepartment = z.infer<typeof ZOrgDepartment>;

// ---- The audit log --------------------------------------------------------------------------

export const ORG_AUDIT_ACTIONS = [
  'org.create',
  'org.update',
  'member.setRole',
  'member.setDepartment',
  'member.disable',
  'member.enable',
  'member.leave',
  'member.remove',
  'owner.transfer',
  'member.erase',
  'owner.assign',
  'org.ownerless',
  'role.create',
  'role.update',
  'role.delete',
  'department.create',
  'department.update',
  'department.move',
  'department.delete',
  'invitation.create',
  'invitation.resend',
  'invitation.revoke',
  'invitation.accept',
  'invitation.verifyEmail',
  'invitation.import',
  'deviceGroup.create',
  'deviceGroup.update',
  'deviceGroup.move',
  'deviceGroup.delete',
  'deployCode.create',
  'deployCode.revoke',
  'device.enrol',
  'device.approve',
  'device.reject',
  'device.remove',
  'accessRule.create',
  'accessRule.update',
  'accessRule.delete',
] as const;
export type TOrgAuditAction = (typeof ORG_AUDIT_ACTIONS)[number];

/** GET /org/audit/list: newest first, keyset pages. */
export const ZOrgAuditListQuery = z.object({
  orgId: ZId,
  action: z.enum(ORG_AUDIT_ACTIONS).optional(),
  actorUserId: ZId.optional(),
  targetType: z
    .enum(['organisation', 'member', 'role', 'department', 'invitation', 'deviceGroup', 'deployCode', 'device', 'accessRule'])
    .optional(),
  targetId: ZId.optional(),
  before: ZOrgCursor.optional(),
  pageSize: ZPageSize,
});
export type TOrgAuditListQuery = z.infer<typeof ZOrgAuditListQuery>;

export const ZOrgAuditEntry = z.object({
  id: z.string(),
  actorUserId: z.string().nullable(),
  actorName: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.enum(ORG_AUDIT_ACTIONS),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type TOrgAuditEntry = z.infer<typeof ZOrgAuditEntry>;

export const ZOrgAuditPage = z.object({ items: z.array(ZOrgAuditEntry), next: z.string().nullable() });
export type TOrgAuditPage = z.infer<typeof ZOrgAuditPage>;

// ---- Invitations (ADR 0044) -----------------------------------------------------------------

/** How long an invitation's link is good for. */
export const ORG_INVITATION_TTL_DAYS = 7;
/** An invitation is sent again at most once in this many seconds. */
export const ORG_INVITATION_RESEND_SECONDS = 60;
/** Rows of one CSV import, at most. */
export const ORG_INVITATION_IMPORT_MAX = 1000;

export const ZOrgInvitationChannel = z.enum(['EMAIL', 'PHONE']);
export type TOrgInvitationChannel = z.infer<typeof ZOrgInvitationChannel>;
export const ZOrgInvitationStatus = z.enum(['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED']);
export type TOrgInvitationStatus = z.infer<typeof ZOrgInvitationStatus>;

/** POST /org/invitation/create: an email (EMAIL) or a mobile number in any usual form (PHONE), stored normalised. */
export const ZOrgInvitationCreateRequest = z.discriminatedUnion('channel', [
  z.object({ orgId: ZId, channel: z.literal('EMAIL'), target: ZEmail, roleId: ZId, departmentId: ZId.nullable().optional() }),
  z.object({ orgId: ZId, channel: z.literal('PHONE'), target: ZPhone, roleId: ZId, departmentId: ZId.nullable().optional() }),
]);
export type TOrgInvitationCreateRequest = z.infer<typeof ZOrgInvitationCreateRequest>;

export const ZOrgInvitation = z.object({
  id: z.string(),
  channel: ZOrgInvitationChannel,
  /** the normalised email or E.164 number */
  target: z.string(),
  role: ZRoleRef,
  departmentId: z.string().nullable(),
  /** PENDING past its expiry reads EXPIRED */
  status: ZOrgInvitationStatus,
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedBy: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  sentCount: z.number().int(),
  lastSentAt: z.string(),
});
export type TOrgInvitation = z.infer<typeof ZOrgInvitation>;

/** GET /org/invitation/list: newest first, keyset pages; a department admin's: those into their sub-trees. */
export const ZOrgInvitationListQuery = z.object({
  orgId: ZId,
  status: ZOrgInvitationStatus.optional(),
  before: ZOrgCursor.optional(),
  pageSize: ZPageSize,
});
export type TOrgInvitationListQuery = z.infer<typeof ZOrgInvitationListQuery>;

export const ZOrgInvitationPage = z.object({ items: z.array(ZOrgInvitation), next: z.string().nullable() });
export type TOrgInvitationPage = z.infer<typeof ZOrgInvitationPage>;

/** POST /org/invitation/resend and /org/invitation/revoke. */
export const ZOrgInvitationRequest = z.object({ orgId: ZId, invitationId: ZId });
export type TOrgInvitationRequest = z.infer<typeof ZOrgInvitationRequest>;

/**
 * POST /org/invitation/import: CSV text, a header line (email or phone, role, department) and up
 * to ORG_INVITATION_IMPORT_MAX rows. role: a role's id, a built-in code or a role's name;
 * department: a department's id or its path of names from the root, `Sales/EMEA`.
 */
export const ZOrgInvitationImportRequest = z.object({ orgId: ZId, csv: z.string().min(1).max(400_000) });
export type TOrgInvitationImportRequest = z.infer<typeof ZOrgInvitationImportRequest>;

export const ORG_INVITATION_IMPORT_RESULTS = ['INVITED', 'ALREADY_MEMBER', 'ALREADY_INVITED', 'INVALID'] as const;
export const ZOrgInvitationImportAnswer = z.object({
  rows: z.array(
    z.object({
      /** the row's line in the file (the header is line 1) */
      line: z.number().int(),
      target: z.string(),
      result: z.enum(ORG_INVITATION_IMPORT_RESULTS),
      /** INVALID: why, in the caller's language */
      reason: z.string().nullable(),
      invitationId: z.string().nullable(),
    }),
  ),
  counts: z.object({
    INVITED: z.number().int(),
    ALREADY_MEMBER: z.number().int(),
    ALREADY_INVITED: z.number().int(),
    INVALID: z.number().int(),
  }),
});
export type TOrgInvitationImportAnswer = z.infer<typeof ZOrgInvitationImportAnswer>;

/** GET /org/invitation/preview (public) and POST /org/invitation/accept (signed in). */
export const ZOrgInvitationTokenRequest = z.object({ token: z.string().min(1).max(200) });
export type TOrgInvitationTokenRequest = z.infer<typeof ZOrgInvitationTokenRequest>;

export const ZOrgInvitationPreview = z.object({
  orgName: z.string(),
  logoUrl: z.string().nullable(),
  role: ZRoleRef,
  channel: ZOrgInvitationChannel,
  expiresAt: z.string(),
  /** the inviter's nickname, else username; null when that account is gone */
  invitedBy: z.string().nullable(),
  /** the department's name, null for none */
  department: z.string().nullable(),
  /** the address it was sent to, masked as /user/info masks it (a***@example.com, 138****8000) */
  target: z.string(),
});
export type TOrgInvitationPreview = z.infer<typeof ZOrgInvitationPreview>;

import { z } from './zod';
import { ZText } from './devices';
import { V } from './rules';

// An organisation's access rules (ADR 0046): a subject (a member, a department — with or without
// its sub-tree — or a role) gets VIEW, CONTROL or MANAGE on an object (a device or a device group —
// with or without its sub-tree). The most specific rule wins: the nearest object (the device, then
// its group up the tree), then the nearest subject (the member, then their department up the tree,
// then their role). No rule, no access. Every route names its organisation (`orgId`).

export const ORG_ACCESS_PERMISSIONS = ['VIEW', 'CONTROL', 'MANAGE'] as const;
export const ZOrgAccessPermission = z.enum(ORG_ACCESS_PERMISSIONS);
export type TOrgAccessPermission = z.infer<typeof ZOrgAccessPermission>;

export const ZOrgAccessSubjectType = z.enum(['MEMBER', 'DEPARTMENT', 'ROLE']);
export type TOrgAccessSubjectType = z.infer<typeof ZOrgAccessSubjectType>;
export const ZOrgAccessObjectType = z.enum(['DEVICE', 'GROUP']);
export type TOrgAccessObjectType = z.infer<typeof ZOrgAccessObjectType>;

/** Why a member has the permission they have (or none). */
export const ZOrgAccessReason = z.enum(['RULE', 'NO_RULE', 'MEMBER_DISABLED', 'DEVICE_NOT_ACTIVE']);
export type TOrgAccessReason = z.infer<typeof ZOrgAccessReason>;

const ZId = ZText(1, 64);
const ZCursor = z.string().regex(/^[0-9TZ:.+-]{10,40}~[A-Za-z0-9_-]{1,64}$/, { error: V.invalidValue });
const ZIdCursor = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: V.invalidValue });
const ZPageSize = z.coerce.number().int().min(1).max(100).default(50);

export const ZOrgAccessSubject = z
  .object({
    type: ZOrgAccessSubjectType,
    id: ZId,
    /** a department's sub-tree too (only a department has one) */
    subtree: z.boolean().default(false),
  })
  .refine((subject) => !subject.subtree || subject.type === 'DEPARTMENT', { error: V.invalidValue, path: ['subtree'] });
export const ZOrgAccessObject = z
  .object({
    type: ZOrgAccessObjectType,
    id: ZId,
    /** a group's sub-groups too (only a group has them) */
    subtree: z.boolean().default(false),
  })
  .refine((object) => !object.subtree || object.type === 'GROUP', { error: V.invalidValue, path: ['subtree'] });

export const ZOrgAccessRule = z.object({
  id: z.string(),
  subject: z.object({ type: ZOrgAccessSubjectType, id: z.string(), subtree: z.boolean() }),
  object: z.object({ type: ZOrgAccessObjectType, id: z.string(), subtree: z.boolean() }),
  permission: ZOrgAccessPermission,
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TOrgAccessRule = z.infer<typeof ZOrgAccessRule>;

/** POST /org/accessRule/create: one rule per subject × object (a second is ORG_ACCESS_RULE_DUPLICATE). */
export const ZOrgAccessRuleCreateRequest = z.object({
  orgId: ZId,
  subject: ZOrgAccessSubject,
  object: ZOrgAccessObject,
  permission: ZOrgAccessPermission,
});
export type TOrgAccessRuleCreateRequest = z.input<typeof ZOrgAccessRuleCreateRequest>;

/** POST /org/accessRule/update: its permission and sub-tree flags (subject and object stay). */
export const ZOrgAccessRuleUpdateRequest = z.object({
  orgId: ZId,
  ruleId: ZId,
  permission: ZOrgAccessPermission,
  subjectSubtree: z.boolean().optional(),
  objectSubtree: z.boolean().optional(),
});
export type TOrgAccessRuleUpdateRequest = z.input<typeof ZOrgAccessRuleUpdateRequest>;

/** POST /org/accessRule/delete */
export const ZOrgAccessRuleDeleteRequest = z.object({ orgId: ZId, ruleId: ZId });
export type TOrgAccessRuleDeleteRequest = z.infer<typeof ZOrgAccessRuleDeleteRequest>;

/** GET /org/accessRule/list: newest first, keyset pages; by subject or object (type and id together). */
export const ZOrgAccessRuleListQuery = z
  .object({
    orgId: ZId,
    subjectType: ZOrgAccessSubjectType.optional(),
    subjectId: ZId.optional(),
    objectType: ZOrgAccessObjectType.optional(),
    objectId: ZId.optional(),
    before: ZCursor.optional(),
    pageSize: ZPageSize,
  })
  .refine((query) => (query.subjectType === undefined) === (query.subjectId === undefined), {
    error: V.invalidValue,
    path: ['subjectId'],
  })
  .refine((query) => (query.objectType === undefined) === (query.objectId === undefined), {
    error: V.invalidValue,
    path: ['objectId'],
  });
export type TOrgAccessRuleListQuery = z.infer<typeof ZOrgAccessRuleListQuery>;
export const ZOrgAccessRulePage = z.object({ items: z.array(ZOrgAccessRule), next: z.string().nullable() });
export type TOrgAccessRulePage = z.infer<typeof ZOrgAccessRulePage>;

/** A member's access to a device: the winning rule's permission, or null, and why. */
export const ZOrgAccessDecision = z.object({
  permission: ZOrgAccessPermission.nullable(),
  ruleId: z.string().nullable(),
  reason: ZOrgAccessReason,
});
export type TOrgAccessDecision = z.infer<typeof ZOrgAccessDecision>;

/** GET /org/access/explain: the decision with the winning rule and the other rules that applied, most specific first. */
export const ZOrgAccessExplainQuery = z.object({ orgId: ZId, deviceId: ZId, userId: ZId });
export type TOrgAccessExplainQuery = z.infer<typeof ZOrgAccessExplainQuery>;
export const ZOrgAccessExplanation = ZOrgAccessDecision.extend({
  rule: ZOrgAccessRule.nullable(),
  /** every rule that applied, the winner first */
  applying: z.array(ZOrgAccessRule),
});
export type TOrgAccessExplanation = z.infer<typeof ZOrgAccessExplanation>;

/** GET /org/access/whoCanReach: the active members who reach the device, by user id, keyset pages. */
export const ZOrgWhoCanReachQuery = z.object({ orgId: ZId, deviceId: ZId, after: ZIdCursor.optional(), pageSize: ZPageSize });
export type TOrgWhoCanReachQuery = z.infer<typeof ZOrgWhoCanReachQuery>;
export const ZOrgWhoCanReachPage = z.object({
  items: z.array(z.object({ userId: z.string(), permission: ZOrgAccessPermission, ruleId: z.string() })),
  next: z.string().nullable(),
});
export type TOrgWhoCanReachPage = z.infer<typeof ZOrgWhoCanReachPage>;

/** GET /org/access/memberReach: the active devices the member reaches, by device id, keyset pages. */
export const ZOrgMemberReachQuery = z.object({ orgId: ZId, userId: ZId, after: ZIdCursor.optional(), pageSize: ZPageSize });
export type TOrgMemberReachQuery = z.infer<typeof ZOrgMemberReachQuery>;
export const ZOrgMemberReachPage = z.object({
  items: z.array(z.object({ deviceId: z.string(), permission: ZOrgAccessPermission, ruleId: z.string() })),
  next: z.string().nullable(),
});
export type TOrgMemberReachPage = z.infer<typeof ZOrgMemberReachPage>;

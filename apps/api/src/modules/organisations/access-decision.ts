import { type TOrgAccessPermission, type TOrgAccessReason } from '@llk/contracts';
import { type Db } from '../../infrastructure/db/schema';
import { findDeviceForAccess, findMemberForAccess, rulesOnObjects } from './access-rules.repository';
import { findOrgDevicesOf } from './org-devices.repository';
import { type OrgAccessRuleRow } from './access-rules.tables';

// Who reaches which device (ADR 0046): the one decision that connectCheck, /org/access/explain,
// /org/access/whoCanReach and /org/access/memberReach all answer through.

/** The member side of a decision. */
export interface AccessSubject {
  userId: string;
  roleId: string;
  status: string;
  /** their department's /rootId/…/id/ (null: none) */
  departmentPath: string | null;
}

/** The device side of a decision. */
export interface AccessObject {
  deviceId: string;
  status: string;
  /** its group's /rootId/…/id/ (null: none) */
  groupPath: string | null;
}

export interface AccessDecision {
  permission: TOrgAccessPermission | null;
  ruleId: string | null;
  reason: TOrgAccessReason;
  /** every rule that applies, the winner first */
  applying: OrgAccessRuleRow[];
}

/** The ids of a path, the nearest (the last) first: `/a/b/c/` → c, b, a. */
export function nearestFirst(path: string | null): string[] {
  return path === null ? [] : path.split('/').filter(Boolean).reverse();
}

/** The role comes after every department, however deep the tree (ADR 0046). */
const ROLE_DISTANCE = Number.MAX_SAFE_INTEGER;

/** 0 the device itself, 1 its own group, n + 1 the group n levels above (with sub-tree only); null: the rule is not about it. */
function objectDistance(rule: OrgAccessRuleRow, object: AccessObject, groups: readonly string[]): number | null {
  if (rule.object_type === 'DEVICE') return rule.object_id === object.deviceId ? 0 : null;
  const at = groups.indexOf(rule.object_id);
  if (at < 0 || (at > 0 && !Number(rule.object_subtree))) return null;
  return at + 1;
}

/** 0 the member, 1 their own department, n + 1 the department n levels above (with sub-tree only), then the role. */
function subjectDistance(rule: OrgAccessRuleRow, subject: AccessSubject, departments: readonly string[]): number | null {
  if (rule.subject_type === 'MEMBER') return rule.subject_id === subject.userId ? 0 : null;
  if (rule.subject_type === 'ROLE') return rule.subject_id === subject.roleId ? ROLE_DISTANCE : null;
  const at = departments.indexOf(rule.subject_id);
  if (at < 0 || (at > 0 && !Number(rule.subject_subtree))) return null;
  return at + 1;
}

/** The most specific applying rule wins: the nearest object, then the nearest subject; no rule, no access. */
export function decideAccess(rules: readonly OrgAccessRuleRow[], subject: AccessSubject, object: AccessObject): AccessDecision {
  const groups = nearestFirst(object.groupPath);
  const departments = nearestFirst(subject.departmentPath);
  const ranked = rules
    .map((rule) => ({ rule, o: objectDistance(rule, object, groups), s: subjectDistance(rule, subject, departments) }))
    .filter((entry): entry is { rule: OrgAccessRuleRow; o: number; s: number } => entry.o !== null && entry.s !== null)
    // one rule per subject × object: two applying rules never tie (ADR 0046); the id only keeps the order total
    .sort((a, b) => a.o - b.o || a.s - b.s || a.rule.id.localeCompare(b.rule.id));
  const applying = ranked.map((entry) => entry.rule);
  if (subject.status !== 'ACTIVE') return { permission: null, ruleId: null, reason: 'MEMBER_DISABLED', applying };
  if (object.status !== 'ACTIVE') return { permission: null, ruleId: null, reason: 'DEVICE_NOT_ACTIVE', applying };
  const winner = applying[0];
  if (!winner) return { permission: null, ruleId: null, reason: 'NO_RULE', applying };
  return { permission: winner.permission as TOrgAccessPermission, ruleId: winner.id, reason: 'RULE', applying };
}

/** The rules that may apply to the device for anybody: on the device or a group of its path. */
export function rulesOnDevice(db: Db, orgId: string, object: AccessObject) {
  return rulesOnObjects(db, orgId, { deviceIds: [object.deviceId], groupIds: nearestFirst(object.groupPath) });
}

/**
 * A member's access to an organisation's device: one read of the member, one of the device, one
 * indexed read of the rules on the device or its groups whose subject is the member, one of their
 * departments or their role. Undefined when the user is not a member or the device not the organisation's.
 */
export async function orgAccessFor(
  db: Db,
  query: { orgId: string; userId: string; deviceId: string },
): Promise<(AccessDecision & { subject: AccessSubject; object: AccessObject }) | undefined> {
  const [member, device] = await Promise.all([
    findMemberForAccess(db, query.orgId, query.userId),
    findDeviceForAccess(db, query.orgId, query.deviceId),
  ]);
  if (!member || !device) return undefined;
  const subject: AccessSubject = {
    userId: member.user_id,
    roleId: member.role_id,
    status: member.status,
    departmentPath: member.department_path,
  };
  const object: AccessObject = { deviceId: device.device_id, status: device.status, groupPath: device.group_path };
  const rules = await rulesOnObjects(
    db,
    query.orgId,
    { deviceIds: [object.deviceId], groupIds: nearestFirst(object.groupPath) },
    { userIds: [subject.userId], departmentIds: nearestFirst(subject.departmentPath), roleIds: [subject.roleId] },
  );
  return { ...decideAccess(rules, subject, object), subject, object };
}

/**
 * What POST /device/connectCheck asks of a target device (ADR 0046): undefined when no
 * organisation holds it (ACTIVE or PENDING; a REJECTED one is its installer's again), so the
 * personal rules decide; `outsider` when the caller is not an active member of the organisation
 * that does (the check answers "not found", as for a device nobody shared); else the decision.
 */
export async function connectAccessOf(
  db: Db,
  userId: string,
  deviceId: string,
): Promise<undefined | { orgId: string; outsider: true } | { orgId: string; outsider: false; decision: AccessDecision }> {
  const [held] = await findOrgDevicesOf(db, [deviceId]);
  if (!held || (held.status !== 'ACTIVE' && held.status !== 'PENDING')) return undefined;
  const access = await orgAccessFor(db, { orgId: held.org_id, userId, deviceId });
  if (!access || access.reason === 'MEMBER_DISABLED') return { orgId: held.org_id, outsider: true };
  return { orgId: held.org_id, outsider: false, decision: access };
}

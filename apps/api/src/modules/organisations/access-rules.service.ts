import {
  type TOrgAccessExplanation,
  type TOrgAccessPermission,
  type TOrgAccessRule,
  type TOrgAccessRuleCreateRequest,
  type TOrgAccessRuleListQuery,
  type TOrgAccessRulePage,
  type TOrgAccessRuleUpdateRequest,
  type TOrgAccessSubjectType,
  type TOrgAccessObjectType,
  type TOrgMemberReachPage,
  type TOrgMemberReachQuery,
  type TOrgWhoCanReachPage,
  type TOrgWhoCanReachQuery,
} from '@llk/contracts';
import { fromDbBool, fromDbDate, newId, toDbBool, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type AccessObject, type AccessSubject, decideAccess, nearestFirst, orgAccessFor, rulesOnDevice } from './access-decision';
import {
  activeDevicesAfter,
  activeMembersAfter,
  deleteAccessRule,
  findAccessRule,
  findAccessRuleOfPair,
  findDeviceForAccess,
  findMemberForAccess,
  insertAccessRule,
  listAccessRulesPage,
  rulesOfSubjects,
  updateAccessRule,
} from './access-rules.repository';
import { type OrgAccessRuleRow } from './access-rules.tables';
import { changeInOrg, type OrgCaller, type OrgMembership } from './membership';
import { cursorOf, parseCursor } from './org-cursor';
import { findDeviceGroup, findOrgDevice } from './org-devices.repository';
import { findDepartment, findMember, findRole } from './organisations.repository';

// An organisation's access rules and the answers drawn from them (ADR 0046).

/**
 * A department admin's scope holds no device group yet (ADR 0045): every device or group they name
 * is not found, so they write no rule and see none (ADR 0046).
 */
const seesNoDevices = (me: OrgMembership) => me.scoped;

export function accessRuleOf(row: OrgAccessRuleRow): TOrgAccessRule {
  return {
    id: row.id,
    subject: { type: row.subject_type as TOrgAccessSubjectType, id: row.subject_id, subtree: fromDbBool(row.subject_subtree) },
    object: { type: row.object_type as TOrgAccessObjectType, id: row.object_id, subtree: fromDbBool(row.object_subtree) },
    permission: row.permission as TOrgAccessPermission,
    createdBy: row.created_by,
    createdAt: fromDbDate(row.created_at).toISOString(),
    updatedAt: fromDbDate(row.updated_at).toISOString(),
  };
}

/** The subject and the object must be the organisation's: each unknown one is its own "not found". */
async function guardNamed(trx: Db, orgId: string, subject: { type: string; id: string }, object: { type: string; id: string }) {
  if (subject.type === 'MEMBER' && !(await findMember(trx, orgId, subject.id))) throw new AppError('ORG_MEMBER_NOT_FOUND');
  if (subject.type === 'DEPARTMENT' && !(await findDepartment(trx, orgId, subject.id))) throw new AppError('ORG_DEPARTMENT_NOT_FOUND');
  if (subject.type === 'ROLE' && !(await findRole(trx, orgId, subject.id))) throw new AppError('ORG_ROLE_NOT_FOUND');
  if (object.type === 'DEVICE' && (await findOrgDevice(trx, object.id))?.org_id !== orgId) throw new AppError('ORG_DEVICE_NOT_FOUND');
  if (object.type === 'GROUP' && !(await findDeviceGroup(trx, orgId, object.id))) throw new AppError('ORG_DEVICE_GROUP_NOT_FOUND');
}

export async function createAccessRule(
  db: Db,
  caller: OrgCaller,
  request: Omit<TOrgAccessRuleCreateRequest, 'orgId'>,
  now = new Date(),
): Promise<TOrgAccessRule> {
  return changeInOrg(
    db,
    caller,
    'access.manage',
    async (trx, me) => {
      const { subject, object } = request;
      if (seesNoDevices(me)) throw new AppError(object.type === 'DEVICE' ? 'ORG_DEVICE_NOT_FOUND' : 'ORG_DEVICE_GROUP_NOT_FOUND');
      await guardNamed(trx, me.orgId, subject, object);
      const pair = { subjectType: subject.type, subjectId: subject.id, objectType: object.type, objectId: object.id };
      // under the organisation's lock: of simultaneous creates of one pair, the first makes it
      if (await findAccessRuleOfPair(trx, me.orgId, pair)) throw new AppError('ORG_ACCESS_RULE_DUPLICATE');
      const stamp = toDbDate(now);
      const row: OrgAccessRuleRow = {
        id: newId(now.getTime()),
        org_id: me.orgId,
        subject_type: subject.type,
        subject_id: subject.id,
        subject_subtree: toDbBool(subject.subtree ?? false),
        object_type: object.type,
        object_id: object.id,
        object_subtree: toDbBool(object.subtree ?? false),
        permission: request.permission,
        created_by: me.userId,
        created_at: stamp,
        updated_at: stamp,
      };
      await insertAccessRule(trx, row);
      const rule = accessRuleOf(row);
      const { id, subject: s, object: o, permission } = rule;
      return {
        result: rule,
        audit: {
          action: 'accessRule.create',
          targetType: 'accessRule',
          targetId: id,
          before: null,
          after: { subject: s, object: o, permission },
        },
      };
    },
    now,
  );
}

async function getAccessRule(trx: Db, me: OrgMembership, ruleId: string): Promise<OrgAccessRuleRow> {
  const rule = seesNoDevices(me) ? undefined : await findAccessRule(trx, me.orgId, ruleId);
  if (!rule) throw new AppError('ORG_ACCESS_RULE_NOT_FOUND');
  return rule;
}

const auditView = (rule: TOrgAccessRule) => ({
  permission: rule.permission,
  subjectSubtree: rule.subject.subtree,
  objectSubtree: rule.object.subtree,
});

export async function changeAccessRule(
  db: Db,
  caller: OrgCaller,
  request: Omit<TOrgAccessRuleUpdateRequest, 'orgId'>,
  now = new Date(),
): Promise<TOrgAccessRule> {
  return changeInOrg(
    db,
    caller,
    'access.manage',
    async (trx, me) => {
      const row = await getAccessRule(trx, me, request.ruleId);
      // a sub-tree only for a department and a group, as at creation
      if (request.subjectSubtree === true && row.subject_type !== 'DEPARTMENT') throw new AppError('VALIDATION_FAILED');
      if (request.objectSubtree === true && row.object_type !== 'GROUP') throw new AppError('VALIDATION_FAILED');
      const values = {
        permission: request.permission,
        subject_subtree: request.subjectSubtree === undefined ? row.subject_subtree : toDbBool(request.subjectSubtree),
        object_subtree: request.objectSubtree === undefined ? row.object_subtree : toDbBool(request.objectSubtree),
        updated_at: toDbDate(now),
      };
      await updateAccessRule(trx, row.id, values);
      const before = accessRuleOf(row);
      const after = accessRuleOf({ ...row, ...values });
      return {
        result: after,
        audit: {
          action: 'accessRule.update',
          targetType: 'accessRule',
          targetId: row.id,
          before: auditView(before),
          after: auditView(after),
        },
      };
    },
    now,
  );
}

export async function removeAccessRule(db: Db, caller: OrgCaller, ruleId: string, now = new Date()): Promise<null> {
  return changeInOrg(
    db,
    caller,
    'access.manage',
    async (trx, me) => {
      const row = await getAccessRule(trx, me, ruleId);
      await deleteAccessRule(trx, me.orgId, row.id);
      const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...before } = accessRuleOf(row);
      return { result: null, audit: { action: 'accessRule.delete', targetType: 'accessRule', targetId: row.id, before, after: null } };
    },
    now,
  );
}

export async function listAccessRules(db: Db, me: OrgMembership, query: TOrgAccessRuleListQuery): Promise<TOrgAccessRulePage> {
  if (seesNoDevices(me)) return { items: [], next: null };
  const rows = await listAccessRulesPage(db, {
    orgId: me.orgId,
    subject: query.subjectType && query.subjectId ? { type: query.subjectType, id: query.subjectId } : undefined,
    object: query.objectType && query.objectId ? { type: query.objectType, id: query.objectId } : undefined,
    before: query.before ? parseCursor(query.before) : undefined,
    limit: query.pageSize + 1,
  });
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  return { items: page.map(accessRuleOf), next: rows.length > query.pageSize && last ? cursorOf(last.created_at, last.id) : null };
}

// ---- The answers ----------------------------------------------------------------------------

/** GET /org/access/explain: the decision, its winning rule and every rule that applied. */
export async function explainAccess(
  db: Db,
  me: OrgMembership,
  query: { deviceId: string; userId: string },
): Promise<TOrgAccessExplanation> {
  if (seesNoDevices(me)) throw new AppError('ORG_DEVICE_NOT_FOUND');
  if (!(await findDeviceForAccess(db, me.orgId, query.deviceId))) throw new AppError('ORG_DEVICE_NOT_FOUND');
  const decision = await orgAccessFor(db, { orgId: me.orgId, userId: query.userId, deviceId: query.deviceId });
  if (!decision) throw new AppError('ORG_MEMBER_NOT_FOUND');
  const winner = decision.applying.find((rule) => rule.id === decision.ruleId);
  return {
    permission: decision.permission,
    ruleId: decision.ruleId,
    reason: decision.reason,
    rule: winner ? accessRuleOf(winner) : null,
    applying: decision.applying.map(accessRuleOf),
  };
}

/** How many members or devices one page reads at a time while it gathers those that reach. */
const SCAN_CHUNK = 500;

/** GET /org/access/whoCanReach: active members who reach the device, by user id; the device's rules are read once. */
export async function whoCanReach(db: Db, me: OrgMembership, query: Omit<TOrgWhoCanReachQuery, 'orgId'>): Promise<TOrgWhoCanReachPage> {
  const device = seesNoDevices(me) ? undefined : await findDeviceForAccess(db, me.orgId, query.deviceId);
  if (!device) throw new AppError('ORG_DEVICE_NOT_FOUND');
  const object: AccessObject = { deviceId: device.device_id, status: device.status, groupPath: device.group_path };
  const rules = await rulesOnDevice(db, me.orgId, object);
  const items: TOrgWhoCanReachPage['items'] = [];
  let after = query.after;
  if (rules.length === 0 || object.status !== 'ACTIVE') return { items, next: null };
  for (;;) {
    const members = await activeMembersAfter(db, me.orgId, after, SCAN_CHUNK);
    for (const member of members) {
      const subject: AccessSubject = {
        userId: member.user_id,
        roleId: member.role_id,
        status: member.status,
        departmentPath: member.department_path,
      };
      const decision = decideAccess(rules, subject, object);
      if (decision.permission !== null && decision.ruleId !== null) {
        // one more than the page: only then is there a next page (no empty last page to ask for)
        if (items.length === query.pageSize) return { items, next: items.at(-1)!.userId };
        items.push({ userId: member.user_id, permission: decision.permission, ruleId: decision.ruleId });
      }
      after = member.user_id;
    }
    if (members.length < SCAN_CHUNK) return { items, next: null };
  }
}

/** GET /org/access/memberReach: active devices the member reaches, by device id; the member's rules are read once. */
export async function memberReach(db: Db, me: OrgMembership, query: Omit<TOrgMemberReachQuery, 'orgId'>): Promise<TOrgMemberReachPage> {
  if (seesNoDevices(me)) throw new AppError('ORG_MEMBER_NOT_FOUND');
  const member = await findMemberForAccess(db, me.orgId, query.userId);
  if (!member) throw new AppError('ORG_MEMBER_NOT_FOUND');
  const subject: AccessSubject = {
    userId: member.user_id,
    roleId: member.role_id,
    status: member.status,
    departmentPath: member.department_path,
  };
  const items: TOrgMemberReachPage['items'] = [];
  if (subject.status !== 'ACTIVE') return { items, next: null };
  const rules = await rulesOfSubjects(db, me.orgId, {
    userId: subject.userId,
    departmentIds: nearestFirst(subject.departmentPath),
    roleId: subject.roleId,
  });
  if (rules.length === 0) return { items, next: null };
  let after = query.after;
  for (;;) {
    const devices = await activeDevicesAfter(db, me.orgId, after, SCAN_CHUNK);
    for (const device of devices) {
      const decision = decideAccess(rules, subject, { deviceId: device.device_id, status: device.status, groupPath: device.group_path });
      if (decision.permission !== null && decision.ruleId !== null) {
        if (items.length === query.pageSize) return { items, next: items.at(-1)!.deviceId };
        items.push({ deviceId: device.device_id, permission: decision.permission, ruleId: decision.ruleId });
      }
      after = device.device_id;
    }
    if (devices.length < SCAN_CHUNK) return { items, next: null };
  }
}

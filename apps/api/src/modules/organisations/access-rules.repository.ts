import { type Insertable, type Updateable } from 'kysely';
import { touchedRows } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type OrgAccessRulesTable, orgAccessTables } from './access-rules.tables';
import { orgDevicesTables } from './org-devices.tables';
import { organisationsTables } from './organisations.tables';

// Every query of org_access_rules, and the reads of members and devices the decision needs (ADR 0046).

const own = orgAccessTables;

export async function insertAccessRule(db: Db, row: Insertable<OrgAccessRulesTable>): Promise<void> {
  await own(db).insertInto('org_access_rules').values(row).execute();
}

export function findAccessRule(db: Db, orgId: string, ruleId: string) {
  return own(db).selectFrom('org_access_rules').selectAll().where('org_id', '=', orgId).where('id', '=', ruleId).executeTakeFirst();
}

/** The rule of this subject × object, if any (the unique index). */
export function findAccessRuleOfPair(
  db: Db,
  orgId: string,
  pair: { subjectType: string; subjectId: string; objectType: string; objectId: string },
) {
  return own(db)
    .selectFrom('org_access_rules')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('object_type', '=', pair.objectType)
    .where('object_id', '=', pair.objectId)
    .where('subject_type', '=', pair.subjectType)
    .where('subject_id', '=', pair.subjectId)
    .executeTakeFirst();
}

export async function updateAccessRule(db: Db, ruleId: string, values: Updateable<OrgAccessRulesTable>): Promise<void> {
  await own(db).updateTable('org_access_rules').set(values).where('id', '=', ruleId).execute();
}

/** The rules whose subject or object is this one (the delete hooks of ADR 0046, decision 4). */
export function rulesNaming(db: Db, orgId: string, named: { side: 'subject' | 'object'; type: string; id: string }) {
  const query = own(db).selectFrom('org_access_rules').selectAll().where('org_id', '=', orgId);
  const naming =
    named.side === 'subject'
      ? query.where('subject_type', '=', named.type).where('subject_id', '=', named.id)
      : query.where('object_type', '=', named.type).where('object_id', '=', named.id);
  return naming.orderBy('id').execute();
}

export async function deleteAccessRule(db: Db, orgId: string, ruleId: string): Promise<boolean> {
  const result = await own(db).deleteFrom('org_access_rules').where('org_id', '=', orgId).where('id', '=', ruleId).executeTakeFirst();
  return touchedRows(result) === 1;
}

export interface AccessRulePageQuery {
  orgId: string;
  subject?: { type: string; id: string };
  object?: { type: string; id: string };
  before?: { at: string; id: string };
  limit: number;
}

/** Newest first on the (org_id, created_at, id) index. */
export function listAccessRulesPage(db: Db, query: AccessRulePageQuery) {
  let select = own(db).selectFrom('org_access_rules').selectAll().where('org_id', '=', query.orgId);
  if (query.subject) select = select.where('subject_type', '=', query.subject.type).where('subject_id', '=', query.subject.id);
  if (query.object) select = select.where('object_type', '=', query.object.type).where('object_id', '=', query.object.id);
  const { before } = query;
  if (before) select = select.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(before.at, before.id)));
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
}

/** The rules whose object is one of these devices / groups (the unique index's prefix), optionally of these subjects. */
export function rulesOnObjects(
  db: Db,
  orgId: string,
  objects: { deviceIds: readonly string[]; groupIds: readonly string[] },
  subjects?: { userIds: readonly string[]; departmentIds: readonly string[]; roleIds: readonly string[] },
) {
  return own(db)
    .selectFrom('org_access_rules')
    .selectAll()
    .where('org_id', '=', orgId)
    .where((eb) =>
      eb.or([
        ...(objects.deviceIds.length ? [eb.and([eb('object_type', '=', 'DEVICE'), eb('object_id', 'in', objects.deviceIds)])] : []),
        ...(objects.groupIds.length ? [eb.and([eb('object_type', '=', 'GROUP'), eb('object_id', 'in', objects.groupIds)])] : []),
      ]),
    )
    .$if(subjects !== undefined, (select) =>
      select.where((eb) =>
        eb.or([
          ...(subjects!.userIds.length ? [eb.and([eb('subject_type', '=', 'MEMBER'), eb('subject_id', 'in', subjects!.userIds)])] : []),
          ...(subjects!.departmentIds.length
            ? [eb.and([eb('subject_type', '=', 'DEPARTMENT'), eb('subject_id', 'in', subjects!.departmentIds)])]
            : []),
          ...(subjects!.roleIds.length ? [eb.and([eb('subject_type', '=', 'ROLE'), eb('subject_id', 'in', subjects!.roleIds)])] : []),
        ]),
      ),
    )
    .execute();
}

/** The rules whose subject is the member, one of these departments or the role (the subject index). */
export function rulesOfSubjects(db: Db, orgId: string, subjects: { userId: string; departmentIds: readonly string[]; roleId: string }) {
  return own(db)
    .selectFrom('org_access_rules')
    .selectAll()
    .where('org_id', '=', orgId)
    .where((eb) =>
      eb.or([
        eb.and([eb('subject_type', '=', 'MEMBER'), eb('subject_id', '=', subjects.userId)]),
        ...(subjects.departmentIds.length
          ? [eb.and([eb('subject_type', '=', 'DEPARTMENT'), eb('subject_id', 'in', subjects.departmentIds)])]
          : []),
        eb.and([eb('subject_type', '=', 'ROLE'), eb('subject_id', '=', subjects.roleId)]),
      ]),
    )
    .execute();
}

/** A member with their department's path (null: none, or a department gone). */
export function findMemberForAccess(db: Db, orgId: string, userId: string) {
  return organisationsTables(db)
    .selectFrom('org_members as m')
    .leftJoin('org_departments as d', 'd.id', 'm.department_id')
    .select(['m.user_id', 'm.role_id', 'm.status', 'd.path as department_path'])
    .where('m.org_id', '=', orgId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

/** Active members after a user id, by user id, with their department's path. */
export function activeMembersAfter(db: Db, orgId: string, after: string | undefined, limit: number) {
  return organisationsTables(db)
    .selectFrom('org_members as m')
    .leftJoin('org_departments as d', 'd.id', 'm.department_id')
    .select(['m.user_id', 'm.role_id', 'm.status', 'd.path as department_path'])
    .where('m.org_id', '=', orgId)
    .where('m.status', '=', 'ACTIVE')
    .$if(after !== undefined, (select) => select.where('m.user_id', '>', after!))
    .orderBy('m.user_id')
    .limit(limit)
    .execute();
}

/** An organisation's device with its group's path. */
export function findDeviceForAccess(db: Db, orgId: string, deviceId: string) {
  return orgDevicesTables(db)
    .selectFrom('org_devices as v')
    .leftJoin('org_device_groups as g', 'g.id', 'v.group_id')
    .select(['v.device_id', 'v.status', 'g.path as group_path'])
    .where('v.org_id', '=', orgId)
    .where('v.device_id', '=', deviceId)
    .executeTakeFirst();
}

/** Active devices after a device id, by device id, with their group's path. */
export function activeDevicesAfter(db: Db, orgId: string, after: string | undefined, limit: number) {
  return orgDevicesTables(db)
    .selectFrom('org_devices as v')
    .leftJoin('org_device_groups as g', 'g.id', 'v.group_id')
    .select(['v.device_id', 'v.status', 'g.path as group_path'])
    .where('v.org_id', '=', orgId)
    .where('v.status', '=', 'ACTIVE')
    .$if(after !== undefined, (select) => select.where('v.device_id', '>', after!))
    .orderBy('v.device_id')
    .limit(limit)
    .execute();
}

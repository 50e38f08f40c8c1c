import {
  type TOrgCreateRequest,
  type TOrgInfo,
  type TOrgList,
  type TOrgMember,
  type TOrgMemberListQuery,
  type TOrgMemberPage,
  type TOrgSetRoleRequest,
  type TOrgUpdateRequest,
} from '@llk/contracts';
import { fromDbDate, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { findUserNames } from '../users';
import {
  changeInOrg,
  inScope,
  type OrgCaller,
  type OrgMembership,
  recordOrgAudit,
  recordOrgAuditInOrder,
  roleIsScoped,
  rolePermissions,
} from './membership';
import { cursorOf, parseCursor } from './org-cursor';
import {
  countActiveWithRole,
  countMembers,
  deleteMember,
  findDepartment,
  findDepartments,
  findMember,
  findOldestActiveWithRole,
  findOrganisation,
  findSoleOwnerships,
  findRole,
  insertMember,
  insertOrganisation,
  listDepartmentAdmins,
  listMembersPage,
  listMemberships,
  listMembershipsOfUser,
  lockOrganisation,
  replaceDepartmentAdmins,
  updateMember,
  updateOrganisation,
} from './organisations.repository';
import { type OrganisationRow, type OrgMemberRow } from './organisations.tables';
import { forgetRulesNaming } from './access-rules.hooks';

// The organisation and its members (ADR 0043): create, list, read and change an organisation;
// list members, give roles and departments, disable, enable, remove, leave, transfer ownership.

const OWNER = 'OWNER';
const ADMIN = 'ADMIN';

const iso = (value: string) => fromDbDate(value).toISOString();

function orgCard(org: OrganisationRow) {
  return { name: org.name, logoUrl: org.logo_url, contactEmail: org.contact_email };
}

export async function createOrganisation(
  db: Db,
  caller: { userId: string; ip: string | null },
  request: TOrgCreateRequest,
  now = new Date(),
): Promise<{ id: string }> {
  const stamp = toDbDate(now);
  const id = newId(now.getTime());
  await db.transaction().execute(async (trx) => {
    await insertOrganisation(trx, {
      id,
      name: request.name,
      logo_url: request.logoUrl ?? null,
      contact_email: request.contactEmail ?? null,
      created_by: caller.userId,
      created_at: stamp,
      updated_at: stamp,
      closing_at: null,
    });
    await insertMember(trx, {
      org_id: id,
      user_id: caller.userId,
      role_id: OWNER,
      department_id: null,
      status: 'ACTIVE',
      joined_at: stamp,
      updated_at: stamp,
    });
    const after = { name: request.name, logoUrl: request.logoUrl ?? null, contactEmail: request.contactEmail ?? null };
    await recordOrgAudit(
      trx,
      { orgId: id, ...caller },
      { action: 'org.create', targetType: 'organisation', targetId: id, before: null, after },
      now,
    );
  });
  return { id };
}

export async function listOrganisations(db: Db, userId: string): Promise<TOrgList> {
  const rows = await listMemberships(db, userId);
  return {
    list: rows.map((row) => ({
      id: row.id,
      name: row.name,
      logoUrl: row.logo_url,
      role: { id: row.role_id, code: row.role_code, name: row.role_name },
      joinedAt: iso(row.joined_at),
    })),
  };
}

export async function organisationInfo(db: Db, me: OrgMembership): Promise<TOrgInfo> {
  const [org, role, memberCount] = await Promise.all([
    findOrganisation(db, me.orgId),
    findRole(db, me.orgId, me.roleId),
    countMembers(db, me.orgId),
  ]);
  if (!org || !role) throw new AppError('ORG_NOT_FOUND');
  return {
    id: org.id,
    ...orgCard(org),
    createdAt: iso(org.created_at),
    role: { id: role.id, code: role.code, name: role.name },
    permissions: [...me.permissions],
    departmentIds: [...me.departmentIds],
    memberCount,
  };
}

export async function changeOrganisation(db: Db, caller: OrgCaller, request: TOrgUpdateRequest, now = new Date()): Promise<TOrgInfo> {
  return changeInOrg(
    db,
    caller,
    'settings',
    async (trx, me) => {
      const org = await findOrganisation(trx, caller.orgId);
      if (!org) throw new AppError('ORG_NOT_FOUND');
      const values = {
        ...(request.name !== undefined ? { name: request.name } : {}),
        ...(request.logoUrl !== undefined ? { logo_url: request.logoUrl } : {}),
        ...(request.contactEmail !== undefined ? { contact_email: request.contactEmail } : {}),
      };
      await updateOrganisation(trx, caller.orgId, { ...values, updated_at: toDbDate(now) });
      const after = { ...org, ...values };
      return {
        // read in the change's transaction: a disable committed right after it must not turn a done change into ORG_NOT_FOUND
        result: await organisationInfo(trx, me),
        audit: { action: 'org.update', targetType: 'organisation', targetId: org.id, before: orgCard(org), after: orgCard(after) },
      };
    },
    now,
  );
}

// ---- Members --------------------------------------------------------------------------------

export async function listMembers(db: Db, me: OrgMembership, query: TOrgMemberListQuery): Promise<TOrgMemberPage> {
  const within: string[][] = [];
  if (me.scoped) within.push([...me.scopePaths]);
  if (query.departmentId !== undefined) {
    const department = await findDepartment(db, me.orgId, query.departmentId);
    if (!department || !inScope(me, department.path)) throw new AppError('ORG_DEPARTMENT_NOT_FOUND');
    within.push([department.path]);
  }
  const after = query.after ? parseCursor(query.after) : undefined;
  const rows = await listMembersPage(db, {
    orgId: me.orgId,
    within,
    limit: query.pageSize + 1,
    ...(query.q !== undefined ? { q: query.q } : {}),
    ...(query.roleId !== undefined ? { roleId: query.roleId } : {}),
    ...(query.status !== undefined ? { status: query.status } : {}),
    ...(after ? { after: { joinedAt: after.at, userId: after.id } } : {}),
  });
  const page = rows.slice(0, query.pageSize);
  const items = await describeMembers(db, me.orgId, page);
  const last = page.at(-1);
  return { items, next: rows.length > query.pageSize && last ? cursorOf(last.joined_at, last.user_id) : null };
}

async function describeMembers(db: Db, orgId: string, rows: OrgMemberRow[]): Promise<TOrgMember[]> {
  const userIds = rows.map((row) => row.user_id);
  const roleIds = [...new Set(rows.map((row) => row.role_id))];
  const [names, admins, roles] = await Promise.all([
    findUserNames(db, userIds),
    listDepartmentAdmins(db, orgId, userIds),
    Promise.all(roleIds.map((roleId) => findRole(db, orgId, roleId))),
  ]);
  const nameOf = new Map(names.map((name) => [name.id, name]));
  const roleOf = new Map(roles.flatMap((role) => (role ? [[role.id, role] as const] : [])));
  return rows.map((row) => {
    const role = roleOf.get(row.role_id);
    return {
      userId: row.user_id,
      username: nameOf.get(row.user_id)?.username ?? null,
      nickname: nameOf.get(row.user_id)?.nickname ?? '',
      role: { id: row.role_id, code: role?.code ?? '', name: role?.name ?? '' },
      departmentId: row.department_id,
      adminOfDepartmentIds: admins.filter((admin) => admin.user_id === row.user_id).map((admin) => admin.department_id),
      status: row.status === 'DISABLED' ? 'DISABLED' : 'ACTIVE',
      joinedAt: iso(row.joined_at),
    };
  });
}

/** A member the caller may act on: in the organisation and, for a department admin, in their sub-trees. */
async function getTarget(trx: Db, me: OrgMembership, userId: string): Promise<OrgMemberRow> {
  const member = await findMember(trx, me.orgId, userId);
  if (!member) throw new AppError('ORG_MEMBER_NOT_FOUND');
  if (me.scoped) {
    const department = member.department_id ? await findDepartment(trx, me.orgId, member.department_id) : undefined;
    if (!inScope(me, department?.path ?? null)) throw new AppError('ORG_MEMBER_NOT_FOUND');
  }
  return member;
}

/**
 * An owner loses the role, the membership or the right to act: refused when no other active owner
 * would be left (ORG_LAST_OWNER), and for anybody but an owner.
 */
async function guardOwner(trx: Db, me: OrgMembership, target: OrgMemberRow): Promise<void> {
  if (target.role_id !== OWNER) return;
  if (target.status === 'ACTIVE' && (await countActiveWithRole(trx, me.orgId, OWNER, target.user_id)) === 0)
    throw new AppError('ORG_LAST_OWNER');
  if (me.roleCode !== OWNER) throw new AppError('ORG_PERMISSION_DENIED');
}

/**
 * Nobody changes the membership of a member whose role holds a permission they lack (an owner
 * holds them all); a department admin, whose permissions reach only their sub-trees, changes only
 * members whose role holds none (another department admin's departments may reach past theirs).
 */
async function guardOutranked(trx: Db, me: OrgMembership, target: OrgMemberRow): Promise<void> {
  if (target.user_id === me.userId) return;
  const role = await findRole(trx, me.orgId, target.role_id);
  if (!role) return;
  const permissions = rolePermissions(role);
  if (permissions.some((permission) => !me.permissions.has(permission))) throw new AppError('ORG_MEMBER_OUTRANKS');
  if (me.scoped && permissions.length > 0) throw new AppError('ORG_MEMBER_OUTRANKS');
}

async function memberState(trx: Db, orgId: string, member: OrgMemberRow) {
  const admins = await listDepartmentAdmins(trx, orgId, [member.user_id]);
  return {
    roleId: member.role_id,
    departmentId: member.department_id,
    status: member.status,
    adminOfDepartmentIds: admins.map((admin) => admin.department_id),
  };
}

export async function setMemberRole(db: Db, caller: OrgCaller, request: TOrgSetRoleRequest, now = new Date()): Promise<null> {
  return changeInOrg(
    db,
    caller,
    'members.manage',
    async (trx, me) => {
      const self = request.userId === me.userId;
      if (self && me.roleCode !== OWNER) throw new AppError('ORG_MEMBER_SELF');
      const target = await getTarget(trx, me, request.userId);
      const role = await findRole(trx, me.orgId, request.roleId);
      if (!role) throw new AppError('ORG_ROLE_NOT_FOUND');
      if (role.id !== OWNER) await guardOwner(trx, me, target);
      if (role.id === OWNER && me.roleCode !== OWNER) throw new AppError('ORG_PERMISSION_DENIED');
      await guardOutranked(trx, me, target);
      if (rolePermissions(role).some((permission) => !me.permissions.has(permission))) throw new AppError('ORG_ROLE_TOO_HIGH');
      const scoped = roleIsScoped(role);
      // a department admin's permissions stop at their sub-trees; a role's reach the whole organisation
      if (me.scoped && rolePermissions(role).length > 0) throw new AppError('ORG_ROLE_TOO_HIGH');
      const departmentIds = scoped ? [...new Set(request.departmentIds ?? [])].sort() : [];
      if (scoped && departmentIds.length === 0) throw new AppError('ORG_ROLE_DEPARTMENTS_REQUIRED');
      if ((await findDepartments(trx, me.orgId, departmentIds)).length !== departmentIds.length)
        throw new AppError('ORG_DEPARTMENT_NOT_FOUND');
      const before = await memberState(trx, me.orgId, target);
      await updateMember(trx, me.orgId, target.user_id, { role_id: role.id, updated_at: toDbDate(now) });
      await replaceDepartmentAdmins(trx, me.orgId, target.user_id, departmentIds);
      const after = { ...before, roleId: role.id, adminOfDepartmentIds: departmentIds };
      return { result: null, audit: { action: 'member.setRole', targetType: 'member', targetId: target.user_id, before, after } };
    },
    now,
  );
}

export async function setMemberDepartment(
  db: Db,
  caller: OrgCaller,
  request: { userId: string; departmentId: string | null },
  now = new Date(),
): Promise<null> {
  return changeInOrg(
    db,
    caller,
    'members.manage',
    async (trx, me) => {
      const target = await getTarget(trx, me, request.userId);
      await guardOutranked(trx, me, target);
      let path: string | null = null;
      if (request.departmentId !== null) {
        const department = await findDepartment(trx, me.orgId, request.departmentId);
        if (!department || !inScope(me, department.path)) throw new AppError('ORG_DEPARTMENT_NOT_FOUND');
        path = department.path;
      }
      // a department admin keeps the member inside their sub-trees
      if (!inScope(me, path)) throw new AppError('ORG_PERMISSION_DENIED');
      const before = await memberState(trx, me.orgId, target);
      await updateMember(trx, me.orgId, target.user_id, { department_id: request.departmentId, updated_at: toDbDate(now) });
      const after = { ...before, departmentId: request.departmentId };
      return { result: null, audit: { action: 'member.setDepartment', targetType: 'member', targetId: target.user_id, before, after } };
    },
    now,
  );
}

export async function setMemberStatus(
  db: Db,
  caller: OrgCaller,
  userId: string,
  status: 'ACTIVE' | 'DISABLED',
  now = new Date(),
): Promise<null> {
  return changeInOrg(
    db,
    caller,
    'members.manage',
    async (trx, me) => {
      if (userId === me.userId) throw new AppError('ORG_MEMBER_SELF');
      const target = await getTarget(trx, me, userId);
      if (status === 'DISABLED') await guardOwner(trx, me, target);
      else if (target.role_id === OWNER && me.roleCode !== OWNER) throw new AppError('ORG_PERMISSION_DENIED');
      await guardOutranked(trx, me, target);
      const before = await memberState(trx, me.orgId, target);
      await updateMember(trx, me.orgId, target.user_id, { status, updated_at: toDbDate(now) });
      return {
        result: null,
        audit: {
          action: status === 'DISABLED' ? 'member.disable' : 'member.enable',
          targetType: 'member',
          targetId: target.user_id,
          before,
          after: { ...before, status },
        },
      };
    },
    now,
  );
}

export async function removeMember(db: Db, caller: OrgCaller, userId: string, now = new Date()): Promise<null> {
  return changeInOrg(
    db,
    caller,
    'members.manage',
    async (trx, me) => {
      if (userId === me.userId) throw new AppError('ORG_MEMBER_SELF');
      const target = await getTarget(trx, me, userId);
      await guardOwner(trx, me, target);
      await guardOutranked(trx, me, target);
      const before = await memberState(trx, me.orgId, target);
      await deleteMember(trx, me.orgId, target.user_id);
      await forgetRulesNaming(trx, caller, { side: 'subject', type: 'MEMBER', id: target.user_id }, now);
      return { result: null, audit: { action: 'member.remove', targetType: 'member', targetId: target.user_id, before, after: null } };
    },
    now,
  );
}

export async function leaveOrganisation(db: Db, caller: OrgCaller, now = new Date()): Promise<null> {
  return changeInOrg(
    db,
    caller,
    'member',
    async (trx, me) => {
      const target = await getTarget(trx, { ...me, scoped: false }, me.userId);
      await guardOwner(trx, me, target);
      const before = await memberState(trx, me.orgId, target);
      await deleteMember(trx, me.orgId, me.userId);
      await forgetRulesNaming(trx, caller, { side: 'subject', type: 'MEMBER', id: me.userId }, now);
      return { result: null, audit: { action: 'member.leave', targetType: 'member', targetId: me.userId, before, after: null } };
    },
    now,
  );
}

/** The member becomes OWNER and the caller ADMIN, in one change. */
export async function transferOwnership(db: Db, caller: OrgCaller, userId: string, now = new Date()): Promise<null> {
  return changeInOrg(
    db,
    caller,
    'owner',
    async (trx, me) => {
      if (userId === me.userId) throw new AppError('ORG_MEMBER_SELF');
      const target = await getTarget(trx, me, userId);
      if (target.status !== 'ACTIVE') throw new AppError('ORG_MEMBER_NOT_FOUND');
      const stamp = toDbDate(now);
      const before = { owner: me.userId, to: { userId: target.user_id, roleId: target.role_id } };
      await updateMember(trx, me.orgId, target.user_id, { role_id: OWNER, updated_at: stamp });
      await replaceDepartmentAdmins(trx, me.orgId, target.user_id, []);
      await updateMember(trx, me.orgId, me.userId, { role_id: ADMIN, updated_at: stamp });
      const after = { owner: target.user_id, from: { userId: me.userId, roleId: ADMIN } };
      return { result: null, audit: { action: 'owner.transfer', targetType: 'member', targetId: target.user_id, before, after } };
    },
    now,
  );
}

// ---- An account's cancellation and erasure (ADR 0043, "An erased account") ---------------------

/** An account may be cancelled only when no organisation would lose its last active owner. */
export async function guardNoSoleOwnership(db: Db, userId: string): Promise<void> {
  const [sole] = await findSoleOwnerships(db, userId);
  if (sole) throw new AppError('ORG_SOLE_OWNER_CANCEL', { params: { name: sole.name } });
}

/**
 * The accounts-erase job's part: every membership of the account goes, with its department-admin
 * rows, each with a `member.erase` audit row by nobody (the system), under its organisation's
 * lock. An organisation that would be left without an active owner (the account became its owner
 * during the cooling-off) gets the active ADMIN who joined first as OWNER (`owner.assign`); with
 * no such admin it stays owner-less, recorded by an `org.ownerless` row.
 */
export async function eraseMembershipsOf(trx: Db, userId: string, now = new Date()): Promise<number> {
  let erased = 0;
  for (const { org_id: orgId } of await listMembershipsOfUser(trx, userId)) {
    await lockOrganisation(trx, orgId);
    const member = await findMember(trx, orgId, userId);
    if (!member) continue;
    const system = { orgId, userId: null, ip: null };
    const lastOwner =
      member.role_id === OWNER && member.status === 'ACTIVE' && (await countActiveWithRole(trx, orgId, OWNER, userId)) === 0;
    const before = await memberState(trx, orgId, member);
    await deleteMember(trx, orgId, userId);
    await forgetRulesNaming(trx, system, { side: 'subject', type: 'MEMBER', id: userId }, now);
    await recordOrgAuditInOrder(trx, system, { action: 'member.erase', targetType: 'member', targetId: userId, before, after: null }, now);
    erased += 1;
    if (!lastOwner) continue;
    const heir = await findOldestActiveWithRole(trx, orgId, ADMIN);
    if (!heir) {
      const audit = {
        action: 'org.ownerless',
        targetType: 'organisation',
        targetId: orgId,
        before: { owner: userId },
        after: { owner: null },
      } as const;
      await recordOrgAuditInOrder(trx, system, audit, now);
      continue;
    }
    await updateMember(trx, orgId, heir.user_id, { role_id: OWNER, updated_at: toDbDate(now) });
    const audit = {
      action: 'owner.assign',
      targetType: 'member',
      targetId: heir.user_id,
      before: { roleId: heir.role_id, erasedOwner: userId },
      after: { roleId: OWNER },
    } as const;
    await recordOrgAuditInOrder(trx, system, audit, now);
  }
  return erased;
}

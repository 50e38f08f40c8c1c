import {
  ORG_AUDIT_ACTIONS,
  ORG_BUILT_IN_ROLE_CODES,
  ORG_DEPARTMENT_DEPTH_MAX,
  ORG_CUSTOM_ROLE_CODE,
  type TOrgAuditListQuery,
  type TOrgAuditPage,
  type TOrgDepartment,
  type TOrgDepartmentNode,
  type TOrgDepartmentSaveRequest,
  type TOrgDepartmentTree,
  type TOrgPermission,
  type TOrgRole,
  type TOrgRoleList,
  type TOrgRoleSaveRequest,
} from '@llk/contracts';
import { fromDbDate, fromDbBool, isUniqueViolation, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { findUserNames } from '../users';
import { changeInOrg, inScope, type OrgCaller, type OrgMembership, roleIsScoped, rolePermissions } from './membership';
import { cursorOf, parseCursor } from './org-cursor';
import {
  countMembersByDepartment,
  deleteDepartment,
  deleteRole,
  departmentHasAdmins,
  departmentInUse,
  findDepartment,
  findRole,
  insertDepartment,
  longestPathUnder,
  insertRole,
  listAuditPage,
  listDepartments,
  listRoles,
  moveDepartment,
  renameDepartment,
  updateRole,
} from './organisations.repository';
import { type OrgDepartmentRow } from './organisations.tables';
import { refuseWhileRulesName } from './access-rules.hooks';

// Roles, the department tree and the audit log of an organisation (ADR 0043).

// ---- Roles ----------------------------------------------------------------------------------

export async function listOrgRoles(db: Db, me: OrgMembership): Promise<TOrgRoleList> {
  const rows = await listRoles(db, me.orgId);
  // the built-ins in the contract's order (highest first), then the organisation's own as stored
  const rank = (code: string) => {
    const index = (ORG_BUILT_IN_ROLE_CODES as readonly string[]).indexOf(code);
    return index === -1 ? ORG_BUILT_IN_ROLE_CODES.length : index;
  };
  return {
    list: [...rows]
      .sort((a, b) => rank(a.code) - rank(b.code))
      .map((row): TOrgRole => ({
        id: row.id,
        code: row.code,
        name: row.name,
        builtIn: fromDbBool(row.built_in),
        scoped: roleIsScoped(row),
        permissions: rolePermissions(row),
        memberCount: Number(row.member_count ?? 0),
      })),
  };
}

async function guardRoleName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ORG_ROLE_NAME_TAKEN');
    throw error;
  }
}

/**
 * A role with a permission the caller lacks is above them (ORG_ROLE_TOO_HIGH): they neither give
 * one such permission to a role nor edit or delete a role that holds one (an admin would reshape,
 * strip or delete a custom role with billing an owner made).
 */
function guardWithin(me: OrgMembership, permissions: readonly TOrgPermission[]): void {
  if (permissions.some((permission) => !me.permissions.has(permission))) throw new AppError('ORG_ROLE_TOO_HIGH');
}

export async function saveOrgRole(db: Db, caller: OrgCaller, request: TOrgRoleSaveRequest, now = new Date()): Promise<{ id: string }> {
  return changeInOrg(
    db,
    caller,
    'settings',
    async (trx, me) => {
      guardWithin(me, request.permissions);
      const stamp = toDbDate(now);
      const values = {
        name: request.name,
        name_norm: request.name.toLowerCase(),
        permissions: JSON.stringify(request.permissions),
        updated_at: stamp,
      };
      const after = { name: request.name, permissions: request.permissions };
      if (request.roleId === undefined) {
        const id = newId(now.getTime());
        await guardRoleName(() =>
          insertRole(trx, { id, org_id: me.orgId, code: ORG_CUSTOM_ROLE_CODE, built_in: 0, created_at: stamp, ...values }),
        );
        return { result: { id }, audit: { action: 'role.create', targetType: 'role', targetId: id, before: null, after } };
      }
      const role = await findRole(trx, me.orgId, request.roleId);
      if (!role) throw new AppError('ORG_ROLE_NOT_FOUND');
      if (fromDbBool(role.built_in)) throw new AppError('ORG_ROLE_BUILT_IN');
      guardWithin(me, rolePermissions(role));
      await guardRoleName(() => updateRole(trx, role.id, values));
      const before = { name: role.name, permissions: rolePermissions(role) };
      return { result: { id: role.id }, audit: { action: 'role.update', targetType: 'role', targetId: role.id, before, after } };
    },
    now,
  );
}

export async function deleteOrgRole(db: Db, caller: OrgCaller, roleId: string, now = new Date()): Promise<null> {
  return changeInOrg(
    db,
    caller,
    'settings',
    async (trx, me) => {
      const role = await findRole(trx, me.orgId, roleId);
      if (!role) throw new AppError('ORG_ROLE_NOT_FOUND');
      if (fromDbBool(role.built_in)) throw new AppError('ORG_ROLE_BUILT_IN');
      guardWithin(me, rolePermissions(role));
      const held = (await listRoles(trx, me.orgId)).find((row) => row.id === role.id);
      if (Number(held?.member_count ?? 0) > 0) throw new AppError('ORG_ROLE_IN_USE');
      await refuseWhileRulesName(trx, me.orgId, { side: 'subject', type: 'ROLE', id: role.id });
      await deleteRole(trx, role.id);
      const before = { name: role.name, permissions: rolePermissions(role) };
      return { result: null, audit: { action: 'role.delete', targetType: 'role', targetId: role.id, before, after: null } };
    },
    now,
  );
}

// ---- Departments ----------------------------------------------------------------------------

const departmentOf = (row: OrgDepartmentRow): TOrgDepartment => ({ id: row.id, name: row.name, parentId: row.parent_id });

/** The tree, or a department admin's sub-trees (their departments as roots), children by name. */
export async function departmentTree(db: Db, me: OrgMembership): Promise<TOrgDepartmentTree> {
  const [rows, counts] = await Promise.all([
    listDepartments(db, me.orgId, me.scoped ? me.scopePaths : undefined),
    countMembersByDepartment(db, me.orgId),
  ]);
  const countOf = new Map(counts.map((row) => [row.department_id, Number(row.n)]));
  const nodes = new Map<string, TOrgDepartmentNode>(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, parentId: row.parent_id, memberCount: countOf.get(row.id) ?? 0, children: [] },
    ]),
  );
  const roots: TOrgDepartmentNode[] = [];
  // by path, so every parent comes before its children
  for (const row of rows) {
    const node = nodes.get(row.id);
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    if (!node) continue;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const byName = (list: TOrgDepartmentNode[]) => {
    list.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    for (const node of list) byName(node.children);
  };
  byName(roots);
  return { roots };
}

/** Levels of a path: `/a/b/` is 2. */
const depthOf = (path: string) => path.split('/').length - 2;

function guardDepth(depth: number): void {
  if (depth > ORG_DEPARTMENT_DEPTH_MAX) throw new AppError('ORG_DEPARTMENT_TOO_DEEP', { params: { max: ORG_DEPARTMENT_DEPTH_MAX } });
}

async function getDepartmentInScope(trx: Db, me: OrgMembership, departmentId: string): Promise<OrgDepartmentRow> {
  const department = await findDepartment(trx, me.orgId, departmentId);
  if (!department || !inScope(me, department.path)) throw new AppError('ORG_DEPARTMENT_NOT_FOUND');
  return department;
}

/** The new parent's path ('/' for a root); a department admin places departments only inside their sub-trees. */
async function parentPath(trx: Db, me: OrgMembership, parentId: string | null): Promise<string> {
  if (parentId === null) {
    if (me.scoped) throw new AppError('ORG_PERMISSION_DENIED');
    return '/';
  }
  return (await getDepartmentInScope(trx, me, parentId)).path;
}

export async function saveDepartment(
  db: Db,
  caller: OrgCaller,
  request: TOrgDepartmentSaveRequest,
  now = new Date(),
): Promise<TOrgDepartment> {
  return changeInOrg(
    db,
    caller,
    'members.manage',
    async (trx, me) => {
      const stamp = toDbDate(now);
      if (request.departmentId === undefined) {
        const parentId = request.parentId ?? null;
        const id = newId(now.getTime());
        const row = { id, org_id: me.orgId, parent_id: parentId, name: request.name, created_at: stamp, updated_at: stamp };
        const path = `${await parentPath(trx, me, parentId)}${id}/`;
        guardDepth(depthOf(path));
        await insertDepartment(trx, { ...row, path });
        const after = { name: request.name, parentId };
        return {
          result: { id, name: request.name, parentId },
          audit: { action: 'department.create', targetType: 'department', targetId: id, before: null, after },
        };
      }
      const department = await getDepartmentInScope(trx, me, request.departmentId);
      await renameDepartment(trx, department.id, request.name, stamp);
      return {
        result: { ...departmentOf(department), name: request.name },
        audit: {
          action: 'department.update',
          targetType: 'department',
          targetId: department.id,
          before: { name: department.name },
          after: { name: request.name },
        },
      };
    },
    now,
  );
}

/** Moves a department with its sub-tree; under itself or its own sub-tree is ORG_DEPARTMENT_CYCLE. */
export async function moveDepartmentTree(
  db: Db,
  caller: OrgCaller,
  request: { departmentId: string; parentId: string | null },
  now = new Date(),
): Promise<TOrgDepartment> {
  return changeInOrg(
    db,
    caller,
    'members.manage',
    async (trx, me) => {
      const department = await getDepartmentInScope(trx, me, request.departmentId);
      const parent = await parentPath(trx, me, request.parentId);
      if (parent.startsWith(department.path)) throw new AppError('ORG_DEPARTMENT_CYCLE');
      const newPath = `${parent}${department.id}/`;
      const deepest = await longestPathUnder(trx, me.orgId, department.path);
      // every id in a path has the same length, so the deepest department moves as far as the top one
      guardDepth(depthOf(newPath) + (deepest - department.path.length) / (department.id.length + 1));
      const moved = await moveDepartment(trx, me.orgId, {
        departmentId: department.id,
        parentId: request.parentId,
        oldPath: department.path,
        newPath,
        updatedAt: toDbDate(now),
      });
      return {
        result: { ...departmentOf(department), parentId: request.parentId },
        audit: {
          action: 'department.move',
          targetType: 'department',
          targetId: department.id,
          before: { parentId: department.parent_id, path: department.path },
          after: { parentId: request.parentId, path: newPath, departmentsMoved: moved },
        },
      };
    },
    now,
  );
}

export async function removeDepartment(db: Db, caller: OrgCaller, departmentId: string, now = new Date()): Promise<null> {
  return changeInOrg(
    db,
    caller,
    'members.manage',
    async (trx, me) => {
      const department = await getDepartmentInScope(trx, me, departmentId);
      if (await departmentInUse(trx, me.orgId, department.id)) throw new AppError('ORG_DEPARTMENT_NOT_EMPTY');
      // its admins keep it until setRole gives them others: a scoped role never has no departments (ADR 0043)
      if (await departmentHasAdmins(trx, me.orgId, department.id)) throw new AppError('ORG_DEPARTMENT_HAS_ADMINS');
      await refuseWhileRulesName(trx, me.orgId, { side: 'subject', type: 'DEPARTMENT', id: department.id });
      await deleteDepartment(trx, me.orgId, department.id);
      return {
        result: null,
        audit: {
          action: 'department.delete',
          targetType: 'department',
          targetId: department.id,
          before: departmentOf(department),
          after: null,
        },
      };
    },
    now,
  );
}

// ---- The audit log --------------------------------------------------------------------------

const parseJson = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

export async function listOrgAudit(db: Db, me: OrgMembership, query: TOrgAuditListQuery): Promise<TOrgAuditPage> {
  const before = query.before ? parseCursor(query.before) : undefined;
  const rows = await listAuditPage(db, {
    orgId: me.orgId,
    limit: query.pageSize + 1,
    ...(query.action !== undefined ? { action: query.action } : {}),
    ...(query.actorUserId !== undefined ? { actorUserId: query.actorUserId } : {}),
    ...(query.targetType !== undefined ? { targetType: query.targetType } : {}),
    ...(query.targetId !== undefined ? { targetId: query.targetId } : {}),
    ...(before ? { before: { createdAt: before.at, id: before.id } } : {}),
  });
  const page = rows.slice(0, query.pageSize);
  const actors = [...new Set(page.flatMap((row) => (row.actor_user_id ? [row.actor_user_id] : [])))];
  const names = new Map((await findUserNames(db, actors)).map((user) => [user.id, user.username ?? user.nickname]));
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      actorUserId: row.actor_user_id,
      actorName: row.actor_user_id ? (names.get(row.actor_user_id) ?? null) : null,
      ip: row.ip,
      action: ORG_AUDIT_ACTIONS.find((action) => action === row.action) ?? 'org.update',
      targetType: row.target_type,
      targetId: row.target_id,
      before: parseJson(row.before_json),
      after: parseJson(row.after_json),
      createdAt: fromDbDate(row.created_at).toISOString(),
    })),
    next: rows.length > query.pageSize && last ? cursorOf(last.created_at, last.id) : null,
  };
}

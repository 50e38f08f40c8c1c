import { type Expression, type ExpressionBuilder, type Insertable, type SqlBool } from 'kysely';
import { isPostgres, touchedRows } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { userIdsWithUsernamePrefix } from '../users';
import {
  type OrgAuditLogTable,
  type OrgDepartmentsTable,
  type OrganisationsTable,
  type OrganisationsTables,
  type OrgMembersTable,
  type OrgRolesTable,
  organisationsTables,
} from './organisations.tables';

// Every query of the organisations module's tables (ADR 0038, 0043).

const own = organisationsTables;

// ---- Organisations --------------------------------------------------------------------------

export async function insertOrganisation(db: Db, row: Insertable<OrganisationsTable>): Promise<void> {
  await own(db).insertInto('organisations').values(row).execute();
}

export function findOrganisation(db: Db, orgId: string) {
  return own(db).selectFrom('organisations').selectAll().where('id', '=', orgId).executeTakeFirst();
}

/**
 * Takes the organisation's row lock for the rest of the transaction: a row lock on PostgreSQL, the
 * write lock SQLite's IMMEDIATE transaction already holds. Every write in an organisation takes it
 * first, so they run one after another (ADR 0043). False when there is no such organisation.
 */
export async function lockOrganisation(db: Db, orgId: string): Promise<boolean> {
  const result = await own(db)
    .updateTable('organisations')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', orgId)
    .executeTakeFirst();
  return touchedRows(result) > 0;
}

export async function updateOrganisation(
  db: Db,
  orgId: string,
  values: Partial<Pick<OrganisationsTable, 'name' | 'logo_url' | 'contact_email'>> & { updated_at: string },
): Promise<void> {
  await own(db).updateTable('organisations').set(values).where('id', '=', orgId).execute();
}

/** The caller's active memberships with their organisation and role, oldest first. */
export function listMemberships(db: Db, userId: string) {
  return own(db)
    .selectFrom('org_members as m')
    .innerJoin('organisations as o', 'o.id', 'm.org_id')
    .innerJoin('org_roles as r', 'r.id', 'm.role_id')
    .select(['o.id', 'o.name', 'o.logo_url', 'm.joined_at', 'r.id as role_id', 'r.code as role_code', 'r.name as role_name'])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'ACTIVE')
    .orderBy('m.joined_at')
    .orderBy('o.id')
    .execute();
}

// ---- Members --------------------------------------------------------------------------------

export async function insertMember(db: Db, row: Insertable<OrgMembersTable>): Promise<void> {
  await own(db).insertInto('org_members').values(row).execute();
}

export function findMember(db: Db, orgId: string, userId: string) {
  return own(db).selectFrom('org_members').selectAll().where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
}

export async function updateMember(
  db: Db,
  orgId: string,
  userId: string,
  values: Partial<Pick<OrgMembersTable, 'role_id' | 'department_id' | 'status'>> & { updated_at: string },
): Promise<void> {
  await own(db).updateTable('org_members').set(values).where('org_id', '=', orgId).where('user_id', '=', userId).execute();
}

export async function deleteMember(db: Db, orgId: string, userId: string): Promise<void> {
  await own(db).deleteFrom('org_department_admins').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
  await own(db).deleteFrom('org_members').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
}

/** Every membership of the account, in any status (the accounts-erase job removes them). */
export function listMembershipsOfUser(db: Db, userId: string) {
  return own(db).selectFrom('org_members').selectAll().where('user_id', '=', userId).orderBy('org_id').execute();
}

/** The organisations of which the account is the only active owner, by name. */
export function findSoleOwnerships(db: Db, userId: string) {
  return own(db)
    .selectFrom('org_members as m')
    .innerJoin('organisations as o', 'o.id', 'm.org_id')
    .select(['o.id', 'o.name'])
    .where('m.user_id', '=', userId)
    .where('m.role_id', '=', 'OWNER')
    .where('m.status', '=', 'ACTIVE')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('org_members as other')
            .select('other.user_id')
            .whereRef('other.org_id', '=', 'm.org_id')
            .where('other.role_id', '=', 'OWNER')
            .where('other.status', '=', 'ACTIVE')
            .where('other.user_id', '!=', userId),
        ),
      ),
    )
    .orderBy('o.name')
    .orderBy('o.id')
    .execute();
}

/** The active member with the role who joined first. */
export function findOldestActiveWithRole(db: Db, orgId: string, roleId: string) {
  return own(db)
    .selectFrom('org_members')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('role_id', '=', roleId)
    .where('status', '=', 'ACTIVE')
    .orderBy('joined_at')
    .orderBy('user_id')
    .limit(1)
    .executeTakeFirst();
}

/** Active members holding the role, other than `except`. */
export async function countActiveWithRole(db: Db, orgId: string, roleId: string, except: string): Promise<number> {
  const row = await own(db)
    .selectFrom('org_members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('org_id', '=', orgId)
    .where('role_id', '=', roleId)
    .where('status', '=', 'ACTIVE')
    .where('user_id', '!=', except)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countMembers(db: Db, orgId: string): Promise<number> {
  const row = await own(db)
    .selectFrom('org_members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type MemberEb = ExpressionBuilder<OrganisationsTables, 'org_members'>;

/** Whether a path starts with the prefix: LIKE on PostgreSQL (text_pattern_ops index), a range on SQLite (ADR 0043). */
function pathUnder(db: Db, prefix: string) {
  return (eb: ExpressionBuilder<OrganisationsTables, 'org_departments'>): Expression<SqlBool> =>
    isPostgres(db) ? eb('path', 'like', `${prefix}%`) : eb.and([eb('path', '>=', prefix), eb('path', '<', `${prefix}\uffff`)]);
}

/** The ids of the organisation's departments in the sub-trees of these paths, as a subquery (its plan is tested). */
export function departmentIdsUnder(db: Db, orgId: string, prefixes: readonly string[]) {
  return own(db)
    .selectFrom('org_departments')
    .select('id')
    .where('org_id', '=', orgId)
    .where((eb) => eb.or(prefixes.map((prefix) => pathUnder(db, prefix)(eb))));
}

export interface MemberPageQuery {
  orgId: string;
  q?: string;
  /** members of these sub-trees only (a department filter, a department admin's scope): each a list of paths, all must hold */
  within: (readonly string[])[];
  roleId?: string;
  status?: string;
  after?: { joinedAt: string; userId: string };
  limit: number;
}

export function listMembersPage(db: Db, query: MemberPageQuery) {
  let select = own(db).selectFrom('org_members').selectAll().where('org_id', '=', query.orgId);
  for (const prefixes of query.within) select = select.where('department_id', 'in', departmentIdsUnder(db, query.orgId, prefixes));
  if (query.q !== undefined) {
    const q = query.q;
    select = select.where((eb: MemberEb) => eb('user_id', 'in', userIdsWithUsernamePrefix(db, q)));
  }
  if (query.roleId !== undefined) select = select.where('role_id', '=', query.roleId);
  if (query.status !== undefined) select = select.where('status', '=', query.status);
  const after = query.after;
  // a row comparison on the (org_id, joined_at, user_id) index: a deep page costs what the first does
  if (after) select = select.where((eb) => eb(eb.refTuple('joined_at', 'user_id'), '>', eb.tuple(after.joinedAt, after.userId)));
  return select.orderBy('joined_at').orderBy('user_id').limit(query.limit).execute();
}

/** Which departments each of these members administers. */
export function listDepartmentAdmins(db: Db, orgId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return own(db)
    .selectFrom('org_department_admins')
    .select(['user_id', 'department_id'])
    .where('org_id', '=', orgId)
    .where('user_id', 'in', userIds)
    .orderBy('department_id')
    .execute();
}

export async function replaceDepartmentAdmins(db: Db, orgId: string, userId: string, departmentIds: readonly string[]): Promise<void> {
  await own(db).deleteFrom('org_department_admins').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
  if (departmentIds.length > 0)
    await own(db)
      .insertInto('org_department_admins')
      .values(departmentIds.map((departmentId) => ({ org_id: orgId, user_id: userId, department_id: departmentId })))
      .execute();
}

// ---- Roles ----------------------------------------------------------------------------------

/** A built-in role or one of the organisation's own. */
export function findRole(db: Db, orgId: string, roleId: string) {
  return own(db)
    .selectFrom('org_roles')
    .selectAll()
    .where('id', '=', roleId)
    .where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', '=', orgId)]))
    .executeTakeFirst();
}

/** The built-in roles, then the organisation's own by name, each with how many members hold it. */
export function listRoles(db: Db, orgId: string) {
  return own(db)
    .selectFrom('org_roles as r')
    .select((eb) => [
      'r.id',
      'r.code',
      'r.name',
      'r.permissions',
      'r.built_in',
      eb
        .selectFrom('org_members as m')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('m.role_id', '=', 'r.id')
        .where('m.org_id', '=', orgId)
        .as('member_count'),
    ])
    .where((eb) => eb.or([eb('r.org_id', 'is', null), eb('r.org_id', '=', orgId)]))
    .orderBy('r.built_in', 'desc')
    .orderBy('r.created_at')
    .orderBy('r.name_norm')
    .execute();
}

/** The built-in roles as stored (a test holds them to the contract). */
export function listBuiltInRoles(db: Db) {
  return own(db).selectFrom('org_roles').selectAll().where('org_id', 'is', null).orderBy('id').execute();
}

export async function insertRole(db: Db, row: Insertable<OrgRolesTable>): Promise<void> {
  await own(db).insertInto('org_roles').values(row).execute();
}

export async function updateRole(
  db: Db,
  roleId: string,
  values: Pick<OrgRolesTable, 'name' | 'name_norm' | 'permissions' | 'updated_at'>,
): Promise<void> {
  await own(db).updateTable('org_roles').set(values).where('id', '=', roleId).execute();
}

export async function deleteRole(db: Db, roleId: string): Promise<void> {
  await own(db).deleteFrom('org_roles').where('id', '=', roleId).execute();
}

// ---- Departments ----------------------------------------------------------------------------

export function findDepartment(db: Db, orgId: string, departmentId: string) {
  return own(db).selectFrom('org_departments').selectAll().where('org_id', '=', orgId).where('id', '=', departmentId).executeTakeFirst();
}

export function findDepartments(db: Db, orgId: string, departmentIds: readonly string[]) {
  if (departmentIds.length === 0) return Promise.resolve([]);
  return own(db).selectFrom('org_departments').selectAll().where('org_id', '=', orgId).where('id', 'in', departmentIds).execute();
}

/** The organisation's departments (or those in the sub-trees of these paths), by path. */
export function listDepartments(db: Db, orgId: string, under?: readonly string[]) {
  let select = own(db).selectFrom('org_departments').selectAll().where('org_id', '=', orgId);
  if (under) select = select.where((eb) => eb.or(under.map((prefix) => pathUnder(db, prefix)(eb))));
  return select.orderBy('path').execute();
}

/** Members directly in each department of the organisation. */
export function countMembersByDepartment(db: Db, orgId: string) {
  return own(db)
    .selectFrom('org_members')
    .select((eb) => ['department_id', eb.fn.countAll<number | string>().as('n')])
    .where('org_id', '=', orgId)
    .where('department_id', 'is not', null)
    .groupBy('department_id')
    .execute();
}

export async function insertDepartment(db: Db, row: Insertable<OrgDepartmentsTable>): Promise<void> {
  await own(db).insertInto('org_departments').values(row).execute();
}

export async function renameDepartment(db: Db, departmentId: string, name: string, updatedAt: string): Promise<void> {
  await own(db).updateTable('org_departments').set({ name, updated_at: updatedAt }).where('id', '=', departmentId).execute();
}

/**
 * Moves a department under a new parent: its parent_id, then one UPDATE that rewrites the path of
 * every department in its sub-tree (itself included) from the old prefix to the new one.
 */
export async function moveDepartment(
  db: Db,
  orgId: string,
  move: { departmentId: string; parentId: string | null; oldPath: string; newPath: string; updatedAt: string },
): Promise<number> {
  await own(db).updateTable('org_departments').set({ parent_id: move.parentId }).where('id', '=', move.departmentId).execute();
  const result = await own(db)
    .updateTable('org_departments')
    .set((eb) => ({
      path: eb(eb.val(move.newPath), '||', eb.fn<string>('substr', ['path', eb.val(move.oldPath.length + 1)])),
      updated_at: move.updatedAt,
    }))
    .where('org_id', '=', orgId)
    .where((eb) => pathUnder(db, move.oldPath)(eb))
    .executeTakeFirst();
  return touchedRows(result);
}

/** The length of the longest path in the sub-tree of this path (the deepest department's). */
export async function longestPathUnder(db: Db, orgId: string, prefix: string): Promise<number> {
  const row = await own(db)
    .selectFrom('org_departments')
    .select((eb) => eb.fn.max(eb.fn<number>('length', ['path'])).as('longest'))
    .where('org_id', '=', orgId)
    .where((eb) => pathUnder(db, prefix)(eb))
    .executeTakeFirst();
  return Number(row?.longest ?? prefix.length);
}

/** Whether a department has sub-departments or members. */
export async function departmentInUse(db: Db, orgId: string, departmentId: string): Promise<boolean> {
  const child = await own(db)
    .selectFrom('org_departments')
    .select('id')
    .where('org_id', '=', orgId)
    .where('parent_id', '=', departmentId)
    .limit(1)
    .executeTakeFirst();
  if (child) return true;
  const member = await own(db)
    .selectFrom('org_members')
    .select('user_id')
    .where('org_id', '=', orgId)
    .where('department_id', '=', departmentId)
    .limit(1)
    .executeTakeFirst();
  return member !== undefined;
}

/** Whether a department admin administers the department. */
export async function departmentHasAdmins(db: Db, orgId: string, departmentId: string): Promise<boolean> {
  const admin = await own(db)
    .selectFrom('org_department_admins')
    .select('user_id')
    .where('org_id', '=', orgId)
    .where('department_id', '=', departmentId)
    .limit(1)
    .executeTakeFirst();
  return admin !== undefined;
}

/** Deletes an unused department (the caller checked departmentInUse and departmentHasAdmins under the lock). */
export async function deleteDepartment(db: Db, orgId: string, departmentId: string): Promise<void> {
  await own(db).deleteFrom('org_departments').where('org_id', '=', orgId).where('id', '=', departmentId).execute();
}

// ---- The audit log --------------------------------------------------------------------------

export async function insertAudit(db: Db, row: Insertable<OrgAuditLogTable>): Promise<void> {
  await own(db).insertInto('org_audit_log').values(row).execute();
}

/** When the organisation's latest audit row was written (its order is the order of the changes). */
export async function latestAuditAt(db: Db, orgId: string): Promise<string | undefined> {
  const row = await own(db)
    .selectFrom('org_audit_log')
    .select('created_at')
    .where('org_id', '=', orgId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

export interface AuditPageQuery {
  orgId: string;
  action?: string;
  actorUserId?: string;
  targetType?: string;
  targetId?: string;
  before?: { createdAt: string; id: string };
  limit: number;
}

export function listAuditPage(db: Db, query: AuditPageQuery) {
  let select = own(db).selectFrom('org_audit_log').selectAll().where('org_id', '=', query.orgId);
  if (query.action !== undefined) select = select.where('action', '=', query.action);
  if (query.actorUserId !== undefined) select = select.where('actor_user_id', '=', query.actorUserId);
  if (query.targetType !== undefined) select = select.where('target_type', '=', query.targetType);
  if (query.targetId !== undefined) select = select.where('target_id', '=', query.targetId);
  const before = query.before;
  if (before) select = select.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(before.createdAt, before.id)));
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
}

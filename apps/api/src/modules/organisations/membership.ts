import { BUILT_IN_ORG_ROLES, ORG_PERMISSIONS, type TOrgAuditAction, type TOrgPermission } from '@llk/contracts';
import { fromDbDate, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import {
  findDepartments,
  findMember,
  findRole,
  insertAudit,
  latestAuditAt,
  listDepartmentAdmins,
  lockOrganisation,
} from './organisations.repository';
import { type OrgRoleRow } from './organisations.tables';

// Who the caller is in an organisation, what a route needs of them, and the one way a change is
// written: under the organisation's lock, with the caller read again, and one audit row (ADR 0043).

/** What an /org/* route needs: a permission, any active membership, or the OWNER role. */
export type TOrgNeed = TOrgPermission | 'member' | 'owner';

export interface OrgMembership {
  orgId: string;
  userId: string;
  roleId: string;
  roleCode: string;
  permissions: ReadonlySet<TOrgPermission>;
  /** the permissions reach only the sub-trees of departmentIds (DEPARTMENT_ADMIN) */
  scoped: boolean;
  /** the departments the member administers */
  departmentIds: readonly string[];
  /** their paths: the prefixes of the member's scope */
  scopePaths: readonly string[];
}

/** The caller of an organisation's route: who, in which organisation, from where. */
export interface OrgCaller {
  orgId: string;
  userId: string;
  ip: string | null;
}

export function rolePermissions(role: Pick<OrgRoleRow, 'permissions'>): TOrgPermission[] {
  const parsed = JSON.parse(role.permissions) as unknown;
  return Array.isArray(parsed) ? ORG_PERMISSIONS.filter((permission) => parsed.includes(permission)) : [];
}

export function roleIsScoped(role: Pick<OrgRoleRow, 'code'>): boolean {
  return role.code in BUILT_IN_ORG_ROLES && BUILT_IN_ORG_ROLES[role.code as keyof typeof BUILT_IN_ORG_ROLES].scoped;
}

/** The caller's active membership; anybody else (a stranger, a disabled member) gets ORG_NOT_FOUND. */
export async function loadMembership(db: Db, orgId: string, userId: string): Promise<OrgMembership> {
  const member = await findMember(db, orgId, userId);
  if (!member || member.status !== 'ACTIVE') throw new AppError('ORG_NOT_FOUND');
  const role = await findRole(db, orgId, member.role_id);
  if (!role) throw new AppError('ORG_NOT_FOUND');
  const scoped = roleIsScoped(role);
  const departmentIds = scoped ? (await listDepartmentAdmins(db, orgId, [userId])).map((row) => row.department_id) : [];
  const scopePaths = (await findDepartments(db, orgId, departmentIds)).map((department) => department.path);
  return {
    orgId,
    userId,
    roleId: role.id,
    roleCode: role.code,
    permissions: new Set(rolePermissions(role)),
    scoped,
    departmentIds,
    scopePaths,
  };
}

export function checkNeed(me: OrgMembership, need: TOrgNeed): void {
  if (need === 'member') return;
  if (need === 'owner' ? me.roleCode !== 'OWNER' : !me.permissions.has(need)) throw new AppError('ORG_PERMISSION_DENIED');
}

/** Whether a department's path is inside the caller's scope (always, for an unscoped caller). */
export function inScope(me: OrgMembership, path: string | null): boolean {
  if (!me.scoped) return true;
  return path !== null && me.scopePaths.some((prefix) => path.startsWith(prefix));
}

export interface OrgAuditEntry {
  action: TOrgAuditAction;
  targetType: 'organisation' | 'member' | 'role' | 'department' | 'invitation' | 'deviceGroup' | 'deployCode' | 'device' | 'accessRule';
  targetId: string;
  before: unknown;
  after: unknown;
}

/** Who an audit row names: a caller, or nobody (null) for a change the system made (an account's erasure). */
export type OrgAuditActor = Omit<OrgCaller, 'userId'> & { userId: string | null };

/** One audit row, in the transaction of the change it records. */
export async function recordOrgAudit(db: Db, caller: OrgAuditActor, entry: OrgAuditEntry, now: Date): Promise<void> {
  await insertAudit(db, {
    id: newId(now.getTime()),
    org_id: caller.orgId,
    actor_user_id: caller.userId,
    ip: caller.ip,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    before_json: entry.before === null ? null : JSON.stringify(entry.before),
    after_json: entry.after === null ? null : JSON.stringify(entry.after),
    created_at: toDbDate(now),
  });
}

/**
 * A change in an organisation: one transaction that takes the organisation's lock, reads the
 * caller's membership again under it (a demotion or transfer that committed first is seen), checks
 * the need, runs the change and writes its audit row.
 */
export async function changeInOrg<T>(
  db: Db,
  caller: OrgCaller,
  need: TOrgNeed,
  change: (trx: Db, me: OrgMembership) => Promise<{ result: T; audit: OrgAuditEntry }>,
  now = new Date(),
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockOrganisation(trx, caller.orgId))) throw new AppError('ORG_NOT_FOUND');
    const me = await loadMembership(trx, caller.orgId, caller.userId);
    checkNeed(me, need);
    const { result, audit } = await change(trx, me);
    await recordOrgAuditInOrder(trx, caller, audit, now);
    return result;
  });
}

/**
 * The audit row of a change made under the organisation's lock, timed after the row before it,
 * even when this request's clock was read before the lock was ours: the log's order is the order
 * in which the changes committed.
 */
export async function recordOrgAuditInOrder(trx: Db, caller: OrgAuditActor, audit: OrgAuditEntry, now: Date): Promise<void> {
  const latest = await latestAuditAt(trx, caller.orgId);
  const at = latest === undefined ? now : new Date(Math.max(now.getTime(), fromDbDate(latest).getTime() + 1));
  await recordOrgAudit(trx, caller, audit, at);
}

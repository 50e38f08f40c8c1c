import { type Insertable, sql } from 'kysely';
import { type Db } from '../../infrastructure/db/schema';
import {
  adminTables,
  type AuditLogTable,
  type AuditRow,
  type StaffRow,
  type StaffSessionRow,
  type StaffSessionsTable,
  type StaffTable,
} from './admin.tables';

export { type StaffRow, type AuditRow, type StaffSessionRow } from './admin.tables';

// staff, staff_sessions and audit_log (migration 0024). audit_log has an insert and reads only:
// no function here updates or deletes it (and the database refuses both by trigger).

export function findStaffByUsername(db: Db, usernameNorm: string): Promise<StaffRow | undefined> {
  return adminTables(db).selectFrom('staff').selectAll().where('username_norm', '=', usernameNorm).executeTakeFirst();
}

export function findStaffById(db: Db, id: string): Promise<StaffRow | undefined> {
  return adminTables(db).selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findStaffBySetupToken(db: Db, tokenHash: string): Promise<StaffRow | undefined> {
  return adminTables(db).selectFrom('staff').selectAll().where('setup_token_hash', '=', tokenHash).executeTakeFirst();
}

export async function insertStaff(db: Db, row: Insertable<StaffTable>): Promise<void> {
  await adminTables(db).insertInto('staff').values(row).execute();
}

export async function insertAudit(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await adminTables(db).insertInto('audit_log').values(row).execute();
}

export type AuditListRow = AuditRow & { staff_username: string | null };

export interface AuditFilterQuery {
  /** lower-cased username of the acting member */
  staffNorm?: string | undefined;
  /** action, or its beginning */
  actionPrefix?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** LIKE pattern of a literal prefix (\\ escapes % and _). */
function likePrefix(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Newest first, keyset-paged on (at, id): the page after `before` when given, filtered. */
export function listAudit(
  db: Db,
  options: { limit: number; before?: { at: string; id: string }; filter?: AuditFilterQuery },
): Promise<AuditListRow[]> {
  let query = adminTables(db)
    .selectFrom('audit_log')
    .leftJoin('staff', 'staff.id', 'audit_log.staff_id')
    .selectAll('audit_log')
    .select('staff.username as staff_username');
  const { before, filter = {} } = options;
  if (before)
    query = query.where((eb) =>
      eb.or([eb('audit_log.at', '<', before.at), eb.and([eb('audit_log.at', '=', before.at), eb('audit_log.id', '<', before.id)])]),
    );
  if (filter.staffNorm) query = query.where('staff.username_norm', '=', filter.staffNorm);
  if (filter.actionPrefix)
    query = query.where((eb) =>
      eb.or([
        eb('audit_log.action', '=', filter.actionPrefix as string),
        eb('audit_log.action', 'like', sql<string>`${likePrefix(filter.actionPrefix as string)} ESCAPE '\\'`),
      ]),
    );
  if (filter.targetType) query = query.where('audit_log.target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('audit_log.target_id', '=', filter.targetId);
  if (filter.from) query = query.where('audit_log.at', '>=', filter.from);
  if (filter.to) query = query.where('audit_log.at', '<', filter.to);
  return query.orderBy('audit_log.at', 'desc').orderBy('audit_log.id', 'desc').limit(options.limit).execute();
}

export async function insertStaffSession(db: Db, row: Insertable<StaffSessionsTable>): Promise<void> {
  await adminTables(db).insertInto('staff_sessions').values(row).execute();
}

export function findStaffSessionByTokenHash(db: Db, tokenHash: string): Promise<StaffSessionRow | undefined> {
  return adminTables(db).selectFrom('staff_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function touchStaffSession(db: Db, id: string, at: string): Promise<void> {
  await adminTables(db).updateTable('staff_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function revokeStaffSession(db: Db, id: string, at: string): Promise<void> {
  await adminTables(db)
    .updateTable('staff_sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function updateStaffLocale(db: Db, id: string, locale: string, at: string): Promise<void> {
  await adminTables(db).updateTable('staff').set({ locale, updated_at: at }).where('id', '=', id).execute();
}

/**
 * The end of a set-up: password, TOTP secret and language stored and the link used up, only
 * while the link is still the member's and unexpired (false: someone else used it first).
 */
export async function completeStaffSetup(
  db: Db,
  change: { id: string; tokenHash: string; now: string; passwordHash: string; totpSecret: string; totpStep: number; locale: string },
): Promise<boolean> {
  const result = await adminTables(db)
    .updateTable('staff')
    .set({
      password_hash: change.passwordHash,
      totp_secret: change.totpSecret,
      totp_last_step: change.totpStep,
      locale: change.locale,
      setup_token_hash: null,
      setup_expires_at: null,
      updated_at: change.now,
    })
    .where('id', '=', change.id)
    .where('setup_token_hash', '=', change.tokenHash)
    .where('setup_expires_at', '>', change.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records TOTP step `step` as used, only when it is later than the last one (1) — else 0. */
export async function claimStaffTotpStep(db: Db, id: string, step: number): Promise<number> {
  const result = await adminTables(db)
    .updateTable('staff')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function listStaff(db: Db): Promise<StaffRow[]> {
  return adminTables(db).selectFrom('staff').selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

export async function updateStaff(
  db: Db,
  id: string,
  change: Partial<
    Pick<StaffTable, 'role' | 'locked_at' | 'password_hash' | 'totp_secret' | 'totp_last_step' | 'setup_token_hash' | 'setup_expires_at'>
  > & { updated_at: string },
): Promise<void> {
  await adminTables(db).updateTable('staff').set(change).where('id', '=', id).execute();
}

/** Ends every open session of a member (locked, or their credentials reset). */
export async function revokeStaffSessionsOf(db: Db, staffId: string, at: string): Promise<void> {
  await adminTables(db)
    .updateTable('staff_sessions')
    .set({ revoked_at: at })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The member's row, locked for the rest of the transaction: a no-op UPDATE takes the row lock on
 * PostgreSQL and the write lock on SQLite (which has no FOR UPDATE), so concurrent changes of one
 * member run one after the other and each sees the state the last one left.
 */
export async function findStaffForUpdate(db: Db, id: string): Promise<StaffRow | undefined> {
  await adminTables(db)
    .updateTable('staff')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', id)
    .execute();
  return adminTables(db).selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Who created each of these targets (the `<type>.create` record's staff member), for the content lists. */
export function findCreators(
  db: Db,
  targetType: string,
  ids: readonly string[],
): Promise<{ target_id: string | null; staff_username: string | null }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return adminTables(db)
    .selectFrom('audit_log')
    .leftJoin('staff', 'staff.id', 'audit_log.staff_id')
    .select(['audit_log.target_id', 'staff.username as staff_username'])
    .where('audit_log.action', '=', `${targetType}.create`)
    .where('audit_log.target_type', '=', targetType)
    .where('audit_log.target_id', 'in', [...ids])
    .execute();
}

/** The usernames of these staff members (for the staff port: other modules' staff screens show who acted). */
export async function findStaffNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await adminTables(db)
    .selectFrom('staff')
    .select(['id', 'username'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** Staff who may hold work: not locked, set up, in one of `roles`, by username. */
export function listAssignableStaff(db: Db, roles: readonly string[]): Promise<{ id: string; username: string }[]> {
  return adminTables(db)
    .selectFrom('staff')
    .select(['id', 'username'])
    .where('role', 'in', [...roles])
    .where('locked_at', 'is', null)
    .where('password_hash', 'is not', null)
    .orderBy('username_norm')
    .execute();
}

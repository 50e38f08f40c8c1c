import { type Insertable, type Selectable } from 'kysely';
import { type Db } from '../../db/schema';
import { type AuditLogTable, type StaffSessionsTable, type StaffTable } from '../../db/tables/admin.table';

// staff, staff_sessions and audit_log (migration 0024). audit_log has an insert and reads only:
// no function here updates or deletes it (and the database refuses both by trigger).

export type StaffRow = Selectable<StaffTable>;
export type AuditRow = Selectable<AuditLogTable>;

export function findStaffByUsername(db: Db, usernameNorm: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('username_norm', '=', usernameNorm).executeTakeFirst();
}

export function findStaffById(db: Db, id: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findStaffBySetupToken(db: Db, tokenHash: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('setup_token_hash', '=', tokenHash).executeTakeFirst();
}

export async function insertStaff(db: Db, row: Insertable<StaffTable>): Promise<void> {
  await db.insertInto('staff').values(row).execute();
}

export async function insertAudit(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** Newest first, keyset-paged on (at, id): the page after `before` when given. */
export function listAudit(db: Db, options: { limit: number; before?: { at: string; id: string } }): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').selectAll();
  const before = options.before;
  if (before) query = query.where((eb) => eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]));
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export type StaffSessionRow = Selectable<StaffSessionsTable>;

export async function insertStaffSession(db: Db, row: Insertable<StaffSessionsTable>): Promise<void> {
  await db.insertInto('staff_sessions').values(row).execute();
}

export function findStaffSessionByTokenHash(db: Db, tokenHash: string): Promise<StaffSessionRow | undefined> {
  return db.selectFrom('staff_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function touchStaffSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function revokeStaffSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

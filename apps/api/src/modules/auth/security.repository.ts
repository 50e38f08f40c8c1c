import { type Insertable } from 'kysely';
import { type Db } from '../../infrastructure/db/schema';
import { authTables, type LoginEventRow, type LoginEventsTable, type SessionRow, type UserTotpRow } from './auth.tables';

// Queries of the security centre: a user's sessions, sign-in events, TOTP and backup codes,
// notification switches.

export type { LoginEventRow, UserTotpRow };

// ---- Sessions -------------------------------------------------------------------------------

/** A user's sessions that are neither revoked nor past their absolute expiry, newest first. */
export function listOpenSessions(db: Db, userId: string, now: string): Promise<SessionRow[]> {
  return authTables(db)
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The user agents of all of a user's sessions still on file (revoked ones too, until purged). */
export async function sessionUserAgents(db: Db, userId: string): Promise<(string | null)[]> {
  const rows = await authTables(db).selectFrom('sessions').select('user_agent').where('user_id', '=', userId).execute();
  return rows.map((row) => row.user_agent);
}

/** Revokes one live session of this user; the token hashes it ended (none or one). */
export async function revokeUserSession(db: Db, userId: string, sessionId: string, now: string): Promise<string[]> {
  const rows = await authTables(db)
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  return rows.map((row) => row.token_hash);
}

/** Revokes every live session of the user except `keepId`; the token hashes it ended. */
export async function revokeOtherSessions(db: Db, userId: string, keepId: string, now: string): Promise<string[]> {
  const rows = await authTables(db)
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  return rows.map((row) => row.token_hash);
}

// ---- Sign-in events -------------------------------------------------------------------------

export async function insertLoginEvent(db: Db, row: Insertable<LoginEventsTable>): Promise<void> {
  await authTables(db).insertInto('login_events').values(row).execute();
}

export function listLoginEvents(db: Db, userId: string, limit: number): Promise<LoginEventRow[]> {
  return authTables(db)
    .selectFrom('login_events')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Whether the account has signed in successfully from this device key before. */
export async function hasSucceededFromDevice(db: Db, userId: string, deviceKey: string): Promise<boolean> {
  const row = await authTables(db)
    .selectFrom('login_events')
    .select('id')
    .where('user_id', '=', userId)
    .where('device_key', '=', deviceKey)
    .where('success', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- TOTP -----------------------------------------------------------------------------------

export function findTotp(db: Db, userId: string): Promise<UserTotpRow | undefined> {
  return authTables(db).selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Replaces a not yet confirmed secret (or creates one); nothing when TOTP is already enabled. Returns whether it was written. */
export async function putPendingTotp(db: Db, userId: string, secretEnc: string, now: string): Promise<boolean> {
  await authTables(db).deleteFrom('user_totp').where('user_id', '=', userId).where('enabled_at', 'is', null).execute();
  const result = await authTables(db)
    .insertInto('user_totp')
    .values({ user_id: userId, secret_enc: secretEnc, enabled_at: null, last_step: 0, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Confirms the pending secret, recording the step used; how many rows (0 when already enabled or none). */
export async function enableTotp(db: Db, userId: string, step: number, now: string): Promise<number> {
  const result = await authTables(db)
    .updateTable('user_totp')
    .set({ enabled_at: now, last_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Takes a time step for the user: 1 when it is newer than every step used before, else 0 (a replay). */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<number> {
  const result = await authTables(db)
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteTotp(db: Db, userId: string): Promise<number> {
  const result = await authTables(db).deleteFrom('user_totp').where('user_id', '=', userId).executeTakeFirst();
  await authTables(db).deleteFrom('totp_backup_codes').where('user_id', '=', userId).execute();
  return Number(result.numDeletedRows);
}

// ---- Backup codes ---------------------------------------------------------------------------

export async function replaceBackupCodes(db: Db, userId: string, rows: { id: string; codeHash: string }[], now: string): Promise<void> {
  await authTables(db).deleteFrom('totp_backup_codes').where('user_id', '=', userId).execute();
  await authTables(db)
    .insertInto('totp_backup_codes')
    .values(rows.map((row) => ({ id: row.id, user_id: userId, code_hash: row.codeHash, used_at: null, created_at: now })))
    .execute();
}

/** Uses an unused backup code; 1 when this call used it, 0 when unknown or used before. */
export async function useBackupCode(db: Db, userId: string, codeHash: string, now: string): Promise<number> {
  const result = await authTables(db)
    .updateTable('totp_backup_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function countUnusedBackupCodes(db: Db, userId: string): Promise<number> {
  const row = await authTables(db)
    .selectFrom('totp_backup_codes')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---- Notification settings ------------------------------------------------------------------

export async function findNewDeviceAlerts(db: Db, userId: string): Promise<number | undefined> {
  const row = await authTables(db)
    .selectFrom('notification_settings')
    .select('new_device_alerts')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.new_device_alerts;
}

export async function putNewDeviceAlerts(db: Db, userId: string, value: number, now: string): Promise<void> {
  await authTables(db)
    .insertInto('notification_settings')
    .values({ user_id: userId, new_device_alerts: value, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ new_device_alerts: value, updated_at: now }))
    .execute();
}

/**
 * Account erasure: the TOTP secret, the backup codes, the sign-in history (its addresses and user
 * agents are personal data) and the notification settings of a user, in the caller's transaction.
 */
export async function deleteSecurityData(db: Db, userId: string): Promise<void> {
  await authTables(db).deleteFrom('totp_backup_codes').where('user_id', '=', userId).execute();
  await authTables(db).deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await authTables(db).deleteFrom('login_events').where('user_id', '=', userId).execute();
  await authTables(db).deleteFrom('notification_settings').where('user_id', '=', userId).execute();
}

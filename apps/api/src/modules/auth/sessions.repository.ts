import { type Db } from '../../infrastructure/db/schema';
import { authTables, type SessionRow } from './auth.tables';

export type { SessionRow };

export async function insertSession(db: Db, row: Omit<SessionRow, 'revoked_at'>): Promise<void> {
  await authTables(db)
    .insertInto('sessions')
    .values({ ...row, revoked_at: null })
    .execute();
}

export function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return authTables(db).selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function findSessionById(db: Db, id: string): Promise<SessionRow | undefined> {
  return authTables(db).selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchSession(db: Db, id: string, now: string): Promise<void> {
  await authTables(db).updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

/** Revokes one session; the token hashes it ended (for the session cache). */
export async function revokeSession(db: Db, id: string, now: string): Promise<string[]> {
  const rows = await authTables(db)
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  return rows.map((row) => row.token_hash);
}

/** Ends every live session of a user (password changed or reset); the token hashes it ended. */
export async function revokeUserSessions(db: Db, userId: string, now: string): Promise<string[]> {
  const rows = await authTables(db)
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  return rows.map((row) => row.token_hash);
}

/**
 * Deletes sessions that can never be used again: revoked, past their absolute expiry, or idle
 * since before `idleBefore`. Returns how many.
 */
export async function deleteDeadSessions(db: Db, now: string, idleBefore: string): Promise<number> {
  const result = await authTables(db)
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Records the second factor a session passed; the token hashes it changed (for the session cache). */
export async function setSessionSecondFactor(db: Db, id: string, factor: string): Promise<string[]> {
  const rows = await authTables(db)
    .updateTable('sessions')
    .set({ second_factor: factor })
    .where('id', '=', id)
    .returning('token_hash')
    .execute();
  return rows.map((row) => row.token_hash);
}

/** Which of `others` signed in from an address the user signed in from (any session on file). */
export async function usersSharingSessionAddress(db: Db, userId: string, others: readonly string[]): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await authTables(db)
    .selectFrom('sessions as mine')
    .innerJoin('sessions as theirs', 'theirs.ip', 'mine.ip')
    .select('theirs.user_id')
    .distinct()
    .where('mine.user_id', '=', userId)
    .where('mine.ip', 'is not', null)
    .where('theirs.user_id', 'in', others)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

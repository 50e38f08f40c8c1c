import { fromDbDate, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { newToken, sha256Hex, TOKEN_RE } from '../../infrastructure/secrets';
import {
  findStaffById,
  findStaffSessionByTokenHash,
  insertStaffSession,
  revokeStaffSession,
  touchStaffSession,
  type StaffRow,
  updateStaffLocale,
} from './admin.repository';
import { isStaffLocale } from '@llk/contracts/admin-roles';
import { type LiveStaffSession } from '../../infrastructure/http/staff';
import { isStaffRole, type TStaffRole } from './permissions';

// Staff sessions (ADR 0019): apart from customer sessions, stricter — idle 30 minutes, absolute
// 12 hours, and only after a second factor. The token lives in the `llk_admin` cookie; only its
// SHA-256 is stored.

export const STAFF_SESSION_IDLE_MS = 30 * 60_000;
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 3_600_000;
/** last_seen_at is written at most this often: one UPDATE per minute per session. */
const TOUCH_INTERVAL_MS = 60_000;

export type TStaffSecondFactor = 'TOTP' | 'PASSKEY';

export type { LiveStaffSession } from '../../infrastructure/http/staff';

export async function createStaffSession(
  db: Db,
  request: { staffId: string; secondFactor: TStaffSecondFactor; ip?: string; userAgent?: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_ABSOLUTE_MS);
  await insertStaffSession(db, {
    id: newId(now.getTime()),
    staff_id: request.staffId,
    token_hash: sha256Hex(token),
    second_factor: request.secondFactor,
    created_at: toDbDate(now),
    last_seen_at: toDbDate(now),
    expires_at: toDbDate(expiresAt),
    revoked_at: null,
    ip: request.ip ?? null,
    user_agent: request.userAgent ?? null,
  });
  return { token, expiresAt };
}

function usable(staff: StaffRow | undefined): staff is StaffRow & { role: TStaffRole } {
  return !!staff && staff.locked_at === null && staff.password_hash !== null && staff.totp_secret !== null && isStaffRole(staff.role);
}

/**
 * The live session a cookie token names, touching last_seen_at when due; null when the token is
 * unknown, revoked, past 12 hours, idle 30 minutes or more, or its staff member is locked.
 */
export async function findLiveStaffSession(db: Db, token: string, now = new Date()): Promise<LiveStaffSession | null> {
  if (!TOKEN_RE.test(token)) return null;
  const row = await findStaffSessionByTokenHash(db, sha256Hex(token));
  if (!row || row.revoked_at !== null) return null;
  const time = now.getTime();
  const lastSeen = fromDbDate(row.last_seen_at).getTime();
  if (fromDbDate(row.expires_at).getTime() <= time || lastSeen + STAFF_SESSION_IDLE_MS <= time) return null;
  const staff = await findStaffById(db, row.staff_id);
  if (!usable(staff)) return null;
  if (time - lastSeen >= TOUCH_INTERVAL_MS) await touchStaffSession(db, row.id, toDbDate(now));
  return {
    sessionId: row.id,
    staffId: staff.id,
    username: staff.username,
    role: staff.role,
    locale: isStaffLocale(staff.locale) ? staff.locale : 'zh-CN',
  };
}

export async function endStaffSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await revokeStaffSession(db, sessionId, toDbDate(now));
}

/** The language the staff member's back office speaks (their own setting, PUT /admin/me/language). */
export async function setStaffLanguage(db: Db, staffId: string, language: string, now = new Date()): Promise<void> {
  await updateStaffLocale(db, staffId, language, toDbDate(now));
}

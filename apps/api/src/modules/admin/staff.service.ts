import { isUniqueViolation, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { newToken, sha256Hex } from '../../infrastructure/secrets';
import { findStaffByUsername, insertStaff } from './admin.repository';
import { recordAudit } from './audit';
import { type TStaffRole } from './permissions';

/** How long the one-time set-up link of a new staff member works. */
export const STAFF_SETUP_TTL_MS = 24 * 3_600_000;

export { STAFF_USERNAME_RE } from '@llk/contracts/rules';

export interface CreatedStaff {
  id: string;
  username: string;
  role: TStaffRole;
  /** the set-up token in clear: shown once, only its hash is stored */
  setupToken: string;
  setupExpiresAt: Date;
}

/**
 * A new staff member without password or TOTP, and a single-use set-up token valid 24 hours
 * (`npm run admin:create`). The creation is audited in the same transaction.
 */
export async function createStaff(
  db: Db,
  request: { username: string; role: TStaffRole; createdBy: string | null; ip?: string },
  now = new Date(),
): Promise<CreatedStaff> {
  const usernameNorm = request.username.toLowerCase();
  const setupToken = newToken();
  const setupExpiresAt = new Date(now.getTime() + STAFF_SETUP_TTL_MS);
  const id = newId(now.getTime());
  try {
    await db.transaction().execute(async (trx) => {
      if (await findStaffByUsername(trx, usernameNorm)) throw new AppError('STAFF_USERNAME_TAKEN');
      const at = toDbDate(now);
      await insertStaff(trx, {
        id,
        username: request.username,
        username_norm: usernameNorm,
        role: request.role,
        password_hash: null,
        totp_secret: null,
        totp_last_step: null,
        setup_token_hash: sha256Hex(setupToken),
        setup_expires_at: toDbDate(setupExpiresAt),
        locked_at: null,
        created_at: at,
        updated_at: at,
      });
      await recordAudit(trx, {
        staffId: request.createdBy,
        action: 'staff.create',
        targetType: 'staff',
        targetId: id,
        after: { username: request.username, role: request.role },
        ...(request.ip ? { ip: request.ip } : {}),
        at: now,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('STAFF_USERNAME_TAKEN', { cause: error });
    throw error;
  }
  return { id, username: request.username, role: request.role, setupToken, setupExpiresAt };
}

/** The link the new member opens to set a password and enrol TOTP (the web's /admin/setup). */
export function staffSetupLink(webOrigin: string, setupToken: string): string {
  return `${webOrigin}/admin/setup#token=${setupToken}`;
}

import { type TAdminLoginRequest, type TAdminMe, type TAdminSetupRequest, type TAdminSetupStart, type TStaffLocale } from '@llk/contracts';
import { fromDbDate, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type KeyValueStore } from '../../infrastructure/kv';
import { sha256Hex } from '../../infrastructure/secrets';
import {
  beginPasswordAttempt,
  decryptSecret,
  encryptSecret,
  hashPassword,
  matchTotpStep,
  newTotpEnrolment,
  verifyDummy,
  verifyPassword,
} from '../auth';
import { claimStaffTotpStep, completeStaffSetup, findStaffBySetupToken, findStaffByUsername, type StaffRow } from './admin.repository';
import { recordAudit } from './audit';
import { isStaffRole, ROLE_PERMISSIONS, type TStaffRole } from './permissions';
import { createStaffSession } from './staff-sessions.service';

// Set-up (the one-time link of admin:create or a TOTP reset) and log-in of staff (ADR 0019):
// a password and a TOTP authenticator, both mandatory; the customers' argon2id, back-off and
// TOTP rules (window ±1 step, each step once), reused through modules/auth.

export interface StaffAuthContext {
  db: Db;
  kv: KeyValueStore;
  totpKey: Buffer;
  ip: string;
  userAgent: string | null;
}

const ISSUER_LABEL_PREFIX = 'admin:';

async function setupMember(db: Db, token: string, now: Date): Promise<StaffRow & { role: TStaffRole }> {
  const staff = await findStaffBySetupToken(db, sha256Hex(token));
  if (!staff?.setup_expires_at || fromDbDate(staff.setup_expires_at).getTime() <= now.getTime() || !isStaffRole(staff.role)) {
    throw new AppError('STAFF_SETUP_INVALID');
  }
  return staff as StaffRow & { role: TStaffRole };
}

/** POST /admin/setup/start: the link's member and a fresh authenticator secret (kept by nobody until confirmed). */
export async function startStaffSetup(db: Db, token: string, now = new Date()): Promise<TAdminSetupStart> {
  const staff = await setupMember(db, token, now);
  const { secret, uri } = newTotpEnrolment(`${ISSUER_LABEL_PREFIX}${staff.username}`);
  return { username: staff.username, role: staff.role, secret, uri };
}

export function meOf(staff: { id: string; username: string; role: TStaffRole; locale: string }): TAdminMe {
  return {
    id: staff.id,
    username: staff.username,
    role: staff.role,
    permissions: [...ROLE_PERMISSIONS[staff.role]],
    language: staff.locale === 'en' ? 'en' : 'zh-CN',
  };
}

/**
 * POST /admin/setup: the code proves the authenticator holds the secret; then, in one
 * transaction, the password and the encrypted secret are stored and the link is used up (only
 * one of concurrent calls wins), audited, and the member is signed in.
 */
export async function finishStaffSetup(
  ctx: StaffAuthContext,
  request: TAdminSetupRequest,
  now = new Date(),
): Promise<{ me: TAdminMe; token: string; expiresAt: Date }> {
  const staff = await setupMember(ctx.db, request.token, now);
  const step = matchTotpStep(request.secret, request.code, now);
  if (step === null) throw new AppError('STAFF_TOTP_INVALID');
  const passwordHash = await hashPassword(request.password);
  const language: TStaffLocale = request.language ?? (staff.locale === 'en' ? 'en' : 'zh-CN');
  await ctx.db.transaction().execute(async (trx) => {
    const done = await completeStaffSetup(trx, {
      id: staff.id,
      tokenHash: sha256Hex(request.token),
      now: toDbDate(now),
      passwordHash,
      totpSecret: encryptSecret(ctx.totpKey, request.secret),
      totpStep: step,
      locale: language,
    });
    if (!done) throw new AppError('STAFF_SETUP_INVALID');
    await recordAudit(trx, { staffId: staff.id, action: 'staff.setup', targetType: 'staff', targetId: staff.id, ip: ctx.ip, at: now });
  });
  const session = await createStaffSession(
    ctx.db,
    { staffId: staff.id, secondFactor: 'TOTP', ip: ctx.ip, ...(ctx.userAgent ? { userAgent: ctx.userAgent } : {}) },
    now,
  );
  return { me: meOf({ ...staff, locale: language }), ...session };
}

/**
 * POST /admin/login: username, password and a TOTP code together. Every failure answers
 * STAFF_LOGIN_INVALID (which of the three was wrong, or that the member is locked or not set
 * up, is not told); failures count towards the customers' back-off, per member and per address.
 */
export async function staffLogin(
  ctx: StaffAuthContext,
  request: TAdminLoginRequest,
  now = new Date(),
): Promise<{ me: TAdminMe; token: string; expiresAt: Date }> {
  const usernameNorm = request.username.trim().toLowerCase();
  const staff = await findStaffByUsername(ctx.db, usernameNorm);
  const attempt = await beginPasswordAttempt(
    ctx.kv,
    staff ? `staff:${staff.id}` : `staff-x:${sha256Hex(usernameNorm).slice(0, 32)}`,
    ctx.ip,
  );
  const passwordOk = staff?.password_hash
    ? await verifyPassword(staff.password_hash, request.password)
    : (await verifyDummy(request.password), false);
  const secret = passwordOk && staff?.totp_secret ? decryptSecret(ctx.totpKey, staff.totp_secret) : null;
  const step = secret ? matchTotpStep(secret, request.code, now) : null;
  if (!staff || step === null || staff.locked_at !== null || !isStaffRole(staff.role)) {
    await attempt.failed();
    throw new AppError('STAFF_LOGIN_INVALID');
  }
  // Each step once: a code seen (or replayed) before counts as wrong.
  if ((await claimStaffTotpStep(ctx.db, staff.id, step)) !== 1) {
    await attempt.failed();
    throw new AppError('STAFF_LOGIN_INVALID');
  }
  await attempt.succeeded();
  const session = await ctx.db.transaction().execute(async (trx) => {
    await recordAudit(trx, { staffId: staff.id, action: 'staff.login', targetType: 'staff', targetId: staff.id, ip: ctx.ip, at: now });
    return createStaffSession(
      trx,
      { staffId: staff.id, secondFactor: 'TOTP', ip: ctx.ip, ...(ctx.userAgent ? { userAgent: ctx.userAgent } : {}) },
      now,
    );
  });
  return { me: meOf({ ...staff, role: staff.role }), ...session };
}

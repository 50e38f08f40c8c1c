import { type TAdminSetupLink, type TAdminStaffMember, type TStaffRole } from '@llk/contracts';
import { fromDbDate, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { newToken, sha256Hex } from '../../infrastructure/secrets';
import { findStaffForUpdate, listStaff, revokeStaffSessionsOf, type StaffRow, updateStaff } from './admin.repository';
import { recordAudit } from './audit';
import { isStaffRole } from './permissions';
import { createStaff, STAFF_SETUP_TTL_MS, staffSetupLink } from './staff.service';
import { deleteStaffPasskeysOf } from './staff-passkeys.repository';

// Staff management for OWNER (permission staff.manage): list, create (→ set-up link), change a
// role, lock and unlock, reset the second factor (→ a new set-up link). Each change is audited
// in its own transaction with the state before and after. Nobody acts on their own account, so
// the acting owner always remains and the back office can never lose its last owner.

export interface StaffActor {
  staffId: string;
  ip: string;
  webOrigin: string;
}

function stateOf(row: StaffRow): TAdminStaffMember['state'] {
  if (row.locked_at !== null) return 'LOCKED';
  return row.password_hash === null || row.totp_secret === null ? 'SETUP' : 'ACTIVE';
}

function memberOf(row: StaffRow): TAdminStaffMember {
  return {
    id: row.id,
    username: row.username,
    role: isStaffRole(row.role) ? row.role : 'CONTENT',
    state: stateOf(row),
    language: row.locale === 'en' ? 'en' : 'zh-CN',
    createdAt: fromDbDate(row.created_at).toISOString(),
    lockedAt: row.locked_at === null ? null : fromDbDate(row.locked_at).toISOString(),
  };
}

export async function listStaffMembers(db: Db): Promise<TAdminStaffMember[]> {
  return (await listStaff(db)).map(memberOf);
}

export async function createStaffMember(
  db: Db,
  actor: StaffActor,
  request: { username: string; role: TStaffRole },
  now = new Date(),
): Promise<TAdminSetupLink> {
  const created = await createStaff(db, { username: request.username, role: request.role, createdBy: actor.staffId, ip: actor.ip }, now);
  return {
    id: created.id,
    username: created.username,
    role: created.role,
    setupLink: staffSetupLink(actor.webOrigin, created.setupToken),
    setupExpiresAt: created.setupExpiresAt.toISOString(),
  };
}

/** One change of another member, in a transaction with the row locked and the audit record. */
async function changeMember<T>(
  db: Db,
  actor: StaffActor,
  id: string,
  change: (
    trx: Db,
    row: StaffRow,
    at: string,
  ) => Promise<{ action: string; before: unknown; after: unknown; reason?: string | undefined; result: T }>,
  now: Date,
): Promise<T> {
  if (id === actor.staffId) throw new AppError('STAFF_NOT_YOURSELF');
  return db.transaction().execute(async (trx) => {
    const row = await findStaffForUpdate(trx, id);
    if (!row) throw new AppError('STAFF_NOT_FOUND');
    const at = toDbDate(now);
    const done = await change(trx, row, at);
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: done.action,
      targetType: 'staff',
      targetId: id,
      before: done.before,
      after: done.after,
      ...(done.reason ? { reason: done.reason } : {}),
      ip: actor.ip,
      at: now,
    });
    return done.result;
  });
}

export async function changeStaffRole(
  db: Db,
  actor: StaffActor,
  id: string,
  request: { role: TStaffRole; reason?: string | undefined },
  now = new Date(),
): Promise<TAdminStaffMember> {
  return changeMember(
    db,
    actor,
    id,
    async (trx, row, at) => {
      await updateStaff(trx, id, { role: request.role, updated_at: at });
      return {
        action: 'staff.role',
        before: { role: row.role },
        after: { role: request.role },
        reason: request.reason,
        result: memberOf({ ...row, role: request.role, updated_at: at }),
      };
    },
    now,
  );
}

/** Locks (ending every session of the member) or unlocks; doing what is already done changes nothing but is still recorded. */
export async function setStaffLocked(
  db: Db,
  actor: StaffActor,
  id: string,
  locked: boolean,
  reason: string | undefined,
  now = new Date(),
): Promise<TAdminStaffMember> {
  return changeMember(
    db,
    actor,
    id,
    async (trx, row, at) => {
      const lockedAt = locked ? (row.locked_at ?? at) : null;
      await updateStaff(trx, id, { locked_at: lockedAt, updated_at: at });
      if (locked) await revokeStaffSessionsOf(trx, id, at);
      return {
        action: locked ? 'staff.lock' : 'staff.unlock',
        before: { locked: row.locked_at !== null },
        after: { locked },
        reason,
        result: memberOf({ ...row, locked_at: lockedAt, updated_at: at }),
      };
    },
    now,
  );
}

/**
 * Resets a member's credentials: password, authenticator and passkeys are cleared, every session ends, and
 * a new one-time set-up link (24 hours) lets them choose both again.
 */
export async function resetStaffTotp(
  db: Db,
  actor: StaffActor,
  id: string,
  reason: string | undefined,
  now = new Date(),
): Promise<TAdminSetupLink> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + STAFF_SETUP_TTL_MS);
  return changeMember(
    db,
    actor,
    id,
    async (trx, row, at) => {
      await updateStaff(trx, id, {
        password_hash: null,
        totp_secret: null,
        totp_last_step: null,
        setup_token_hash: sha256Hex(token),
        setup_expires_at: toDbDate(expiresAt),
        updated_at: at,
      });
      await revokeStaffSessionsOf(trx, id, at);
      // a reset means the member's devices are lost or not to be trusted: their passkeys go too
      const passkeys = await deleteStaffPasskeysOf(trx, id);
      const role = isStaffRole(row.role) ? row.role : 'CONTENT';
      return {
        action: 'staff.resetTotp',
        before: { state: stateOf(row), passkeys },
        after: { state: 'SETUP', passkeys: 0 },
        reason,
        result: {
          id,
          username: row.username,
          role,
          setupLink: staffSetupLink(actor.webOrigin, token),
          setupExpiresAt: expiresAt.toISOString(),
        },
      };
    },
    now,
  );
}

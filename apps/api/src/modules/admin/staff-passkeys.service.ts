import {
  PASSKEYS_PER_ACCOUNT_MAX,
  type TAdminMe,
  type TAuthenticationResponse,
  type TPasskey,
  type TPasskeyLoginOptions,
  type TPasskeyRegisterOptions,
  type TRegistrationResponse,
} from '@llk/contracts';
import { isUniqueViolation, newId, toCount, toDbDate } from '../../infrastructure/db/dialect';
import { AppError } from '../../infrastructure/http/app-error';
import { hitLimit } from '../../infrastructure/http/rate-limit';
import {
  authenticationOptions,
  challengeOf,
  challenges,
  passkeyOf,
  registrationOptions,
  verifyAssertion,
  verifyRegistration,
  type RelyingParty,
} from '../passkeys';
import { type StaffActor } from '../../infrastructure/http/staff';
import { findStaffById } from './admin.repository';
import { recordAudit } from './audit';
import { isStaffRole } from './permissions';
import { meOf, type StaffAuthContext } from './staff-auth.service';
import { createStaffSession } from './staff-sessions.service';
import {
  deleteStaffPasskey,
  findStaffPasskeyByCredentialId,
  insertStaffPasskey,
  listStaffPasskeys,
  recordStaffPasskeyUse,
  type StaffPasskeyRow,
} from './staff-passkeys.repository';

// Staff passkeys (ADR 0019, "Staff passkeys"). TOTP stays mandatory: a member adds passkeys
// after the set-up (which enrols TOTP), from a session; a passkey then signs them in instead of
// password and code (a verified passkey is possession and PIN or biometrics at once). Staff keys
// live apart from customers' (staff_passkeys): a customer's passkey is not found here, and a
// staff key's user handle is `staff:<id>`. Each addition, removal and passkey log-in is audited.

export interface StaffPasskeysContext extends StaffAuthContext {
  rp: RelyingParty;
}

/** Log-in challenges one client address may ask for per minute, as for customers. */
export const STAFF_PASSKEY_OPTIONS_PER_MINUTE = 30;

const handleOf = (staffId: string) => `staff:${staffId}`;
const registrations = (ctx: StaffPasskeysContext) => challenges(ctx.kv, 'staff-passkey:reg');
const logins = (ctx: StaffPasskeysContext) => challenges(ctx.kv, 'staff-passkey:login');
const toPasskey = (row: StaffPasskeyRow): TPasskey => passkeyOf(row);

export async function staffPasskeys(ctx: Pick<StaffPasskeysContext, 'db'>, staffId: string): Promise<TPasskey[]> {
  return (await listStaffPasskeys(ctx.db, staffId)).map(toPasskey);
}

/** POST /admin/me/passkeys/registerOptions */
export async function startStaffRegistration(ctx: StaffPasskeysContext, staffId: string): Promise<TPasskeyRegisterOptions> {
  const staff = await findStaffById(ctx.db, staffId);
  if (!staff) throw new AppError('UNAUTHORIZED');
  const existing = await listStaffPasskeys(ctx.db, staffId);
  if (existing.length >= PASSKEYS_PER_ACCOUNT_MAX) throw new AppError('PASSKEY_LIMIT_REACHED');
  const options = await registrationOptions(
    ctx.rp,
    { handle: handleOf(staff.id), name: `admin:${staff.username}`, displayName: staff.username },
    existing,
  );
  await registrations(ctx).keep(options.challenge, staffId);
  return { options };
}

/** POST /admin/me/passkeys/register: verified against the member's own open challenge, stored, audited. */
export async function finishStaffRegistration(
  ctx: StaffPasskeysContext,
  actor: StaffActor,
  name: string,
  response: TRegistrationResponse,
  now = new Date(),
): Promise<TPasskey> {
  const challenge = challengeOf(response.response.clientDataJSON);
  const owner = await registrations(ctx).take(challenge);
  if (owner === null || owner !== actor.staffId) throw new AppError('PASSKEY_CHALLENGE_INVALID');
  const credential = await verifyRegistration(ctx.rp, challenge, response);
  const row: StaffPasskeyRow = {
    id: newId(now.getTime()),
    staff_id: actor.staffId,
    ...credential,
    name,
    created_at: toDbDate(now),
    last_used_at: null,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if ((await listStaffPasskeys(trx, actor.staffId)).length >= PASSKEYS_PER_ACCOUNT_MAX) throw new AppError('PASSKEY_LIMIT_REACHED');
      await insertStaffPasskey(trx, row);
      await recordAudit(trx, {
        staffId: actor.staffId,
        action: 'staff.passkey.add',
        targetType: 'staff',
        targetId: actor.staffId,
        after: { passkey: row.id, name },
        ...(actor.ip ? { ip: actor.ip } : {}),
        at: now,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PASSKEY_ALREADY_REGISTERED', { cause: error });
    throw error;
  }
  return toPasskey(row);
}

/** POST /admin/me/passkeys/remove: the member's own; another's id is "not found". Audited. */
export async function removeStaffPasskey(
  ctx: Pick<StaffPasskeysContext, 'db'>,
  actor: StaffActor,
  id: string,
  now = new Date(),
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await deleteStaffPasskey(trx, actor.staffId, id);
    if (!removed) throw new AppError('PASSKEY_NOT_FOUND');
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'staff.passkey.remove',
      targetType: 'staff',
      targetId: actor.staffId,
      before: { passkey: id, name: removed.name },
      ...(actor.ip ? { ip: actor.ip } : {}),
      at: now,
    });
  });
}

/** POST /admin/login/passkey/options: a challenge for a discoverable credential, limited per address. */
export async function startStaffPasskeyLogin(ctx: StaffPasskeysContext): Promise<TPasskeyLoginOptions> {
  await hitLimit(ctx.kv, `staff-passkey:options:${ctx.ip}`, STAFF_PASSKEY_OPTIONS_PER_MINUTE, 60_000);
  const options = await authenticationOptions(ctx.rp);
  await logins(ctx).keep(options.challenge, '1');
  return { options };
}

/**
 * POST /admin/login/passkey: the assertion checked (challenge once, origin, RP id, user
 * verification, signature, counter); a locked member, one whose set-up is not finished, or an
 * unknown key: STAFF_LOGIN_INVALID, as for a password log-in. Opens a staff session (second
 * factor PASSKEY), audited as a log-in.
 */
export async function finishStaffPasskeyLogin(
  ctx: StaffPasskeysContext,
  response: TAuthenticationResponse,
  now = new Date(),
): Promise<{ me: TAdminMe; token: string; expiresAt: Date }> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if ((await logins(ctx).take(challenge)) === null) throw new AppError('PASSKEY_CHALLENGE_INVALID');
  const passkey = await findStaffPasskeyByCredentialId(ctx.db, response.id);
  const staff = passkey ? await findStaffById(ctx.db, passkey.staff_id) : undefined;
  if (!passkey || !staff || staff.locked_at !== null || !staff.password_hash || !staff.totp_secret || !isStaffRole(staff.role))
    throw new AppError('STAFF_LOGIN_INVALID');
  const counter = toCount(passkey.counter);
  const use = await verifyAssertion(ctx.rp, challenge, response, passkey, handleOf(staff.id));
  if (!(await recordStaffPasskeyUse(ctx.db, passkey.id, counter, { ...use, now: toDbDate(now) })))
    throw new AppError('PASSKEY_COUNTER_REGRESSED');
  const session = await ctx.db.transaction().execute(async (trx) => {
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'staff.login',
      targetType: 'staff',
      targetId: staff.id,
      after: { method: 'passkey', passkey: passkey.id },
      ip: ctx.ip,
      at: now,
    });
    return createStaffSession(
      trx,
      { staffId: staff.id, secondFactor: 'PASSKEY', ip: ctx.ip, ...(ctx.userAgent ? { userAgent: ctx.userAgent } : {}) },
      now,
    );
  });
  return { me: meOf({ ...staff, role: staff.role }), ...session };
}

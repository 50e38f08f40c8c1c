import {
  PASSKEYS_PER_ACCOUNT_MAX,
  type TAuthenticationResponse,
  type TPasskey,
  type TPasskeyLoginOptions,
  type TPasskeyRegisterOptions,
  type TRegistrationResponse,
  type TSignedIn,
} from '@llk/contracts';
import { isUniqueViolation, newId, toCount, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type KeyValueStore } from '../../infrastructure/kv';
import { finishSignIn, recordSignIn, type SignInContext } from '../auth';
import { findUserById } from '../users';
import {
  countPasskeysOfUser,
  deletePasskey,
  deletePasskeysByUser,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeysOfUser,
  recordPasskeyUse,
  renamePasskey,
  type PasskeyRow,
} from './passkeys.repository';
import {
  authenticationOptions,
  challengeOf,
  challenges,
  passkeyOf,
  registrationOptions,
  verificationError,
  verifyAssertion,
  verifyRegistration,
  type RelyingParty,
} from './webauthn';

export { PASSKEY_CHALLENGE_TTL_MS, type RelyingParty } from './webauthn';

export interface PasskeysContext {
  db: Db;
  kv: KeyValueStore;
  rp: RelyingParty;
}

const registrations = (kv: KeyValueStore) => challenges(kv, 'passkey:reg');
const logins = (kv: KeyValueStore) => challenges(kv, 'passkey:login');
const toPasskey = (row: PasskeyRow): TPasskey => passkeyOf(row);

// ---- The account's passkeys ---------------------------------------------------------------

export async function listPasskeys(db: Db, userId: string): Promise<TPasskey[]> {
  return (await listPasskeysOfUser(db, userId)).map(toPasskey);
}

/** POST /user/passkeys/registerOptions: options for navigator.credentials.create(). */
export async function startRegistration(ctx: PasskeysContext, userId: string): Promise<TPasskeyRegisterOptions> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  const existing = await listPasskeysOfUser(ctx.db, userId);
  if (existing.length >= PASSKEYS_PER_ACCOUNT_MAX) throw new AppError('PASSKEY_LIMIT_REACHED');
  const options = await registrationOptions(
    ctx.rp,
    { handle: user.id, name: user.username ?? user.id, displayName: user.nickname },
    existing,
  );
  await registrations(ctx.kv).keep(options.challenge, userId);
  return { options };
}

/** POST /user/passkeys/register: verifies the new credential against the user's open challenge and stores it. */
export async function finishRegistration(
  ctx: PasskeysContext,
  userId: string,
  name: string,
  response: TRegistrationResponse,
  now = new Date(),
): Promise<TPasskey> {
  const challenge = challengeOf(response.response.clientDataJSON);
  const owner = await registrations(ctx.kv).take(challenge);
  if (owner === null || owner !== userId) throw new AppError('PASSKEY_CHALLENGE_INVALID');
  const credential = await verifyRegistration(ctx.rp, challenge, response);

  if ((await countPasskeysOfUser(ctx.db, userId)) >= PASSKEYS_PER_ACCOUNT_MAX) throw new AppError('PASSKEY_LIMIT_REACHED');
  const row: PasskeyRow = { id: newId(now.getTime()), user_id: userId, ...credential, name, created_at: toDbDate(now), last_used_at: null };
  try {
    await insertPasskey(ctx.db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PASSKEY_ALREADY_REGISTERED', { cause: error });
    throw error;
  }
  return toPasskey(row);
}

/** POST /user/passkeys/remove: only the owner's; another account's id is "not found". */
export async function removePasskey(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deletePasskey(db, userId, id))) throw new AppError('PASSKEY_NOT_FOUND');
}

/** POST /user/passkeys/rename */
export async function renameUserPasskey(db: Db, userId: string, id: string, name: string): Promise<void> {
  if (!(await renamePasskey(db, userId, id, name))) throw new AppError('PASSKEY_NOT_FOUND');
}

/**
 * Account erasure (the cancellation job of branch acct-profile calls it): the account's
 * passkeys are deleted, so none of them can log in again, even if an authenticator keeps it.
 */
export async function deletePasskeysOfUser(db: Db, userId: string): Promise<number> {
  return deletePasskeysByUser(db, userId);
}

// ---- Log-in ------------------------------------------------------------------------------

/** POST /passkeyLogin/options: a challenge for a discoverable credential (no account named). */
export async function startLogin(ctx: PasskeysContext): Promise<TPasskeyLoginOptions> {
  const options = await authenticationOptions(ctx.rp);
  await logins(ctx.kv).keep(options.challenge, '1');
  return { options };
}

export interface PasskeyLoginContext extends PasskeysContext {
  /** the sign-in context every log-in path shares (session, history, new-device alert) */
  signIn: SignInContext;
}

/**
 * POST /passkeyLogin/verify: checks the assertion (challenge taken once, origin, RP id, user
 * verification, signature, counter) and opens a session like any other log-in. The TOTP step
 * is not asked: a verified passkey is possession and PIN/biometrics at once.
 */
export async function finishLogin(ctx: PasskeyLoginContext, response: TAuthenticationResponse, now = new Date()): Promise<TSignedIn> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if ((await logins(ctx.kv).take(challenge)) === null) throw new AppError('PASSKEY_CHALLENGE_INVALID');

  const passkey = await findPasskeyByCredentialId(ctx.db, response.id);
  if (!passkey) throw new AppError('PASSKEY_NOT_FOUND');
  const user = await findUserById(ctx.db, passkey.user_id);
  if (!user) throw new AppError('PASSKEY_NOT_FOUND');
  const counter = toCount(passkey.counter);
  let info;
  try {
    info = await verifyAssertion(ctx.rp, challenge, response, passkey, user.id);
  } catch (error) {
    const refused = verificationError(error);
    await recordSignIn(ctx.signIn, { userId: user.id, success: false, method: 'passkey', failure: refused.codeName }, now);
    throw refused;
  }
  const recorded = await recordPasskeyUse(ctx.db, passkey.id, counter, {
    counter: info.counter,
    backedUp: info.backedUp,
    deviceType: info.deviceType,
    now: toDbDate(now),
  });
  // Another assertion of this passkey was counted in between: this one is not fresh any more.
  if (!recorded) throw new AppError('PASSKEY_COUNTER_REGRESSED');

  // the passkey is the second factor: the session opens at once, recorded like every sign-in
  const result = await finishSignIn(ctx.signIn, user.id, { method: 'passkey', loginType: 'passkey', secondFactor: 'PASSKEY' }, now);
  if (!('access_token' in result)) throw new Error('a passkey sign-in was asked for a second step');
  return result;
}

import { PASSKEYS_PER_ACCOUNT_MAX, type TAuthenticationResponse, type TPasskey, type TPasskeyLoginOptions, type TPasskeyRegisterOptions, type TRegistrationResponse, type TSignedIn } from '@llk/contracts';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { fromDbBool, isUniqueViolation, newId, toCount, toDbBool, toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type KeyValueStore } from '../../lib/kv';
import { sha256Hex } from '../../lib/secrets';
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

/** A challenge lives this long and is used at most once (taken from the store atomically). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** What the browser is told to wait for the user; shorter than the challenge's life. */
const CEREMONY_TIMEOUT_MS = 2 * 60_000;
/** EdDSA, ES256, RS256: what authenticators in use offer. */
const ALGORITHMS = [-8, -7, -257];

export interface RelyingParty {
  rpId: string;
  rpName: string;
  /** origins whose ceremonies are accepted */
  origins: string[];
}

export interface PasskeysContext {
  db: Db;
  kv: KeyValueStore;
  rp: RelyingParty;
}

// Keyed by a hash of the challenge: several ceremonies (tabs, devices) may be open at once,
// and each challenge is taken, never read, so of two uses only one finds it.
const registrationKey = (challenge: string) => `passkey:reg:${sha256Hex(challenge).slice(0, 40)}`;
const loginKey = (challenge: string) => `passkey:login:${sha256Hex(challenge).slice(0, 40)}`;

function toPasskey(row: PasskeyRow): TPasskey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    deviceType: row.device_type === 'multiDevice' ? 'multiDevice' : 'singleDevice',
    backedUp: fromDbBool(row.backed_up),
  };
}

/** The challenge a browser signed, from clientDataJSON; a response we cannot read fails verification. */
function challengeOf(clientDataJSON: string): string {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    if (typeof challenge === 'string' && challenge !== '') return challenge;
  } catch {
    // falls through
  }
  throw new AppError('PASSKEY_VERIFICATION_FAILED');
}

/** The library's refusals (origin, RP id, challenge, signature, flags…) as our error codes. */
function verificationError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/counter value/i.test(message)) return new AppError('PASSKEY_COUNTER_REGRESSED', { cause: error });
  return new AppError('PASSKEY_VERIFICATION_FAILED', { cause: error });
}

const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

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
  const options = await generateRegistrationOptions({
    rpName: ctx.rp.rpName,
    rpID: ctx.rp.rpId,
    userName: user.username ?? user.id,
    userDisplayName: user.nickname,
    userID: userHandleOf(user.id),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    // The same authenticator twice would be one key under two names.
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    // Discoverable (log-in without a username) and verified (PIN or biometrics): a passkey
    // alone is two factors, which is why a passkey log-in skips the TOTP step.
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await ctx.kv.set(registrationKey(options.challenge), userId, PASSKEY_CHALLENGE_TTL_MS);
  return { options };
}

function transportsOf(row: PasskeyRow): AuthenticatorTransport[] | undefined {
  if (!row.transports) return undefined;
  try {
    const value = JSON.parse(row.transports) as unknown;
    return Array.isArray(value) ? (value.filter((item) => typeof item === 'string') as AuthenticatorTransport[]) : undefined;
  } catch {
    return undefined;
  }
}

/** POST /user/passkeys/register: verifies the new credential against the user's open challenge and stores it. */
export async function finishRegistration(ctx: PasskeysContext, userId: string, name: string, response: TRegistrationResponse, now = new Date()): Promise<TPasskey> {
  const challenge = challengeOf(response.response.clientDataJSON);
  const owner = await ctx.kv.take(registrationKey(challenge));
  if (owner === null || owner !== userId) throw new AppError('PASSKEY_CHALLENGE_INVALID');

  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: { ...response, response: { ...response.response, transports: response.response.transports as AuthenticatorTransport[] | undefined } },
      expectedChallenge: challenge,
      expectedOrigin: ctx.rp.origins,
      expectedRPID: ctx.rp.rpId,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    throw verificationError(error);
  }
  if (!verified.verified) throw new AppError('PASSKEY_VERIFICATION_FAILED');
  const info = verified.registrationInfo;

  if ((await countPasskeysOfUser(ctx.db, userId)) >= PASSKEYS_PER_ACCOUNT_MAX) throw new AppError('PASSKEY_LIMIT_REACHED');
  const row: PasskeyRow = {
    id: newId(now.getTime()),
    user_id: userId,
    credential_id: info.credential.id,
    public_key: isoBase64URL.fromBuffer(info.credential.publicKey),
    counter: info.credential.counter,
    transports: info.credential.transports?.length ? JSON.stringify(info.credential.transports.slice(0, 16)) : null,
    device_type: info.credentialDeviceType,
    backed_up: toDbBool(info.credentialBackedUp),
    aaguid: info.aaguid,
    name,
    created_at: toDbDate(now),
    last_used_at: null,
  };
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
  const options = await generateAuthenticationOptions({ rpID: ctx.rp.rpId, timeout: CEREMONY_TIMEOUT_MS, userVerification: 'required' });
  await ctx.kv.set(loginKey(options.challenge), '1', PASSKEY_CHALLENGE_TTL_MS);
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
  if ((await ctx.kv.take(loginKey(challenge))) === null) throw new AppError('PASSKEY_CHALLENGE_INVALID');

  const passkey = await findPasskeyByCredentialId(ctx.db, response.id);
  if (!passkey) throw new AppError('PASSKEY_NOT_FOUND');
  const user = await findUserById(ctx.db, passkey.user_id);
  if (!user) throw new AppError('PASSKEY_NOT_FOUND');
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== isoBase64URL.fromBuffer(userHandleOf(user.id))) throw new AppError('PASSKEY_VERIFICATION_FAILED');

  const counter = toCount(passkey.counter);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: ctx.rp.origins,
      expectedRPID: ctx.rp.rpId,
      credential: { id: passkey.credential_id, publicKey: isoBase64URL.toBuffer(passkey.public_key), counter, transports: transportsOf(passkey) },
      requireUserVerification: true,
    });
  } catch (error) {
    const refused = verificationError(error);
    await recordSignIn(ctx.signIn, { userId: user.id, success: false, method: 'passkey', failure: refused.codeName }, now);
    throw refused;
  }
  if (!verified.verified) {
    await recordSignIn(ctx.signIn, { userId: user.id, success: false, method: 'passkey', failure: 'PASSKEY_VERIFICATION_FAILED' }, now);
    throw new AppError('PASSKEY_VERIFICATION_FAILED');
  }
  const info = verified.authenticationInfo;
  const recorded = await recordPasskeyUse(ctx.db, passkey.id, counter, {
    counter: info.newCounter,
    backedUp: toDbBool(info.credentialBackedUp),
    deviceType: info.credentialDeviceType,
    now: toDbDate(now),
  });
  // Another assertion of this passkey was counted in between: this one is not fresh any more.
  if (!recorded) throw new AppError('PASSKEY_COUNTER_REGRESSED');

  // the passkey is the second factor: the session opens at once, recorded like every sign-in
  const result = await finishSignIn(ctx.signIn, user.id, { method: 'passkey', loginType: 'passkey', secondFactor: 'PASSKEY' }, now);
  if (!('access_token' in result)) throw new Error('a passkey sign-in was asked for a second step');
  return result;
}

import { type TAuthenticationResponse, type TPasskey, type TRegistrationResponse } from '@llk/contracts';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { fromDbBool, toCount, toDbBool, type TDbBool } from '../../infrastructure/db/dialect';
import { AppError } from '../../infrastructure/http/app-error';
import { type KeyValueStore } from '../../infrastructure/kv';
import { sha256Hex } from '../../infrastructure/secrets';

// The WebAuthn ceremonies, for whoever holds the passkeys: customers (passkeys.service.ts) and
// staff (the back office's staff-passkeys.service.ts). Discoverable credentials with user
// verification (PIN or biometrics): a passkey alone is two factors. A challenge is kept in the
// key-value store under a hash of itself, for minutes, and taken (never read) when used, so of two
// uses only one finds it; several ceremonies (tabs, devices) may be open at once.

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

/** What is kept of a credential (the columns passkeys and staff_passkeys share). */
export interface StoredCredential {
  credential_id: string;
  public_key: string;
  counter: number | string | bigint;
  transports: string | null;
  device_type: string;
  backed_up: number | boolean;
}

export type NewCredential = Omit<StoredCredential, 'counter' | 'backed_up'> & { counter: number; backed_up: TDbBool; aaguid: string };

/** A store of challenges under one prefix ('passkey:reg', 'staff-passkey:login', …). */
export function challenges(kv: KeyValueStore, prefix: string) {
  const key = (challenge: string) => `${prefix}:${sha256Hex(challenge).slice(0, 40)}`;
  return {
    keep: (challenge: string, value: string) => kv.set(key(challenge), value, PASSKEY_CHALLENGE_TTL_MS),
    take: (challenge: string) => kv.take(key(challenge)),
  };
}

/** The challenge a browser signed, from clientDataJSON; a response we cannot read fails verification. */
export function challengeOf(clientDataJSON: string): string {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    if (typeof challenge === 'string' && challenge !== '') return challenge;
  } catch {
    // falls through
  }
  throw new AppError('PASSKEY_VERIFICATION_FAILED');
}

/** The library's refusals (origin, RP id, challenge, signature, flags…) as our error codes. */
export function verificationError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/counter value/i.test(message)) return new AppError('PASSKEY_COUNTER_REGRESSED', { cause: error });
  return new AppError('PASSKEY_VERIFICATION_FAILED', { cause: error });
}

export function transportsOf(row: Pick<StoredCredential, 'transports'>): AuthenticatorTransport[] | undefined {
  if (!row.transports) return undefined;
  try {
    const value = JSON.parse(row.transports) as unknown;
    return Array.isArray(value) ? (value.filter((item) => typeof item === 'string') as AuthenticatorTransport[]) : undefined;
  } catch {
    return undefined;
  }
}

/** A stored passkey as the contracts show it. */
export function passkeyOf(
  row: Pick<StoredCredential, 'device_type' | 'backed_up'> & { id: string; name: string; created_at: string; last_used_at: string | null },
): TPasskey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    deviceType: row.device_type === 'multiDevice' ? 'multiDevice' : 'singleDevice',
    backedUp: fromDbBool(row.backed_up),
  };
}

/** Options for navigator.credentials.create(); the holder's existing credentials are excluded. */
export function registrationOptions(
  rp: RelyingParty,
  holder: { handle: string; name: string; displayName: string },
  existing: readonly StoredCredential[],
) {
  return generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userName: holder.name,
    userDisplayName: holder.displayName,
    userID: new TextEncoder().encode(holder.handle),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    // The same authenticator twice would be one key under two names.
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    // Discoverable (log-in without a username) and verified (PIN or biometrics): a passkey
    // alone is two factors, which is why a passkey log-in skips the TOTP step.
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
}

/** Checks a new credential against its challenge (already taken by the caller). */
export async function verifyRegistration(rp: RelyingParty, challenge: string, response: TRegistrationResponse): Promise<NewCredential> {
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: {
        ...response,
        response: { ...response.response, transports: response.response.transports as AuthenticatorTransport[] | undefined },
      },
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    throw verificationError(error);
  }
  if (!verified.verified) throw new AppError('PASSKEY_VERIFICATION_FAILED');
  const info = verified.registrationInfo;
  return {
    credential_id: info.credential.id,
    public_key: isoBase64URL.fromBuffer(info.credential.publicKey),
    counter: info.credential.counter,
    transports: info.credential.transports?.length ? JSON.stringify(info.credential.transports.slice(0, 16)) : null,
    device_type: info.credentialDeviceType,
    backed_up: toDbBool(info.credentialBackedUp),
    aaguid: info.aaguid,
  };
}

/** Options for navigator.credentials.get() with a discoverable credential (no account named). */
export function authenticationOptions(rp: RelyingParty) {
  return generateAuthenticationOptions({ rpID: rp.rpId, timeout: CEREMONY_TIMEOUT_MS, userVerification: 'required' });
}

/**
 * Checks an assertion of a stored credential: the user handle (when sent) must be `handle`, then
 * origin, RP id, user verification, signature and counter. Answers what to record of the use.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  challenge: string,
  response: TAuthenticationResponse,
  stored: StoredCredential,
  handle: string,
): Promise<{ counter: number; backedUp: TDbBool; deviceType: string }> {
  const userHandle = response.response.userHandle;
  if (userHandle !== undefined && userHandle !== isoBase64URL.fromBuffer(new TextEncoder().encode(handle)))
    throw new AppError('PASSKEY_VERIFICATION_FAILED');
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      credential: {
        id: stored.credential_id,
        publicKey: isoBase64URL.toBuffer(stored.public_key),
        counter: toCount(stored.counter),
        transports: transportsOf(stored),
      },
      requireUserVerification: true,
    });
  } catch (error) {
    throw verificationError(error);
  }
  if (!verified.verified) throw new AppError('PASSKEY_VERIFICATION_FAILED');
  const info = verified.authenticationInfo;
  return { counter: info.newCounter, backedUp: toDbBool(info.credentialBackedUp), deviceType: info.credentialDeviceType };
}

import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type KeyValueStore } from '../../infrastructure/kv';
import { newToken, sha256Hex } from '../../infrastructure/secrets';
import { type TLoginResult } from '@llk/contracts';
import { findLiveSessionById, finishSignIn, isSessionLive, type ActiveSession, type SessionPolicy, type SignInContext } from '../auth';
import { findUserById } from '../users';

// An access key hands a logged-in user over to another origin or client (redirectUrl): it is
// a random 32-byte secret kept only as its SHA-256 in the key-value store, bound to the user
// and to the session that minted it, alive for ACCESS_KEY_TTL_MS and redeemable once (`take` is
// atomic on both stores). A key is worth no more than its session: redeeming checks that the
// minting session is still live, so every way a session ends (log-out, a password reset or
// change revoking all of a user's sessions, a sign-out from another device, expiry) also ends
// its unused keys, without each of them having to find the keys.
// Two-step verification: the new session inherits the second factor of the minting session;
// a key minted by a session that has not passed the second step (opened before two-step
// verification was turned on) asks for it, like a password log-in (finishSignIn).

export const ACCESS_KEY_TTL_MS = 60_000;
const keyOf = (accessKey: string) => `access-key:${sha256Hex(accessKey)}`;

interface TStoredKey {
  userId: string;
  sessionId: string;
}

function parseStored(value: string | null): TStoredKey | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<TStoredKey>;
    return typeof parsed.userId === 'string' && typeof parsed.sessionId === 'string'
      ? { userId: parsed.userId, sessionId: parsed.sessionId }
      : null;
  } catch {
    return null;
  }
}

export async function createAccessKey(kv: KeyValueStore, session: ActiveSession): Promise<string> {
  const accessKey = newToken();
  const stored: TStoredKey = { userId: session.userId, sessionId: session.id };
  await kv.set(keyOf(accessKey), JSON.stringify(stored), ACCESS_KEY_TTL_MS);
  return accessKey;
}

/** The user an unused key would log in, without using it up; null when expired, used or its session ended. */
export async function findAccessKeyUser(db: Db, kv: KeyValueStore, accessKey: string, policy: SessionPolicy): Promise<string | null> {
  const stored = parseStored(await kv.get(keyOf(accessKey)));
  if (!stored || !(await isSessionLive(db, stored.sessionId, policy))) return null;
  return stored.userId;
}

/**
 * Exchanges an access key for a new session token (or the second step); ACCESS_KEY_INVALID when
 * expired, used or its session ended.
 */
export async function redeemAccessKey(ctx: SignInContext, accessKey: string): Promise<TLoginResult> {
  const stored = parseStored(await ctx.kv.take(keyOf(accessKey)));
  const minting = stored ? await findLiveSessionById(ctx.db, stored.sessionId, ctx.policy) : null;
  if (!stored || !minting) throw new AppError('ACCESS_KEY_INVALID');
  if (!(await findUserById(ctx.db, stored.userId))) throw new AppError('ACCESS_KEY_INVALID');
  return finishSignIn(ctx, stored.userId, { method: 'access_key', loginType: 'loginKey', secondFactor: minting.second_factor });
}

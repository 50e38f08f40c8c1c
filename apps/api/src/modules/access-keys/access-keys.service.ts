import { type Db } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type KeyValueStore } from '../../lib/kv';
import { newToken, sha256Hex } from '../auth/secrets';
import { createSession, type SessionClient, type SessionPolicy } from '../auth/sessions.service';
import { findUserById } from '../users/users.repository';

// An access key hands a logged-in user over to another origin or client (redirectUrl): it is
// a random 32-byte secret kept only as its SHA-256 in the key-value store, bound to the user,
// alive for ACCESS_KEY_TTL_MS and redeemable once (`take` is atomic on both stores).

export const ACCESS_KEY_TTL_MS = 60_000;
const keyOf = (accessKey: string) => `access-key:${sha256Hex(accessKey)}`;

export async function createAccessKey(kv: KeyValueStore, userId: string): Promise<string> {
  const accessKey = newToken();
  await kv.set(keyOf(accessKey), userId, ACCESS_KEY_TTL_MS);
  return accessKey;
}

/** Exchanges an access key for a new session token; ACCESS_KEY_INVALID when expired or used. */
export async function redeemAccessKey(
  db: Db,
  kv: KeyValueStore,
  accessKey: string,
  client: Omit<SessionClient, 'loginType'>,
  policy: SessionPolicy,
): Promise<string> {
  const userId = await kv.take(keyOf(accessKey));
  if (!userId) throw new AppError('ACCESS_KEY_INVALID');
  if (!(await findUserById(db, userId))) throw new AppError('ACCESS_KEY_INVALID');
  return createSession(db, userId, { ...client, loginType: 'loginKey' }, policy);
}

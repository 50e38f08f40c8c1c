import { type TLoginType } from '@llk/contracts';
import { fromDbDate, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { cacheKey, fillCache, invalidateCache, mayFill, readCache, type KeyValueStore } from '../../infrastructure/kv';
import { forgetOn, type Memo } from '../../infrastructure/memo';
import { newToken, sha256Hex, TOKEN_RE } from '../../infrastructure/secrets';
import {
  deleteDeadSessions,
  findSessionById,
  findSessionByTokenHash,
  insertSession,
  revokeSession,
  revokeUserSessions,
  touchSession,
  type SessionRow,
} from './sessions.repository';

export interface SessionPolicy {
  /** a session unused this long is over */
  idleMs: number;
  /** a session this old is over, used or not */
  absoluteMs: number;
}

/** last_seen_at is written at most this often: one UPDATE per minute per session, not per call. */
export const TOUCH_INTERVAL_MS = 60_000;

export interface SessionClient {
  /** how the session was opened: the log-in types of /h5Login, or a passkey */
  loginType: TLoginType | 'passkey';
  ip: string | null;
  userAgent: string | null;
  /** the second factor the log-in passed: TOTP, BACKUP_CODE or PASSKEY (null: none) */
  secondFactor?: string | null;
}

/** Opens a session; returns the token, which exists only in this answer. */
export async function createSession(
  db: Db,
  userId: string,
  client: SessionClient,
  policy: SessionPolicy,
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await insertSession(db, {
    id: newId(now.getTime()),
    user_id: userId,
    token_hash: sha256Hex(token),
    created_at: toDbDate(now),
    last_seen_at: toDbDate(now),
    expires_at: toDbDate(now.getTime() + policy.absoluteMs),
    login_type: client.loginType,
    ip: client.ip,
    user_agent: client.userAgent?.slice(0, 256) ?? null,
    second_factor: client.secondFactor ?? null,
  });
  return token;
}

export interface ActiveSession {
  id: string;
  userId: string;
  /** the second factor its log-in passed (TOTP, BACKUP_CODE, PASSKEY), or null */
  secondFactor: string | null;
}

/** Not revoked, not past its absolute expiry, not idle too long. */
function isLive(row: SessionRow | undefined, policy: SessionPolicy, now: Date): row is SessionRow {
  if (!row || row.revoked_at !== null) return false;
  const time = now.getTime();
  return fromDbDate(row.expires_at).getTime() > time && fromDbDate(row.last_seen_at).getTime() + policy.idleMs > time;
}

/** The live session a token names, touching last_seen_at when due; null when none. */
export async function findActiveSession(db: Db, token: string, policy: SessionPolicy, now = new Date()): Promise<ActiveSession | null> {
  if (!TOKEN_RE.test(token)) return null;
  const row = await findSessionByTokenHash(db, sha256Hex(token));
  if (!isLive(row, policy, now)) return null;
  if (now.getTime() - fromDbDate(row.last_seen_at).getTime() >= TOUCH_INTERVAL_MS) await touchSession(db, row.id, toDbDate(now));
  return { id: row.id, userId: row.user_id, secondFactor: row.second_factor };
}

/**
 * Whether a session (by id) can still be used. Whatever ended it (log-out, a password reset or
 * change, a sign-out from elsewhere, expiry) ends what hangs off it, such as its access keys.
 */
export async function isSessionLive(db: Db, sessionId: string, policy: SessionPolicy, now = new Date()): Promise<boolean> {
  return isLive(await findSessionById(db, sessionId), policy, now);
}

/** The live session with this id (for what hangs off it, such as its second factor); null when over. */
export async function findLiveSessionById(db: Db, sessionId: string, policy: SessionPolicy, now = new Date()): Promise<SessionRow | null> {
  const row = await findSessionById(db, sessionId);
  return isLive(row, policy, now) ? row : null;
}

export { isLive as isSessionRowLive };

export async function endSession(db: Db, kv: KeyValueStore, sessionId: string, now = new Date()): Promise<void> {
  await forgetSessions(kv, await revokeSession(db, sessionId, toDbDate(now)));
}

/**
 * Ends every session of a user (and with them their unused access keys); returns how many were
 * live. In a transaction, the cache entries end before the commit: a request in between still
 * reads the live row from the database, as it would have without the cache.
 */
export async function endUserSessions(db: Db, kv: KeyValueStore, userId: string, now = new Date()): Promise<number> {
  const ended = await revokeUserSessions(db, userId, toDbDate(now));
  await forgetSessions(kv, ended);
  return ended.length;
}

// ---- The session cache ---------------------------------------------------------------------
//
// Every authenticated call resolves its token; the apps' heartbeats make that the hottest read
// of the API. A live session is cached in the key-value store under its token's hash (shared by
// every instance) until its next last_seen_at write is due, SESSION_CACHE_MS after the last one:
// one database read and one write per session in five minutes instead of a read per call. Whatever
// ends or changes a session (log-out, revoke, revoke others, password change or reset, second
// factor, erasure) passes the token hashes it touched to forgetSessions, which ends the entries at
// once on every instance (a tombstone: a reader racing the change cannot put the old entry back).
// While the store is away (ADR 0025) every call reads the database: the store's read is a miss
// nothing may fill, the memos keep nothing, and a session ended meanwhile is refused at once on
// every instance; the entry a tombstone could not end is forgotten by the store on its return.

/** A cached session lives at most this long after the last_seen_at it carries; then the database is read and touched. */
export const SESSION_CACHE_MS = 5 * 60_000;

const sessionKey = (tokenHash: string) => cacheKey(`session:${tokenHash}`);

export interface CachedSession extends ActiveSession {
  expiresAt: number;
  lastSeenAt: number;
}

/**
 * The channel of the per-instance session memo (lib/memo.ts): in front of the shared cache, each
 * instance keeps the entries it read (by token hash) until the same moment, so a repeated call
 * reads neither the store nor the database. forgetSessions ends them everywhere too.
 */
export const SESSION_MEMO_CHANNEL = 'sessions:ended';

/** Ends the cache entries of these sessions (by token hash) on every instance. */
export async function forgetSessions(kv: KeyValueStore, tokenHashes: readonly string[]): Promise<void> {
  try {
    await invalidateCache(kv, tokenHashes.map(sessionKey));
  } finally {
    // even when the store failed: this instance's copies end, and the others' if the message goes
    await forgetOn(kv, SESSION_MEMO_CHANNEL, tokenHashes);
  }
}

export type SessionMemo = Memo<CachedSession>;

/** What a cached entry says at `time`: the session, null (over), or undefined (too old to trust). */
function fromEntry(entry: CachedSession, time: number, policy: SessionPolicy): ActiveSession | null | undefined {
  if (time < entry.lastSeenAt || time - entry.lastSeenAt >= SESSION_CACHE_MS) return undefined;
  if (entry.expiresAt <= time || entry.lastSeenAt + policy.idleMs <= time) return null;
  return { id: entry.id, userId: entry.userId, secondFactor: entry.secondFactor };
}

/**
 * findActiveSession through the caches (this instance's memo, then the shared store): no
 * database access while the cached entry is younger than SESSION_CACHE_MS (measured on `now`,
 * so a test clock moves it on as well as the store's TTL).
 */
export async function findActiveSessionCached(
  db: Db,
  kv: KeyValueStore,
  token: string,
  policy: SessionPolicy,
  now = new Date(),
  memo?: SessionMemo,
): Promise<ActiveSession | null> {
  if (!TOKEN_RE.test(token)) return null;
  const tokenHash = sha256Hex(token);
  const time = now.getTime();
  const kept = memo?.get(tokenHash);
  if (kept) {
    const session = fromEntry(kept, time, policy);
    if (session !== undefined) return session;
  }
  const at = memo?.generation() ?? 0;
  const key = sessionKey(tokenHash);
  const read = await readCache<CachedSession>(kv, key);
  if (read.value) {
    const session = fromEntry(read.value, time, policy);
    if (session !== undefined) {
      if (session) memo?.set(tokenHash, at, read.value, read.value.lastSeenAt + SESSION_CACHE_MS - time);
      return session;
    }
  }
  const row = await findSessionByTokenHash(db, tokenHash);
  if (!isLive(row, policy, now)) return null;
  let lastSeenAt = fromDbDate(row.last_seen_at).getTime();
  if (time - lastSeenAt >= TOUCH_INTERVAL_MS) {
    await touchSession(db, row.id, toDbDate(now));
    lastSeenAt = time;
  }
  const session: ActiveSession = { id: row.id, userId: row.user_id, secondFactor: row.second_factor };
  const entry: CachedSession = { ...session, expiresAt: fromDbDate(row.expires_at).getTime(), lastSeenAt };
  await fillCache(kv, read, key, entry, lastSeenAt + SESSION_CACHE_MS - time);
  // a tombstone (a change in the last minute), or the store away since the read (ADR 0025), keeps
  // it out of the memo as out of the store
  if (mayFill(kv, read)) memo?.set(tokenHash, at, entry, lastSeenAt + SESSION_CACHE_MS - time);
  return session;
}

/** Removes sessions that are over (revoked, expired or idle too long); run now and then. */
export function purgeDeadSessions(db: Db, policy: SessionPolicy, now = new Date()): Promise<number> {
  return deleteDeadSessions(db, toDbDate(now), toDbDate(now.getTime() - policy.idleMs));
}

import { randomBytes, randomInt } from 'node:crypto';
import { type TSmsType } from '@llk/contracts';
import { AppError } from '../../infrastructure/http/app-error';
import { CODE_TTL_MINUTES } from '../../infrastructure/delivery/constants';
import { type KeyValueStore } from '../../infrastructure/kv';
import { equalHex, hmacHex } from '../../infrastructure/secrets';

// Verification codes live in the key-value store under their purpose and target, never in
// clear: { nonce, HMAC-SHA256(secret, purpose:target:code), expiry }. For the purposes a
// signed-in account asks for about its own contacts the target is the account and the address
// (ACCOUNT_BOUND_PURPOSES). A new code replaces the
// old one; each code allows MAX_ATTEMPTS comparisons (counted before comparing, so parallel
// guesses cannot exceed it) and is consumed atomically by `take`, so it works exactly once.

export const CODE_TTL_MS = CODE_TTL_MINUTES * 60_000;
export const MAX_ATTEMPTS = 5;

export interface CodeStore {
  kv: KeyValueStore;
  secret: Buffer;
}

interface StoredCode {
  n: string; // nonce: names this code's attempt counter
  h: string; // HMAC of the code
  e: number; // expiry, epoch ms
}

/**
 * Purposes a signed-in account asks for to bind or change its own phone or email: the code
 * belongs to that account as well as to the address. Keyed by the address alone, a code that
 * account A asked for address X would bind X to account B too, had B the code (A's owner read
 * it out, or it was forwarded): B could take an address it never proved.
 */
export const ACCOUNT_BOUND_PURPOSES: ReadonlySet<TSmsType> = new Set<TSmsType>([
  'BIND_EMAIL',
  'BIND_MOBILE',
  'CHANGE_MOBILE',
  'MODIFY_PHONE',
]);

/** Whose code: an address, and for ACCOUNT_BOUND_PURPOSES the id of the account that asked. */
export type CodeTarget = string | { to: string; account: string };

function subjectOf(purpose: TSmsType, target: CodeTarget): string {
  const bound = ACCOUNT_BOUND_PURPOSES.has(purpose);
  if (typeof target === 'string') {
    if (bound) throw new Error(`${purpose} codes are bound to the account that asked for them`);
    return target;
  }
  if (!bound) throw new Error(`${purpose} codes are not bound to an account`);
  return `${target.account}:${target.to}`;
}

const codeKey = (purpose: TSmsType, subject: string) => `code:${purpose}:${subject}`;
const attemptsKey = (nonce: string) => `code:attempts:${nonce}`;
const digest = (store: CodeStore, purpose: TSmsType, subject: string, code: string) =>
  hmacHex(store.secret, `${purpose}:${subject}:${code}`);

/** Makes and stores a new code for this purpose and target (replacing any); returns it. */
export async function issueCode(store: CodeStore, purpose: TSmsType, target: CodeTarget, now = Date.now()): Promise<string> {
  const subject = subjectOf(purpose, target);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const stored: StoredCode = { n: randomBytes(9).toString('base64url'), h: digest(store, purpose, subject, code), e: now + CODE_TTL_MS };
  await store.kv.set(codeKey(purpose, subject), JSON.stringify(stored), CODE_TTL_MS);
  return code;
}

/** Withdraws the current code (its delivery failed). */
export async function discardCode(store: CodeStore, purpose: TSmsType, target: CodeTarget): Promise<void> {
  await store.kv.del(codeKey(purpose, subjectOf(purpose, target)));
}

/**
 * Checks and consumes a code; throws CODE_EXPIRED (none, used or expired), CODE_INVALID
 * (wrong, with attemptsLeft) or CODE_TOO_MANY_ATTEMPTS (the code is now dead).
 */
export async function consumeCode(store: CodeStore, purpose: TSmsType, target: CodeTarget, code: string): Promise<void> {
  const subject = subjectOf(purpose, target);
  const key = codeKey(purpose, subject);
  const raw = await store.kv.get(key);
  if (!raw) throw new AppError('CODE_EXPIRED');
  const stored = JSON.parse(raw) as StoredCode;
  const attempts = await store.kv.incr(attemptsKey(stored.n), CODE_TTL_MS);
  // Past the limit the code is already dead (the MAX_ATTEMPTS-th wrong try deleted it) or is
  // being taken by a right one still in flight: refuse without deleting, so 20 parallel uses of
  // the right code still let exactly one through.
  if (attempts > MAX_ATTEMPTS) throw new AppError('CODE_TOO_MANY_ATTEMPTS');
  if (!equalHex(digest(store, purpose, subject, code), stored.h)) {
    if (attempts >= MAX_ATTEMPTS) {
      await store.kv.del(key);
      throw new AppError('CODE_TOO_MANY_ATTEMPTS');
    }
    throw new AppError('CODE_INVALID', { data: { attemptsLeft: MAX_ATTEMPTS - attempts } });
  }
  const taken = await store.kv.take(key);
  if (taken !== raw) {
    // Someone else consumed it first, or a newer code replaced it meanwhile (put that back).
    const ttl = taken ? (JSON.parse(taken) as StoredCode).e - Date.now() : 0;
    if (taken && ttl > 0) await store.kv.set(key, taken, ttl);
    throw new AppError('CODE_EXPIRED');
  }
  await store.kv.del(attemptsKey(stored.n));
}

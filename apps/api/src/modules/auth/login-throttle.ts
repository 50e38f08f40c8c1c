import { type KeyValueStore } from '../../infrastructure/kv';
import { limitError } from '../../infrastructure/http/rate-limit';
import { sha256Hex } from '../../infrastructure/secrets';

// Back-off for password log-in. Failures are counted per account (per user id, or per typed
// identifier when no account matches, so unknown names behave the same) and per client IP in
// a one-hour window. From the 5th failure on an account (20th from an IP) log-in is locked
// for 30 s, doubling with each further failure up to 15 minutes. Attempts are charged before
// the hash is compared, so the limits also hold for guesses sent in parallel. Only password
// log-in reads the lock: code log-in and password reset stay open to the real owner, and
// succeed in clearing it.

const WINDOW_MS = 3_600_000;
const MAX_LOCK_MS = 15 * 60_000;
export const ACCOUNT_FAILURES_BEFORE_LOCK = 5;
export const IP_FAILURES_BEFORE_LOCK = 20;
const BASE_LOCK_MS = 30_000;

export function accountSubject(userId: string | undefined, identifier: string): string {
  return userId ? `u:${userId}` : `x:${sha256Hex(identifier.trim().toLowerCase()).slice(0, 32)}`;
}

const ipSubject = (ip: string) => `ip:${sha256Hex(ip).slice(0, 32)}`;

function lockMs(failures: number, threshold: number): number {
  return Math.min(MAX_LOCK_MS, BASE_LOCK_MS * 2 ** Math.min(failures - threshold, 10));
}

/** One password check under way: call exactly one of its two ends. */
export interface PasswordAttempt {
  /** the password was wrong (or the account unknown) */
  failed(): Promise<void>;
  /** the password was right: the account's slate is cleared, the IP's charge given back */
  succeeded(): Promise<void>;
}

interface Charge {
  subject: string;
  threshold: number;
  /** this attempt holds the lock it set in advance (the threshold was reached) */
  claimed: boolean;
}

const failKey = (subject: string) => `login:fail:${subject}`;
const lockKey = (subject: string) => `login:lock:${subject}`;

async function lockedFor(kv: KeyValueStore, subject: string): Promise<number | null> {
  const left = await kv.ttl(lockKey(subject));
  return left !== null && left > 0 ? left : null;
}

async function refund(kv: KeyValueStore, charges: Charge[]): Promise<void> {
  for (const charge of charges) {
    await kv.decr(failKey(charge.subject));
    if (charge.claimed) await kv.del(lockKey(charge.subject));
  }
}

/**
 * Starts a password check for an account from an IP, or throws LOGIN_THROTTLED (with
 * retry-after). The attempt is counted as a failure before the password is checked and given
 * back if it was right, so parallel guesses cannot all slip past the lock while the hashes are
 * being compared: the attempt that reaches the threshold sets the lock itself, and every later
 * one (in parallel or after it) is turned away until the lock runs out; after that one attempt
 * at a time may try again, each failure doubling the lock.
 */
export async function beginPasswordAttempt(kv: KeyValueStore, account: string, ip: string): Promise<PasswordAttempt> {
  const subjects: [string, number][] = [
    [account, ACCOUNT_FAILURES_BEFORE_LOCK],
    [ipSubject(ip), IP_FAILURES_BEFORE_LOCK],
  ];
  for (const [subject] of subjects) {
    const left = await lockedFor(kv, subject);
    if (left) throw limitError('LOGIN_THROTTLED', left);
  }
  const charges: Charge[] = [];
  for (const [subject, threshold] of subjects) {
    const count = await kv.incr(failKey(subject), WINDOW_MS);
    const charge: Charge = { subject, threshold, claimed: false };
    if (count >= threshold) {
      charge.claimed = await kv.setIfAbsent(lockKey(subject), '1', lockMs(count, threshold));
      if (!charge.claimed) {
        await kv.decr(failKey(subject));
        await refund(kv, charges);
        throw limitError('LOGIN_THROTTLED', (await lockedFor(kv, subject)) ?? BASE_LOCK_MS);
      }
    }
    charges.push(charge);
  }

  return {
    async failed() {
      // The charge stands; the lock follows the count (parallel failures may have raised it).
      for (const { subject, threshold } of charges) {
        const count = Number((await kv.get(failKey(subject))) ?? 0);
        if (count >= threshold) await kv.set(lockKey(subject), '1', lockMs(count, threshold));
      }
    },
    async succeeded() {
      await clearFailures(kv, account);
      await refund(
        kv,
        charges.filter((charge) => charge.subject !== account),
      );
    },
  };
}

/** After a successful log-in or reset: the account starts with a clean slate. */
export async function clearFailures(kv: KeyValueStore, account: string): Promise<void> {
  await kv.del(`login:fail:${account}`);
  await kv.del(`login:lock:${account}`);
}

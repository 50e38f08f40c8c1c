import { type KeyValueStore } from '../../lib/kv';
import { limitError } from './rate-limit';
import { sha256Hex } from './secrets';

// Back-off for password log-in. Failures are counted per account (per user id, or per typed
// identifier when no account matches, so unknown names behave the same) and per client IP in
// a one-hour window. From the 5th failure on an account (20th from an IP) log-in is locked
// for 30 s, doubling with each further failure up to 15 minutes. Only password log-in reads
// the lock: code log-in and password reset stay open to the real owner, and succeed in
// clearing it.

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

/** Throws LOGIN_THROTTLED (with retry-after) while either the account or the IP is locked. */
export async function assertNotThrottled(kv: KeyValueStore, account: string, ip: string): Promise<void> {
  for (const subject of [account, ipSubject(ip)]) {
    const left = await kv.ttl(`login:lock:${subject}`);
    if (left !== null && left > 0) throw limitError('LOGIN_THROTTLED', left);
  }
}

export async function recordFailure(kv: KeyValueStore, account: string, ip: string): Promise<void> {
  const checks: [string, number][] = [
    [account, ACCOUNT_FAILURES_BEFORE_LOCK],
    [ipSubject(ip), IP_FAILURES_BEFORE_LOCK],
  ];
  for (const [subject, threshold] of checks) {
    const failures = await kv.incr(`login:fail:${subject}`, WINDOW_MS);
    if (failures >= threshold) await kv.set(`login:lock:${subject}`, '1', lockMs(failures, threshold));
  }
}

/** After a successful log-in or reset: the account starts with a clean slate. */
export async function clearFailures(kv: KeyValueStore, account: string): Promise<void> {
  await kv.del(`login:fail:${account}`);
  await kv.del(`login:lock:${account}`);
}

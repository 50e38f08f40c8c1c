import { DEVICE_PRESENCE_SECONDS } from '@llk/contracts';
import { type KeyValueStore } from '../../infrastructure/kv';

export const sessionsKey = (userId: string) => `device:sessions:${userId}`;

// The account's sessions are leases in the key-value store (`device:sessions:<user>`, field:
// the controlled device, holder: the controlling one), each for DEVICE_PRESENCE_SECONDS. An
// allowed connectCheck takes one atomically against the plan's limit (leaseAcquire), so
// parallel checks at the limit admit exactly the limit; the controller's heartbeat renews the
// ones it still holds and ends the rest (leaseRenew), and never starts a new one (ADR 0017).
// The sessions module owns them beside the connection records: an ended or disconnected
// record releases its lease, so no heartbeat can bring that session back.

export const SESSION_MS = DEVICE_PRESENCE_SECONDS * 1000;

export interface SessionLease {
  /** the controlling account: the key */
  userId: string;
  /** the controlled device: the field */
  toId: string;
  /** the controlling device: the holder */
  fromId: string;
}

/** Takes the session's lease against the plan's simultaneous-session limit (null: none); false when full. */
export function acquireSession(kv: KeyValueStore, lease: SessionLease, limit: number | null, now: Date): Promise<boolean> {
  return kv.leaseAcquire(sessionsKey(lease.userId), {
    field: lease.toId,
    holder: lease.fromId,
    limit,
    until: now.getTime() + SESSION_MS,
    now: now.getTime(),
    ttlMs: SESSION_MS,
  });
}

/** The controlling device reports its sessions: those it holds are renewed, the others end. */
export async function recordSessions(
  kv: KeyValueStore,
  userId: string,
  fromId: string,
  targets: readonly string[],
  now: Date,
): Promise<void> {
  await kv.leaseRenew(sessionsKey(userId), {
    holder: fromId,
    fields: targets,
    until: now.getTime() + SESSION_MS,
    now: now.getTime(),
    ttlMs: SESSION_MS,
  });
}

/** A report on one session (/session/update) renews its lease alone; one that lapsed or was released stays gone. */
export async function renewSession(kv: KeyValueStore, lease: SessionLease, now: Date): Promise<void> {
  await kv.leaseRenew(sessionsKey(lease.userId), {
    holder: lease.fromId,
    fields: [lease.toId],
    until: now.getTime() + SESSION_MS,
    now: now.getTime(),
    ttlMs: SESSION_MS,
    keepOthers: true,
  });
}

/** Ends the session's lease (its record ended): the seat under the plan's limit is free at once. */
export async function releaseSession(kv: KeyValueStore, lease: SessionLease): Promise<void> {
  await kv.leaseRelease(sessionsKey(lease.userId), lease.toId, lease.fromId);
}

/** Whether the controlling device still holds the session's lease at `now`. */
export async function holdsSession(kv: KeyValueStore, lease: SessionLease, now: Date): Promise<boolean> {
  return (await kv.leaseHolder(sessionsKey(lease.userId), lease.toId, now.getTime())) === lease.fromId;
}

/**
 * Short-lived shared state: verification codes, access keys, rate-limit counters, caches.
 * In-process by default (one API instance); Redis when REDIS_URL is set, so every instance
 * sees the same counters. Values are strings; TTLs are milliseconds; keys are namespaced by
 * the store (callers pass e.g. `sms:send:13800000000`).
 */
export interface KeyValueStore {
  readonly kind: 'memory' | 'redis';
  /**
   * How many times the store has been away (its breaker opened, ADR 0025); always 0 in memory.
   * A read-through fill is stored only if this has not changed since its read.
   */
  epoch(): number;
  get(key: string): Promise<string | null>;
  /** Values of many keys in one round trip (MGET), in the order given; null for a missing key. */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  /** Stores a value, replacing any; without ttlMs it lives until deleted. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Stores only when the key is absent (a cooldown or lock); true when it was stored. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /**
   * Adds 1 and returns the new count. The TTL starts when the key is created and is not
   * extended by later increments: a fixed window, as rate limits need.
   */
  incr(key: string, ttlMs: number): Promise<number>;
  /**
   * Takes 1 back from a counter that still exists, never below 0, keeping its TTL; returns the
   * new count (0 when the key is missing). Undoes an incr charged in advance.
   */
  decr(key: string): Promise<number>;
  /** Milliseconds left, or null when the key is missing or never expires. */
  ttl(key: string): Promise<number | null>;
  del(key: string): Promise<void>;
  /** Atomically reads and deletes: of two concurrent takers only one gets the value. */
  take(key: string): Promise<string | null>;
  /**
   * A set of leases under `key`: fields, each held by a holder until an epoch-ms time. Atomically
   * drops the leases over at `now`, then gives `field` to `holder` until `until` when the field
   * is already held or fewer than `limit` other leases are live (null: no limit). True when
   * given. The key lives ttlMs after the last change. Of concurrent callers at the limit,
   * exactly as many as fit get a lease.
   */
  leaseAcquire(
    key: string,
    lease: { field: string; holder: string; limit: number | null; until: number; now: number; ttlMs: number },
  ): Promise<boolean>;
  /**
   * Atomically: the holder's live leases among `fields` last until `until`, its other leases
   * end (unless `keepOthers`: then they stay as they are), expired ones are dropped. Grants
   * nothing new (only leaseAcquire counts the limit).
   */
  leaseRenew(
    key: string,
    renewal: { holder: string; fields: readonly string[]; until: number; now: number; ttlMs: number; keepOthers?: boolean },
  ): Promise<void>;
  /** Atomically ends `field`'s lease when `holder` holds it; true when one ended (a later renewal does not bring it back). */
  leaseRelease(key: string, field: string, holder: string): Promise<boolean>;
  /** Who holds `field`'s lease at `now`; null when nobody does (it ended or lapsed). */
  leaseHolder(key: string, field: string, now: number): Promise<string | null>;
  /**
   * A sorted set under `key` (members with numeric scores, such as expiry times): sets the
   * member's score, adding it when new; the key lives ttlMs after the last call.
   */
  scoreSet(key: string, member: string, score: number, ttlMs: number): Promise<void>;
  /** Drops the members scored at or below `min`, then answers the others (unordered). */
  membersAbove(key: string, min: number): Promise<string[]>;
  /**
   * Drops the members scored at or below `min`, then answers how many are left and `count` of
   * them from `offset`, the members in descending order of their own text (ids that sort by
   * time: newest first). One round trip; the set never leaves the store.
   */
  memberPage(key: string, min: number, offset: number, count: number): Promise<{ total: number; members: string[] }>;
  /**
   * How many members are scored above `min`, and which of `members` are (in the order given).
   * One round trip; drops nothing (a read beside a write that does).
   */
  membersAmong(key: string, min: number, members: readonly string[]): Promise<{ total: number; members: string[] }>;
  /** Removes members from the sorted set. */
  scoreRemove(key: string, members: readonly string[]): Promise<void>;
  /**
   * Messages to every instance that shares the store (Redis pub/sub; in-process for the memory
   * store): `handler` gets each message published on `channel` by any instance, this one
   * included, and `null` when messages may have been missed (the subscription was lost and is
   * back). While `live()` is false nothing arrives: a cache kept by messages must not be read.
   */
  subscribe(channel: string, handler: (message: string | null) => void): Promise<KvSubscription>;
  publish(channel: string, message: string): Promise<void>;
  close(): Promise<void>;
}

export interface KvSubscription {
  /** messages arrive now */
  live(): boolean;
  close(): Promise<void>;
}

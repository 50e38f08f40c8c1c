/**
 * Short-lived shared state: verification codes, access keys, rate-limit counters, caches.
 * In-process by default (one API instance); Redis when REDIS_URL is set, so every instance
 * sees the same counters. Values are strings; TTLs are milliseconds; keys are namespaced by
 * the store (callers pass e.g. `sms:send:13800000000`).
 */
export interface KeyValueStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
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
  close(): Promise<void>;
}

import { isStoreUnavailable, type KeyValueStore, type KvSubscription } from './kv';

// Copies in each instance's memory (the live sessions by token, the account behind
// `/user/info`, the public content answers of lib/content-cache.ts), so a repeated call skips
// the key-value store and the database (ADR 0022). What makes an entry stale ends it on every instance: `forget` empties this instance's
// entries for those keys at once and publishes them on the memo's channel (Redis pub/sub when
// instances share one), and each instance empties its own when the message arrives. A racing
// reader cannot put an old copy back: a value loaded while any change was announced is not kept (a generation counter taken
// before the load), and while the subscription is down (Redis away or reconnecting, when a
// message can be missed) nothing is read from or kept in memory. An entry also ends after
// `ttlMs`, which bounds what a change nobody announced (a write by another process) can leave.
// While the store's breaker is open (ADR 0025) the subscription is not live either, so a change
// that cannot be published is not needed by anyone: every memo is off until the store is back,
// and then starts empty (the store tells every handler `null`).

/** The message that ends every entry (a key list otherwise, space-separated). */
const EVERYTHING = '*';

export interface Memo<T> {
  /** Listens for changes; until it does (and while its subscription is down) nothing is kept. */
  start(): Promise<void>;
  /** Take before loading a value that `set` may keep. */
  generation(): number;
  get(key: string): T | undefined;
  /** Keeps a value loaded since `generation` (dropped if a change came in between). */
  set(key: string, generation: number, value: T, ttlMs?: number): void;
  /** Ends these entries (or all) here at once and on every other instance when the message arrives. */
  forget(keys: readonly string[] | 'all'): Promise<void>;
  /** entries kept now (tests) */
  size(): number;
  close(): Promise<void>;
}

export interface MemoOptions {
  /** the pub/sub channel its changes travel on */
  channel: string;
  /** longest an entry lives; 0 turns the memo off */
  ttlMs: number;
  /** entries per instance, the least recently used going first */
  maxEntries: number;
  /** every message ends every entry (a channel that names no keys: the content cache's) */
  whole?: boolean;
  now?: () => number;
}

interface TEntry<T> {
  value: T;
  expiresAt: number;
}

// The memos listening on each store's channels, so `forgetOn` ends this instance's entries
// before its message has gone anywhere (a log-out is over for the next call on this instance).
const local = new WeakMap<KeyValueStore, Map<string, Set<(keys: readonly string[] | 'all') => void>>>();

/**
 * Ends `keys` in every memo on `channel`: this instance's at once, the others' through the store.
 * For callers that hold the store but not the memo (the session service's forgetSessions).
 */
export async function forgetOn(kv: KeyValueStore, channel: string, keys: readonly string[] | 'all'): Promise<void> {
  if (keys !== 'all' && keys.length === 0) return;
  for (const drop of local.get(kv)?.get(channel) ?? []) drop(keys);
  await kv.publish(channel, keys === 'all' ? EVERYTHING : keys.join(' ')).catch((error: unknown) => {
    if (!isStoreUnavailable(error)) throw error;
  });
}

export function createMemo<T>(kv: KeyValueStore, options: MemoOptions): Memo<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, TEntry<T>>();
  let generation = 0;
  let subscription: KvSubscription | null = null;
  const drop = (keys: readonly string[] | 'all') => {
    generation += 1;
    if (keys === 'all') entries.clear();
    else for (const key of keys) entries.delete(key);
  };
  const onMessage = (message: string | null) =>
    drop(options.whole || message === null || message === EVERYTHING ? 'all' : message.split(' '));
  const usable = () => options.ttlMs > 0 && subscription !== null && subscription.live();
  return {
    async start() {
      if (options.ttlMs <= 0 || subscription) return;
      subscription = await kv.subscribe(options.channel, onMessage);
      const channels = local.get(kv) ?? new Map<string, Set<(keys: readonly string[] | 'all') => void>>();
      local.set(kv, channels);
      const drops = channels.get(options.channel) ?? new Set();
      channels.set(options.channel, drops);
      drops.add(drop);
    },
    generation: () => generation,
    get(key) {
      if (!usable()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry); // most recently used last: Map keeps insertion order
      return entry.value;
    },
    set(key, at, value, ttlMs = options.ttlMs) {
      if (!usable() || at !== generation || ttlMs <= 0) return;
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + Math.min(options.ttlMs, ttlMs) });
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
    },
    forget: (keys) => forgetOn(kv, options.channel, keys),
    size: () => entries.size,
    async close() {
      local.get(kv)?.get(options.channel)?.delete(drop);
      const open = subscription;
      subscription = null;
      entries.clear();
      await open?.close();
    },
  };
}

import { isStoreUnavailable } from './circuit-breaker';
import { type KeyValueStore } from './key-value-store';

// A read-through cache in the key-value store (Redis in production, so one entry and one
// invalidation serve every API instance). A change does not delete an entry: it writes a
// tombstone that outlives every entry's TTL, and fills only ever use setIfAbsent. So a reader
// that loaded the old row before the change and stores it after cannot put it back: its fill
// finds the tombstone and is dropped, and until the tombstone goes readers use the database.
// The tombstone has only to outlive the fills already in flight (a read of one row, then one
// store write): a minute is far beyond that, and short enough that a device re-registering at
// start-up reads its row from the database for two beats, not for ten minutes.
//
// While the store is away (its breaker open, ADR 0025) a read is a miss that may not be filled:
// the caller reads the database, and nothing is stored. A tombstone that cannot be written is not
// an error: the change is in the database, which every instance reads while the store is away,
// and the store forgets every entry under CACHE_NAMESPACE when it is back, before it is used
// again, so an entry from before the change cannot come back. Nor can a fill read before the
// outage and stored after the return (a read, then a wait on a lock, meanwhile the change and its
// lost tombstone): a read records the store's epoch, which every opening of the breaker moves on,
// and a fill at another epoch is dropped.

/** Every read-through key starts with this, so the store can forget them all after an outage. */
export const CACHE_NAMESPACE = 'cache:';

/** The key of a read-through entry: `cacheKey(\`session:${hash}\`)`. */
export function cacheKey(name: string): string {
  return CACHE_NAMESPACE + name;
}

function checked(key: string): string {
  if (!key.startsWith(CACHE_NAMESPACE)) throw new Error(`a read-through key must come from cacheKey(): ${key}`);
  return key;
}

/** The value of an invalidated key; never a JSON text, so never read as an entry. */
export const TOMBSTONE = '\u0000gone';
/** How long a tombstone blocks fills: longer than any fill in flight can take. */
export const CACHE_TOMBSTONE_MS = 60_000;

export interface CacheRead<T> {
  /** the entry, or null on a miss */
  value: T | null;
  /** a miss with no tombstone: the loaded value may be stored */
  fillable: boolean;
  /** the store's epoch before the read (`kv.epoch()`): the fill is dropped if it has moved on */
  epoch: number;
}

/** What one raw value (from get or getMany) says; `epoch` is `kv.epoch()` taken before that call. */
export function cacheReadOf<T>(raw: string | null, epoch: number): CacheRead<T> {
  if (raw === null) return { value: null, fillable: true, epoch };
  if (raw === TOMBSTONE) return { value: null, fillable: false, epoch };
  return { value: JSON.parse(raw) as T, fillable: false, epoch };
}

function unlessUnavailable(error: unknown): void {
  if (!isStoreUnavailable(error)) throw error;
}

export async function readCache<T>(kv: KeyValueStore, key: string): Promise<CacheRead<T>> {
  const epoch = kv.epoch();
  try {
    return cacheReadOf<T>(await kv.get(checked(key)), epoch);
  } catch (error) {
    unlessUnavailable(error);
    // the store is away: nothing known, nothing to store
    return { value: null, fillable: false, epoch };
  }
}

/**
 * Whether a value loaded after `read` may still be kept: the read found no entry and no
 * tombstone, and the store has not been away since (its epoch unchanged; an open breaker has
 * moved it on too).
 */
export function mayFill(kv: KeyValueStore, read: CacheRead<unknown>): boolean {
  return read.fillable && kv.epoch() === read.epoch;
}

/**
 * Stores a loaded value, unless the read found a tombstone, the store has been away since the
 * read, or another reader filled it meanwhile.
 */
export async function fillCache(kv: KeyValueStore, read: CacheRead<unknown>, key: string, value: unknown, ttlMs: number): Promise<void> {
  if (mayFill(kv, read) && ttlMs > 0) await kv.setIfAbsent(checked(key), JSON.stringify(value), ttlMs).catch(unlessUnavailable);
}

/** Ends these entries at once on every instance; call it after the change is written. */
export async function invalidateCache(kv: KeyValueStore, keys: readonly string[]): Promise<void> {
  await Promise.all([...new Set(keys)].map((key) => kv.set(checked(key), TOMBSTONE, CACHE_TOMBSTONE_MS).catch(unlessUnavailable)));
}

export type { KeyValueStore, KvSubscription } from './key-value-store';
export { MemoryKeyValueStore } from './memory-store';
export { DEFAULT_PROBE_MS, RedisKeyValueStore, type RedisStoreOptions } from './redis-store';
export { isStoreUnavailable, StoreUnavailableError } from './circuit-breaker';
export {
  CACHE_NAMESPACE,
  CACHE_TOMBSTONE_MS,
  cacheKey,
  cacheReadOf,
  fillCache,
  invalidateCache,
  mayFill,
  readCache,
  type CacheRead,
} from './read-through';

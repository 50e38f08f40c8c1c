export type { KeyValueStore, KvSubscription } from './key-value-store';
export { MemoryKeyValueStore } from './memory-store';
export { RedisKeyValueStore } from './redis-store';
export { CACHE_TOMBSTONE_MS, cacheReadOf, fillCache, invalidateCache, readCache, type CacheRead } from './read-through';

export type { KeyValueStore } from './key-value-store';
export { MemoryKeyValueStore } from './memory-store';
export { RedisKeyValueStore } from './redis-store';

import { randomBytes } from 'node:crypto';
import { type KeyValueStore, MemoryKeyValueStore, RedisKeyValueStore } from '../src/infrastructure/kv';
import { createRedis } from '../src/infrastructure/redis';

/**
 * The key-value store a benchmark's API uses: Redis with the production connection's settings
 * (lib/redis.ts: auto-pipelining, fail-fast timeouts) under a prefix of its own when `redisUrl`
 * is given, else the in-process store. `close` deletes the run's keys and quits.
 */
export function benchKeyValueStore(redisUrl: string | undefined): { kv: KeyValueStore; label: string; close: () => Promise<void> } {
  if (!redisUrl) return { kv: new MemoryKeyValueStore(), label: 'memory', close: async () => {} };
  const redis = createRedis(redisUrl);
  const prefix = `llk-bench:${randomBytes(4).toString('hex')}:`;
  return {
    kv: new RedisKeyValueStore(redis, prefix),
    label: 'redis',
    close: async () => {
      const keys = await redis.keys(`${prefix}*`);
      for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
      await redis.quit();
    },
  };
}

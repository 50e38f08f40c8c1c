import fp from 'fastify-plugin';
import { type Redis } from 'ioredis';
import { type ContentCache, createContentCache } from '../../infrastructure/content-cache';
import { MemoryKeyValueStore, RedisKeyValueStore, type KeyValueStore } from '../../infrastructure/kv';
import { closeRedis, createRedis, whenRedisReady } from '../../infrastructure/redis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Codes, rate limits, caches: Redis when REDIS_URL is set, else in-process. */
    kv: KeyValueStore;
    /** The Redis connection, when configured (health reports it). */
    redis: Redis | null;
    /** Public content answers in memory, one content version at a time (lib/content-cache.ts). */
    contentCache: ContentCache;
  }
}

export interface KvPluginOptions {
  /** Injected store (tests); the caller closes it. */
  kv?: KeyValueStore;
  /** Injected connection (tests); the caller closes it. */
  redis?: Redis;
}

export default fp<KvPluginOptions>(
  async (app, options) => {
    const url = app.config.redisUrl;
    const { commandTimeoutMs, probeMs } = app.config.redisBreaker;
    const ownRedis =
      !options.redis && url
        ? createRedis(url, (error) => app.log.warn({ err: error }, 'redis connection error'), { commandTimeoutMs })
        : null;
    const redis = options.redis ?? ownRedis;
    if (ownRedis) await whenRedisReady(ownRedis);
    let closing = false;
    // the breaker's moves (ADR 0025): while open, sessions and accounts come from the database
    // and what needs the store answers 503
    const onBreaker = (event: { open: true; cause: unknown } | { open: false; forgotten: number }) => {
      if (closing) return;
      if (event.open) app.log.warn({ err: event.cause }, 'redis away: store calls fail at once until it answers again');
      else app.log.warn({ forgottenCacheEntries: event.forgotten }, 'redis back: read-through entries forgotten, store calls resume');
    };
    const ownKv = options.kv ? null : redis ? new RedisKeyValueStore(redis, 'llk:', { probeMs, onBreaker }) : new MemoryKeyValueStore();
    const kv = options.kv ?? (ownKv as KeyValueStore);

    app.decorate('redis', redis);
    app.decorate('kv', kv);
    const contentCache = createContentCache(kv, { ttlMs: app.config.contentCacheMs });
    app.decorate('contentCache', contentCache);
    // listening for content changes needs the store: a Redis that is away keeps the cache off
    // (nothing kept, every answer from the database) instead of failing the start
    await contentCache.start().catch((error: unknown) => app.log.warn({ err: error }, 'content cache off: no change messages'));
    app.addHook('onClose', async () => {
      closing = true;
      await contentCache.close();
      await ownKv?.close();
      if (ownRedis) await closeRedis(ownRedis);
    });
  },
  { name: 'kv', dependencies: ['config'] },
);

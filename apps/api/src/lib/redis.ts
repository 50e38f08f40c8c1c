import { Redis } from 'ioredis';

/**
 * A Redis connection that fails fast instead of queueing forever: it connects on first use,
 * gives up a command after 2 s, retries a dropped connection with capped backoff, and lets a
 * request fail (and /health report it) rather than hang while Redis is away.
 */
export function createRedis(url: string, onError?: (error: Error) => void): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // ioredis emits 'error' on every failed reconnect; without a listener Node would crash.
  redis.on('error', (error) => onError?.(error));
  return redis;
}

/** QUIT politely, but never let a dead server hold shutdown hostage. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end' || redis.status === 'wait') {
    redis.disconnect();
    return;
  }
  const timer = setTimeout(() => redis.disconnect(), 1_000);
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  } finally {
    clearTimeout(timer);
  }
}

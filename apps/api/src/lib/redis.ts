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
    // commands issued in the same tick (a request's reads and writes, many requests' at once) share one write to the socket
    enableAutoPipelining: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // ioredis emits 'error' on every failed reconnect; without a listener Node would crash.
  redis.on('error', (error) => onError?.(error));
  return redis;
}

/**
 * QUIT politely when connected and wait for the socket to close; otherwise (never connected,
 * or reconnecting to a dead server) just stop. Shutdown never waits more than about a second.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const ended = new Promise<void>((resolve) => {
    redis.once('end', () => resolve());
    timer = setTimeout(() => {
      redis.disconnect();
      resolve();
    }, 1_000);
  });
  await redis.quit().catch(() => redis.disconnect());
  await ended;
  clearTimeout(timer);
}

import { Redis } from 'ioredis';

/** A command Redis has not answered in this long fails (and opens the store's breaker). */
export const DEFAULT_COMMAND_TIMEOUT_MS = 1_000;

/**
 * A Redis connection that fails fast instead of waiting: it connects at once (the kv plugin waits
 * for it at start, see whenRedisReady), retries a dropped connection in the background with capped backoff, and
 * while it is not connected a command fails at once instead of waiting in a queue for the next
 * reconnection (which is what made every request take about 3 s while Redis was away: a queued
 * command waited for a reconnection attempt or the 2 s command timeout, twice for two commands).
 * What was sent but not answered when a connection dropped is not sent again on the next one: a
 * cache fill read before a change must not land after it (ADR 0025). The store's breaker
 * (lib/kv/circuit-breaker.ts) then stops sending anything until Redis answers again.
 */
export function createRedis(url: string, onError?: (error: Error) => void, options: { commandTimeoutMs?: number } = {}): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    // commands issued in the same tick (a request's reads and writes, many requests' at once) share one write to the socket
    enableAutoPipelining: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // ioredis emits 'error' on every failed reconnect; without a listener Node would crash.
  redis.on('error', (error) => onError?.(error));
  return redis;
}

/**
 * Resolves once the connection is ready, or has failed once, or after `ms`: start-up waits for
 * Redis without depending on it (a Redis that is away leaves the breaker open, and the process
 * serves what the database can).
 */
export function whenRedisReady(redis: Redis, ms = 2_000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done).off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    redis.on('ready', done).on('close', done);
  });
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

import { type Redis } from 'ioredis';
import { type KeyValueStore } from './key-value-store';

// INCR then set the expiry only on the first increment, in one round trip and atomically, so
// a crash between the two commands cannot leave a counter that never expires.
const INCR_WITH_TTL = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

// DECR only a live counter above 0: a missing key stays missing (its window is over).
const DECR_IF_POSITIVE = `
local count = tonumber(redis.call('GET', KEYS[1]))
if count == nil or count <= 0 then return 0 end
return redis.call('DECR', KEYS[1])`;

/**
 * Redis-backed store shared by every API instance. `prefix` namespaces the keys (tests use a
 * unique one per run). The connection belongs to the caller: close() does not quit it.
 */
export class RedisKeyValueStore implements KeyValueStore {
  readonly kind = 'redis' as const;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'llk:',
  ) {}

  private k(key: string): string {
    return this.prefix + key;
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.k(key));
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) await this.redis.set(this.k(key), value);
    else await this.redis.set(this.k(key), value, 'PX', positive(ttlMs));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.k(key), value, 'PX', positive(ttlMs), 'NX')) === 'OK';
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    return Number(await this.redis.eval(INCR_WITH_TTL, 1, this.k(key), positive(ttlMs)));
  }

  async decr(key: string): Promise<number> {
    return Number(await this.redis.eval(DECR_IF_POSITIVE, 1, this.k(key)));
  }

  async ttl(key: string): Promise<number | null> {
    const ms = await this.redis.pttl(this.k(key));
    return ms >= 0 ? ms : null; // -2 missing, -1 no expiry
  }

  async del(key: string): Promise<void> {
    await this.redis.del(this.k(key));
  }

  async take(key: string): Promise<string | null> {
    return this.redis.getdel(this.k(key)); // Redis ≥ 6.2
  }

  async close(): Promise<void> {}
}

function positive(ttlMs: number): number {
  if (!(ttlMs > 0)) throw new RangeError('ttlMs must be positive');
  return Math.ceil(ttlMs);
}

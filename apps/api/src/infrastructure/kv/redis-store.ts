import { type Redis } from 'ioredis';
import { isOutage } from '../http/error-response';
import { CircuitBreaker } from './circuit-breaker';
import { type KeyValueStore, type KvSubscription } from './key-value-store';
import { CACHE_NAMESPACE, TOMBSTONE } from './read-through';

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

// Leases: a hash of field → "holder|until". Drop the expired, count the others, give the
// field when it is held already or there is room. ARGV: field, holder, limit (-1: none), now,
// until, ttl.
const LEASE_ACQUIRE = `
local now = tonumber(ARGV[4])
local entries = redis.call('HGETALL', KEYS[1])
local others = 0
local held = false
for i = 1, #entries, 2 do
  local untilAt = tonumber(string.match(entries[i + 1], '|(%d+)$'))
  if untilAt == nil or untilAt <= now then redis.call('HDEL', KEYS[1], entries[i])
  elseif entries[i] == ARGV[1] then held = true
  else others = others + 1 end
end
local limit = tonumber(ARGV[3])
if not held and limit >= 0 and others >= limit then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. '|' .. ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return 1`;

// A sorted set keeps a companion under KEYS[2] ("<key>:lex"): the same members, all scored 0,
// so Redis orders them by their own text and a page is a ZREVRANGEBYLEX with LIMIT (no sort of
// the whole set per page). Every write goes to both; expired members leave both.

// Drops the members scored at or below ARGV[1] from both sets (in slices: unpack has a limit).
const DROP_EXPIRED = `
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
for i = 1, #expired, 1000 do
  local slice = { unpack(expired, i, math.min(i + 999, #expired)) }
  redis.call('ZREM', KEYS[1], unpack(slice))
  redis.call('ZREM', KEYS[2], unpack(slice))
end`;

// The live members, unordered. ARGV: min score.
const MEMBERS_ABOVE = `${DROP_EXPIRED}
return redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf')`;

// A page of the live members by their own text, newest id first, and how many there are. The
// companion is rebuilt when it does not match (a set written before it existed). ARGV: min
// score, offset, count.
const MEMBER_PAGE = `${DROP_EXPIRED}
local total = redis.call('ZCARD', KEYS[1])
if redis.call('ZCARD', KEYS[2]) ~= total then
  redis.call('DEL', KEYS[2])
  local all = redis.call('ZRANGE', KEYS[1], 0, -1)
  for i = 1, #all, 1000 do
    local args = {}
    for j = i, math.min(i + 999, #all) do args[#args + 1] = 0; args[#args + 1] = all[j] end
    redis.call('ZADD', KEYS[2], unpack(args))
  end
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
end
if total == 0 or tonumber(ARGV[3]) == 0 then return { total, {} } end
return { total, redis.call('ZREVRANGEBYLEX', KEYS[2], '+', '-', 'LIMIT', ARGV[2], ARGV[3]) }`;

// ARGV: holder, now, until, ttl, keep the others (1) or end them (0), then the fields the holder keeps.
const LEASE_RENEW = `
local now = tonumber(ARGV[2])
local keep = {}
for i = 6, #ARGV do keep[ARGV[i]] = true end
local entries = redis.call('HGETALL', KEYS[1])
for i = 1, #entries, 2 do
  local holder, untilAt = string.match(entries[i + 1], '^(.*)|(%d+)$')
  if untilAt == nil or tonumber(untilAt) <= now then redis.call('HDEL', KEYS[1], entries[i])
  elseif holder == ARGV[1] then
    if keep[entries[i]] then redis.call('HSET', KEYS[1], entries[i], holder .. '|' .. ARGV[3])
    elseif ARGV[5] ~= '1' then redis.call('HDEL', KEYS[1], entries[i]) end
  end
end
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[4]) end
return 1`;

// Ends one lease when ARGV[2] holds it. KEYS: the leases; ARGV: field, holder.
const LEASE_RELEASE = `
local value = redis.call('HGET', KEYS[1], ARGV[1])
if value and string.match(value, '^(.*)|%d+$') == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0`;

// Forgets read-through entries after an outage (ADR 0025): the entries among KEYS go, their
// tombstones stay (a fill racing a change made since the store came back must still be refused).
// ARGV: the tombstone.
const FORGET_ENTRIES = `
local forgotten = 0
for i = 1, #KEYS do
  local value = redis.call('GET', KEYS[i])
  if value and value ~= ARGV[1] then
    redis.call('UNLINK', KEYS[i])
    forgotten = forgotten + 1
  end
end
return forgotten`;

/** MGET in slices, so one call for a large fleet does not block Redis for long. */
const MGET_SLICE = 1000;
/** Keys per SCAN step when the read-through entries are forgotten. */
const SCAN_COUNT = 1000;

export interface RedisStoreOptions {
  /** how often the breaker asks an absent Redis whether it is back (ADR 0025) */
  probeMs?: number;
  /** the breaker opened (Redis away) or closed (back, its read-through entries forgotten) */
  onBreaker?: (event: { open: true; cause: unknown } | { open: false; forgotten: number }) => void;
}

export const DEFAULT_PROBE_MS = 1_000;

/** The breaker of one connection, shared by the stores on it (tests run several prefixes on one). */
interface ConnectionBreaker {
  breaker: CircuitBreaker;
  stores: Set<RedisKeyValueStore>;
}
const breakers = new WeakMap<Redis, ConnectionBreaker>();

function breakerFor(redis: Redis, store: RedisKeyValueStore, options: RedisStoreOptions): ConnectionBreaker {
  const known = breakers.get(redis);
  if (known) {
    known.stores.add(store);
    return known;
  }
  const stores = new Set<RedisKeyValueStore>([store]);
  let forgotten = 0;
  const breaker = new CircuitBreaker({
    probeMs: options.probeMs ?? DEFAULT_PROBE_MS,
    isOutage,
    probe: () => redis.ping(),
    recover: async () => {
      forgotten = 0;
      for (const each of stores) forgotten += await each.forgetCacheEntries();
    },
    onOpen: (cause) => options.onBreaker?.({ open: true, cause }),
    onClose: () => {
      // what was published while the store was away is unknown: the memos start empty
      for (const each of stores) each.announceGap();
      options.onBreaker?.({ open: false, forgotten });
    },
  });
  // A closed connection is an outage before any command fails (nothing waits for a timeout);
  // `ready` is the reconnection, probed at once; `end` (quit, or no more retries) ends probing.
  const onClose = () => breaker.trip(new Error('Connection is closed.'));
  const onReady = () => breaker.nudge();
  const onEnd = () => {
    breaker.stop();
    redis.off('close', onClose).off('ready', onReady).off('end', onEnd);
    if (breakers.get(redis)?.breaker === breaker) breakers.delete(redis);
  };
  redis.on('close', onClose).on('ready', onReady).on('end', onEnd);
  const entry = { breaker, stores };
  breakers.set(redis, entry);
  return entry;
}

/**
 * Redis-backed store shared by every API instance. `prefix` namespaces the keys (tests use a
 * unique one per run). The connection belongs to the caller: close() does not quit it.
 * Every command goes through the connection's circuit breaker (ADR 0025): while Redis is away
 * calls fail at once with StoreUnavailableError.
 */
export class RedisKeyValueStore implements KeyValueStore {
  readonly kind = 'redis' as const;
  private readonly shared: ConnectionBreaker;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'llk:',
    options: RedisStoreOptions = {},
  ) {
    this.shared = breakerFor(redis, this, options);
  }

  private k(key: string): string {
    return this.prefix + key;
  }

  /** Whether calls go to Redis now (false while the breaker is open). */
  available(): boolean {
    return !this.shared.breaker.isOpen();
  }

  epoch(): number {
    return this.shared.breaker.epoch();
  }

  private run<T>(command: () => Promise<T>): Promise<T> {
    return this.shared.breaker.run(command);
  }

  async get(key: string): Promise<string | null> {
    return this.run(() => this.redis.get(this.k(key)));
  }

  async getMany(keys: readonly string[]): Promise<(string | null)[]> {
    const values: (string | null)[] = [];
    for (let i = 0; i < keys.length; i += MGET_SLICE)
      values.push(...(await this.run(() => this.redis.mget(keys.slice(i, i + MGET_SLICE).map((key) => this.k(key))))));
    return values;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) await this.run(() => this.redis.set(this.k(key), value));
    else await this.run(() => this.redis.set(this.k(key), value, 'PX', positive(ttlMs)));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this.run(() => this.redis.set(this.k(key), value, 'PX', positive(ttlMs), 'NX'))) === 'OK';
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    return Number(await this.run(() => this.redis.eval(INCR_WITH_TTL, 1, this.k(key), positive(ttlMs))));
  }

  async decr(key: string): Promise<number> {
    return Number(await this.run(() => this.redis.eval(DECR_IF_POSITIVE, 1, this.k(key))));
  }

  async ttl(key: string): Promise<number | null> {
    const ms = await this.run(() => this.redis.pttl(this.k(key)));
    return ms >= 0 ? ms : null; // -2 missing, -1 no expiry
  }

  async del(key: string): Promise<void> {
    await this.run(() => this.redis.del(this.k(key)));
  }

  async take(key: string): Promise<string | null> {
    return this.run(() => this.redis.getdel(this.k(key))); // Redis ≥ 6.2
  }

  async leaseAcquire(
    key: string,
    lease: { field: string; holder: string; limit: number | null; until: number; now: number; ttlMs: number },
  ): Promise<boolean> {
    const limit = lease.limit === null ? -1 : lease.limit;
    return (
      Number(
        await this.run(() =>
          this.redis.eval(
            LEASE_ACQUIRE,
            1,
            this.k(key),
            lease.field,
            lease.holder,
            limit,
            Math.floor(lease.now),
            Math.floor(lease.until),
            positive(lease.ttlMs),
          ),
        ),
      ) === 1
    );
  }

  async leaseRenew(
    key: string,
    renewal: { holder: string; fields: readonly string[]; until: number; now: number; ttlMs: number; keepOthers?: boolean },
  ): Promise<void> {
    await this.run(() =>
      this.redis.eval(
        LEASE_RENEW,
        1,
        this.k(key),
        renewal.holder,
        Math.floor(renewal.now),
        Math.floor(renewal.until),
        positive(renewal.ttlMs),
        renewal.keepOthers ? 1 : 0,
        ...renewal.fields,
      ),
    );
  }

  async leaseRelease(key: string, field: string, holder: string): Promise<boolean> {
    return Number(await this.run(() => this.redis.eval(LEASE_RELEASE, 1, this.k(key), field, holder))) === 1;
  }

  async leaseHolder(key: string, field: string, now: number): Promise<string | null> {
    const value = await this.run(() => this.redis.hget(this.k(key), field));
    const match = value ? /^(.*)\|(\d+)$/.exec(value) : null;
    return match && Number(match[2]) > now ? (match[1] ?? null) : null;
  }

  /** The sorted set's text-ordered companion (see MEMBER_PAGE). */
  private lex(key: string): string {
    return `${this.k(key)}:lex`;
  }

  async scoreSet(key: string, member: string, score: number, ttlMs: number): Promise<void> {
    const ttl = positive(ttlMs);
    await this.run(() =>
      this.redis
        .multi()
        .zadd(this.k(key), score, member)
        .pexpire(this.k(key), ttl)
        .zadd(this.lex(key), 0, member)
        .pexpire(this.lex(key), ttl)
        .exec(),
    );
  }

  async membersAbove(key: string, min: number): Promise<string[]> {
    const members = await this.run(() => this.redis.eval(MEMBERS_ABOVE, 2, this.k(key), this.lex(key), min));
    return Array.isArray(members) ? (members as string[]) : [];
  }

  async memberPage(key: string, min: number, offset: number, count: number): Promise<{ total: number; members: string[] }> {
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(count) || count < 0)
      throw new RangeError('offset and count must be whole numbers ≥ 0');
    const [total, members] = (await this.run(() => this.redis.eval(MEMBER_PAGE, 2, this.k(key), this.lex(key), min, offset, count))) as [
      number,
      string[],
    ];
    return { total: Number(total), members };
  }

  async membersAmong(key: string, min: number, members: readonly string[]): Promise<{ total: number; members: string[] }> {
    if (members.length === 0) return { total: await this.run(() => this.redis.zcount(this.k(key), `(${min}`, '+inf')), members: [] };
    const answers = await this.run(() =>
      this.redis
        .multi()
        .zcount(this.k(key), `(${min}`, '+inf')
        .zmscore(this.k(key), ...members)
        .exec(),
    );
    const total = Number(answers?.[0]?.[1] ?? 0);
    const scores = (answers?.[1]?.[1] ?? []) as (string | null)[];
    return { total, members: members.filter((_, i) => scores[i] !== null && scores[i] !== undefined && Number(scores[i]) > min) };
  }

  async scoreRemove(key: string, members: readonly string[]): Promise<void> {
    if (members.length)
      await this.run(() =>
        this.redis
          .multi()
          .zrem(this.k(key), ...members)
          .zrem(this.lex(key), ...members)
          .exec(),
      );
  }

  /**
   * After an outage, before the breaker closes: every read-through entry under this prefix goes
   * (tombstones stay). A tombstone that could not be written while Redis was away would otherwise
   * let an entry from before the change be read again. Answers how many entries went.
   */
  async forgetCacheEntries(): Promise<number> {
    const pattern = `${globEscape(this.k(CACHE_NAMESPACE))}*`;
    let forgotten = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_COUNT);
      if (keys.length) forgotten += Number(await this.redis.eval(FORGET_ENTRIES, keys.length, ...keys, TOMBSTONE));
      cursor = next;
    } while (cursor !== '0');
    return forgotten;
  }

  /** The breaker closed: messages published meanwhile were missed, every handler hears `null`. */
  announceGap(): void {
    for (const handlers of this.handlers.values()) for (const handler of handlers) handler(null);
  }

  /** The connection subscribers listen on (a subscribed Redis connection runs no other command). */
  private subscriber: Redis | null = null;
  private readonly handlers = new Map<string, Set<(message: string | null) => void>>();
  /**
   * Redis has confirmed the subscriptions on the current connection. After a loss the connection
   * is `ready` one round trip before its SUBSCRIBE is: a message published in between would be
   * missed while the subscription looked live.
   */
  private confirmed = false;

  private listen(): Redis {
    if (this.subscriber) return this.subscriber;
    // its own offline queue: a SUBSCRIBE made while connecting waits for the connection (the
    // command connection fails at once instead, lib/redis.ts)
    const subscriber = this.redis.duplicate({ enableOfflineQueue: true });
    let connectedBefore = false;
    subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(message);
    });
    subscriber.on('close', () => {
      this.confirmed = false;
    });
    // Back after a loss: subscribe again (ioredis does too; this waits for Redis's answer), then
    // tell every handler that whatever was published meanwhile is unknown.
    subscriber.on('ready', () => {
      if (!connectedBefore) {
        connectedBefore = true;
        return;
      }
      const names = [...this.handlers.keys()];
      (names.length ? subscriber.subscribe(...names) : Promise.resolve())
        .then(() => {
          this.confirmed = true;
          for (const handlers of this.handlers.values()) for (const handler of handlers) handler(null);
        })
        .catch(() => undefined); // still down: the next 'ready' tries again
    });
    subscriber.on('error', () => undefined); // the main connection reports Redis errors
    this.subscriber = subscriber;
    return subscriber;
  }

  async subscribe(channel: string, handler: (message: string | null) => void): Promise<KvSubscription> {
    const subscriber = this.listen();
    const name = this.k(channel);
    const handlers = this.handlers.get(name) ?? new Set();
    this.handlers.set(name, handlers);
    handlers.add(handler);
    try {
      await subscriber.subscribe(name);
      this.confirmed = true;
    } catch (error) {
      handlers.delete(handler);
      if (handlers.size === 0) this.handlers.delete(name);
      if (this.handlers.size === 0) await this.close();
      throw error;
    }
    return {
      // while the breaker is open nothing can be published: a change elsewhere would go unheard
      live: () => subscriber.status === 'ready' && this.confirmed && this.available(),
      close: async () => {
        handlers.delete(handler);
        if (handlers.size > 0) return;
        this.handlers.delete(name);
        // the last subscription ends the connection: an app closing leaves nothing open
        if (this.handlers.size === 0) await this.close();
        else if (subscriber.status === 'ready') await subscriber.unsubscribe(name);
      },
    };
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.run(() => this.redis.publish(this.k(channel), message));
  }

  async close(): Promise<void> {
    this.shared.stores.delete(this);
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (!subscriber) return;
    if (subscriber.status === 'ready') await subscriber.quit().catch(() => subscriber.disconnect());
    else subscriber.disconnect();
  }
}

/** A MATCH pattern naming exactly this text (the prefix may hold glob characters). */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

function positive(ttlMs: number): number {
  if (!(ttlMs > 0)) throw new RangeError('ttlMs must be positive');
  return Math.ceil(ttlMs);
}

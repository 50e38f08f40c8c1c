import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  cacheKey,
  fillCache,
  invalidateCache,
  MemoryKeyValueStore,
  readCache,
  RedisKeyValueStore,
  type KeyValueStore,
} from '../../src/infrastructure/kv';
import { testRedisUrl } from '../databases';

// The same behaviour suite for both stores: in-process always, Redis when TEST_REDIS_URL is
// set (keys under a prefix unique to this run, deleted afterwards). Time passes by the memory
// store's injected clock; Redis keeps its own, so there the test polls until Redis reports
// that much of the key's TTL gone (a real event, bounded), instead of sleeping a fixed time.

const redisUrl = testRedisUrl();
const prefix = `llk-test:${Date.now().toString(36)}:${randomBytes(4).toString('hex')}:`;
let redis: Redis | undefined;

interface StoreCase {
  kv: KeyValueStore;
  /** lets `ms` pass for `key` (whose TTL is running) */
  timePasses(key: string, ms: number): Promise<void>;
}

function memoryCase(): StoreCase {
  let now = Date.UTC(2026, 0, 1);
  const kv = new MemoryKeyValueStore(() => now);
  return { kv, timePasses: async (_key, ms) => void (now += ms) };
}

function redisCase(url: string): StoreCase {
  const kv = new RedisKeyValueStore((redis ??= new Redis(url, { lazyConnect: true })), prefix);
  return {
    kv,
    async timePasses(key, ms) {
      const start = await kv.ttl(key);
      const deadline = Date.now() + ms + 2_000;
      for (;;) {
        const left = await kv.ttl(key);
        if (start === null || left === null || left < start - ms) return;
        if (Date.now() > deadline) throw new Error(`Redis did not count down ${ms} ms of ${key}`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

const stores: { kind: string; create: () => StoreCase }[] = [
  { kind: 'memory', create: memoryCase },
  ...(redisUrl ? [{ kind: 'redis', create: () => redisCase(redisUrl) }] : []),
];

afterAll(async () => {
  if (!redis) return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe.each(stores)('$kind key-value store', ({ create }) => {
  const { kv, timePasses } = create();
  afterAll(() => kv.close());
  let n = 0;
  const key = () => `k${++n}`;

  it('sets, gets and deletes', async () => {
    const k = key();
    expect(await kv.get(k)).toBeNull();
    await kv.set(k, 'v1');
    expect(await kv.get(k)).toBe('v1');
    expect(await kv.ttl(k)).toBeNull();
    await kv.set(k, 'v2');
    expect(await kv.get(k)).toBe('v2');
    await kv.del(k);
    expect(await kv.get(k)).toBeNull();
  });

  it('expires values after their TTL', async () => {
    const k = key();
    await kv.set(k, 'v', 80);
    expect(await kv.get(k)).toBe('v');
    const ttl = await kv.ttl(k);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(80);
    await timePasses(k, 80);
    expect(await kv.get(k)).toBeNull();
    expect(await kv.ttl(k)).toBeNull();
  });

  it('fills a read-through miss while the store has not been away (its epoch unchanged), and never over a tombstone', async () => {
    const [missed, ended] = [cacheKey(key()), cacheKey(key())];
    const epoch = kv.epoch();
    const read = await readCache<{ row: number }>(kv, missed);
    expect(read).toEqual({ value: null, fillable: true, epoch });
    await fillCache(kv, read, missed, { row: 1 }, 60_000);
    expect(await readCache(kv, missed)).toMatchObject({ value: { row: 1 }, fillable: false });
    await invalidateCache(kv, [ended]);
    const gone = await readCache(kv, ended);
    await fillCache(kv, gone, ended, { row: 2 }, 60_000);
    expect(await readCache(kv, ended)).toMatchObject({ value: null, fillable: false });
    expect(kv.epoch()).toBe(epoch);
  });

  it('sets only when absent', async () => {
    const k = key();
    expect(await kv.setIfAbsent(k, 'first', 80)).toBe(true);
    expect(await kv.setIfAbsent(k, 'second', 80)).toBe(false);
    expect(await kv.get(k)).toBe('first');
    await timePasses(k, 80);
    expect(await kv.setIfAbsent(k, 'third', 1000)).toBe(true);
    expect(await kv.get(k)).toBe('third');
  });

  it('takes back from a live counter, never below 0, keeping its window', async () => {
    const k = key();
    expect(await kv.decr(k)).toBe(0);
    expect(await kv.get(k)).toBeNull(); // a missing counter is not created
    await kv.incr(k, 200);
    await kv.incr(k, 200);
    expect(await kv.decr(k)).toBe(1);
    expect(await kv.decr(k)).toBe(0);
    expect(await kv.decr(k)).toBe(0);
    expect(await kv.incr(k, 200)).toBe(1);
    const ttl = await kv.ttl(k);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(200);
    await timePasses(k, 200);
    expect(await kv.decr(k)).toBe(0);
    expect(await kv.get(k)).toBeNull();
  });

  it('counts in a fixed window: the TTL starts at the first increment', async () => {
    const k = key();
    expect(await kv.incr(k, 200)).toBe(1);
    await timePasses(k, 60);
    expect(await kv.incr(k, 200)).toBe(2);
    expect(await kv.incr(k, 200)).toBe(3);
    // later increments did not push the expiry back
    expect(await kv.ttl(k)).toBeLessThanOrEqual(140);
    await timePasses(k, 140);
    expect(await kv.incr(k, 200)).toBe(1);
  });

  it('counts concurrent increments exactly', async () => {
    const k = key();
    const results = await Promise.all(Array.from({ length: 50 }, () => kv.incr(k, 5000)));
    expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('takes a value once, even when taken concurrently', async () => {
    const k = key();
    await kv.set(k, 'code', 5000);
    const taken = await Promise.all(Array.from({ length: 10 }, () => kv.take(k)));
    expect(taken.filter((value) => value === 'code')).toHaveLength(1);
    expect(taken.filter((value) => value === null)).toHaveLength(9);
    expect(await kv.get(k)).toBeNull();
    expect(await kv.take(key())).toBeNull();
  });

  it('does not take an expired value', async () => {
    const k = key();
    await kv.set(k, 'old', 50);
    await timePasses(k, 50);
    expect(await kv.take(k)).toBeNull();
  });

  it('reads many keys at once, in order, null for the missing', async () => {
    const [a, b, c] = [key(), key(), key()];
    await kv.set(a, 'A');
    await kv.set(c, 'C', 5000);
    expect(await kv.getMany([a, b, c, a])).toEqual(['A', null, 'C', 'A']);
    expect(await kv.getMany([])).toEqual([]);
    // more keys than one MGET slice (1000)
    const many = Array.from({ length: 1500 }, (_, i) => `${a}:${i}`);
    await kv.set(many[1499]!, 'last', 5000);
    const values = await kv.getMany(many);
    expect(values).toHaveLength(1500);
    expect(values.filter((value) => value !== null)).toEqual(['last']);
  });

  it('leases: 20 concurrent acquisitions at a limit of 3 give exactly 3; the same field renews', async () => {
    const k = key();
    const now = Date.UTC(2026, 0, 1);
    const lease = (field: string, holder = 'h1', limit: number | null = 3, at = now) =>
      kv.leaseAcquire(k, { field, holder, limit, until: at + 90_000, now: at, ttlMs: 90_000 });
    const given = await Promise.all(Array.from({ length: 20 }, (_, i) => lease(`t${i}`)));
    expect(given.filter(Boolean)).toHaveLength(3);
    const held = given.flatMap((ok, i) => (ok ? [`t${i}`] : []));
    // a field already held is given again (the same session), another one is not
    expect(await lease(held[0]!, 'h2')).toBe(true);
    expect(await lease('other')).toBe(false);
    expect(await lease('other', 'h1', null)).toBe(true);
    // after their time the leases are dropped and make room
    expect(await lease('late', 'h1', 1, now + 90_000)).toBe(true);
    expect(await lease('later', 'h1', 1, now + 90_000)).toBe(false);
  });

  it('leases: a renewal keeps the holder’s named leases, ends its others and gives nothing new', async () => {
    const k = key();
    const now = Date.UTC(2026, 0, 1);
    const lease = (field: string, holder: string, at = now) =>
      kv.leaseAcquire(k, { field, holder, limit: 2, until: at + 90_000, now: at, ttlMs: 90_000 });
    expect(await lease('a', 'h1')).toBe(true);
    expect(await lease('b', 'h2')).toBe(true);
    await kv.leaseRenew(k, { holder: 'h1', fields: ['a', 'c'], until: now + 180_000, now: now + 60_000, ttlMs: 180_000 });
    // at +120 s: h2's lease on b is over, h1's on a was renewed, c was never given
    expect(await lease('d', 'h3', now + 120_000)).toBe(true);
    expect(await lease('e', 'h3', now + 120_000)).toBe(false);
    await kv.leaseRenew(k, { holder: 'h1', fields: [], until: now + 180_000, now: now + 120_000, ttlMs: 180_000 });
    expect(await lease('e', 'h3', now + 120_000)).toBe(true);
  });

  it('leases: a renewal that keeps the others touches only its fields; a release ends one lease of its holder for good', async () => {
    const k = key();
    const now = Date.UTC(2026, 0, 1);
    const lease = (field: string, holder: string, at = now) =>
      kv.leaseAcquire(k, { field, holder, limit: 3, until: at + 90_000, now: at, ttlMs: 90_000 });
    expect(await lease('a', 'h1')).toBe(true);
    expect(await lease('b', 'h1')).toBe(true);
    await kv.leaseRenew(k, { holder: 'h1', fields: ['a'], until: now + 180_000, now: now + 60_000, ttlMs: 180_000, keepOthers: true });
    expect(await kv.leaseHolder(k, 'a', now + 120_000)).toBe('h1');
    expect(await kv.leaseHolder(k, 'b', now + 60_000)).toBe('h1');
    expect(await kv.leaseHolder(k, 'b', now + 90_000)).toBeNull();
    // another holder cannot release it; its holder can, once (20 at once: one)
    expect(await kv.leaseRelease(k, 'a', 'h2')).toBe(false);
    const released = await Promise.all(Array.from({ length: 20 }, () => kv.leaseRelease(k, 'a', 'h1')));
    expect(released.filter(Boolean)).toHaveLength(1);
    expect(await kv.leaseHolder(k, 'a', now + 60_000)).toBeNull();
    // a renewal never brings it back
    await kv.leaseRenew(k, { holder: 'h1', fields: ['a'], until: now + 180_000, now: now + 60_000, ttlMs: 180_000 });
    expect(await kv.leaseHolder(k, 'a', now + 60_000)).toBeNull();
    expect(await kv.leaseRelease(key(), 'a', 'h1')).toBe(false);
  });

  it('sorted sets: a score is set or replaced, members at or below the bound are dropped, removal and expiry', async () => {
    const k = key();
    const now = Date.UTC(2026, 0, 1);
    await kv.scoreSet(k, 'a', now + 90_000, 90_000);
    await kv.scoreSet(k, 'b', now + 30_000, 90_000);
    await kv.scoreSet(k, 'c', now + 60_000, 90_000);
    expect((await kv.membersAbove(k, now)).sort()).toEqual(['a', 'b', 'c']);
    await kv.scoreSet(k, 'b', now + 120_000, 90_000); // renewed
    expect((await kv.membersAbove(k, now + 60_000)).sort()).toEqual(['a', 'b']); // c ended at its score
    expect((await kv.membersAbove(k, now)).sort()).toEqual(['a', 'b']); // and was dropped
    await kv.scoreRemove(k, ['a', 'missing']);
    expect(await kv.membersAbove(k, now)).toEqual(['b']);
    const short = key();
    await kv.scoreSet(short, 'x', now + 90_000, 50);
    await timePasses(short, 50);
    expect(await kv.membersAbove(short, now)).toEqual([]); // the key's TTL ended it
  });

  it('answers a page of a sorted set’s live members by their own text, newest first, with the total', async () => {
    const k = key();
    const now = Date.UTC(2026, 0, 1);
    for (const [member, score] of [
      ['01A', 90_000],
      ['01C', 90_000],
      ['01B', 30_000],
      ['01E', 90_000],
      ['01D', 60_000],
    ] as const)
      await kv.scoreSet(k, member, now + score, 90_000);
    expect(await kv.memberPage(k, now, 0, 2)).toEqual({ total: 5, members: ['01E', '01D'] });
    expect(await kv.memberPage(k, now, 2, 2)).toEqual({ total: 5, members: ['01C', '01B'] });
    expect(await kv.memberPage(k, now, 4, 2)).toEqual({ total: 5, members: ['01A'] });
    expect(await kv.memberPage(k, now, 6, 2)).toEqual({ total: 5, members: [] });
    // 01B and 01D ended at their scores: dropped, and not counted
    expect(await kv.memberPage(k, now + 60_000, 0, 10)).toEqual({ total: 3, members: ['01E', '01C', '01A'] });
    expect(await kv.membersAbove(k, now)).toHaveLength(3);
    expect(await kv.memberPage(key(), now, 0, 10)).toEqual({ total: 0, members: [] });
  });

  it('answers which of some members are live, and how many are', async () => {
    const k = key();
    const now = Date.UTC(2026, 0, 1);
    for (const [member, score] of [
      ['01A', 90_000],
      ['01B', 30_000],
      ['01C', 90_000],
    ] as const)
      await kv.scoreSet(k, member, now + score, 90_000);
    expect(await kv.membersAmong(k, now, ['01C', '01X', '01A', '01B'])).toEqual({ total: 3, members: ['01C', '01A', '01B'] });
    // 01B ended at its score; 01X was never there
    expect(await kv.membersAmong(k, now + 30_000, ['01A', '01B', '01X'])).toEqual({ total: 2, members: ['01A'] });
    expect(await kv.membersAmong(k, now + 30_000, [])).toEqual({ total: 2, members: [] });
    expect(await kv.membersAmong(key(), now, ['01A'])).toEqual({ total: 0, members: [] });
  });

  it('rejects non-positive TTLs', async () => {
    await expect(kv.set(key(), 'v', 0)).rejects.toThrow(RangeError);
    await expect(kv.incr(key(), -1)).rejects.toThrow(RangeError);
  });
});

describe.runIf(redisUrl)('Redis sorted sets', () => {
  it('pages by text from the companion set, and rebuilds a companion that is missing or behind', async () => {
    const kv = new RedisKeyValueStore((redis ??= new Redis(redisUrl ?? '', { lazyConnect: true })), prefix);
    const key = `lex-${randomBytes(4).toString('hex')}`;
    const now = Date.UTC(2026, 0, 1);
    for (const member of ['01B', '01D', '01A', '01C']) await kv.scoreSet(key, member, now + 90_000, 90_000);
    expect(await redis.zcard(`${prefix}${key}:lex`)).toBe(4);
    expect(await kv.memberPage(key, now, 1, 2)).toEqual({ total: 4, members: ['01C', '01B'] });
    // written before the companion existed (or the companion lost): the next page rebuilds it
    await redis.del(`${prefix}${key}:lex`);
    expect(await kv.memberPage(key, now, 0, 3)).toEqual({ total: 4, members: ['01D', '01C', '01B'] });
    await redis.zrem(`${prefix}${key}:lex`, '01D');
    expect(await kv.memberPage(key, now, 0, 1)).toEqual({ total: 4, members: ['01D'] });
    // expired and removed members leave both sets
    await kv.scoreSet(key, '01E', now + 10_000, 90_000);
    await kv.scoreRemove(key, ['01A']);
    expect(await kv.memberPage(key, now + 10_000, 0, 10)).toEqual({ total: 3, members: ['01D', '01C', '01B'] });
    expect(await redis.zrange(`${prefix}${key}:lex`, 0, -1)).toEqual(['01B', '01C', '01D']);
  });
});

describe('memory store housekeeping', () => {
  it('sweeps expired keys it is never asked about again', async () => {
    vi.useFakeTimers();
    try {
      let now = 1_000;
      const kv = new MemoryKeyValueStore(() => now, 20);
      await kv.set('a', '1', 10);
      await kv.set('b', '2');
      const size = () => (kv as unknown as { entries: Map<string, unknown> }).entries.size;
      now = 2_000;
      vi.advanceTimersByTime(19);
      expect(size()).toBe(2);
      vi.advanceTimersByTime(1);
      expect(size()).toBe(1);
      await kv.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cacheKey, fillCache, invalidateCache, isStoreUnavailable, readCache, RedisKeyValueStore } from '../../src/infrastructure/kv';
import { closeRedis, createRedis, whenRedisReady } from '../../src/infrastructure/redis';
import { testRedisUrl } from '../databases';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

// The Redis store with the production connection (lib/redis.ts) through a TCP proxy that the
// test cuts and restores (the machine's Redis is never touched): while Redis is away every call
// fails at once with StoreUnavailableError, read-through reads are misses nothing may fill, a
// tombstone that cannot be written is no error, and once Redis answers again the breaker closes
// by itself, after forgetting the read-through entries (tombstones and other keys stay).

const redisUrl = testRedisUrl();

describe.runIf(redisUrl)('the Redis store while Redis is away', () => {
  const prefix = `llk-test:${randomBytes(6).toString('hex')}:`;
  let proxy: TcpProxy;
  let direct: Redis;
  let redis: Redis;
  let kv: RedisKeyValueStore;
  const events: string[] = [];

  beforeAll(async () => {
    const target = new URL(redisUrl ?? '');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    direct = new Redis(redisUrl ?? '', { lazyConnect: true });
    redis = createRedis(`redis://127.0.0.1:${proxy.port}`);
    await whenRedisReady(redis);
    kv = new RedisKeyValueStore(redis, prefix, {
      probeMs: 50,
      onBreaker: (event) => events.push(event.open ? 'open' : `closed, ${event.forgotten} forgotten`),
    });
  });
  afterEach(async () => {
    proxy.thaw();
    await proxy.restore();
    await expect.poll(() => kv.available(), { timeout: 10_000 }).toBe(true);
  });
  afterAll(async () => {
    await kv?.close();
    if (redis) await closeRedis(redis);
    await proxy?.close();
    const keys = await direct.keys(`${prefix}*`);
    if (keys.length) await direct.del(...keys);
    await direct.quit();
  });

  it('fails every call at once while Redis is away, and serves again by itself once it is back', async () => {
    await kv.set('plain', 'v', 60_000);
    events.length = 0;
    await proxy.cut();
    await expect.poll(() => kv.available()).toBe(false);
    const sent = vi.spyOn(redis, 'sendCommand');
    const answers = await Promise.allSettled([
      ...Array.from({ length: 20 }, () => kv.get('plain')),
      kv.incr('counter', 60_000),
      kv.take('code'),
      kv.leaseAcquire('leases', { field: 'a', holder: 'b', limit: 1, until: Date.now() + 90_000, now: Date.now(), ttlMs: 90_000 }),
      kv.publish('channel', 'message'),
    ]);
    expect(answers.every((answer) => answer.status === 'rejected' && isStoreUnavailable(answer.reason))).toBe(true);
    // refused before the connection: nothing waits for a reconnection or a command timeout
    expect(sent).not.toHaveBeenCalled();
    expect(events).toEqual(['open']);

    await proxy.restore();
    await expect.poll(() => kv.available(), { timeout: 10_000 }).toBe(true);
    sent.mockClear();
    expect(await kv.get('plain')).toBe('v');
    expect(sent).toHaveBeenCalled();
    sent.mockRestore();
    expect(events).toEqual(['open', 'closed, 0 forgotten']);
  });

  it('opens on a command timeout when Redis hangs, and closes once it answers again', async () => {
    const hanging = createRedis(`redis://127.0.0.1:${proxy.port}`, undefined, { commandTimeoutMs: 100 });
    await whenRedisReady(hanging);
    const store = new RedisKeyValueStore(hanging, prefix, { probeMs: 50 });
    try {
      await store.set('hang', 'v', 60_000);
      proxy.freeze();
      const first = await store.get('hang').catch((error: unknown) => error);
      expect(isStoreUnavailable(first)).toBe(true);
      expect((first as Error).cause).toMatchObject({ message: 'Command timed out' });
      expect(store.available()).toBe(false);
      const sent = vi.spyOn(hanging, 'sendCommand');
      const answers = await Promise.allSettled(Array.from({ length: 20 }, () => store.get('hang')));
      expect(answers.every((answer) => answer.status === 'rejected' && isStoreUnavailable(answer.reason))).toBe(true);
      expect(sent.mock.calls.filter(([command]) => (command as { name: string }).name !== 'ping')).toEqual([]);
      sent.mockRestore();
      proxy.thaw();
      await expect.poll(() => store.available(), { timeout: 10_000 }).toBe(true);
      expect(await store.get('hang')).toBe('v');
    } finally {
      await store.close();
      await closeRedis(hanging);
    }
  });

  it('reads through to the database while away, keeps nothing, and forgets every entry on its return', async () => {
    const [kept, ended, endedMeanwhile] = ['kept', 'ended', 'ended-meanwhile'].map((name) =>
      cacheKey(`${name}:${randomBytes(4).toString('hex')}`),
    ) as [string, string, string];
    for (const key of [kept, endedMeanwhile]) await fillCache(kv, await readCache(kv, key), key, { row: key }, 300_000);
    await invalidateCache(kv, [ended]);
    await kv.set('code:LOGIN:13800000000', 'hash', 300_000);
    expect((await readCache(kv, kept)).value).toEqual({ row: kept });

    await proxy.cut();
    await expect.poll(() => kv.available()).toBe(false);
    // a miss that may not be filled: the caller reads the database, and nothing is stored
    const away = await readCache(kv, kept);
    expect(away).toMatchObject({ value: null, fillable: false });
    await fillCache(kv, away, kept, { row: 'during' }, 300_000);
    // the change is in the database; its tombstone cannot be written, which is not an error
    await expect(invalidateCache(kv, [endedMeanwhile])).resolves.toBeUndefined();
    expect(await direct.get(`${prefix}${endedMeanwhile}`)).toBe(JSON.stringify({ row: endedMeanwhile }));

    await proxy.restore();
    await expect.poll(() => kv.available(), { timeout: 10_000 }).toBe(true);
    // the entries went (the one whose tombstone was lost too); the tombstone and other keys stayed
    expect(await direct.get(`${prefix}${kept}`)).toBeNull();
    expect(await direct.get(`${prefix}${endedMeanwhile}`)).toBeNull();
    expect(await readCache(kv, ended)).toMatchObject({ value: null, fillable: false });
    expect(await kv.get('code:LOGIN:13800000000')).toBe('hash');
    expect(events.at(-1)).toBe('closed, 2 forgotten');
    // and the cache works again
    const read = await readCache(kv, kept);
    expect(read).toEqual({ value: null, fillable: true, epoch: kv.epoch() });
    await fillCache(kv, read, kept, { row: 'after' }, 300_000);
    expect((await readCache(kv, kept)).value).toEqual({ row: 'after' });
  });

  it('drops a fill read before Redis was away and back, although the breaker is closed again by then', async () => {
    const key = cacheKey(`read-before:${randomBytes(4).toString('hex')}`);
    const read = await readCache(kv, key);
    expect(read).toMatchObject({ value: null, fillable: true });
    const before = kv.epoch();
    await proxy.cut();
    await expect.poll(() => kv.available()).toBe(false);
    // open: the epoch has moved on already, the fill goes nowhere
    expect(kv.epoch()).toBeGreaterThan(before);
    await proxy.restore();
    await expect.poll(() => kv.available(), { timeout: 10_000 }).toBe(true);
    const sent = vi.spyOn(redis, 'sendCommand');
    await fillCache(kv, read, key, { row: 'read before the outage' }, 300_000);
    expect(sent).not.toHaveBeenCalled();
    sent.mockRestore();
    expect(await direct.get(`${prefix}${key}`)).toBeNull();
    // a read made since the return fills as usual
    const again = await readCache(kv, key);
    await fillCache(kv, again, key, { row: 'read after' }, 300_000);
    expect(await direct.get(`${prefix}${key}`)).toBe(JSON.stringify({ row: 'read after' }));
  });

  it('says its subscriptions are not live while away, and tells their handlers `null` once back', async () => {
    const heard: (string | null)[] = [];
    const subscription = await kv.subscribe('changes', (message) => heard.push(message));
    try {
      await kv.publish('changes', 'one');
      await expect.poll(() => heard).toEqual(['one']);
      expect(subscription.live()).toBe(true);
      await proxy.cut();
      await expect.poll(() => subscription.live()).toBe(false);
      await proxy.restore();
      await expect.poll(() => subscription.live(), { timeout: 10_000 }).toBe(true);
      expect(heard).toContain(null);
      expect(heard.at(-1)).toBeNull();
    } finally {
      await subscription.close();
    }
  });

  it('refuses read-through keys that do not come from cacheKey (the return could not forget them)', async () => {
    await expect(readCache(kv, 'session:abc')).rejects.toThrow(/cacheKey/);
    await expect(invalidateCache(kv, ['device:state:a:b'])).rejects.toThrow(/cacheKey/);
  });
});

import { describe, expect, it } from 'vitest';
import { type KeyValueStore, type KvSubscription, MemoryKeyValueStore } from '../../src/infrastructure/kv';
import { createMemo, forgetOn } from '../../src/infrastructure/memo';
import { kvCases } from '../accounts';

// Per-instance copies of hot rows (sessions, accounts; ADR 0022): kept for ttlMs at most, ended
// here at once and on every other instance by a message, never kept when loaded before a change
// was announced, and not used at all while the change messages cannot arrive.

const options = { channel: 'test:memo', ttlMs: 2_000, maxEntries: 3 };

describe('a memo', () => {
  it('keeps a value for its time, and nothing before it listens for changes', async () => {
    let now = 1_000;
    const memo = createMemo<{ v: number }>(new MemoryKeyValueStore(), { ...options, now: () => now });
    memo.set('a', memo.generation(), { v: 0 });
    expect(memo.size()).toBe(0);
    await memo.start();
    memo.set('a', memo.generation(), { v: 1 });
    expect(memo.get('a')).toEqual({ v: 1 });
    expect(memo.get('b')).toBeUndefined();
    now += 1_999;
    expect(memo.get('a')).toEqual({ v: 1 });
    now += 1;
    expect(memo.get('a')).toBeUndefined();
    // a shorter time of the value's own (a session entry near its end), never a longer one
    memo.set('a', memo.generation(), { v: 2 }, 500);
    memo.set('b', memo.generation(), { v: 3 }, 60_000);
    now += 500;
    expect(memo.get('a')).toBeUndefined();
    expect(memo.get('b')).toEqual({ v: 3 });
    now += 1_500;
    expect(memo.get('b')).toBeUndefined();
    await memo.close();
  });

  it('keeps nothing loaded before a change, and forgets the changed keys at once', async () => {
    const kv = new MemoryKeyValueStore();
    const memo = createMemo<string>(kv, options);
    await memo.start();
    memo.set('a', memo.generation(), 'A');
    memo.set('b', memo.generation(), 'B');
    const before = memo.generation();
    const announced = memo.forget(['a']);
    // gone before the message has been sent anywhere
    expect(memo.get('a')).toBeUndefined();
    await announced;
    expect(memo.get('b')).toBe('B');
    memo.set('c', before, 'stale');
    expect(memo.get('c')).toBeUndefined();
    await forgetOn(kv, options.channel, 'all');
    expect(memo.get('b')).toBeUndefined();
    // another channel's change is not this memo's
    memo.set('d', memo.generation(), 'D');
    await forgetOn(kv, 'test:other', ['d']);
    expect(memo.get('d')).toBe('D');
    await memo.close();
  });

  it('keeps its newest entries (maxEntries), and nothing when switched off (MEMO_SECONDS=0)', async () => {
    const memo = createMemo<number>(new MemoryKeyValueStore(), options);
    await memo.start();
    for (let i = 0; i < 4; i++) memo.set(`k${i}`, memo.generation(), i);
    expect(memo.size()).toBe(3);
    expect(memo.get('k0')).toBeUndefined();
    expect(memo.get('k3')).toBe(3);
    await memo.close();
    const off = createMemo<number>(new MemoryKeyValueStore(), { ...options, ttlMs: 0 });
    await off.start();
    off.set('k', off.generation(), 1);
    expect(off.size()).toBe(0);
  });

  it('reads and keeps nothing while its subscription is down, and forgets everything when it is back', async () => {
    let live = true;
    let deliver: (message: string | null) => void = () => undefined;
    const store = new MemoryKeyValueStore();
    // the store's subscription as Redis reports it: down while reconnecting, null once back
    const flaky: KeyValueStore = Object.assign(Object.create(store) as KeyValueStore, {
      subscribe: async (_channel: string, handler: (message: string | null) => void): Promise<KvSubscription> => {
        deliver = handler;
        return { live: () => live, close: async () => undefined };
      },
    });
    const memo = createMemo<string>(flaky, options);
    await memo.start();
    memo.set('a', memo.generation(), 'A');
    live = false;
    expect(memo.get('a')).toBeUndefined();
    memo.set('b', memo.generation(), 'B');
    live = true;
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('a')).toBe('A');
    deliver(null);
    expect(memo.get('a')).toBeUndefined();
    await memo.close();
  });
});

describe.each(kvCases())('a change forgotten on one instance reaches another through the $kind store', ({ kind, create }) => {
  const pair = () => {
    const first = create();
    return kind === 'memory' ? [first, first] : [first, create()];
  };
  it('ends the other instance’s entries for those keys, or all', async () => {
    const [storeA, storeB] = pair() as [KeyValueStore, KeyValueStore];
    const a = createMemo<string>(storeA, { ...options, maxEntries: 10 });
    const b = createMemo<string>(storeB, { ...options, maxEntries: 10 });
    await Promise.all([a.start(), b.start()]);
    b.set('u1', b.generation(), 'one');
    b.set('u2', b.generation(), 'two');
    b.set('u3', b.generation(), 'three');
    const loading = b.generation();
    await a.forget(['u1', 'u2']);
    await expect.poll(() => b.get('u1')).toBeUndefined();
    expect(b.get('u2')).toBeUndefined();
    expect(b.get('u3')).toBe('three');
    // a value b loaded before the message arrived is not kept
    b.set('u1', loading, 'old');
    expect(b.get('u1')).toBeUndefined();
    await a.forget('all');
    await expect.poll(() => b.get('u3')).toBeUndefined();
    await Promise.all([a.close(), b.close()]);
  });

  // the in-process store has no connection to lose
  if (kind === 'redis')
    it('keeps nothing while its connection is lost, and hears changes again once back', async () => {
      const [storeA, storeB] = pair() as [KeyValueStore, KeyValueStore];
      const a = createMemo<string>(storeA, { ...options, maxEntries: 10 });
      const b = createMemo<string>(storeB, { ...options, maxEntries: 10 });
      await Promise.all([a.start(), b.start()]);
      b.set('k', b.generation(), 'before');
      // the subscriber connection drops and ioredis reconnects by itself
      const subscriber = (storeB as unknown as { subscriber: { status: string; disconnect(reconnect: boolean): void } }).subscriber;
      subscriber.disconnect(true);
      // from the moment the loss is noticed until Redis has confirmed the subscription again
      await expect.poll(() => subscriber.status).not.toBe('ready');
      expect(b.get('k')).toBeUndefined();
      // back: what was kept before is gone (messages may have been missed), new values are kept
      await expect
        .poll(() => {
          b.set('probe', b.generation(), 'p');
          return b.get('probe');
        })
        .toBe('p');
      expect(b.get('k')).toBeUndefined();
      b.set('k', b.generation(), 'after');
      await a.forget(['k']);
      await expect.poll(() => b.get('k')).toBeUndefined();
      await Promise.all([a.close(), b.close()]);
    });
});

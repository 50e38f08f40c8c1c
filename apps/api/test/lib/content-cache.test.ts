import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../src/composition/app';
import { createContentCache } from '../../src/infrastructure/content-cache';
import { MemoryKeyValueStore } from '../../src/infrastructure/kv';
import { HOT_SEARCHES_KEEP_MS } from '../../src/modules/search/search.routes';
import { seedDatabase } from '../../src/composition/setup/seed';
import { kvCases } from '../accounts';
import { createTestDatabase, type TestDatabase } from '../databases';
import { SEED_WITHOUT_SEARCH, buildTestApp } from '../helper';

// Public content answers kept in memory (ADR 0022): 60 s at most, 500 entries, none over 256 KB;
// a back-office change (bump) ends them on every instance that shares the key-value store, by a
// message (no request reads the store), and an answer computed while a change was announced is
// never kept.

const entry = (payload: string) => ({ payload, contentType: 'application/json' });

describe('the content cache', () => {
  it('answers a stored entry until its time is up, and nothing before it listens for changes', async () => {
    let now = 1_000;
    const cache = createContentCache(new MemoryKeyValueStore(), { ttlMs: 60_000, now: () => now });
    cache.store('en /news/list', cache.generation(), entry('{"a":0}'));
    expect(cache.size()).toBe(0);
    await cache.start();
    cache.store('en /news/list', cache.generation(), entry('{"a":1}'));
    expect(cache.lookup('en /news/list')).toMatchObject({ payload: '{"a":1}', etag: expect.stringMatching(/^W\/"[\w-]{27}"$/) });
    expect(cache.lookup('ja /news/list')).toBeNull();
    now += 59_999;
    expect(cache.lookup('en /news/list')?.payload).toBe('{"a":1}');
    now += 1;
    expect(cache.lookup('en /news/list')).toBeNull();
    expect(cache.size()).toBe(0);
    await cache.close();
  });

  it('keeps an answer that moves without a publication for its own shorter time (hot searches: 2 s)', async () => {
    let now = 1_000;
    const cache = createContentCache(new MemoryKeyValueStore(), { ttlMs: 60_000, now: () => now });
    await cache.start();
    cache.store('en /search/hotContent', cache.generation(), entry('{"hot":1}'), HOT_SEARCHES_KEEP_MS);
    cache.store('en /news/list', cache.generation(), entry('{"a":1}'), 120_000);
    now += 1_999;
    expect(cache.lookup('en /search/hotContent')?.payload).toBe('{"hot":1}');
    now += 1;
    expect(cache.lookup('en /search/hotContent')).toBeNull();
    // never longer than the cache's own time
    now += 58_000;
    expect(cache.lookup('en /news/list')).toBeNull();
    await cache.close();
  });

  it('keeps no answer computed before a change was announced', async () => {
    const cache = createContentCache(new MemoryKeyValueStore(), { ttlMs: 60_000 });
    await cache.start();
    const before = cache.generation();
    await cache.bump();
    cache.store('en /news/list', before, entry('{"old":true}'));
    expect(cache.lookup('en /news/list')).toBeNull();
    cache.store('en /news/list', cache.generation(), entry('{"new":true}'));
    expect(cache.lookup('en /news/list')?.payload).toBe('{"new":true}');
    await cache.close();
  });

  it('keeps 500 entries, the least recently used going first, and nothing over 256 KB', async () => {
    const cache = createContentCache(new MemoryKeyValueStore(), { ttlMs: 60_000 });
    await cache.start();
    const at = cache.generation();
    for (let i = 0; i < 500; i++) cache.store(`k${i}`, at, entry(String(i)));
    expect(cache.lookup('k0')?.payload).toBe('0'); // k0 is now the most recent
    cache.store('k500', at, entry('500'));
    expect(cache.size()).toBe(500);
    expect(cache.lookup('k1')).toBeNull();
    expect(cache.lookup('k0')?.payload).toBe('0');
    cache.store('big', at, entry('x'.repeat(256 * 1024 + 1)));
    expect(cache.lookup('big')).toBeNull();
    await cache.close();
  });

  it('keeps nothing when switched off (CONTENT_CACHE_SECONDS=0)', async () => {
    const cache = createContentCache(new MemoryKeyValueStore(), { ttlMs: 0 });
    await cache.start();
    cache.store('k', cache.generation(), entry('{}'));
    expect(cache.size()).toBe(0);
  });
});

describe.each(kvCases())('a change announced on one instance reaches another through the $kind store', ({ kind, create }) => {
  // two instances: the in-process store is one per process, so both use it; Redis is shared by connections
  const pair = () => {
    const first = create();
    return kind === 'memory' ? [first, first] : [first, create()];
  };
  it('empties the other instance’s entries, without a read of the store per lookup', async () => {
    const [storeA, storeB] = pair() as [ReturnType<typeof create>, ReturnType<typeof create>];
    const a = createContentCache(storeA, { ttlMs: 60_000 });
    const b = createContentCache(storeB, { ttlMs: 60_000 });
    await Promise.all([a.start(), b.start()]);
    b.store('en /download/list', b.generation(), entry('{"v":1}'));
    expect(b.lookup('en /download/list')?.payload).toBe('{"v":1}');
    await a.bump();
    await expect.poll(() => b.lookup('en /download/list')).toBeNull();
    await Promise.all([a.close(), b.close()]);
  });
});

describe('public content GETs on two instances sharing one key-value store (SQLite)', () => {
  let db: TestDatabase;
  let a: App;
  let b: App;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    await seedDatabase(db.handle.db, { steps: SEED_WITHOUT_SEARCH });
    const kv = new MemoryKeyValueStore();
    const env = { CONTENT_CACHE_SECONDS: '60' };
    a = await buildTestApp(db.handle, { env, deps: { kv } });
    b = await buildTestApp(db.handle, { env, deps: { kv } });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await db.cleanup();
  });

  const get = async (app: App, url: string, language = 'en') =>
    app.inject({ method: 'GET', url, headers: { 'accept-language': language } });

  it('serves a repeated GET from memory, per language, with the same bytes and headers, and a 304 for the ETag', async () => {
    const first = await get(b, '/news/list?page=1');
    expect(first.statusCode).toBe(200);
    const kept = b.contentCache.size();
    expect(kept).toBe(1);
    const second = await get(b, '/news/list?page=1');
    expect(second.body).toBe(first.body);
    for (const header of ['etag', 'content-type', 'cache-control', 'vary', 'x-request-id', 'x-content-type-options'])
      expect(second.headers[header], header).toBeDefined();
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(second.headers.vary).toBe(first.headers.vary);
    expect(b.contentCache.size()).toBe(kept);
    const japanese = await get(b, '/news/list?page=1', 'ja');
    expect(japanese.body).not.toBe(first.body);
    expect(b.contentCache.size()).toBe(kept + 1);
    const notModified = await b.inject({
      method: 'GET',
      url: '/news/list?page=1',
      headers: { 'accept-language': 'en', 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('keeps no error: an unknown item is asked of the database each time', async () => {
    const before = b.contentCache.size();
    expect((await get(b, '/news/info?id=999999')).statusCode).toBe(404);
    expect((await get(b, '/news/info?id=999999')).statusCode).toBe(404);
    expect(b.contentCache.size()).toBe(before);
  });

  it('a change bumped on one instance is what the other answers next', async () => {
    const before = JSON.parse((await get(b, '/news/list?page=1')).body) as { data: { list: { id: number; title: string }[] } };
    const item = before.data.list[0]!;
    // written behind the cache's back: the kept answer still shows the old title
    const row = db.handle.db.selectFrom('news').select('id').where('public_id', '=', item.id);
    await db.handle.db
      .updateTable('news_translations')
      .set({ title: 'Changed by the back office' })
      .where('news_id', 'in', row)
      .where('locale', '=', 'en')
      .execute();
    const stale = JSON.parse((await get(b, '/news/list?page=1')).body) as typeof before;
    expect(stale.data.list[0]!.title).toBe(item.title);
    // what the back office's routes do after committing a change (infrastructure/http/publishable.ts, modules/pricing/pricing.admin.routes.ts)
    await a.contentCache.bump();
    const fresh = JSON.parse((await get(b, '/news/list?page=1')).body) as typeof before;
    expect(fresh.data.list[0]!.title).toBe('Changed by the back office');
  });
});

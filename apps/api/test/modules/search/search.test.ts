import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, type TEnvelope, type THotSearches, type TSearchRecordResult, type TSearchResult } from '@llk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDbDate } from '../../../src/infrastructure/db/dialect';
import { seedDatabase } from '../../../src/composition/setup/seed';
import { MemoryKeyValueStore } from '../../../src/infrastructure/kv';
import { seedSteps } from '../../../src/composition/setup/seed-steps';
import { searchSeedStep } from '../../../src/modules/search/search.seed';
import { syncGuideIndex } from '../../../src/modules/search/search-index';
import { SEARCH_TEXT_VERSION } from '../../../src/modules/search/search-text';
import { findSearchRecord } from '../../../src/modules/search/search.repository';
import { hotSearchWindowStart, listHotSearches, recordSearch } from '../../../src/modules/search/search.service';
import { migrateToLatest } from '../../../src/infrastructure/db/migrate';
import { migrations } from '../../../src/infrastructure/db/migrations';
import { newIp, signUp } from '../../accounts';
import { createTestDatabase, testDialects, useTestApp, type TestDatabase } from '../../helper';

// A small guide of its own, so the tests do not depend on what the writers have finished.
const guide: Record<string, string> = {
  'zh-CN/screen-wall/index.md':
    '---\ntitle: 屏幕墙简介\ndescription: 同时查看多台电脑\norder: 1\n---\n# 屏幕墙简介\n\n屏幕墙把多台设备的实时画面排成网格。',
  'zh-CN/remote-control/connect.md': '---\ntitle: 连接设备\n---\n\n输入设备代码即可开始远程控制。远程控制期间可以使用隐私屏。',
  'zh-CN/purchase/membership/allocation.md': '---\ntitle: "分配会员与通道"\n---\n\n在账号中把会员和全球通道分配给指定设备。',
  'ja/screen-wall/_index.md': '---\ntitle: スクリーンウォール\n---\n\n複数のデバイスの画面を一覧できます。',
  'ja/remote-control/connect.md': '---\ntitle: リモート接続のしかた\n---\n\nデバイスコードを入力すると、相手の画面が表示されます。',
  'ko/remote-control/connect.md': '---\ntitle: 원격 제어 시작하기\n---\n\n기기 코드를 입력하면 원격 제어가 시작됩니다.',
  'en/security/privacy-screen.md': '---\ntitle: Privacy screen\n---\n\nBlank the host monitor while you control it remotely.',
  'fr/security/privacy-screen.md': '---\ntitle: Écran de confidentialité\n---\n\nL’écran distant reste noir pendant la prise en main.',
  // ranking by field (ADR 0032): the word in a body (three times), a heading, a title
  'en/rank/body.md': '---\ntitle: Aardvark notes\n---\n\nZephyr, zephyr and zephyr again in the text.',
  'en/rank/heading.md': '---\ntitle: Aardvark guide\n---\n\n## Using zephyr\n\nSome text.',
  'en/rank/title.md': '---\ntitle: Zephyr mode\n---\n\nSome text about aardvark.',
  'en/README.md': '# Not a page',
  'de/ignored.md': '---\ntitle: Nicht unterstützt\n---\nBildschirm',
};

describe.each(testDialects())('search ($dialect)', ({ dialect }) => {
  let now = Date.UTC(2026, 0, 1);
  const ctx = useTestApp(dialect, { deps: { kv: new MemoryKeyValueStore(() => now) } });
  let guideDir = '';
  beforeAll(async () => {
    guideDir = mkdtempSync(path.join(tmpdir(), 'llk-guide-'));
    for (const [file, text] of Object.entries(guide)) {
      mkdirSync(path.dirname(path.join(guideDir, file)), { recursive: true });
      writeFileSync(path.join(guideDir, file), text);
    }
    const steps = seedSteps.map((step) => (step.name === 'search' ? searchSeedStep(guideDir) : step));
    await seedDatabase(ctx.database.db, { steps });
  });
  afterAll(() => rmSync(guideDir, { recursive: true, force: true }));

  async function search(q: string, lang: string, extra = '') {
    const res = await ctx.app.inject({ url: `/search?q=${encodeURIComponent(q)}${extra}`, headers: { 'accept-language': lang } });
    return { res, body: res.json<TEnvelope<TSearchResult>>() };
  }

  function marked(hit: TSearchResult['list'][number]): string[] {
    return hit.highlights.map(([start, end]) => hit.snippet.slice(start, end));
  }

  it('finds Chinese guide pages and news for 屏幕墙, title matches first', async () => {
    const { res, body } = await search('屏幕墙', 'zh-CN');
    expect(res.statusCode).toBe(200);
    expect(body.data.query).toBe('屏幕墙');
    expect(body.data.total).toBeGreaterThanOrEqual(4);
    const [first] = body.data.list;
    expect(first).toMatchObject({ type: 'guide', url: '/guide/screen-wall', title: '屏幕墙简介', publishedAt: null });
    const urls = body.data.list.map((hit) => hit.url);
    expect(urls).toContain('/info-2');
    for (const hit of body.data.list) expect(`${hit.title}${hit.snippet}`).toContain('屏幕');
    expect(marked(first!)).toContain('屏幕墙');
  });

  it('finds 远程控制 in a guide page and marks the phrase', async () => {
    const { body } = await search('远程控制', 'zh-CN');
    const page = body.data.list.find((hit) => hit.url === '/guide/remote-control/connect');
    expect(page).toMatchObject({ type: 'guide', title: '连接设备' });
    expect(marked(page!)).toEqual(['远程控制', '远程控制']);
    // 远程|控制 are two words (Intl.Segmenter, ADR 0032): a page needs both, as "screen wall" needs
    // screen and wall
    for (const hit of body.data.list) expect(`${hit.title}${hit.snippet}`).toMatch(/远程|控制/);
    // and a pair of characters across two words is no word: 程控 is not in 远程控制
    expect((await search('程控', 'zh-CN')).body.data.list.map((hit) => hit.url)).not.toContain('/guide/remote-control/connect');
  });

  it('indexes pages at any depth and an index.md or _index.md as its folder', async () => {
    const { body } = await search('分配', 'zh-CN');
    expect(body.data.list.map((hit) => hit.url)).toContain('/guide/purchase/membership/allocation');
    const ja = await search('スクリーンウォール', 'ja');
    expect(ja.body.data.list[0]).toMatchObject({ type: 'guide', url: '/guide/screen-wall', title: 'スクリーンウォール' });
  });

  it('finds Japanese pages for リモート and 画面', async () => {
    const remote = await search('リモート', 'ja');
    expect(remote.body.data.list.map((hit) => hit.url)).toContain('/guide/remote-control/connect');
    expect(remote.body.data.list[0]?.title).toContain('リモート');
    const screen = await search('画面', 'ja');
    expect(screen.body.data.total).toBeGreaterThanOrEqual(3);
    expect(screen.body.data.list.map((hit) => hit.url)).toContain('/guide/remote-control/connect');
    expect(screen.body.data.list.every((hit) => `${hit.title}${hit.snippet}`.includes('画面'))).toBe(true);
  });

  it('finds Korean pages for 원격 제어 and a one-character query', async () => {
    const { body } = await search('원격 제어', 'ko');
    expect(body.data.list.slice(0, 3).map((hit) => hit.url)).toContain('/guide/remote-control/connect');
    expect(body.data.list.every((hit) => hit.highlights.length > 0 || hit.title.includes('원격'))).toBe(true);
    const single = await search('월', 'ko');
    expect(single.body.data.list.some((hit) => hit.title.includes('스크린 월'))).toBe(true);
  });

  it('matches Latin words regardless of case and accents', async () => {
    const en = await search('WAYLAND', 'en');
    expect(en.body.data.list.map((hit) => hit.url)).toContain('/info-13');
    expect(marked(en.body.data.list[0]!)).toContain('Wayland');
    const fr = await search('ecran confidentialite', 'fr');
    expect(fr.body.data.list[0]).toMatchObject({ type: 'guide', url: '/guide/security/privacy-screen', title: 'Écran de confidentialité' });
  });

  it('ranks by field: a word in the title, then in a heading, then in the body', async () => {
    const { body } = await search('zephyr', 'en');
    expect(body.data.list.map((hit) => hit.url)).toEqual(['/guide/rank/title', '/guide/rank/heading', '/guide/rank/body']);
  });

  it('searches only the caller’s language and the seven locales', async () => {
    expect((await search('屏幕墙', 'en')).body.data.total).toBe(0);
    expect((await search('Bildschirm', 'de')).body.data.total).toBe(0); // de → en; the de folder is not indexed
    expect((await search('privacy screen', 'en')).body.data.list[0]?.url).toBe('/guide/security/privacy-screen');
  });

  it('finds notices with their anchor', async () => {
    const { body } = await search('诈骗', 'zh-CN');
    expect(body.data.list[0]).toMatchObject({ type: 'notice', url: '/notice#beware-of-scams' });
  });

  it('pages results without overlap', async () => {
    const all = await search('会员', 'zh-CN', '&pageSize=30');
    const total = all.body.data.total;
    expect(total).toBeGreaterThan(4);
    const first = await search('会员', 'zh-CN', '&pageSize=3&page=1');
    const second = await search('会员', 'zh-CN', '&pageSize=3&page=2');
    expect(first.body.data).toMatchObject({ total, page: 1, pageSize: 3 });
    const urls = [...first.body.data.list, ...second.body.data.list].map((hit) => hit.url);
    expect(new Set(urls).size).toBe(6);
    expect(urls).toEqual(all.body.data.list.slice(0, 6).map((hit) => hit.url));
  });

  it('leaves out news scheduled for later', async () => {
    const db = ctx.database.db;
    await db
      .insertInto('search_documents')
      .values({
        id: 'LATER',
        locale: 'en',
        type: 'news',
        ref: '999',
        url: '/info-999',
        title: 'Zeppelin',
        body: 'zeppelin',
        published_at: '2099-01-01T00:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('search_postings')
      .values({ locale: 'en', term: 'zeppelin', document_id: 'LATER', in_title: 1, frequency: 2 })
      .execute();
    expect((await search('zeppelin', 'en')).body.data.total).toBe(0);
    await db.updateTable('search_documents').set({ published_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', 'LATER').execute();
    expect((await search('zeppelin', 'en')).body.data.total).toBe(1);
  });

  it('rejects an empty or overlong query with the field named', async () => {
    for (const q of ['', '   ', 'x'.repeat(65)]) {
      const { res, body } = await search(q, 'en');
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(body.errcode).toBe(ErrorCode.VALIDATION_FAILED);
    }
  });

  it('answers a punctuation-only query with no results', async () => {
    const { res, body } = await search('?!', 'en');
    expect(res.statusCode).toBe(200);
    expect(body.data).toMatchObject({ list: [], total: 0 });
  });

  describe('hot searches', () => {
    async function record(keyword: string, lang: string, ip: string) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/search/record?keyword=${encodeURIComponent(keyword)}`,
        headers: { 'accept-language': lang },
        remoteAddress: ip,
      });
      return { res, body: res.json<TEnvelope<TSearchRecordResult>>() };
    }
    async function hot(lang: string) {
      const res = await ctx.app.inject({ url: '/search/hotContent', headers: { 'accept-language': lang } });
      return res.json<TEnvelope<THotSearches>>().data.list;
    }
    /** The term's distinct visitors in the window that ends at `at` (now). */
    async function countOf(locale: string, keyword: string, at: Date = new Date()) {
      return (await findSearchRecord(ctx.database.db, { locale, keyword, since: hotSearchWindowStart(at) }))?.count ?? 0;
    }
    /** Visitors of a term written as the table keeps them (for terms the API would refuse). */
    async function addVisitors(locale: string, keyword: string, visitors: number, seenAt = toDbDate(new Date())) {
      await ctx.database.db
        .insertInto('search_records')
        .values({ locale, keyword, updated_at: seenAt })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const rows = Array.from({ length: visitors }, (_, i) => ({ locale, keyword, visitor: `${keyword}-${i}`, seen_at: seenAt }));
      if (rows.length > 0) await ctx.database.db.insertInto('search_record_visitors').values(rows).execute();
    }
    const deps = () => ({ db: ctx.database.db, kv: ctx.app.kv, visitorSecret: ctx.app.codeStore.secret });
    const day = 86_400_000;

    it('starts from the seeded defaults of the caller’s language, pinned, with no visitors of their own', async () => {
      const zh = await hot('zh-CN');
      expect(zh).toHaveLength(8);
      expect(zh).toContainEqual({ keyword: '屏幕墙', count: 0 });
      expect((await hot('ja')).map((entry) => entry.keyword)).toContain('スクリーンウォール');
      expect((await hot('ko')).map((entry) => entry.keyword)).toContain('원격 제어');
      const states = await ctx.database.db.selectFrom('search_records').select('state').distinct().where('locale', '=', 'zh-CN').execute();
      expect(states).toEqual([{ state: 'PINNED' }]);
    });

    it('counts a search once per client and keyword, normalised', async () => {
      const before = await countOf('zh-CN', '远程控制');
      expect((await record('  远程控制 ', 'zh-CN', '203.0.113.1')).body.data).toEqual({ recorded: true });
      expect((await record('远程控制', 'zh-CN', '203.0.113.1')).body.data).toEqual({ recorded: false });
      expect((await record('远程控制', 'zh-CN', '203.0.113.2')).body.data).toEqual({ recorded: true });
      expect(await countOf('zh-CN', '远程控制')).toBe(before + 2);
      expect((await record('Wayland', 'en', '203.0.113.1')).body.data).toEqual({ recorded: true });
      expect(await countOf('en', 'wayland')).toBe(1);
    });

    it('does not count keywords that find nothing', async () => {
      expect((await record('qwertzuiop', 'en', '203.0.113.3')).body.data).toEqual({ recorded: false });
      expect(await countOf('en', 'qwertzuiop')).toBe(0);
    });

    it('throttles a client that records too often', async () => {
      const words = ['会员', '屏幕墙', '全球通道', '远程控制', '云电脑', '兑换码', '游戏手柄', '批量部署', '隐私屏', '无人值守'];
      const results: boolean[] = [];
      for (let i = 0; i < 22; i++) {
        const keyword = `${words[i % words.length]}${i >= words.length ? ` ${words[(i + 3) % words.length]}` : ''}`;
        results.push((await record(keyword, 'zh-CN', '198.51.100.7')).body.data.recorded);
      }
      expect(results.slice(20)).toEqual([false, false]);
      // another client is not affected
      expect((await record('会员', 'zh-CN', '198.51.100.8')).body.data.recorded).toBe(true);
    });

    it('counts the 20th record of a client in a minute, not the 21st; the budget is back 60 s after the first', async () => {
      const ip = '198.51.100.9';
      for (let i = 0; i < 19; i++) await record(`会员 ${i}`, 'zh-CN', ip);
      expect((await record('屏幕墙', 'zh-CN', ip)).body.data.recorded).toBe(true);
      expect((await record('远程控制', 'zh-CN', ip)).body.data.recorded).toBe(false);
      now += 60_000;
      expect((await record('远程控制', 'zh-CN', ip)).body.data.recorded).toBe(true);
    });

    it('counts one visitor on three days once: not again after 10 minutes nor on the next days; again once they left the 30-day window', async () => {
      const ip = '198.51.100.10';
      expect(await countOf('zh-CN', '设备代码')).toBe(0);
      expect((await record('设备代码', 'zh-CN', ip)).body.data.recorded).toBe(true);
      now += 10 * 60_000 - 1;
      expect((await record('设备代码', 'zh-CN', ip)).body.data.recorded).toBe(false);
      // the ten minutes are only the store's shortcut: the database knows the visitor
      now += 1;
      expect((await record('设备代码', 'zh-CN', ip)).body.data.recorded).toBe(false);
      // the next two days (the store's clock moves with them, so each search reaches the database)
      const [day2, day3] = [new Date(Date.now() + day), new Date(Date.now() + 2 * day)];
      now += day;
      expect(await recordSearch(deps(), '设备代码', 'zh-CN', { ip, userId: null }, day2)).toEqual({ recorded: false });
      now += day;
      expect(await recordSearch(deps(), '设备代码', 'zh-CN', { ip, userId: null }, day3)).toEqual({ recorded: false });
      expect(await countOf('zh-CN', '设备代码', day3)).toBe(1);
      // however many days they search it, one visitor is one: never in the list alone, whatever the minimum
      expect(await listHotSearches(ctx.database.db, 'zh-CN', 1, day3)).toMatchObject({
        list: expect.arrayContaining([{ keyword: '设备代码', count: 1 }]),
      });
      expect((await listHotSearches(ctx.database.db, 'zh-CN', 2, day3)).list.map((entry) => entry.keyword)).not.toContain('设备代码');
      // what is kept is a keyed hash of the visitor alone, never the address, with when they last searched
      const visitors = await ctx.database.db
        .selectFrom('search_record_visitors')
        .selectAll()
        .where('locale', '=', 'zh-CN')
        .where('keyword', '=', '设备代码')
        .execute();
      expect(visitors).toHaveLength(1);
      expect(visitors[0]?.visitor).toMatch(/^[0-9a-f]{32}$/);
      expect(visitors[0]?.seen_at).toBe(toDbDate(day3));
      expect(JSON.stringify(visitors)).not.toContain(ip);
      // 30 days after their last search they no longer count; searching again counts them again
      const later = new Date(day3.getTime() + 30 * day + 1);
      now += 30 * day + 1;
      expect(await countOf('zh-CN', '设备代码', later)).toBe(0);
      expect(await recordSearch(deps(), '设备代码', 'zh-CN', { ip, userId: null }, later)).toEqual({ recorded: true });
      expect(await countOf('zh-CN', '设备代码', later)).toBe(1);
      const kept = await ctx.database.db
        .selectFrom('search_record_visitors')
        .select('seen_at')
        .where('locale', '=', 'zh-CN')
        .where('keyword', '=', '设备代码')
        .execute();
      expect(kept).toEqual([{ seen_at: toDbDate(later) }]);
    });

    it('shows a term from 3 distinct visitors (HOT_SEARCH_MIN_VISITORS), not before', async () => {
      for (const [i, ip] of ['192.0.2.30', '192.0.2.31'].entries()) {
        expect((await record('Host monitor', 'en', ip)).body.data.recorded, ip).toBe(true);
        expect(await countOf('en', 'host monitor')).toBe(i + 1);
      }
      expect((await hot('en')).map((entry) => entry.keyword)).not.toContain('host monitor');
      expect((await record('host  MONITOR', 'en', '192.0.2.32')).body.data.recorded).toBe(true);
      expect(await hot('en')).toContainEqual({ keyword: 'host monitor', count: 3 });
    });

    it('counts a signed-in visitor by account: once from two addresses, and two accounts behind one address twice', async () => {
      const [alice, bob] = [await signUp(ctx.app), await signUp(ctx.app)];
      const as = (token: string, ip: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/search/record?keyword=${encodeURIComponent('Privacy')}`,
          headers: { 'accept-language': 'en', authorization: token },
          remoteAddress: ip,
        });
      const before = await countOf('en', 'privacy');
      expect((await as(alice.token, '192.0.2.40')).json<TEnvelope<TSearchRecordResult>>().data.recorded).toBe(true);
      expect((await as(alice.token, '192.0.2.41')).json<TEnvelope<TSearchRecordResult>>().data.recorded).toBe(false);
      expect((await as(bob.token, '192.0.2.40')).json<TEnvelope<TSearchRecordResult>>().data.recorded).toBe(true);
      expect(await countOf('en', 'privacy')).toBe(before + 2);
    });

    it('counts one visitor recording 20 times at once once, and 20 visitors at once 20 times', async () => {
      const before = await countOf('en', 'remote control');
      const same = await Promise.all(Array.from({ length: 20 }, () => record('remote control', 'en', '192.0.2.50')));
      expect(same.filter((res) => res.body.data.recorded)).toHaveLength(1);
      expect(await countOf('en', 'remote control')).toBe(before + 1);
      const many = await Promise.all(Array.from({ length: 20 }, (_, i) => record('remote control', 'en', `192.0.2.${100 + i}`)));
      expect(many.filter((res) => res.body.data.recorded)).toHaveLength(20);
      expect(await countOf('en', 'remote control')).toBe(before + 21);
      // the database counts the visitor once even when the store's shortcut misses (a store per call)
      const racing = await Promise.all(
        Array.from({ length: 20 }, () =>
          recordSearch(
            { db: ctx.database.db, kv: new MemoryKeyValueStore(), visitorSecret: ctx.app.codeStore.secret },
            'remote control',
            'en',
            { ip: '192.0.2.51', userId: null },
          ),
        ),
      );
      expect(racing.filter((result) => result.recorded)).toHaveLength(1);
      expect(await countOf('en', 'remote control')).toBe(before + 22);
    });

    it('leaves out of the list a term that finds nothing (any more), whatever its count', async () => {
      await addVisitors('en', '<script>alert(1)</script>', 9);
      await addVisitors('en', 'qwertzuiop', 8);
      const en = (await hot('en')).map((entry) => entry.keyword);
      expect(en).not.toContain('qwertzuiop');
      // "script" and "alert" are in no English page of this guide
      expect(en).not.toContain('<script>alert(1)</script>');
      expect(en).toContain('host monitor');
    });

    it('lists the top 10 of a language: the pinned, then the most visitors first', async () => {
      // twelve keywords that find the same pages: stop-words (ADR 0032) make them distinct, not narrower
      for (let i = 0; i < 12; i++) await addVisitors('es', `muro de pantallas${' de'.repeat(i)}`, 3 + i);
      const es = await hot('es');
      expect(es).toHaveLength(10);
      const pinned = await ctx.database.db
        .selectFrom('search_records')
        .select('keyword')
        .where('locale', '=', 'es')
        .where('state', '=', 'PINNED')
        .execute();
      expect(new Set(es.slice(0, 8).map((entry) => entry.keyword))).toEqual(new Set(pinned.map((row) => row.keyword)));
      expect(es.slice(8)).toEqual([
        { keyword: `muro de pantallas${' de'.repeat(11)}`, count: 14 },
        { keyword: `muro de pantallas${' de'.repeat(10)}`, count: 13 },
      ]);
    });

    it('a keyword searched by more visitors climbs above one searched by fewer; visitors older than 30 days do not count', async () => {
      for (let i = 0; i < 4; i++) await record('Privacy screen', 'en', `192.0.2.${i + 10}`);
      const en = await hot('en');
      expect(en.filter((entry) => ['privacy screen', 'host monitor'].includes(entry.keyword))).toEqual([
        { keyword: 'privacy screen', count: 4 },
        { keyword: 'host monitor', count: 3 },
      ]);
      await addVisitors('en', 'privacy control', 5, toDbDate(new Date(Date.now() - 31 * day)));
      expect(await countOf('en', 'privacy control')).toBe(0);
      expect((await hot('en')).map((entry) => entry.keyword)).not.toContain('privacy control');
    });

    it('requires the keyword as a query parameter', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/search/record', payload: { keyword: '屏幕墙' } });
      expect(res.statusCode).toBe(400);
      expect(res.json<TEnvelope<unknown>>().errcode).toBe(ErrorCode.VALIDATION_FAILED);
    });
  });
});

describe.each(testDialects())('guide index sync on start ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  let guideDir = '';
  beforeAll(() => {
    guideDir = mkdtempSync(path.join(tmpdir(), 'llk-guide-sync-'));
    mkdirSync(path.join(guideDir, 'en/account'), { recursive: true });
    writeFileSync(path.join(guideDir, 'en/account/sign-up.md'), '---\ntitle: Create an account\n---\nPick a username.');
  });
  afterAll(() => rmSync(guideDir, { recursive: true, force: true }));

  async function urlsFor(q: string) {
    const res = await ctx.app.inject({ url: `/search?q=${encodeURIComponent(q)}`, headers: { 'accept-language': 'en' } });
    return res.json<TEnvelope<TSearchResult>>().data.list.map((hit) => hit.url);
  }

  it('rebuilds only when the guide changed', async () => {
    const db = ctx.database.db;
    expect(await syncGuideIndex(db, guideDir)).toBe(true);
    expect(await urlsFor('username')).toEqual(['/guide/account/sign-up']);
    expect(await syncGuideIndex(db, guideDir)).toBe(false);
    writeFileSync(path.join(guideDir, 'en/account/sign-up.md'), '---\ntitle: Create an account\n---\nChoose a nickname.');
    expect(await syncGuideIndex(db, guideDir)).toBe(true);
    expect(await urlsFor('username')).toEqual([]);
    expect(await urlsFor('nickname')).toEqual(['/guide/account/sign-up']);
    // an index drawn by an older text extraction (version 1) is rebuilt once
    const recorded = await db
      .selectFrom('app_meta')
      .select(['key', 'value'])
      .where('value', 'like', `${SEARCH_TEXT_VERSION}:%`)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('app_meta')
      .set({ value: recorded.value.replace(/^\d+:/, '1:') })
      .where('key', '=', recorded.key)
      .execute();
    expect(await syncGuideIndex(db, guideDir)).toBe(true);
    expect(await syncGuideIndex(db, guideDir)).toBe(false);
  });
});

// The e2e journey of the rule of three (e2e/tests/content.spec.ts, "hot searches") step by step
// on the seeded repository content, as a fresh site: two signed-in visitors, then one on the
// search page; and the other search journey's seeded term on the zh-CN list.
describe.each(testDialects())('hot searches: the e2e journeys on the seeded site ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  beforeAll(async () => {
    await seedDatabase(ctx.database.db, { steps: seedSteps });
  });
  const hot = async (lang: string) =>
    (await ctx.app.inject({ url: '/search/hotContent', headers: { 'accept-language': lang } })).json<TEnvelope<THotSearches>>().data.list;

  it('shows 屏幕墙 in the zh-CN hot searches of a new site', async () => {
    expect((await hot('zh-CN')).map((entry) => entry.keyword)).toContain('屏幕墙');
  });

  it('a searched term enters the hot searches once three visitors searched it, not before', async () => {
    const term = `group control screen wall e${Date.now().toString(36)}`;
    for (let i = 0; i < 2; i++) {
      const user = await signUp(ctx.app);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/h5Login',
        payload: { loginType: 'account', account: user.username, password: user.password },
        remoteAddress: newIp(),
      });
      expect(login.statusCode, login.body).toBe(200);
      const token = login.json<{ data: { access_token: string } }>().data.access_token;
      const recorded = await ctx.app.inject({
        method: 'POST',
        url: `/search/record?keyword=${encodeURIComponent(term)}`,
        headers: { authorization: token, 'accept-language': 'en' },
        remoteAddress: '127.0.0.1',
      });
      expect(recorded.json<TEnvelope<TSearchRecordResult>>().data).toEqual({ recorded: true });
    }
    expect((await hot('en')).map((item) => item.keyword)).not.toContain(term);
    // the third, a visitor on the search page: it searches, then records
    const found = await ctx.app.inject({
      url: `/search?q=${encodeURIComponent(term)}`,
      headers: { 'accept-language': 'en' },
      remoteAddress: '127.0.0.1',
    });
    expect(found.json<TEnvelope<TSearchResult>>().data.total).toBeGreaterThan(0);
    const third = await ctx.app.inject({
      method: 'POST',
      url: `/search/record?keyword=${encodeURIComponent(term)}`,
      headers: { 'accept-language': 'en' },
      remoteAddress: '127.0.0.1',
    });
    expect(third.json<TEnvelope<TSearchRecordResult>>().data).toEqual({ recorded: true });
    expect((await hot('en')).find((item) => item.keyword === term)?.count).toBe(3);
  });
});

// A count of the earlier rule (a client once every ten minutes, seeded figures added) is no
// visitor: on a database from before migration 0036 it puts no term in the list.
describe.each(testDialects())('hot searches on a database from before 0036 ($dialect)', ({ dialect }) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    await migrateToLatest(test.handle);
    await seedDatabase(test.handle.db, { steps: seedSteps });
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it('keeps the terms and states no old count: a term of 5000 old searches is not hot until visitors search it', async () => {
    const m0036 = migrations['0036-hot-search-visitors']!;
    await m0036.down!(test.handle.db);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const old = test.handle.db as any;
    await old
      .insertInto('search_records')
      .values({ locale: 'en', keyword: 'group control', count: 5000, updated_at: toDbDate(new Date()) })
      .execute();
    await m0036.up(test.handle.db);
    const db = test.handle.db;
    expect(await findSearchRecord(db, { locale: 'en', keyword: 'group control', since: hotSearchWindowStart(new Date()) })).toMatchObject({
      count: 0,
      state: 'NORMAL',
    });
    expect((await listHotSearches(db, 'en', 3)).list.map((entry) => entry.keyword)).not.toContain('group control');
    expect((await listHotSearches(db, 'en', 1)).list.map((entry) => entry.keyword)).not.toContain('group control');
    const deps = { db, kv: new MemoryKeyValueStore(), visitorSecret: Buffer.alloc(32, 7) };
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
      expect(await recordSearch(deps, 'group control', 'en', { ip, userId: null })).toEqual({ recorded: true });
    expect((await listHotSearches(db, 'en', 3)).list).toContainEqual({ keyword: 'group control', count: 3 });
  });
});

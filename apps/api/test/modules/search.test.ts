import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, type TEnvelope, type THotSearches, type TSearchRecordResult, type TSearchResult } from '@llk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDbDate } from '../../src/db/dialect';
import { seedDatabase } from '../../src/setup/seed';
import { MemoryKeyValueStore } from '../../src/lib/kv';
import { seedSteps } from '../../src/setup/seed-steps';
import { searchSeedStep } from '../../src/modules/search/search.seed';
import { syncGuideIndex } from '../../src/modules/search/search-index';
import { SEARCH_TEXT_VERSION } from '../../src/modules/search/search-text';
import { recordSearch } from '../../src/modules/search/search.service';
import { signUp } from '../accounts';
import { testDialects, useTestApp } from '../helper';

// A small guide of its own, so the tests do not depend on what the writers have finished.
const guide: Record<string, string> = {
  'zh-CN/screen-wall/index.md': '---\ntitle: 屏幕墙简介\ndescription: 同时查看多台电脑\norder: 1\n---\n# 屏幕墙简介\n\n屏幕墙把多台设备的实时画面排成网格。',
  'zh-CN/remote-control/connect.md': '---\ntitle: 连接设备\n---\n\n输入设备代码即可开始远程控制。远程控制期间可以使用隐私屏。',
  'zh-CN/purchase/membership/allocation.md': '---\ntitle: "分配会员与通道"\n---\n\n在账号中把会员和全球通道分配给指定设备。',
  'ja/screen-wall/_index.md': '---\ntitle: スクリーンウォール\n---\n\n複数のデバイスの画面を一覧できます。',
  'ja/remote-control/connect.md': '---\ntitle: リモート接続のしかた\n---\n\nデバイスコードを入力すると、相手の画面が表示されます。',
  'ko/remote-control/connect.md': '---\ntitle: 원격 제어 시작하기\n---\n\n기기 코드를 입력하면 원격 제어가 시작됩니다.',
  'en/security/privacy-screen.md': '---\ntitle: Privacy screen\n---\n\nBlank the host monitor while you control it remotely.',
  'fr/security/privacy-screen.md': '---\ntitle: Écran de confidentialité\n---\n\nL’écran distant reste noir pendant la prise en main.',
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
    // a page with only 远程 (or only 控制) is not a match for the phrase
    for (const hit of body.data.list) expect(`${hit.title}${hit.snippet}`).toMatch(/远程控|程控制|远程.*控制/);
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
      .values({ id: 'LATER', locale: 'en', type: 'news', ref: '999', url: '/info-999', title: 'Zeppelin', body: 'zeppelin', published_at: '2099-01-01T00:00:00.000Z' })
      .execute();
    await db.insertInto('search_postings').values({ locale: 'en', term: 'zeppelin', document_id: 'LATER', in_title: 1, frequency: 2 }).execute();
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
    async function countOf(locale: string, keyword: string) {
      const row = await ctx.database.db.selectFrom('search_records').select('count').where('locale', '=', locale).where('keyword', '=', keyword).executeTakeFirst();
      return row ? Number(row.count) : 0;
    }

    it('starts from the seeded defaults of the caller’s language', async () => {
      const zh = await hot('zh-CN');
      expect(zh[0]).toEqual({ keyword: '屏幕墙', count: 1280 });
      expect(zh).toHaveLength(8);
      expect((await hot('ja'))[0]?.keyword).toBe('スクリーンウォール');
      expect((await hot('ko')).map((entry) => entry.keyword)).toContain('원격 제어');
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

    it('counts a visitor once a day per keyword: not again after 10 minutes, again the next day', async () => {
      const ip = '198.51.100.10';
      const before = await countOf('zh-CN', '隐私屏');
      expect((await record('隐私屏', 'zh-CN', ip)).body.data.recorded).toBe(true);
      now += 10 * 60_000 - 1;
      expect((await record('隐私屏', 'zh-CN', ip)).body.data.recorded).toBe(false);
      // the ten minutes are only the store's shortcut: the database knows the visitor all day
      now += 1;
      expect((await record('隐私屏', 'zh-CN', ip)).body.data.recorded).toBe(false);
      expect(await countOf('zh-CN', '隐私屏')).toBe(before + 1);
      const deps = { db: ctx.database.db, kv: ctx.app.kv, visitorSecret: ctx.app.codeStore.secret };
      const tomorrow = new Date(Date.now() + 86_400_000);
      expect(await recordSearch(deps, '隐私屏', 'zh-CN', { ip, userId: null }, tomorrow)).toEqual({ recorded: true });
      expect(await countOf('zh-CN', '隐私屏')).toBe(before + 2);
      // yesterday's visitors of the term are gone; what is kept is a keyed hash, never the address
      const visitors = await ctx.database.db.selectFrom('search_record_visitors').selectAll().where('locale', '=', 'zh-CN').where('keyword', '=', '隐私屏').execute();
      expect(visitors.map((row) => row.day)).toEqual([toDbDate(tomorrow).slice(0, 10)]);
      expect(visitors[0]?.visitor).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(visitors)).not.toContain(ip);
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
        ctx.app.inject({ method: 'POST', url: `/search/record?keyword=${encodeURIComponent('Privacy')}`, headers: { 'accept-language': 'en', authorization: token }, remoteAddress: ip });
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
        Array.from({ length: 20 }, () => recordSearch({ db: ctx.database.db, kv: new MemoryKeyValueStore(), visitorSecret: ctx.app.codeStore.secret }, 'remote control', 'en', { ip: '192.0.2.51', userId: null })),
      );
      expect(racing.filter((result) => result.recorded)).toHaveLength(1);
      expect(await countOf('en', 'remote control')).toBe(before + 22);
    });

    it('leaves out of the list a term that finds nothing (any more), whatever its count', async () => {
      await ctx.database.db.insertInto('search_records').values({ locale: 'en', keyword: '<script>alert(1)</script>', count: 90_000, updated_at: toDbDate(now) }).execute();
      await ctx.database.db.insertInto('search_records').values({ locale: 'en', keyword: 'qwertzuiop', count: 80_000, updated_at: toDbDate(now) }).execute();
      const en = (await hot('en')).map((entry) => entry.keyword);
      expect(en).not.toContain('qwertzuiop');
      // "script" and "alert" are in no English page of this guide
      expect(en).not.toContain('<script>alert(1)</script>');
      expect(en.length).toBeGreaterThan(0);
    });

    it('lists the top 10 of a language, most searched first', async () => {
      const keywords = Array.from({ length: 12 }, (_, i) => ({ locale: 'es', keyword: `muro de pantallas ${i}`, count: 100_000 + i, updated_at: toDbDate(now) }));
      await ctx.database.db.insertInto('search_records').values(keywords).execute();
      const es = await hot('es');
      expect(es.map((entry) => entry.keyword)).toEqual(Array.from({ length: 10 }, (_, i) => `muro de pantallas ${11 - i}`));
    });

    it('a keyword searched by many clients climbs the list', async () => {
      for (let i = 0; i < 3; i++) await record('Privacy screen', 'en', `192.0.2.${i + 10}`);
      await ctx.database.db.updateTable('search_records').set({ count: 5000 }).where('locale', '=', 'en').where('keyword', '=', 'privacy screen').execute();
      const en = await hot('en');
      expect(en[0]).toEqual({ keyword: 'privacy screen', count: 5000 });
      expect(en.length).toBeLessThanOrEqual(10);
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
    const recorded = await db.selectFrom('app_meta').select(['key', 'value']).where('value', 'like', `${SEARCH_TEXT_VERSION}:%`).executeTakeFirstOrThrow();
    await db.updateTable('app_meta').set({ value: recorded.value.replace(/^\d+:/, '1:') }).where('key', '=', recorded.key).execute();
    expect(await syncGuideIndex(db, guideDir)).toBe(true);
    expect(await syncGuideIndex(db, guideDir)).toBe(false);
  });
});

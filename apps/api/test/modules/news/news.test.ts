import { ErrorCode, locales, type TEnvelope, type TNewsInfo, type TNewsList, type TNoticeList } from '@llk/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../src/composition/setup/seed';
import { seedDir } from '../../../src/paths';
import { SEED_WITHOUT_SEARCH, testDialects, useTestApp } from '../../helper';
import { acceptLanguageOf, messageOf } from '../../messages';

// Which seeded notices are current depends on today's date, so the expectation is computed
// from the seed file rather than written down.
interface SeedNotice {
  slug: string;
  pinned?: boolean;
  publishedAt: string;
  expiresAt?: string;
}
const seedNotices = JSON.parse(readFileSync(path.join(seedDir, 'notices.json'), 'utf8')) as SeedNotice[];
function currentNotices(now = Date.now()): SeedNotice[] {
  return seedNotices
    .filter((n) => Date.parse(n.publishedAt) <= now && (!n.expiresAt || Date.parse(n.expiresAt) > now))
    .sort((a, b) => Number(b.pinned ?? false) - Number(a.pinned ?? false) || Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
}

describe.each(testDialects())('news, promotions and notices ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  beforeAll(async () => {
    await seedDatabase(ctx.database.db, { steps: SEED_WITHOUT_SEARCH });
  });

  async function get<T>(url: string, lang = 'en') {
    const res = await ctx.app.inject({ url, headers: { 'accept-language': lang } });
    return { res, body: res.json<TEnvelope<T>>() };
  }

  it('GET /news/list pages everything newest first with the total', async () => {
    const first = await get<TNewsList>('/news/list');
    expect(first.res.statusCode).toBe(200);
    expect(first.body.data).toMatchObject({ total: 16, page: 1, pageSize: 10 });
    expect(first.body.data.list).toHaveLength(10);
    const second = await get<TNewsList>('/news/list?page=2');
    expect(second.body.data.list).toHaveLength(6);
    const all = [...first.body.data.list, ...second.body.data.list];
    expect(new Set(all.map((n) => n.id)).size).toBe(16);
    const dates = all.map((n) => n.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all[0]).toMatchObject({ id: 16, kind: 'NEWS', title: 'New relay regions in Singapore and Frankfurt', locale: 'en' });
    const page3 = await get<TNewsList>('/news/list?page=3');
    expect(page3.body.data).toMatchObject({ list: [], total: 16, page: 3 });
  });

  it('filters by kind; promotions carry their validity window', async () => {
    const { body } = await get<TNewsList>('/news/list?kind=PROMOTION', 'zh-CN');
    expect(body.data.total).toBe(4);
    expect(body.data.list.map((n) => n.id)).toEqual([15, 12, 7, 3]);
    expect(body.data.list[0]).toMatchObject({
      kind: 'PROMOTION',
      // the discount comes from the catalogue (MEMBER_YEAR 268 against 456 yuan), never typed
      title: '双 11 全年最低价：年度会员立减 41%',
      validFrom: '2026-10-31T16:00:00.000Z',
      validUntil: '2026-11-30T15:59:59.000Z',
      locale: 'zh-CN',
    });
    const news = await get<TNewsList>('/news/list?kind=NEWS&pageSize=50');
    expect(news.body.data.total).toBe(12);
    expect(news.body.data.list.every((n) => n.kind === 'NEWS' && n.validFrom === null && n.validUntil === null)).toBe(true);
  });

  it.each(locales)('every item has a title and summary in %s', async (locale) => {
    const { body } = await get<TNewsList>('/news/list?pageSize=50', acceptLanguageOf[locale]);
    expect(body.data.list).toHaveLength(16);
    for (const item of body.data.list) {
      expect(item.locale, `item ${item.id}`).toBe(locale);
      expect(item.title.trim()).not.toBe('');
      expect(item.summary.trim()).not.toBe('');
    }
  });

  it('GET /news/info gives one item with its Markdown body', async () => {
    const { res, body } = await get<TNewsInfo>('/news/info?id=9', 'ko');
    expect(res.statusCode).toBe(200);
    expect(body.data).toMatchObject({ id: 9, kind: 'NEWS', locale: 'ko', title: '앰배서더 프로그램 시작: 공유하고 20% 수수료 받기' });
    expect(body.data.body).toContain('**60일**');
    expect(res.headers['cache-control']).toContain('max-age=60');
  });

  it('404 NOT_FOUND for an unknown id; 400 for an id that is not a positive integer', async () => {
    const missing = await get('/news/info?id=999', 'fr');
    expect(missing.res.statusCode).toBe(404);
    expect(missing.body).toEqual({ errcode: ErrorCode.NOT_FOUND, errmsg: messageOf('fr', 'errors.notFound'), data: null });
    for (const id of ['0', '-3', 'abc', '1.5']) {
      const bad = await get(`/news/info?id=${id}`);
      expect(bad.res.statusCode, id).toBe(400);
      expect(bad.body.errcode).toBe(ErrorCode.VALIDATION_FAILED);
    }
  });

  it('an item scheduled for later is neither listed nor shown', async () => {
    const db = ctx.database.db;
    await db
      .insertInto('news')
      .values({
        id: 'SCHEDULED',
        public_id: 500,
        kind: 'NEWS',
        slug: 'scheduled',
        published_at: '2099-01-01T00:00:00.000Z',
        valid_from: null,
        valid_until: null,
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('news_translations')
      .values({ news_id: 'SCHEDULED', locale: 'en', title: 'Later', summary: 'Later', body: 'Later' })
      .execute();
    const list = await get<TNewsList>('/news/list?pageSize=50');
    expect(list.body.data.total).toBe(16);
    expect((await get('/news/info?id=500')).res.statusCode).toBe(404);
    await seedDatabase(db, { steps: SEED_WITHOUT_SEARCH, force: true }); // the seed removes what it does not contain
    expect(await db.selectFrom('news').select('id').where('id', '=', 'SCHEDULED').executeTakeFirst()).toBeUndefined();
  });

  it('falls back to English, then Simplified Chinese, for a missing translation', async () => {
    const db = ctx.database.db;
    const item = await db.selectFrom('news').select('id').where('public_id', '=', 4).executeTakeFirstOrThrow();
    await db.deleteFrom('news_translations').where('news_id', '=', item.id).where('locale', '=', 'es').execute();
    expect((await get<TNewsInfo>('/news/info?id=4', 'es')).body.data).toMatchObject({
      locale: 'en',
      title: expect.stringContaining('Version 3.2'),
    });
    await db.deleteFrom('news_translations').where('news_id', '=', item.id).where('locale', '=', 'en').execute();
    expect((await get<TNewsInfo>('/news/info?id=4', 'es')).body.data).toMatchObject({
      locale: 'zh-CN',
      title: expect.stringContaining('3.2 版本发布'),
    });
    await seedDatabase(db, { steps: SEED_WITHOUT_SEARCH, force: true });
    expect((await get<TNewsInfo>('/news/info?id=4', 'es')).body.data.locale).toBe('es');
  });

  it('GET /announcements/info lists current notices, pinned first, then newest', async () => {
    const { res, body } = await get<TNoticeList>('/announcements/info', 'ja');
    expect(res.statusCode).toBe(200);
    const list = body.data.list;
    const expected = currentNotices();
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(list.map((n) => n.id)).toEqual(expected.map((n) => n.slug));
    expect(list.map((n) => n.pinned)).toEqual(expected.map((n) => n.pinned ?? false));
    const scams = list.find((n) => n.id === 'beware-of-scams');
    expect(scams).toMatchObject({ locale: 'ja', title: 'サポート担当者を名乗る詐欺にご注意ください', pinned: false, expiresAt: null });
    // the National Day notice expired on 8 October 2026
    expect(list.some((n) => n.id === 'national-day-support-hours-2026')).toBe(false);
  });

  it.each(locales)('every current notice is translated into %s', async (locale) => {
    const { body } = await get<TNoticeList>('/announcements/info', acceptLanguageOf[locale]);
    expect(body.data.list).toHaveLength(currentNotices().length);
    for (const notice of body.data.list) expect(notice.locale).toBe(locale);
  });
});

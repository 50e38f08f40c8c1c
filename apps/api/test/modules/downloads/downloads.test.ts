import { ErrorCode, type TDownloadLatest, type TDownloadList, type TEnvelope, type TUpdateLog } from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../src/composition/setup/seed';
import { SEED_WITHOUT_SEARCH, testDialects, useTestApp } from '../../helper';
import { messageOf } from '../../messages';

const BASE = 'https://dl.test.example/llk';

describe.each(testDialects())('downloads ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect, { env: { DOWNLOAD_BASE_URL: `${BASE}/` } });
  beforeAll(async () => {
    await seedDatabase(ctx.database.db, { steps: SEED_WITHOUT_SEARCH });
  });

  async function get<T>(url: string, lang = 'en') {
    const res = await ctx.app.inject({ url, headers: { 'accept-language': lang } });
    return { res, body: res.json<TEnvelope<T>>() };
  }

  it('GET /download/list gives the newest release of every platform with its packages', async () => {
    const { res, body } = await get<TDownloadList>('/download/list');
    expect(res.statusCode).toBe(200);
    expect(body.data.platforms.map((p) => p.platform)).toEqual(['WIN', 'MAC', 'LINUX', 'ANDROID', 'IOS', 'IPAD']);
    for (const platform of body.data.platforms) expect(platform.version).toBe('3.5.0');

    const win = body.data.platforms.find((p) => p.platform === 'WIN');
    expect(win?.packages.map((p) => [p.chipType, p.format])).toEqual([
      ['X86', 'exe'],
      ['X86', 'msi'],
      ['ARM', 'exe'],
      ['ARM', 'msi'],
    ]);
    const exe = win?.packages[0];
    expect(exe?.url).toBe(`${BASE}/windows/3.5.0/LLKRemote-3.5.0-win-x64-setup.exe`);
    expect(exe?.fileName).toBe('LLKRemote-3.5.0-win-x64-setup.exe');
    expect(exe?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(exe?.sizeBytes).toBeGreaterThan(50 * 1024 * 1024);
    expect(win?.releasedAt).toBe('2026-10-28T02:00:00.000Z');

    const mac = body.data.platforms.find((p) => p.platform === 'MAC');
    expect(mac?.packages.map((p) => p.chipType).sort()).toEqual(['APPLE_SILICON', 'X86']);
    const linux = body.data.platforms.find((p) => p.platform === 'LINUX');
    expect(linux?.packages.map((p) => `${p.chipType}/${p.format}`)).toEqual([
      'X86/deb',
      'X86/rpm',
      'X86/AppImage',
      'ARM/deb',
      'ARM/rpm',
      'ARM/AppImage',
    ]);
    const ios = body.data.platforms.find((p) => p.platform === 'IOS');
    expect(ios?.storeUrl).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(ios?.packages).toEqual([
      { chipType: 'ARM', format: 'store', fileName: null, url: ios?.storeUrl, sizeBytes: null, sha256: null },
    ]);
  });

  it('marks answers cacheable, varies on language and answers 304 to a matching ETag', async () => {
    const { res } = await get<TDownloadList>('/download/list');
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(res.headers.vary).toContain('Accept-Language');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await ctx.app.inject({ url: '/download/list', headers: { 'if-none-match': etag, 'accept-language': 'en' } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('a release dated in the future is not offered yet', async () => {
    await ctx.database.db
      .insertInto('releases')
      .values({
        id: 'FUTURE-WIN',
        platform: 'WIN',
        version: '9.0.0',
        version_code: 9_000_000,
        released_at: '2099-01-01T00:00:00.000Z',
        min_os: 'Windows 12',
        store_url: null,
      })
      .execute();
    try {
      const { body } = await get<TDownloadLatest>('/download/latest?clientType=WIN');
      expect(body.data.version).toBe('3.5.0');
    } finally {
      await ctx.database.db.deleteFrom('releases').where('id', '=', 'FUTURE-WIN').execute();
    }
  });

  it('GET /download/latest filters by chip type and carries notes in the caller’s language', async () => {
    const { res, body } = await get<TDownloadLatest>('/download/latest?clientType=MAC&chipType=APPLE_SILICON', 'ja');
    expect(res.statusCode).toBe(200);
    expect(body.data).toMatchObject({ platform: 'MAC', version: '3.5.0', minOs: 'macOS 11 Big Sur', notesLocale: 'ja' });
    expect(body.data.packages.map((p) => p.fileName)).toEqual(['LLKRemote-3.5.0-mac-arm64.dmg']);
    expect(body.data.notes).toContain('スクリーンウォール');
    expect(body.data.notes).toContain('macOS 15'); // the Mac-only bullet
    expect(body.data.notes).not.toContain('Wayland'); // the Linux-only bullet
    expect(body.data.notes.split('\n').every((line) => line.startsWith('- '))).toBe(true);
  });

  it('ANDROID_PAD gets the Android release; zh-TW gets Traditional Chinese notes', async () => {
    const { body } = await get<TDownloadLatest>('/download/latest?clientType=ANDROID_PAD', 'zh-TW');
    expect(body.data.platform).toBe('ANDROID');
    expect(body.data.notesLocale).toBe('zh-tw');
    expect(body.data.notes).toContain('螢幕牆');
    expect(body.data.packages[0]?.format).toBe('apk');
  });

  it('404 NOT_FOUND for a platform without releases or a chip it is not built for', async () => {
    for (const url of ['/download/latest?clientType=UNKNOWN', '/download/latest?clientType=MAC&chipType=ARM']) {
      const { res, body } = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(body).toEqual({ errcode: ErrorCode.NOT_FOUND, errmsg: messageOf('en', 'errors.notFound'), data: null });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('400 with the field named for an unknown client type', async () => {
    const { res, body } = await get<{ fields: { field: string }[] }>('/download/latest?clientType=AMIGA');
    expect(res.statusCode).toBe(400);
    expect(body.errcode).toBe(ErrorCode.VALIDATION_FAILED);
    expect(body.data.fields.map((f) => f.field)).toContain('querystring.clientType');
  });

  it('GET /download/updateLog pages one platform’s notes newest first', async () => {
    const first = await get<TUpdateLog>('/download/updateLog?clientType=WIN&page=1&pageSize=3', 'fr');
    expect(first.body.data).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.body.data.list.map((e) => e.version)).toEqual(['3.5.0', '3.4.0', '3.3.0']);
    expect(first.body.data.list[0]?.locale).toBe('fr');
    expect(first.body.data.list[0]?.notes).toContain('Snapdragon X');
    const second = await get<TUpdateLog>('/download/updateLog?clientType=WIN&page=2&pageSize=3', 'fr');
    expect(second.body.data.list.map((e) => e.version)).toEqual(['3.2.0']);
    expect(second.body.data.list[0]?.notes).toContain('Windows sur ARM');
  });

  it('without clientType the log covers every platform; Linux ARM appears from 3.4.0 on', async () => {
    const { body } = await get<TUpdateLog>('/download/updateLog?pageSize=50');
    expect(body.data.total).toBe(24);
    const dates = body.data.list.map((e) => e.releasedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const { body: list } = await get<TDownloadList>('/download/list');
    expect(list.data.platforms.find((p) => p.platform === 'LINUX')?.packages.some((p) => p.chipType === 'ARM')).toBe(true);
  });

  it('an update log for a client type without releases is empty, not an error', async () => {
    const { res, body } = await get<TUpdateLog>('/download/updateLog?clientType=UNKNOWN');
    expect(res.statusCode).toBe(200);
    expect(body.data).toEqual({ list: [], total: 0, page: 1, pageSize: 10 });
  });

  it('falls back to English, then Simplified Chinese, when a translation is missing', async () => {
    const release = await ctx.database.db
      .selectFrom('releases')
      .select('id')
      .where('platform', '=', 'IOS')
      .where('version', '=', '3.2.0')
      .executeTakeFirstOrThrow();
    await ctx.database.db.deleteFrom('release_notes').where('release_id', '=', release.id).where('locale', 'in', ['ko', 'en']).execute();
    const { body } = await get<TUpdateLog>('/download/updateLog?clientType=IOS&page=2&pageSize=3', 'ko');
    expect(body.data.list[0]).toMatchObject({ version: '3.2.0', locale: 'zh-CN' });
    expect(body.data.list[0]?.notes).toContain('屏幕墙');
    await seedDatabase(ctx.database.db, { steps: SEED_WITHOUT_SEARCH, force: true });
    const { body: after } = await get<TUpdateLog>('/download/updateLog?clientType=IOS&page=2&pageSize=3', 'ko');
    expect(after.data.list[0]?.locale).toBe('ko');
  });

  it('reseeding keeps exactly the seed’s releases', async () => {
    await seedDatabase(ctx.database.db, { steps: SEED_WITHOUT_SEARCH, force: true });
    const count = await ctx.database.db
      .selectFrom('releases')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(24);
  });
});

import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  ADMIN_SESSION_COOKIE,
  ErrorCode,
  type TAdminChecksum,
  type TAdminNews,
  type TAdminNewsPage,
  type TAdminNotice,
  type TAdminRelease,
  type TAdminSku,
  type TAdminSkuList,
  type TDownloadLatest,
  type TMemberPricing,
  type TNewsInfo,
  type TNewsList,
  type TNoticeList,
} from '@llk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TStaffRole } from '../../../src/modules/admin/permissions';
import { createStaff } from '../../../src/modules/admin/staff.service';
import { createStaffSession } from '../../../src/modules/admin/staff-sessions.service';
import { seedDatabase } from '../../../src/composition/setup/seed';
import { SEED_WITHOUT_SEARCH, testDialects, useTestApp } from '../../helper';
import { messageOf } from '../../messages';
import { createOrder, newUser } from '../orders/support';

// The back office's content, releases and pricing (ADR 0019 step 3) through the real routes, on
// a seeded database: staff sessions as the matrix test makes them, the web's POST /api/revalidate
// and the release files played by a local HTTP server.

const REVALIDATE_SECRET = 'r'.repeat(40);
const FILE = Buffer.alloc(300_000, 'llk-release-');
const FILE_SHA = createHash('sha256').update(FILE).digest('hex');

interface Envelope<T> {
  errcode: number;
  errmsg: string;
  data: T;
}

/** The web (POST /api/revalidate) and a download host, on one local server. */
function startWeb(): Promise<{ server: Server; url: string; calls: { authorization: string | undefined; paths: string[] }[] }> {
  const calls: { authorization: string | undefined; paths: string[] }[] = [];
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer((request, response) => {
    void (async () => {
      if (request.method === 'POST' && request.url === '/api/revalidate') {
        const body = JSON.parse(await read(request)) as { paths: string[] };
        calls.push({ authorization: request.headers.authorization, paths: body.paths });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0}');
      } else if (request.url === '/files/llk.exe') {
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(FILE.length) }).end(FILE);
      } else if (request.url === '/files/huge.exe') {
        // no Content-Length: the cap holds while streaming
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        for (let i = 0; i < 5; i++) response.write(Buffer.alloc(256 * 1024, i));
        response.end();
      } else if (request.url?.startsWith('/files/redirect?to=')) {
        response.writeHead(302, { location: decodeURIComponent(request.url.slice('/files/redirect?to='.length)) }).end();
      } else if (request.url === '/files/cut.exe' || request.url === '/files/closed.exe') {
        // neither Content-Length nor chunked: the body ends when the connection closes
        response.useChunkedEncodingByDefault = false;
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        response.write(FILE.subarray(0, 1000));
        // cut.exe: and nothing more, our timeout closes it; closed.exe: the server closes it
        if (request.url === '/files/closed.exe') response.end(FILE.subarray(1000));
      } else if (request.url === '/files/stuck.exe') {
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        response.write(Buffer.alloc(10, 1)); // and nothing more: the timeout ends it
      } else response.writeHead(404).end();
    })();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls })),
  );
}

describe.each(testDialects())('back office: content, releases, pricing on $dialect', ({ dialect }) => {
  // two web instances, each with its own page cache: the API asks both
  let web: Awaited<ReturnType<typeof startWeb>>;
  let web2: Awaited<ReturnType<typeof startWeb>>;
  beforeAll(async () => {
    [web, web2] = await Promise.all([startWeb(), startWeb()]);
  });
  afterAll(() => Promise.all([web, web2].map((instance) => new Promise<void>((resolve) => instance.server.close(() => resolve())))));

  const ctx = useTestApp(dialect, {
    env: {
      REVALIDATE_SECRET,
      get REVALIDATE_URL() {
        return `${web.url}/api/revalidate, ${web2.url}/api/revalidate/`;
      },
      RELEASE_FETCH_MAX_BYTES: String(1024 * 1024),
      RELEASE_FETCH_TIMEOUT_MS: '300',
      // the local download host; every other private or loopback name is refused
      RELEASE_FETCH_PRIVATE_HOSTS: '127.0.0.1',
      DOWNLOAD_BASE_URL: 'https://download.llk.test/llk',
      // as in production: the public answers are kept in memory, and every change here must end them
      CONTENT_CACHE_SECONDS: '60',
    },
  });
  const tokens = new Map<TStaffRole, string>();
  beforeAll(async () => {
    await seedDatabase(ctx.database.db, { steps: SEED_WITHOUT_SEARCH });
  });

  async function staff(role: TStaffRole = 'CONTENT'): Promise<string> {
    const known = tokens.get(role);
    if (known) return known;
    const member = await createStaff(ctx.database.db, { username: `s${Math.random().toString(36).slice(2, 10)}`, role, createdBy: null });
    await ctx.database.db
      .updateTable('staff')
      .set({ password_hash: 'x', totp_secret: 'y', setup_token_hash: null })
      .where('id', '=', member.id)
      .execute();
    const { token } = await createStaffSession(ctx.database.db, { staffId: member.id, secondFactor: 'TOTP' });
    tokens.set(role, token);
    return token;
  }

  async function admin<T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    options: { role?: TStaffRole; lang?: string } = {},
  ) {
    const res = await ctx.app.inject({
      method,
      url,
      cookies: { [ADMIN_SESSION_COOKIE]: await staff(options.role) },
      // state-changing admin calls come from our own pages (the web origin of the test config)
      headers: { 'accept-language': options.lang ?? 'en', origin: 'http://localhost:3000' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  }

  async function pub<T>(url: string, lang = 'en') {
    const res = await ctx.app.inject({ url, headers: { 'accept-language': lang } });
    return res.json<Envelope<T>>().data;
  }

  const newsInput = (word: string, extra: Record<string, unknown> = {}) => ({
    kind: 'NEWS',
    publishAt: '2026-01-02T03:04:05.000Z',
    translations: {
      'zh-CN': { title: `新闻 ${word}`, summary: '摘要', body: `正文 **${word}**` },
      en: { title: `News ${word}`, summary: 'Summary', body: `Body about ${word} with **bold**` },
    },
    ...extra,
  });

  it('creates a news item unpublished, with the missing languages listed, and audits it', async () => {
    const created = await admin<TAdminNews>('POST', '/admin/news', newsInput('zephyrine'));
    expect(created.status).toBe(200);
    const item = created.body.data;
    expect(item).toMatchObject({ kind: 'NEWS', published: false, origin: 'staff', url: `/info-${item.publicId}` });
    expect(item.publicId).toBe(17); // the seed holds public ids 1–16
    expect(item.missingLocales).toEqual(['zh-tw', 'es', 'fr', 'ja', 'ko']);
    expect((await pub<TNewsList>('/news/list?pageSize=50')).list.map((n) => n.id)).not.toContain(item.publicId);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id', 'target_id'])
      .where('target_id', '=', item.id)
      .execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'news.create', target_id: item.id })]);
    expect(audit[0]?.staff_id).toMatch(/^[0-9A-Z]{26}$/);
  });

  it('a published news item appears in GET /news/list, /news/info and search, and the web is asked to revalidate its pages', async () => {
    const item = (await admin<TAdminNews>('POST', '/admin/news', newsInput('quoxalith'))).body.data;
    web.calls.length = 0;
    web2.calls.length = 0;
    const published = await admin<{ item: TAdminNews; publication: { revalidated: string[]; revalidateOk: boolean } }>(
      'POST',
      `/admin/news/${item.id}/publish`,
    );
    expect(published.status).toBe(200);
    expect(published.body.data.publication).toEqual({ revalidated: ['/news-1', `/info-${item.publicId}`], revalidateOk: true });
    expect(web.calls).toEqual([{ authorization: `Bearer ${REVALIDATE_SECRET}`, paths: ['/news-1', `/info-${item.publicId}`] }]);
    expect(web2.calls).toEqual(web.calls);

    const list = await pub<TNewsList>('/news/list?pageSize=50');
    expect(list.list.find((n) => n.id === item.publicId)).toMatchObject({ title: 'News quoxalith', summary: 'Summary' });
    expect(await pub<TNewsInfo>(`/news/info?id=${item.publicId}`, 'zh-CN')).toMatchObject({
      title: '新闻 quoxalith',
      body: '正文 **quoxalith**',
    });
    // a language staff did not write falls back as the pages do (ja → en)
    expect(await pub<TNewsInfo>(`/news/info?id=${item.publicId}`, 'ja')).toMatchObject({ title: 'News quoxalith', locale: 'en' });
    const found = await pub<{ list: { url: string }[] }>('/search?q=quoxalith');
    expect(found.list.map((hit) => hit.url)).toEqual([`/info-${item.publicId}`]);

    await admin('POST', `/admin/news/${item.id}/unpublish`);
    expect((await pub<TNewsList>('/news/list?pageSize=50')).list.map((n) => n.id)).not.toContain(item.publicId);
    expect((await pub<{ list: unknown[] }>('/search?q=quoxalith')).list).toEqual([]);
    const actions = await ctx.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', item.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['news.create', 'news.publish', 'news.unpublish']);
  });

  it('keeps a cover picture and an SEO description per language, which the public reads carry (the summary when none); a cover off the site is refused', async () => {
    const input = newsInput('corvelline', {
      coverImageUrl: '/images/news/corvelline.webp',
      translations: {
        'zh-CN': { title: '新闻 corvelline', summary: '摘要', body: '正文', seoDescription: '给搜索引擎的描述' },
        en: { title: 'News corvelline', summary: 'Summary', body: 'Body' },
      },
    });
    const item = (await admin<TAdminNews>('POST', '/admin/news', input)).body.data;
    expect(item.coverImageUrl).toBe('/images/news/corvelline.webp');
    // the list names who wrote it (from the audit log); the seed's items have no author
    const listed = (await admin<TAdminNewsPage>('GET', '/admin/news?limit=100')).body.data.items;
    expect(listed.find((row) => row.id === item.id)?.createdBy).toMatch(/^s[0-9a-z]+$/);
    expect(listed.find((row) => row.origin === 'seed')?.createdBy).toBeNull();
    expect(item.translations['zh-CN']?.seoDescription).toBe('给搜索引擎的描述');
    expect(item.translations.en?.seoDescription).toBeUndefined();
    await admin('POST', `/admin/news/${item.id}/publish`);
    expect(await pub<TNewsInfo>(`/news/info?id=${item.publicId}`, 'zh-CN')).toMatchObject({
      coverImageUrl: '/images/news/corvelline.webp',
      seoDescription: '给搜索引擎的描述',
      locale: 'zh-CN',
    });
    expect(await pub<TNewsInfo>(`/news/info?id=${item.publicId}`, 'en')).toMatchObject({ seoDescription: 'Summary', locale: 'en' });
    expect((await pub<TNewsList>('/news/list?pageSize=50')).list.find((n) => n.id === item.publicId)?.coverImageUrl).toBe(
      '/images/news/corvelline.webp',
    );
    // only a path on the site: the pages load images from the site alone
    for (const coverImageUrl of ['https://tracker.example/p.png', '//cdn.example/a.png', '/images/a.exe', 'javascript:alert(1)']) {
      const refused = await admin('POST', '/admin/news', newsInput('x', { coverImageUrl }));
      expect({ coverImageUrl, status: refused.status, errcode: refused.body.errcode }).toEqual({
        coverImageUrl,
        status: 400,
        errcode: ErrorCode.VALIDATION_FAILED,
      });
    }
    // removed again: null
    const cleared = await admin<{ item: TAdminNews }>('PUT', `/admin/news/${item.id}`, newsInput('corvelline', { coverImageUrl: null }));
    expect(cleared.body.data.item.coverImageUrl).toBeNull();
  });

  it('keeps a published item out of the list after its window ends, and edits reach the page and the index', async () => {
    const item = (await admin<TAdminNews>('POST', '/admin/news', newsInput('vellumwick', { expiresAt: '2026-01-03T00:00:00.000Z' }))).body
      .data;
    await admin('POST', `/admin/news/${item.id}/publish`);
    expect((await pub<TNewsList>('/news/list?pageSize=50')).list.map((n) => n.id)).not.toContain(item.publicId);
    // nor is it found: its window has closed (the index keeps the window, the search reads the clock)
    expect((await pub<{ list: unknown[] }>('/search?q=vellumwick')).list).toEqual([]);
    const later = (
      await admin<TAdminNews>(
        'POST',
        '/admin/news',
        newsInput('tallowmere', { expiresAt: new Date(Date.now() + 86_400_000).toISOString() }),
      )
    ).body.data;
    await admin('POST', `/admin/news/${later.id}/publish`);
    expect((await pub<{ list: { url: string }[] }>('/search?q=tallowmere')).list.map((hit) => hit.url)).toEqual([
      `/info-${later.publicId}`,
    ]);
    const edited = await admin<{ item: TAdminNews }>('PUT', `/admin/news/${item.id}`, newsInput('brindlemoss'));
    expect(edited.status).toBe(200);
    expect(edited.body.data.item.expiresAt).toBeNull();
    expect((await pub<TNewsInfo>(`/news/info?id=${item.publicId}`)).title).toBe('News brindlemoss');
    expect((await pub<{ list: unknown[] }>('/search?q=vellumwick')).list).toEqual([]);
    expect((await pub<{ list: unknown[] }>('/search?q=brindlemoss')).list).toHaveLength(1);
  });

  it('gives 20 news items created at once 20 different public ids', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => admin<TAdminNews>('POST', '/admin/news', newsInput(`burst${i}`))),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(results.map((r) => r.body.data.publicId)).size).toBe(20);
  });

  it('pages the staff list on (created_at, id) without repeats', async () => {
    const first = (await admin<TAdminNewsPage>('GET', '/admin/news?limit=7')).body.data;
    expect(first.items).toHaveLength(7);
    const seen = new Set(first.items.map((item) => item.id));
    let next = first.next;
    while (next) {
      const page = (await admin<TAdminNewsPage>('GET', `/admin/news?limit=7&before=${encodeURIComponent(next)}`)).body.data;
      for (const item of page.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
      }
      next = page.next;
    }
    const total = await ctx.database.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(seen.size).toBe(Number(total.n));
    const promotions = (await admin<TAdminNewsPage>('GET', '/admin/news?kind=PROMOTION&limit=100')).body.data.items;
    expect(promotions.map((p) => p.publicId).sort((a, b) => a - b)).toEqual([3, 7, 12, 15]);
  });

  it('answers bad input with envelopes in the caller’s language, never 500', async () => {
    const noChinese = await admin(
      'POST',
      '/admin/news',
      { ...newsInput('x'), translations: { en: { title: 'a', summary: 'b', body: 'c' } } },
      { lang: 'zh-CN' },
    );
    expect(noChinese.status).toBe(400);
    expect(noChinese.body).toMatchObject({ errcode: ErrorCode.VALIDATION_FAILED });
    const window = await admin('POST', '/admin/news', newsInput('x', { expiresAt: '2026-01-01T00:00:00.000Z' }), { lang: 'zh-CN' });
    expect(window.status).toBe(400);
    expect(window.body).toEqual({ errcode: 80200, errmsg: messageOf('zh-CN', 'errors.contentWindowInvalid'), data: null });
    expect((await admin('GET', '/admin/news/not-an-id')).body.errcode).toBe(ErrorCode.VALIDATION_FAILED);
    const missing = await admin('GET', '/admin/news/01ARZ3NDEKTSV4RRFFQ69G5FAV');
    expect(missing.status).toBe(404);
    const finance = { role: 'FINANCE' } as const;
    expect(
      (await admin('PUT', '/admin/pricing/skus/MEMBER_YEAR', { priceFen: 50000, originalPriceFen: 45600 }, finance)).body.errcode,
    ).toBe(80220);
    expect((await admin('PUT', '/admin/pricing/skus/MEMBER_YEAR', { priceFen: -1, originalPriceFen: 45600 }, finance)).status).toBe(400);
    expect((await admin('PUT', '/admin/pricing/skus/NO_SUCH_SKU', { priceFen: 1, originalPriceFen: 1 }, finance)).status).toBe(404);
    expect((await admin('POST', '/admin/releases/checksum', { url: 'ftp://x/y' })).status).toBe(400);
    // a CONTENT member may not change prices
    expect((await admin('PUT', '/admin/pricing/skus/MEMBER_YEAR', { priceFen: 1, originalPriceFen: 1 }, { role: 'CONTENT' })).status).toBe(
      403,
    );
  });

  it('refuses a discount typed by hand in a running promotion, naming the field in the caller’s language; tokens, and an ended promotion’s record, are kept', async () => {
    const promotion = (title: string, validUntil: string | null) =>
      newsInput('promo', {
        kind: 'PROMOTION',
        validFrom: '2026-01-01T00:00:00.000Z',
        validUntil,
        translations: { 'zh-CN': { title: '会员特惠', summary: '摘要', body: '正文' }, ja: { title, summary: 'まとめ', body: '本文' } },
      });
    const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const typed = await admin('POST', '/admin/news', promotion('年間プラン 20%オフ', future), { lang: 'ja' });
    expect(typed.status).toBe(400);
    expect(typed.body).toMatchObject({
      errcode: ErrorCode.VALIDATION_FAILED,
      errmsg: `translations.ja.title: ${messageOf('ja', 'validation.typedDiscount')}`,
    });
    expect((typed.body.data as { fields: { field: string; rule: string }[] }).fields).toEqual([
      { field: 'body.translations.ja.title', rule: 'validation.typedDiscount', message: messageOf('ja', 'validation.typedDiscount') },
    ]);
    // no end date is running too
    expect((await admin('POST', '/admin/news', promotion('年間プラン 2割引', null))).status).toBe(400);
    // the figure from the prices
    const token = await admin<TAdminNews>('POST', '/admin/news', promotion('年間プラン {{discount:MEMBER_YEAR}}オフ', future));
    expect(token.status).toBe(200);
    // an edit that types one is refused as well, and changes nothing
    const edit = await admin('PUT', `/admin/news/${token.body.data.id}`, promotion('年間プラン 30%オフ', future));
    expect(edit.status).toBe(400);
    expect((await admin<TAdminNews>('GET', `/admin/news/${token.body.data.id}`)).body.data.translations.ja?.title).toBe(
      '年間プラン {{discount:MEMBER_YEAR}}オフ',
    );
    // a promotion that has ended records what it offered
    expect((await admin('POST', '/admin/news', promotion('年間プラン 20%オフ（終了）', '2026-02-01T00:00:00.000Z'))).status).toBe(200);
  });

  it('renders the preview as the public page does (raw HTML shown as text)', async () => {
    const res = await admin<{ html: string }>('POST', '/admin/content/preview', {
      markdown: '**bold** <script>x</script> [a](https://e.test)',
    });
    expect(res.body.data.html).toBe(
      '<p><strong>bold</strong> &lt;script&gt;x&lt;/script&gt; <a href="https://e.test" rel="noopener noreferrer">a</a></p>\n',
    );
  });

  it('refuses javascript:, data: and vbscript: targets in the preview, in every link syntax', async () => {
    const markdown =
      '[a](JaVaScRiPt:alert(1)) <javascript:alert(2)> [b][r] ![c]( data:image/svg+xml,x) [d](vbscript:x) [ok](/guide)\n\n[r]: &#106;avascript:alert(3)';
    const res = await admin<{ html: string }>('POST', '/admin/content/preview', { markdown });
    expect(res.body.data.html).toBe('<p>a javascript:alert(2) b c d <a href="/guide">ok</a></p>\n');
  });

  it('gives apps the sanitised HTML beside the Markdown: /news/info, /announcements/info, /download/updateLog and /download/latest', async () => {
    const body = 'Read [this](javascript:alert(1)) and [the guide](/guide) **now**';
    const html = '<p>Read this and <a href="/guide">the guide</a> <strong>now</strong></p>\n';
    const news = (
      await admin<TAdminNews>('POST', '/admin/news', {
        ...newsInput('vantablume'),
        translations: { 'zh-CN': { title: '标题', summary: '摘要', body: '正文' }, en: { title: 'T', summary: 'S', body } },
      })
    ).body.data;
    await admin('POST', `/admin/news/${news.id}/publish`);
    expect(await pub<TNewsInfo>(`/news/info?id=${news.publicId}`)).toMatchObject({ body, contentHtml: html });

    const notice = (
      await admin<TAdminNotice>('POST', '/admin/notices', {
        pinned: false,
        publishAt: '2026-01-01T00:00:00.000Z',
        translations: { 'zh-CN': { title: '通知', body: '正文' }, en: { title: 'N', body } },
      })
    ).body.data;
    await admin('POST', `/admin/notices/${notice.id}/publish`);
    expect((await pub<TNoticeList>('/announcements/info')).list.find((n) => n.id === notice.slug)).toMatchObject({
      body,
      contentHtml: html,
    });

    const release = (
      await admin<TAdminRelease>('POST', '/admin/releases', {
        platform: 'LINUX',
        version: '7.7.7',
        releasedAt: '2026-02-02T00:00:00.000Z',
        minOs: 'Ubuntu 22.04',
        packages: [
          { chipType: 'X86', format: 'deb', url: 'https://download.llk.test/llk/linux/llk-7.7.7.deb', sizeBytes: 1, sha256: FILE_SHA },
        ],
        notes: { 'zh-CN': '- 更新', en: body },
      })
    ).body.data;
    await admin('POST', `/admin/releases/${release.id}/publish`);
    expect(await pub<TDownloadLatest>('/download/latest?clientType=LINUX')).toMatchObject({
      version: '7.7.7',
      notes: body,
      contentHtml: html,
    });
    const log = await pub<{ list: { version: string; notes: string; contentHtml: string }[] }>('/download/updateLog?clientType=LINUX');
    expect(log.list.find((entry) => entry.version === '7.7.7')).toMatchObject({ notes: body, contentHtml: html });
  });

  it('publishes a notice to GET /announcements/info', async () => {
    const created = await admin<TAdminNotice>('POST', '/admin/notices', {
      pinned: true,
      publishAt: '2026-01-01T00:00:00.000Z',
      translations: {
        'zh-CN': { title: '维护通知 kestrelline', body: '今晚维护' },
        en: { title: 'Maintenance kestrelline', body: 'Tonight' },
      },
    });
    expect(created.body.data).toMatchObject({ published: false, missingLocales: ['zh-tw', 'es', 'fr', 'ja', 'ko'] });
    expect((await pub<TNoticeList>('/announcements/info')).list.map((n) => n.id)).not.toContain(created.body.data.slug);
    web.calls.length = 0;
    await admin('POST', `/admin/notices/${created.body.data.id}/publish`);
    const notices = (await pub<TNoticeList>('/announcements/info')).list;
    expect(notices.find((n) => n.id === created.body.data.slug)).toMatchObject({ title: 'Maintenance kestrelline', pinned: true });
    expect(web.calls.map((call) => call.paths)).toEqual([['/notice']]);
    expect((await pub<{ list: { url: string }[] }>('/search?q=kestrelline')).list.map((hit) => hit.url)).toEqual([
      `/notice#${created.body.data.slug}`,
    ]);
  });

  it('keeps staff edits and staff items when the seed runs again, and the seed’s other items', async () => {
    const seeded = (await admin<TAdminNewsPage>('GET', '/admin/news?kind=NEWS&limit=100')).body.data.items.find((n) => n.publicId === 1);
    expect(seeded?.origin).toBe('seed');
    const input = {
      kind: 'NEWS',
      publishAt: seeded!.publishAt,
      translations: { ...seeded!.translations, en: { title: 'Edited by staff', summary: 's', body: 'b' } },
    };
    expect((await admin('PUT', `/admin/news/${seeded!.id}`, input)).status).toBe(200);
    await seedDatabase(ctx.database.db, { steps: SEED_WITHOUT_SEARCH, force: true });
    expect((await pub<TNewsInfo>('/news/info?id=1')).title).toBe('Edited by staff');
    expect((await pub<TNewsInfo>('/news/info?id=2')).title).not.toBe('');
    expect(await ctx.database.db.selectFrom('news').select('id').where('public_id', '=', 17).executeTakeFirst()).toBeDefined();
  });

  it('computes a release file’s SHA-256 from its URL and from an upload, with a size cap and a timeout', async () => {
    const fetched = await admin<TAdminChecksum>('POST', '/admin/releases/checksum', { url: `${web.url}/files/llk.exe` });
    expect(fetched.body.data).toEqual({ sizeBytes: 300_000, sha256: FILE_SHA });
    const tooBig = await admin('POST', '/admin/releases/checksum', { url: `${web.url}/files/huge.exe` });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errcode).toBe(80212);
    expect((await admin('POST', '/admin/releases/checksum', { url: `${web.url}/files/missing.exe` })).body.errcode).toBe(80211);
    expect((await admin('POST', '/admin/releases/checksum', { url: `${web.url}/files/stuck.exe` })).body.errcode).toBe(80211);
    // a body cut off by the timeout is not the file, even without a length to compare with
    const cut = await admin('POST', '/admin/releases/checksum', { url: `${web.url}/files/cut.exe` }, { lang: 'fr' });
    expect(cut.status).toBe(422);
    expect(cut.body).toEqual({ errcode: 80211, errmsg: messageOf('fr', 'errors.releaseFetchFailed'), data: null });
    // …one the server ends by closing the connection is
    expect((await admin<TAdminChecksum>('POST', '/admin/releases/checksum', { url: `${web.url}/files/closed.exe` })).body.data).toEqual({
      sizeBytes: 300_000,
      sha256: FILE_SHA,
    });
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/admin/releases/checksum/upload',
      cookies: { [ADMIN_SESSION_COOKIE]: await staff() },
      headers: { 'content-type': 'application/octet-stream', origin: 'http://localhost:3000' },
      payload: FILE,
    });
    expect(uploaded.json<Envelope<TAdminChecksum>>().data).toEqual({ sizeBytes: 300_000, sha256: FILE_SHA });
  });

  it('fetches release files from public addresses only: loopback, private and link-local hosts and redirects to them are refused', async () => {
    const port = new URL(web.url).port;
    const refused = async (url: string) => {
      const res = await admin('POST', '/admin/releases/checksum', { url }, { lang: 'ja' });
      expect(res.status, url).toBe(422);
      expect(res.body, url).toEqual({ errcode: 80213, errmsg: messageOf('ja', 'errors.releaseUrlNotPublic'), data: null });
    };
    // the same server by a name not in RELEASE_FETCH_PRIVATE_HOSTS (resolved, then refused)
    await refused(`http://localhost:${port}/files/llk.exe`);
    await refused(`http://[::1]:${port}/files/llk.exe`);
    await refused(`http://[::ffff:127.0.0.1]:${port}/files/llk.exe`);
    await refused('http://10.1.2.3/llk.exe');
    await refused('http://169.254.169.254/latest/meta-data/');
    await refused('http://192.168.1.1/llk.exe');
    // an allowed host redirecting to a refused one
    await refused(`${web.url}/files/redirect?to=${encodeURIComponent(`http://localhost:${port}/files/llk.exe`)}`);
    // …and to itself, which is followed
    const followed = await admin<TAdminChecksum>('POST', '/admin/releases/checksum', {
      url: `${web.url}/files/redirect?to=${encodeURIComponent('/files/llk.exe')}`,
    });
    expect(followed.body.data).toEqual({ sizeBytes: 300_000, sha256: FILE_SHA });
  });

  it('publishes a release per platform and chip to GET /download/latest; a second one of the same version is refused', async () => {
    const input = {
      platform: 'WIN',
      version: '9.9.9',
      releasedAt: '2026-02-01T00:00:00.000Z',
      minOs: 'Windows 10',
      packages: [
        {
          chipType: 'X86',
          format: 'exe',
          url: 'https://download.llk.test/llk/win/LLK-9.9.9-x64.exe',
          sizeBytes: 300_000,
          sha256: FILE_SHA,
        },
        { chipType: 'ARM', format: 'exe', url: `${web.url}/files/llk.exe`, sizeBytes: 300_000, sha256: FILE_SHA },
      ],
      notes: { 'zh-CN': '- 新功能', en: '- New things' },
    };
    const created = await admin<TAdminRelease>('POST', '/admin/releases', input);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ published: false, missingLocales: ['zh-tw', 'es', 'fr', 'ja', 'ko'] });
    expect((await pub<TDownloadLatest>('/download/latest?clientType=WIN')).version).not.toBe('9.9.9');
    web.calls.length = 0;
    await admin('POST', `/admin/releases/${created.body.data.id}/publish`);
    const latest = await pub<TDownloadLatest>('/download/latest?clientType=WIN&chipType=ARM');
    expect(latest).toMatchObject({ version: '9.9.9', notes: '- New things' });
    expect(latest.packages).toEqual([
      expect.objectContaining({ chipType: 'ARM', url: `${web.url}/files/llk.exe`, sizeBytes: 300_000, sha256: FILE_SHA }),
    ]);
    const x86 = await pub<TDownloadLatest>('/download/latest?clientType=WIN&chipType=X86');
    expect(x86.packages[0]?.url).toBe('https://download.llk.test/llk/win/LLK-9.9.9-x64.exe');
    expect(web.calls.map((call) => call.paths)).toEqual([['/download', '/log']]);
    const again = await admin('POST', '/admin/releases', input);
    expect(again.status).toBe(409);
    expect(again.body.errcode).toBe(80210);
  });

  it('a price change changes /memberPricing and new orders, not an order made before, and the promotion quotes the new discount', async () => {
    const user = await newUser(ctx.app);
    const before = await createOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' });
    expect(before.statusCode, before.body).toBe(200);
    const beforeOrder = before.json<Envelope<{ id: string; totalFen: number }>>().data;
    expect(beforeOrder.totalFen).toBe(26800);
    expect((await pub<TNewsInfo>('/news/info?id=15')).title).toBe('Singles’ Day: our best price of the year, 41% off annual membership');

    web.calls.length = 0;
    const changed = await admin<{ item: TAdminSku }>(
      'PUT',
      '/admin/pricing/skus/MEMBER_YEAR',
      { priceFen: 19900, originalPriceFen: 45600, reason: 'Singles’ Day' },
      { role: 'FINANCE' },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.item).toMatchObject({
      priceFen: 19900,
      originalPriceFen: 45600,
      discountFen: 25700,
      discountPercent: 56,
      origin: 'staff',
    });
    // every item that quotes the prices: the seeded Singles’ Day promotion (15) and those this file wrote
    const quoting = await ctx.database.db
      .selectFrom('news')
      .innerJoin('news_translations', 'news_translations.news_id', 'news.id')
      .select('news.public_id')
      .distinct()
      .where('news_translations.title', 'like', '%{{discount:%')
      .execute();
    expect(web.calls[0]?.paths.slice(0, 2)).toEqual(['/pricing', '/news-1']);
    expect([...(web.calls[0]?.paths.slice(2) ?? [])].sort()).toEqual(quoting.map((row) => `/info-${row.public_id}`).sort());
    expect(web.calls[0]?.paths).toContain('/info-15');

    const pricing = await pub<TMemberPricing>('/memberPricing/detail/v2');
    const year = pricing.plans.find((plan) => plan.code === 'PRO')?.prices.find((price) => price.timeUnit === 'YEAR');
    expect(year).toMatchObject({ priceFen: 19900, originalPriceFen: 45600, discountPercent: 56 });
    expect((await pub<TNewsInfo>('/news/info?id=15')).body).toContain('**56% off**');
    expect((await pub<TNewsInfo>('/news/info?id=15', 'zh-CN')).title).toBe('双 11 全年最低价：年度会员立减 56%');

    const kept = await ctx.database.db.selectFrom('orders').select('total_fen').where('id', '=', beforeOrder.id).executeTakeFirstOrThrow();
    expect(Number(kept.total_fen)).toBe(26800);
    const after = await createOrder(ctx.app, user.token, { skuId: 'MEMBER_YEAR' });
    expect(after.json<Envelope<{ totalFen: number }>>().data.totalFen).toBe(19900);

    const list = (await admin<TAdminSkuList>('GET', '/admin/pricing/skus', undefined, { role: 'FINANCE' })).body.data.items;
    expect(list.find((sku) => sku.skuId === 'MEMBER_YEAR')?.priceFen).toBe(19900);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['reason', 'before_json', 'after_json'])
      .where('action', '=', 'pricing.sku.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.reason).toBe('Singles’ Day');
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ priceFen: 26800 });

    // the seed runs again: the staff price stays
    await seedDatabase(ctx.database.db, { steps: SEED_WITHOUT_SEARCH, force: true });
    expect(
      (await pub<TMemberPricing>('/memberPricing/detail/v2')).plans
        .find((plan) => plan.code === 'PRO')
        ?.prices.find((p) => p.timeUnit === 'YEAR')?.priceFen,
    ).toBe(19900);
  });
});

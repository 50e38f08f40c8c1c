import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { ErrorCode, type TEnvelope, type TJsapiSignature } from '@llk/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { MemoryKeyValueStore } from '../../../src/infrastructure/kv';
import { signJsapi } from '../../../src/modules/wxmp/wxmp.service';
import { buildTestApp, createTestDatabase, testDialects, type TestDatabase } from '../../helper';
import { messageOf } from '../../messages';

describe('signJsapi', () => {
  it('reproduces the JS-SDK documentation example', () => {
    const ticket = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';
    expect(signJsapi(ticket, 'Wm3WZYTPz0wzccnW', 1414587457, 'http://mp.weixin.qq.com?params=value')).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });
  it('signs the URL without its #fragment', () => {
    expect(signJsapi('t', 'n', 1, 'https://a.test/x?y=1#z')).toBe(signJsapi('t', 'n', 1, 'https://a.test/x?y=1'));
  });
});

/** A stand-in for the messaging platform: records every call and answers as told. */
class FakePlatform {
  server: Server = createServer((req, res) => this.handle(req, res));
  calls: { path: string; query: Record<string, string> }[] = [];
  tokens = 0;
  /** what /cgi-bin/token answers next (default: a fresh token for 7200 s) */
  tokenAnswers: object[] = [];
  /** what /cgi-bin/ticket/getticket answers next (default: a ticket for 7200 s) */
  ticketAnswers: object[] = [];
  tokenDelayMs = 0;

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
  reset(): void {
    this.calls = [];
    this.tokenAnswers = [];
    this.ticketAnswers = [];
    this.tokenDelayMs = 0;
  }
  count(path: string): number {
    return this.calls.filter((call) => call.path === path).length;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    this.calls.push({ path: url.pathname, query });
    const send = (body: object) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/cgi-bin/token') {
      if (query.grant_type !== 'client_credential' || query.secret !== 'test-secret')
        return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      this.tokens += 1;
      const answer = this.tokenAnswers.shift() ?? { access_token: `TOKEN-${this.tokens}`, expires_in: 7200 };
      setTimeout(() => send(answer), this.tokenDelayMs);
      return;
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      if (query.type !== 'jsapi') return send({ errcode: 40097, errmsg: 'invalid args' });
      return send(this.ticketAnswers.shift() ?? { errcode: 0, errmsg: 'ok', ticket: `TICKET-for-${query.access_token}`, expires_in: 7200 });
    }
    res.statusCode = 404;
    res.end('not found');
  }
}

describe.each(testDialects())('GET /wxMp/getJsapiTicket ($dialect)', ({ dialect }) => {
  const platform = new FakePlatform();
  let base = '';
  let database: TestDatabase;
  const apps: App[] = [];
  let appCount = 0;

  beforeAll(async () => {
    base = await platform.start();
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    platform.reset();
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await platform.stop();
    await database.cleanup();
  });

  /** An app with a cache of its own (a new app id each time). */
  async function makeApp(env: Record<string, string> = {}, kv?: MemoryKeyValueStore) {
    appCount += 1;
    const appId = `wx-test-${appCount}`;
    const app = await buildTestApp(database.handle, {
      ...(kv ? { deps: { kv } } : {}),
      env: {
        WX_API_BASE: base,
        WX_APP_ID: appId,
        WX_APP_SECRET: 'test-secret',
        WEB_ORIGIN: 'https://www.llk.test',
        WX_SHARE_ORIGINS: 'https://m.llk.test',
        ...env,
      },
    });
    apps.push(app);
    return { app, appId };
  }

  async function sign(app: App, url: string, lang = 'en') {
    const res = await app.inject({ url: `/wxMp/getJsapiTicket?url=${encodeURIComponent(url)}`, headers: { 'accept-language': lang } });
    return { res, body: res.json<TEnvelope<TJsapiSignature>>() };
  }

  it('fetches a token and a ticket, then signs the page URL', async () => {
    const { app, appId } = await makeApp();
    const before = Math.floor(Date.now() / 1000);
    const { res, body } = await sign(app, 'https://www.llk.test/en/download?from=share#top');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body.errcode).toBe(0);
    const { timestamp, nonceStr, signature } = body.data;
    expect(body.data.appId).toBe(appId);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(nonceStr).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const expected = createHash('sha1')
      .update(
        `jsapi_ticket=TICKET-for-TOKEN-${platform.tokens}&noncestr=${nonceStr}&timestamp=${timestamp}&url=https://www.llk.test/en/download?from=share`,
      )
      .digest('hex');
    expect(signature).toBe(expected);
    expect(platform.calls).toEqual([
      { path: '/cgi-bin/token', query: { grant_type: 'client_credential', appid: appId, secret: 'test-secret' } },
      { path: '/cgi-bin/ticket/getticket', query: { access_token: `TOKEN-${platform.tokens}`, type: 'jsapi' } },
    ]);
  });

  it('caches token and ticket: later signatures make no calls', async () => {
    const { app } = await makeApp();
    const first = await sign(app, 'https://www.llk.test/');
    const second = await sign(app, 'https://m.llk.test/zh-tw/news-2');
    expect(second.res.statusCode).toBe(200);
    expect(platform.count('/cgi-bin/token')).toBe(1);
    expect(platform.count('/cgi-bin/ticket/getticket')).toBe(1);
    expect(second.body.data.nonceStr).not.toBe(first.body.data.nonceStr);
  });

  it('shares one fetch between concurrent requests', async () => {
    const { app } = await makeApp();
    platform.tokenDelayMs = 50;
    const results = await Promise.all(Array.from({ length: 5 }, () => sign(app, 'https://www.llk.test/')));
    expect(results.map((r) => r.res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(platform.count('/cgi-bin/token')).toBe(1);
    expect(platform.count('/cgi-bin/ticket/getticket')).toBe(1);
  });

  it('keeps the token and ticket for their lifetime less 300 s, then fetches again', async () => {
    let now = Date.UTC(2026, 0, 1);
    const { app } = await makeApp({}, new MemoryKeyValueStore(() => now));
    await sign(app, 'https://www.llk.test/'); // the platform grants both for 7200 s
    now += (7200 - 300) * 1000 - 1;
    expect((await sign(app, 'https://www.llk.test/')).res.statusCode).toBe(200);
    expect(platform.count('/cgi-bin/token')).toBe(1);
    expect(platform.count('/cgi-bin/ticket/getticket')).toBe(1);
    now += 1;
    expect((await sign(app, 'https://www.llk.test/')).res.statusCode).toBe(200);
    expect(platform.count('/cgi-bin/token')).toBe(2);
    expect(platform.count('/cgi-bin/ticket/getticket')).toBe(2);
  });

  it('replaces a token the platform reports as expired, and retries once', async () => {
    const { app } = await makeApp();
    platform.ticketAnswers.push({ errcode: 42001, errmsg: 'access_token expired' });
    const { res, body } = await sign(app, 'https://www.llk.test/');
    expect(res.statusCode).toBe(200);
    expect(platform.calls.map((call) => call.path)).toEqual([
      '/cgi-bin/token',
      '/cgi-bin/ticket/getticket',
      '/cgi-bin/token',
      '/cgi-bin/ticket/getticket',
    ]);
    const secondToken = `TOKEN-${platform.tokens}`;
    expect(platform.calls[1]?.query.access_token).toBe(`TOKEN-${platform.tokens - 1}`);
    expect(platform.calls[3]?.query.access_token).toBe(secondToken);
    expect(body.data.signature).toBe(
      signJsapi(`TICKET-for-${secondToken}`, body.data.nonceStr, body.data.timestamp, 'https://www.llk.test/'),
    );
  });

  it('answers 502 SHARE_UPSTREAM_FAILED when the platform refuses, and caches nothing', async () => {
    const { app } = await makeApp({ WX_APP_SECRET: 'wrong-secret' });
    const { res, body } = await sign(app, 'https://www.llk.test/', 'ja');
    expect(res.statusCode).toBe(502);
    expect(body).toEqual({ errcode: ErrorCode.SHARE_UPSTREAM_FAILED, errmsg: messageOf('ja', 'errors.shareUpstreamFailed'), data: null });
    await sign(app, 'https://www.llk.test/');
    expect(platform.count('/cgi-bin/token')).toBe(2);
  });

  it('answers 502 when the ticket call keeps failing or the platform is down', async () => {
    const { app } = await makeApp();
    platform.ticketAnswers.push({ errcode: 45009, errmsg: 'api freq out of limit' });
    expect((await sign(app, 'https://www.llk.test/')).res.statusCode).toBe(502);
    const { app: offline } = await makeApp({ WX_API_BASE: 'http://127.0.0.1:1' });
    const { res, body } = await sign(offline, 'https://www.llk.test/');
    expect(res.statusCode).toBe(502);
    expect(body.errcode).toBe(ErrorCode.SHARE_UPSTREAM_FAILED);
  });

  it('signs only pages of our own origins', async () => {
    const { app } = await makeApp();
    for (const url of [
      'https://evil.test/',
      'https://www.llk.test.evil.test/',
      'javascript:alert(1)',
      'not a url',
      'ftp://www.llk.test/',
    ]) {
      const { res, body } = await sign(app, url, 'fr');
      expect(res.statusCode, url).toBe(400);
      expect(body).toEqual({ errcode: ErrorCode.SHARE_URL_NOT_ALLOWED, errmsg: messageOf('fr', 'errors.shareUrlNotAllowed'), data: null });
    }
    expect(platform.calls).toEqual([]);
  });

  it('answers 503 SHARE_NOT_CONFIGURED without credentials, never 500', async () => {
    const app = await buildTestApp(database.handle, { env: { WX_API_BASE: base } });
    apps.push(app);
    const { res, body } = await sign(app, 'http://localhost:3000/', 'zh-CN');
    expect(res.statusCode).toBe(503);
    expect(body).toEqual({ errcode: ErrorCode.SHARE_NOT_CONFIGURED, errmsg: messageOf('zh-CN', 'errors.shareNotConfigured'), data: null });
    expect(platform.calls).toEqual([]);
  });

  it('requires the url parameter', async () => {
    const { app } = await makeApp();
    const res = await app.inject({ url: '/wxMp/getJsapiTicket' });
    expect(res.statusCode).toBe(400);
    expect(res.json<TEnvelope<unknown>>().errcode).toBe(ErrorCode.VALIDATION_FAILED);
  });
});

import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { ErrorCode, type TEnvelope, type TWxOpenId } from '@llk/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../../src/composition/app';
import { buildTestApp, createTestDatabase, testDialects, type TestDatabase } from '../../helper';
import { messageOf } from '../../messages';

/** The messaging platform's OAuth endpoint: codes are single use, as on the real one. */
class FakeOauth {
  calls: Record<string, string>[] = [];
  used = new Set<string>();
  answerNext: object | null = null;
  server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    this.calls.push({ path: url.pathname, ...query });
    const send = (body: object) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/sns/oauth2/access_token') {
      res.statusCode = 404;
      return res.end();
    }
    if (this.answerNext) {
      const answer = this.answerNext;
      this.answerNext = null;
      return send(answer);
    }
    if (query.secret !== 'test-secret') return send({ errcode: 40125, errmsg: 'invalid appsecret' });
    if (query.grant_type !== 'authorization_code') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
    const code = query.code ?? '';
    if (!code.startsWith('CODE')) return send({ errcode: 40029, errmsg: 'invalid code' });
    if (this.used.has(code)) return send({ errcode: 40163, errmsg: 'code been used' });
    this.used.add(code);
    return send({
      access_token: 'ACCESS',
      expires_in: 7200,
      refresh_token: 'REFRESH',
      openid: `o-${code}-${query.appid}`,
      scope: 'snsapi_base',
    });
  });
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe.each(testDialects())('GET /wxMp/openId ($dialect)', ({ dialect }) => {
  const platform = new FakeOauth();
  let base = '';
  let database: TestDatabase;
  let app: App;
  const extra: App[] = [];

  beforeAll(async () => {
    base = await platform.start();
    database = await createTestDatabase(dialect);
    app = await buildTestApp(database.handle, { env: { WX_API_BASE: base, WX_APP_ID: 'wx-oauth-test', WX_APP_SECRET: 'test-secret' } });
  });
  afterEach(async () => {
    platform.calls = [];
    await Promise.all(extra.splice(0).map((other) => other.close()));
  });
  afterAll(async () => {
    await app.close();
    await platform.stop();
    await database.cleanup();
  });

  const get = async (target: App, query: string, lang = 'en') => {
    const res = await target.inject({ url: `/wxMp/openId${query}`, headers: { 'accept-language': lang } });
    return { res, body: res.json<TEnvelope<TWxOpenId>>() };
  };

  it('exchanges the code for the openid with the authorization_code grant', async () => {
    const { res, body } = await get(app, `?code=CODE${dialect}1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body).toEqual({ errcode: 0, errmsg: expect.any(String) as string, data: { openid: `o-CODE${dialect}1-wx-oauth-test` } });
    expect(platform.calls).toEqual([
      {
        path: '/sns/oauth2/access_token',
        appid: 'wx-oauth-test',
        secret: 'test-secret',
        code: `CODE${dialect}1`,
        grant_type: 'authorization_code',
      },
    ]);
  });

  it('answers 400 WX_OAUTH_CODE_INVALID for an invalid or already used code', async () => {
    await get(app, `?code=CODE${dialect}2`);
    const used = await get(app, `?code=CODE${dialect}2`, 'zh-tw');
    expect(used.res.statusCode).toBe(400);
    expect(used.body).toEqual({
      errcode: ErrorCode.WX_OAUTH_CODE_INVALID,
      errmsg: messageOf('zh-tw', 'errors.wxOauthCodeInvalid'),
      data: null,
    });
    const invalid = await get(app, '?code=nonsense');
    expect(invalid.body.errcode).toBe(ErrorCode.WX_OAUTH_CODE_INVALID);
  });

  it('answers 502 when the platform fails or answers without an openid', async () => {
    platform.answerNext = { errcode: -1, errmsg: 'system error' };
    const busy = await get(app, `?code=CODE${dialect}3`, 'ko');
    expect(busy.res.statusCode).toBe(502);
    expect(busy.body).toEqual({
      errcode: ErrorCode.SHARE_UPSTREAM_FAILED,
      errmsg: messageOf('ko', 'errors.shareUpstreamFailed'),
      data: null,
    });
    platform.answerNext = { access_token: 'A', expires_in: 7200 };
    expect((await get(app, `?code=CODE${dialect}4`)).res.statusCode).toBe(502);
    const offline = await buildTestApp(database.handle, {
      env: { WX_API_BASE: 'http://127.0.0.1:1', WX_APP_ID: 'wx', WX_APP_SECRET: 'test-secret' },
    });
    extra.push(offline);
    expect((await get(offline, `?code=CODE${dialect}5`)).body.errcode).toBe(ErrorCode.SHARE_UPSTREAM_FAILED);
  });

  it('answers 503 WX_OAUTH_NOT_CONFIGURED without official-account credentials, calling nobody', async () => {
    const bare = await buildTestApp(database.handle, { env: { WX_API_BASE: base } });
    extra.push(bare);
    const { res, body } = await get(bare, '?code=CODE9', 'fr');
    expect(res.statusCode).toBe(503);
    expect(body).toEqual({
      errcode: ErrorCode.WX_OAUTH_NOT_CONFIGURED,
      errmsg: messageOf('fr', 'errors.wxOauthNotConfigured'),
      data: null,
    });
    expect(platform.calls).toEqual([]);
  });

  it('validates the code before calling anybody', async () => {
    for (const query of ['', '?code=', '?code=a%20b', `?code=${'x'.repeat(129)}`]) {
      const { res, body } = await get(app, query);
      expect(res.statusCode, query).toBe(400);
      expect(body.errcode).toBe(ErrorCode.VALIDATION_FAILED);
    }
    expect(platform.calls).toEqual([]);
  });
});

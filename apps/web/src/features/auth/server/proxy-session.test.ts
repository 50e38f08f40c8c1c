// @vitest-environment node
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest, NextResponse } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseSetCookie, resolveSession, syncSessionHint } from './proxy-session';
import { answerSwitchChoice } from './switch-account';

describe('parseSetCookie', () => {
  it('reads the API session cookie with its attributes', () => {
    expect(parseSetCookie('llk_session=abc-_1; Max-Age=15552000; Path=/; HttpOnly; SameSite=Lax')).toEqual({
      name: 'llk_session',
      value: 'abc-_1',
      options: { maxAge: 15552000, path: '/', httpOnly: true, sameSite: 'lax' },
    });
  });

  it('rejects a line without a name', () => {
    expect(parseSetCookie('=x; Path=/')).toBeNull();
  });
});

const CHALLENGE = 'Zm9vYmFyLWNoYWxsZW5nZS1pZC0xMjM0NTY3ODkwYWJj';

// resolveSession against a small HTTP server answering like the API (envelopes, cookies):
// the proxy's decisions are what is tested here; the e2e journeys run them on the real API.
describe('resolveSession', () => {
  let server: Server;
  let calls: Array<{ path: string; cookie: string | undefined }> = [];
  let liveToken = 'good';

  beforeAll(async () => {
    server = createServer((req, res) => {
      calls.push({ path: req.url ?? '', cookie: req.headers.cookie ?? req.headers.authorization });
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      const authed =
        req.headers.cookie === `llk_session=${liveToken}` || (req.method === 'POST' && req.headers.authorization === liveToken);
      if (req.url === '/logout' && authed) return send(200, { errcode: 0, errmsg: '', data: null });
      if (req.url?.startsWith('/tokenByAccessKeyV2')) {
        // 'twostep': an account with two-step verification, the key minted before the second step
        if (req.url.endsWith('=twostep'))
          return send(200, { errcode: 0, errmsg: '', data: { secondStep: 'TOTP', challengeId: CHALLENGE, expiresInSeconds: 300 } });
        return req.url.endsWith('=fresh') || req.url.endsWith('=mine')
          ? send(
              200,
              { errcode: 0, errmsg: '', data: { access_token: 'new' } },
              { 'set-cookie': 'llk_session=new; Max-Age=60; Path=/; HttpOnly; SameSite=Lax' },
            )
          : send(200, { errcode: 40009, errmsg: 'invalid', data: null });
      }
      if (!authed) return send(401, { errcode: 401, errmsg: 'unauthorized', data: null });
      if (req.url?.startsWith('/accessKey/check?')) {
        // the stand-in API: 'fresh' logs in another account, 'mine' the caller's own
        if (req.url.endsWith('=fresh') || req.url.endsWith('=twostep'))
          return send(200, { errcode: 0, errmsg: '', data: { sameAccount: false } });
        if (req.url.endsWith('=mine')) return send(200, { errcode: 0, errmsg: '', data: { sameAccount: true } });
        return send(400, { errcode: 10012, errmsg: 'invalid', data: null });
      }
      if (req.url === '/accessKey') return send(200, { errcode: 0, errmsg: '', data: { accessKey: 'k-123' } });
      if (req.url === '/user/info') return send(200, { errcode: 0, errmsg: '', data: { id: 1 } });
      return send(404, { errcode: 404, errmsg: 'not found', data: null });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.REDIRECT_ALLOWLIST = 'https://console.example.com';
  });
  afterAll(async () => {
    delete process.env.API_URL;
    delete process.env.REDIRECT_ALLOWLIST;
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    calls = [];
    liveToken = 'good';
  });

  const request = (url: string, cookie?: string) => new NextRequest(url, { headers: cookie ? { cookie } : {} });

  it('redeems an accessKey, passes the session cookie on and drops the key from the URL', async () => {
    const { response } = await resolveSession(request('http://site.test/en/pricing?accessKey=fresh&from=app'), {
      locale: 'en',
      path: '/pricing',
      kind: 'render',
    });
    expect(response?.status).toBe(307);
    expect(response?.headers.get('location')).toBe('http://site.test/en/pricing?from=app');
    expect(response?.cookies.get('llk_session')?.value).toBe('new');
    expect(response?.cookies.get('llk_session_hint')?.value).toBe('1');
  });

  it('drops a refused accessKey without logging in', async () => {
    const { response } = await resolveSession(request('http://site.test/en/pricing?accessKey=used'), {
      locale: 'en',
      path: '/pricing',
      kind: 'render',
    });
    expect(response?.headers.get('location')).toBe('http://site.test/en/pricing');
    expect(response?.cookies.get('llk_session')).toBeUndefined();
  });

  it('asks before a link’s key replaces another account’s live session, keeping the key in a cookie', async () => {
    const { response } = await resolveSession(request('http://site.test/en/pricing?accessKey=fresh&from=app', 'llk_session=good'), {
      locale: 'en',
      path: '/pricing',
      kind: 'render',
    });
    expect(response?.status).toBe(307);
    expect(response?.headers.get('location')).toBe('http://site.test/en/switchAccount');
    const pending = response?.cookies.get('llk_switch');
    expect(JSON.parse(pending?.value ?? '')).toEqual({ key: 'fresh', next: '/en/pricing?from=app' });
    expect(pending).toMatchObject({ httpOnly: true, sameSite: 'lax', maxAge: 60, path: '/' });
    expect(response?.cookies.get('llk_session')).toBeUndefined();
    expect(calls.map((call) => call.path)).toEqual(['/accessKey/check?accessKey=fresh']);
  });

  it('redeems a key of the same account, or when the session is dead; drops a bad key while signed in', async () => {
    const same = await resolveSession(request('http://site.test/en/pricing?accessKey=mine', 'llk_session=good'), {
      locale: 'en',
      path: '/pricing',
      kind: 'render',
    });
    expect(same.response?.cookies.get('llk_session')?.value).toBe('new');
    const dead = await resolveSession(request('http://site.test/en/pricing?accessKey=fresh', 'llk_session=expired'), {
      locale: 'en',
      path: '/pricing',
      kind: 'render',
    });
    expect(dead.response?.cookies.get('llk_session')?.value).toBe('new');
    calls = [];
    const bad = await resolveSession(request('http://site.test/en/pricing?accessKey=used', 'llk_session=good'), {
      locale: 'en',
      path: '/pricing',
      kind: 'render',
    });
    expect(bad.response?.headers.get('location')).toBe('http://site.test/en/pricing');
    expect(bad.response?.cookies.get('llk_session')).toBeUndefined();
    expect(calls.map((call) => call.path)).toEqual(['/accessKey/check?accessKey=used']);
  });

  it('a key that needs the second step goes to /login with the challenge in the fragment, then back to its page', async () => {
    const { response } = await resolveSession(request('http://site.test/en/pricing?accessKey=twostep&from=app'), {
      locale: 'en',
      path: '/pricing',
      kind: 'render',
    });
    expect(response?.status).toBe(307);
    expect(response?.headers.get('location')).toBe(
      `http://site.test/en/login?redirectUrl=%2Fen%2Fpricing%3Ffrom%3Dapp#secondStep=${CHALLENGE}`,
    );
    expect(response?.headers.get('cache-control')).toBe('no-store');
    expect(response?.cookies.get('llk_session')).toBeUndefined();
    // on the log-in page itself the redirectUrl it already has stays
    const onLogin = await resolveSession(request('http://site.test/login?redirectUrl=%2Faccount&accessKey=twostep'), {
      locale: 'zh-CN',
      path: '/login',
      kind: 'render',
    });
    expect(onLogin.response?.headers.get('location')).toBe(`http://site.test/login?redirectUrl=%2Faccount#secondStep=${CHALLENGE}`);
  });

  it('never swaps silently when the API cannot say whose the key is', async () => {
    const saved = process.env.API_URL;
    process.env.API_URL = 'http://127.0.0.1:9'; // a port fetch never calls: as good as an API that is down
    try {
      const { response } = await resolveSession(request('http://site.test/en/pricing?accessKey=fresh', 'llk_session=good'), {
        locale: 'en',
        path: '/pricing',
        kind: 'render',
      });
      expect(response?.headers.get('location')).toBe('http://site.test/en/pricing');
      expect(response?.cookies.get('llk_session')).toBeUndefined();
      expect(response?.cookies.get('llk_switch')).toBeUndefined();
    } finally {
      process.env.API_URL = saved;
    }
  });

  describe('the answer to the switch question (POST /switchAccount)', () => {
    const pending = `llk_switch=${encodeURIComponent(JSON.stringify({ key: 'fresh', next: '/en/pricing?from=app' }))}; llk_session=good`;
    const post = (choice: string, headers: Record<string, string>) =>
      new NextRequest('http://site.test/en/switchAccount', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'site.test', ...headers },
        body: `choice=${choice}`,
      });

    it('switch: redeems the kept key, signs the account left out, and goes on to the link’s page', async () => {
      const response = await answerSwitchChoice(post('switch', { cookie: pending, origin: 'http://site.test' }));
      expect(calls.map((call) => [call.path, call.cookie])).toEqual([
        ['/tokenByAccessKeyV2?accessKey=fresh', undefined],
        ['/logout', 'good'],
      ]);
      expect(response?.status).toBe(303);
      expect(response?.headers.get('location')).toBe('http://site.test/en/pricing?from=app');
      expect(response?.cookies.get('llk_session')?.value).toBe('new');
      expect(response?.cookies.get('llk_switch')?.maxAge).toBe(0);
    });

    it('switch to an account that needs the second step: the account left is signed out, /login asks for the code', async () => {
      const twostep = `llk_switch=${encodeURIComponent(JSON.stringify({ key: 'twostep', next: '/en/pricing?from=app' }))}; llk_session=good`;
      const response = await answerSwitchChoice(post('switch', { cookie: twostep, origin: 'http://site.test' }));
      expect(calls.map((call) => [call.path, call.cookie])).toEqual([
        ['/tokenByAccessKeyV2?accessKey=twostep', undefined],
        ['/logout', 'good'],
      ]);
      expect(response?.status).toBe(303);
      expect(response?.headers.get('location')).toBe(
        `http://site.test/en/login?redirectUrl=%2Fen%2Fpricing%3Ffrom%3Dapp#secondStep=${CHALLENGE}`,
      );
      expect(response?.cookies.get('llk_session')?.maxAge).toBe(0);
      expect(response?.cookies.get('llk_switch')?.maxAge).toBe(0);
    });

    it('stay, another site’s form, or no kept key: the session stays and the key is forgotten', async () => {
      for (const request of [
        post('stay', { cookie: pending, origin: 'http://site.test' }),
        post('switch', { cookie: pending, origin: 'https://evil.example' }),
        post('switch', { cookie: pending }),
        post('switch', { cookie: 'llk_session=good', origin: 'http://site.test' }),
      ]) {
        const response = await answerSwitchChoice(request);
        expect(response?.status).toBe(303);
        expect(response?.cookies.get('llk_session')).toBeUndefined();
        expect(response?.cookies.get('llk_switch')?.maxAge).toBe(0);
      }
      expect(calls.filter((call) => call.path.startsWith('/tokenByAccessKeyV2') || call.path === '/logout')).toEqual([]);
    });

    it('answers only POSTs to that page', async () => {
      expect(await answerSwitchChoice(new NextRequest('http://site.test/en/switchAccount', { headers: { cookie: pending } }))).toBeNull();
      expect(
        await answerSwitchChoice(new NextRequest('http://site.test/en/pricing', { method: 'POST', body: 'choice=switch' })),
      ).toBeNull();
    });
  });

  it('sends a visitor without a session from an account page to the log-in page and back', async () => {
    const { response } = await resolveSession(request('http://site.test/ja/account/orders?page=2'), {
      locale: 'ja',
      path: '/account/orders',
      kind: 'render',
    });
    expect(response?.status).toBe(307);
    expect(response?.headers.get('location')).toBe(
      `http://site.test/ja/login?redirectUrl=${encodeURIComponent('/ja/account/orders?page=2')}`,
    );
    const home = await resolveSession(request('http://site.test/account'), { locale: 'zh-CN', path: '/account', kind: 'render' });
    expect(home.response?.headers.get('location')).toBe(`http://site.test/login?redirectUrl=${encodeURIComponent('/account')}`);
    expect(
      await resolveSession(request('http://site.test/en/account', 'llk_session=good'), { locale: 'en', path: '/account', kind: 'render' }),
    ).toEqual({});
  });

  it('leaves visitors and ordinary pages alone', async () => {
    expect(await resolveSession(request('http://site.test/en/login'), { locale: 'en', path: '/login', kind: 'render' })).toEqual({});
    expect(
      await resolveSession(request('http://site.test/en/pricing', 'llk_session=good'), { locale: 'en', path: '/pricing', kind: 'render' }),
    ).toEqual({});
    expect(calls).toEqual([]);
  });

  it('sends a logged-in user from a guest-only or unknown page to redirectUrl or home, carrying clientType and from', async () => {
    const internal = await resolveSession(request('http://site.test/ja/signup?redirectUrl=%2Forder&clientType=WIN', 'llk_session=good'), {
      locale: 'ja',
      path: '/signup',
      kind: 'render',
    });
    expect(internal.response?.headers.get('location')).toBe('http://site.test/ja/order?clientType=WIN');
    const unknown = await resolveSession(request('http://site.test/nope', 'llk_session=good'), {
      locale: 'zh-CN',
      path: '/nope',
      kind: 'notFound',
    });
    expect(unknown.response?.headers.get('location')).toBe('http://site.test/');
    expect(calls.map((call) => call.path)).toEqual(['/user/info', '/user/info']);
  });

  it('hands an allowed origin a fresh accessKey; any other origin means home', async () => {
    const allowed = await resolveSession(
      request(`http://site.test/login?redirectUrl=${encodeURIComponent('https://console.example.com/a?b=1')}`, 'llk_session=good'),
      {
        locale: 'zh-CN',
        path: '/login',
        kind: 'render',
      },
    );
    expect(allowed.response?.headers.get('location')).toBe('https://console.example.com/a?b=1&accessKey=k-123');
    const other = await resolveSession(
      request(`http://site.test/login?redirectUrl=${encodeURIComponent('https://evil.example/a')}`, 'llk_session=good'),
      {
        locale: 'zh-CN',
        path: '/login',
        kind: 'render',
      },
    );
    expect(other.response?.headers.get('location')).toBe('http://site.test/');
  });

  it('asks to clear a dead session and shows the page', async () => {
    liveToken = 'other';
    expect(
      await resolveSession(request('http://site.test/en/login', 'llk_session=good'), { locale: 'en', path: '/login', kind: 'render' }),
    ).toEqual({ clear: true });
  });
});

describe('syncSessionHint', () => {
  const response = () => new NextResponse(null);
  const hint = (res: { cookies: { get(name: string): { value: string } | undefined } }) => res.cookies.get('llk_session_hint')?.value;

  it('follows the session cookie and clears both for a dead session', () => {
    const withToken = response();
    syncSessionHint(new NextRequest('http://site.test/', { headers: { cookie: 'llk_session=x' } }), withToken);
    expect(hint(withToken)).toBe('1');

    const stale = response();
    syncSessionHint(new NextRequest('http://site.test/', { headers: { cookie: 'llk_session_hint=1' } }), stale);
    expect(hint(stale)).toBe('');

    const dead = response();
    syncSessionHint(new NextRequest('http://site.test/', { headers: { cookie: 'llk_session=x; llk_session_hint=1' } }), dead, true);
    expect(dead.cookies.get('llk_session')?.value).toBe('');
    expect(hint(dead)).toBe('');
  });

  it('keeps the hint as long as a session can live: 180 days', () => {
    const withToken = response();
    syncSessionHint(new NextRequest('http://site.test/', { headers: { cookie: 'llk_session=x' } }), withToken);
    expect(withToken.cookies.get('llk_session_hint')).toMatchObject({ value: '1', maxAge: 15_552_000, path: '/' });
  });
});

// @vitest-environment node
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET, POST } from './route';

// The /api forward as a route handler, with the API behind a fake fetch at API_URL: path and
// query go through, the API's answer (status, Set-Cookie) comes back, a down API answers the
// 503 envelope in the caller's language, a declared oversize body is refused before sending.

interface TSent {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

function serve(answer: () => Response): TSent[] {
  const sent: TSent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? await new Response(init.body as ReadableStream).text() : null;
      sent.push({ url, method: String(init.method), headers: new Headers(init.headers), body });
      return answer();
    }),
  );
  return sent;
}

const params = (...path: string[]) => ({ params: Promise.resolve({ path }) });

beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('/api forward', () => {
  it('forwards path and query with the visitor address, and streams the answer back with its cookies', async () => {
    const sent = serve(
      () =>
        new Response('{"errcode":0}', {
          status: 200,
          headers: [
            ['content-type', 'application/json'],
            ['set-cookie', 'a=1; Path=/'],
            ['set-cookie', 'b=2; Path=/'],
          ],
        }),
    );
    const request = new NextRequest('http://web.test/api/news/list?page=2', {
      headers: { 'x-forwarded-for': '203.0.113.7', 'accept-language': 'ja' },
    });
    const response = await GET(request, params('news', 'list'));
    expect(sent.map(({ url, method }) => [url, method])).toEqual([['http://api.test/news/list?page=2', 'GET']]);
    expect(sent[0]!.headers.get('x-forwarded-for')).toBe('203.0.113.7');
    expect(sent[0]!.headers.get('accept-language')).toBe('ja');
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await response.text()).toBe('{"errcode":0}');
  });

  it('sends a POST body through and encodes path segments', async () => {
    const sent = serve(() => new Response('{}', { status: 200 }));
    const request = new NextRequest('http://web.test/api/cloudPc/devices/a%20b/cancel', {
      method: 'POST',
      body: '{"x":1}',
      headers: { 'content-type': 'application/json' },
    });
    await POST(request, params('cloudPc', 'devices', 'a b', 'cancel'));
    expect(sent[0]!.url).toBe('http://api.test/cloudPc/devices/a%20b/cancel');
    expect(sent[0]!.body).toBe('{"x":1}');
  });

  it('answers 503 with the envelope in the caller language when the API is down', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    const response = await GET(
      new NextRequest('http://web.test/api/user/info', { headers: { 'accept-language': 'ja' } }),
      params('user', 'info'),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      errcode: 50300,
      errmsg: 'サービスを一時的にご利用いただけません。しばらくしてからもう一度お試しください。',
      data: null,
    });
  });

  it('clears the session cookies itself when a log-out cannot reach the API', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    const response = await POST(new NextRequest('http://web.test/api/logout', { method: 'POST' }), params('logout'));
    expect(response.status).toBe(503);
    expect(response.headers.getSetCookie().map((cookie) => cookie.split('=')[0])).toEqual(['llk_session', 'llk_session_hint']);
  });

  it('refuses a body declared over BODY_LIMIT with 413 without calling the API', async () => {
    vi.stubEnv('BODY_LIMIT', '10');
    const sent = serve(() => new Response('{}'));
    const request = new NextRequest('http://web.test/api/feedback', {
      method: 'POST',
      body: 'x'.repeat(11),
      headers: { 'content-length': '11', 'accept-language': 'en' },
    });
    const response = await POST(request, params('feedback'));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ errcode: 41300, errmsg: 'The request is too large.', data: null });
    expect(sent).toEqual([]);
  });
});

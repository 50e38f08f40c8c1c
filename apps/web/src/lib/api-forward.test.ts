import { describe, expect, it } from 'vitest';
import {
  buildDownstreamHeaders,
  buildUpstreamHeaders,
  capBody,
  declaresMoreThan,
  drainBody,
  forwardBodyLimit,
  logoutFallbackCookies,
  adminLogoutFallbackCookies,
} from './api-forward';

describe('buildUpstreamHeaders', () => {
  it('keeps the client headers and sets X-Forwarded-*', () => {
    const incoming = new Headers({
      cookie: 'llk_session=abc; llk-lang=ja',
      authorization: 'tok',
      'accept-language': 'ja',
      'content-type': 'application/json',
      host: 'www.example.com',
      connection: 'keep-alive, x-drop-me',
      'x-drop-me': '1',
      'transfer-encoding': 'chunked',
      'x-middleware-subrequest': 'x',
      rsc: '1',
      'next-router-state-tree': '[]',
      'x-forwarded-for': '203.0.113.7',
    });
    const headers = buildUpstreamHeaders(incoming, { clientIp: '203.0.113.7', host: 'www.example.com', proto: 'https' });
    expect(headers.get('cookie')).toBe('llk_session=abc; llk-lang=ja');
    expect(headers.get('authorization')).toBe('tok');
    expect(headers.get('accept-language')).toBe('ja');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('x-forwarded-for')).toBe('203.0.113.7');
    expect(headers.get('x-forwarded-host')).toBe('www.example.com');
    expect(headers.get('x-forwarded-proto')).toBe('https');
    for (const dropped of [
      'host',
      'connection',
      'x-drop-me',
      'transfer-encoding',
      'x-middleware-subrequest',
      'rsc',
      'next-router-state-tree',
    ]) {
      expect(headers.has(dropped), dropped).toBe(false);
    }
  });
});

describe('buildDownstreamHeaders', () => {
  it('passes every Set-Cookie back', () => {
    const upstream = new Headers();
    upstream.append('set-cookie', 'a=1; Path=/; HttpOnly');
    upstream.append('set-cookie', 'b=2; Path=/; SameSite=Lax');
    upstream.set('content-type', 'application/json; charset=utf-8');
    upstream.set('connection', 'keep-alive');
    upstream.set('content-encoding', 'gzip');
    const headers = buildDownstreamHeaders(upstream);
    expect(headers.getSetCookie()).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/; SameSite=Lax']);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.has('connection')).toBe(false);
    expect(headers.has('content-encoding')).toBe(false);
  });
});

describe('logoutFallbackCookies', () => {
  it('ends the browser session when POST /logout did not succeed upstream (refused, failed or down)', () => {
    for (const status of [400, 401, 500, 503, null]) {
      const cookies = logoutFallbackCookies(['logout'], 'POST', status);
      expect(cookies).toHaveLength(2);
      expect(cookies[0]).toMatch(/^llk_session=; Path=\/; Max-Age=0;.*HttpOnly$/);
      expect(cookies[1]).toMatch(/^llk_session_hint=; Path=\/; Max-Age=0;/);
    }
  });

  it('leaves successful log-outs (the API clears its own cookie) and every other call alone', () => {
    expect(logoutFallbackCookies(['logout'], 'POST', 200)).toEqual([]);
    expect(logoutFallbackCookies(['logout'], 'GET', 503)).toEqual([]);
    expect(logoutFallbackCookies(['user', 'info'], 'POST', 500)).toEqual([]);
    expect(logoutFallbackCookies(['logout', 'x'], 'POST', 404)).toEqual([]);
  });
});

describe('adminLogoutFallbackCookies', () => {
  it('deletes the staff cookie on /admin when POST /admin/api/logout did not succeed, and nothing else', () => {
    for (const status of [401, 500, null]) {
      expect(adminLogoutFallbackCookies(['logout'], 'POST', status)).toEqual([
        expect.stringMatching(/^llk_admin=; Path=\/admin; Max-Age=0;.*HttpOnly; SameSite=Strict$/),
      ]);
    }
    expect(adminLogoutFallbackCookies(['logout'], 'POST', 200)).toEqual([]);
    expect(adminLogoutFallbackCookies(['me'], 'POST', 500)).toEqual([]);
  });
});

describe('the body limit of the forward', () => {
  it('is the API’s BODY_LIMIT, 1 MiB by default', () => {
    expect(forwardBodyLimit(undefined)).toBe(1048576);
    expect(forwardBodyLimit('2048')).toBe(2048);
    expect(forwardBodyLimit('lots')).toBe(1048576);
  });

  it('refuses a declared Content-Length over the limit', () => {
    expect(declaresMoreThan(new Headers({ 'content-length': '2049' }), 2048)).toBe(true);
    expect(declaresMoreThan(new Headers({ 'content-length': '2048' }), 2048)).toBe(false);
    expect(declaresMoreThan(new Headers(), 2048)).toBe(false);
  });

  it('passes a body up to the limit and fails a longer streamed one, remembering why', async () => {
    const read = async (sizes: number[], limit: number) => {
      const cap = capBody(limit);
      const source = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const size of sizes) controller.enqueue(new Uint8Array(size));
          controller.close();
        },
      });
      const outcome = await new Response(source.pipeThrough(cap.stream)).arrayBuffer().then(
        (body) => body.byteLength,
        () => 'failed' as const,
      );
      return { outcome, exceeded: cap.exceeded() };
    };
    expect(await read([1000, 1048], 2048)).toEqual({ outcome: 2048, exceeded: false });
    expect(await read([1000, 1000, 49], 2048)).toEqual({ outcome: 'failed', exceeded: true });
  });

  it('drains the rest of a refused body, so its sender finishes and reads the 413, but never without end', async () => {
    const source = (chunks: number, size: number) => {
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === chunks) return controller.close();
          sent += 1;
          controller.enqueue(new Uint8Array(size));
        },
      });
    };
    // a refused body piped with preventCancel stays readable after the cap fails the forward
    const body = source(10, 1024);
    const cap = capBody(2048);
    const forwarded = new Response(cap.stream.readable).arrayBuffer().catch(() => 'failed');
    await body.pipeTo(cap.stream.writable, { preventCancel: true }).catch(() => undefined);
    expect(await forwarded).toBe('failed');
    expect(cap.exceeded()).toBe(true);
    expect(await drainBody(body, 8 * 2048)).toBe(7 * 1024);
    // a sender that never stops is read up to the bound and then left
    expect(await drainBody(source(Number.POSITIVE_INFINITY, 1024), 4096)).toBe(5 * 1024);
  });
});

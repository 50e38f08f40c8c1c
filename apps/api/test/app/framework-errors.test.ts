import { ErrorCode } from '@llk/contracts';
import { connect } from 'node:net';
import { type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects, useTestApp } from '../helper';
import { messageOf } from '../messages';

// Refusals made before a route runs — by Node's HTTP parser (no request object exists yet)
// or by Fastify's router — leave in the envelope and the caller's language like every other
// answer. `inject` skips Node's parser, so those cases go over a real socket.

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` byte for byte and reads the answer until the server closes or it is complete. */
function raw(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.end(request);
  });
}

describe.each(testDialects())('framework errors ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  let port = 0;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  it('answers headers over 16 KiB with 431 HEADERS_TOO_LARGE in the language asked for', async () => {
    const answer = await raw(port, `GET /health HTTP/1.1\r\nHost: x\r\nAccept-Language: fr\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual({
      errcode: ErrorCode.HEADERS_TOO_LARGE,
      errmsg: messageOf('fr', 'errors.headersTooLarge'),
      data: null,
    });
  });

  it('answers a URL over 16 KiB with 431 too (the request line counts towards the header limit)', async () => {
    const answer = await raw(port, `GET /health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ errcode: ErrorCode.HEADERS_TOO_LARGE, data: null });
  });

  it('answers a control byte in a header with 400 BAD_REQUEST in the language asked for', async () => {
    const answer = await raw(port, 'GET /health HTTP/1.1\r\nHost: x\r\nAccept-Language: ja\r\nX-Bad: a\u0001b\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ errcode: ErrorCode.BAD_REQUEST, errmsg: messageOf('ja', 'errors.badRequest'), data: null });
  });

  it('answers a broken request line in the default language', async () => {
    const answer = await raw(port, 'NOT A REQUEST\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      errcode: ErrorCode.BAD_REQUEST,
      errmsg: messageOf('zh-CN', 'errors.badRequest'),
      data: null,
    });
  });

  it('answers a bad percent escape in a path parameter with 400 BAD_REQUEST', async () => {
    const res = await ctx.app.inject({ url: '/order/info/%zz', headers: { 'accept-language': 'ko' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errcode: ErrorCode.BAD_REQUEST, errmsg: messageOf('ko', 'errors.badRequest'), data: null });
  });

  it('answers a path parameter over 100 characters with 414 URI_TOO_LONG', async () => {
    const res = await ctx.app.inject({ url: `/order/info/${'a'.repeat(101)}`, headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ errcode: ErrorCode.URI_TOO_LONG, errmsg: messageOf('es', 'errors.uriTooLong'), data: null });
  });

  it.each(['QUERY', 'PROPFIND', 'TRACE'])('answers %s on a known path with 405 and Allow, like PUT', async (method) => {
    for (const name of [method, 'PUT']) {
      const res = await ctx.app.inject({ method: name as 'GET', url: '/health', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.json()).toEqual({ errcode: ErrorCode.METHOD_NOT_ALLOWED, errmsg: messageOf('en', 'errors.methodNotAllowed'), data: null });
    }
  });

  it('answers QUERY on an unknown path with 404, whatever its body', async () => {
    const res = await ctx.app.inject({
      method: 'QUERY' as 'GET',
      url: '/no/such',
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errcode: ErrorCode.ROUTE_NOT_FOUND });
  });
});

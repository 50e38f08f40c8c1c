import { ErrorCode, locales, ZPassword, ZUsername, type TEnvelope, type TValidationErrorData } from '@llk/contracts';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/infrastructure/http/app-error';
import { envelopeResponses, ok } from '../../src/infrastructure/http/envelope';
import { type App } from '../../src/composition/app';
import { testDialects, useTestApp } from '../helper';
import { acceptLanguageOf, messageOf } from '../messages';

// Test-only routes exercising the one error handler.
function routes(app: App): void {
  app.post(
    '/test/signup',
    {
      schema: {
        body: z.object({ username: ZUsername, password: ZPassword, nickname: z.string().max(5).optional() }),
        querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
        response: envelopeResponses(z.object({ username: z.string() })),
      },
    },
    async (request) => ok({ username: request.body.username }),
  );
  app.get('/test/boom', { schema: { response: envelopeResponses(z.null()) } }, async () => {
    throw new Error('secret detail: connection to 10.0.0.5 refused');
  });
  app.get('/test/taken', { schema: { response: envelopeResponses(z.null()) } }, async () => {
    throw new AppError('USERNAME_TAKEN');
  });
  app.get('/test/throttled', { schema: { response: envelopeResponses(z.null()) } }, async () => {
    throw new AppError('SEND_TOO_FREQUENT', { data: { retryAfterSeconds: 42 }, headers: { 'retry-after': '42' } });
  });
  app.get('/test/wrong-shape', { schema: { response: envelopeResponses(z.object({ id: z.string() })) } }, async () =>
    ok({ id: 5 } as unknown as { id: string }),
  );
  app.get('/test/leak', { schema: { response: envelopeResponses(z.object({ id: z.string() })) } }, async () =>
    ok({ id: 'u1', passwordHash: '$argon2id$secret' } as { id: string }),
  );
}

type Json = TEnvelope<unknown>;

describe.each(testDialects())('error envelope ($dialect)', ({ dialect }) => {
  const logs: Record<string, unknown>[] = [];
  const ctx = useTestApp(dialect, { routes, logs, env: { BODY_LIMIT: '2048' } });

  it('answers success in the envelope', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/test/signup', payload: { username: 'alice01', password: 'abc123' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ errcode: 0, errmsg: 'ok', data: { username: 'alice01' } });
  });

  it.each(locales)('answers an unknown route with 404 ROUTE_NOT_FOUND in %s', async (locale) => {
    const res = await ctx.app.inject({ url: '/no/such/thing', headers: { 'accept-language': acceptLanguageOf[locale] } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errcode: ErrorCode.ROUTE_NOT_FOUND, errmsg: messageOf(locale, 'errors.routeNotFound'), data: null });
  });

  it('really switches language: zh-CN, en and ja texts differ; no header gets zh-CN, others en', async () => {
    const errmsg = async (header?: string) =>
      (await ctx.app.inject({ url: '/nope', headers: header ? { 'accept-language': header } : {} })).json<Json>().errmsg;
    const [zh, en, ja] = await Promise.all([errmsg('zh-CN,zh;q=0.9'), errmsg('en-US,en;q=0.9'), errmsg('ja')]);
    expect(new Set([zh, en, ja]).size).toBe(3);
    expect(await errmsg('de-DE')).toBe(en);
    expect(await errmsg()).toBe(zh);
    expect(await errmsg('de, ja;q=0.5')).toBe(ja);
  });

  it('answers a known path with a wrong method with 405 and Allow', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/health', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toEqual({ errcode: ErrorCode.METHOD_NOT_ALLOWED, errmsg: messageOf('en', 'errors.methodNotAllowed'), data: null });
  });

  it('names each invalid field with its location, rule and localised message', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/test/signup', payload: {}, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<TEnvelope<TValidationErrorData>>();
    expect(body.errcode).toBe(ErrorCode.VALIDATION_FAILED);
    expect(body.data.fields).toEqual([
      { field: 'body.username', rule: 'validation.usernameRequired', message: messageOf('en', 'validation.usernameRequired') },
      { field: 'body.password', rule: 'validation.passwordRequired', message: messageOf('en', 'validation.passwordRequired') },
    ]);
    expect(body.errmsg).toBe(`username: ${messageOf('en', 'validation.usernameRequired')}`);
  });

  it.each(['zh-CN', 'ja', 'fr'] as const)('localises validation messages in %s', async (locale) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/test/signup',
      payload: { username: '1bad', password: 'abc123' },
      headers: { 'accept-language': acceptLanguageOf[locale] },
    });
    const body = res.json<TEnvelope<TValidationErrorData>>();
    expect(body.data.fields).toEqual([
      { field: 'body.username', rule: 'validation.usernameFormat', message: messageOf(locale, 'validation.usernameFormat') },
    ]);
    expect(body.errmsg).toBe(`username: ${messageOf(locale, 'validation.usernameFormat')}`);
  });

  it('gives zod’s own issues generic rule keys', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/test/signup',
      payload: { username: 12345678, password: 'abc123', nickname: 'much too long' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.json<TEnvelope<TValidationErrorData>>().data.fields).toEqual([
      { field: 'body.username', rule: 'validation.invalidType', message: messageOf('en', 'validation.invalidType') },
      { field: 'body.nickname', rule: 'validation.tooLong', message: messageOf('en', 'validation.tooLong') },
    ]);
  });

  it('reports the querystring location', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/test/signup?page=0', payload: { username: 'alice01', password: 'abc123' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<TEnvelope<TValidationErrorData>>().data.fields).toEqual([
      expect.objectContaining({ field: 'querystring.page', rule: 'validation.invalidValue' }),
    ]);
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/test/signup',
      payload: '{"username": "alice01",',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errcode: ErrorCode.MALFORMED_JSON, errmsg: messageOf('en', 'errors.malformedJson'), data: null });
  });

  it('answers a body over BODY_LIMIT with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/test/signup',
      payload: JSON.stringify({ username: 'alice01', password: 'abc123', filler: 'x'.repeat(4096) }),
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errcode: ErrorCode.PAYLOAD_TOO_LARGE, errmsg: messageOf('en', 'errors.payloadTooLarge'), data: null });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/test/signup',
      payload: '<user/>',
      headers: { 'content-type': 'application/xml', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json<Json>().errcode).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  });

  it('turns an unexpected error into 500 INTERNAL without leaking it, and logs it', async () => {
    const res = await ctx.app.inject({ url: '/test/boom', headers: { 'accept-language': 'ja' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errcode: ErrorCode.INTERNAL, errmsg: messageOf('ja', 'errors.internal'), data: null });
    expect(res.body).not.toMatch(/secret|10\.0\.0\.5|stack|at /);
    const logged = logs.find((line) => line.msg === 'request failed' && line.reqId === res.headers['x-request-id']);
    expect(logged).toMatchObject({ level: 50, err: { message: 'secret detail: connection to 10.0.0.5 refused' } });
    expect(String((logged?.err as { stack?: string }).stack)).toContain('errors.test.ts');
  });

  it('sends AppErrors with their code, status, data and headers', async () => {
    const taken = await ctx.app.inject({ url: '/test/taken', headers: { 'accept-language': 'ko' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errcode: ErrorCode.USERNAME_TAKEN, errmsg: messageOf('ko', 'errors.usernameTaken'), data: null });

    const throttled = await ctx.app.inject({ url: '/test/throttled', headers: { 'accept-language': 'en' } });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('42');
    expect(throttled.json()).toEqual({
      errcode: ErrorCode.SEND_TOO_FREQUENT,
      errmsg: messageOf('en', 'errors.sendTooFrequent'),
      data: { retryAfterSeconds: 42 },
    });
  });

  it('turns a response that breaks its own schema into 500 INTERNAL', async () => {
    const res = await ctx.app.inject({ url: '/test/wrong-shape', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errcode: ErrorCode.INTERNAL, errmsg: messageOf('en', 'errors.internal'), data: null });
  });

  it('sends only what the response schema declares', async () => {
    const res = await ctx.app.inject({ url: '/test/leak' });
    expect(res.json()).toEqual({ errcode: 0, errmsg: 'ok', data: { id: 'u1' } });
    expect(res.body).not.toContain('argon2');
  });

  it('keeps a sane incoming request id, replaces an unsafe one, and logs with it', async () => {
    const kept = await ctx.app.inject({ url: '/no-such-route', headers: { 'x-request-id': 'web-123.abc' } });
    expect(kept.headers['x-request-id']).toBe('web-123.abc');
    // a failed request is written at info with its id and status (a successful one at debug: below)
    expect(logs.find((line) => line.reqId === 'web-123.abc' && line.msg === 'request completed')).toMatchObject({
      level: 30,
      res: { statusCode: 404 },
    });
    const replaced = await ctx.app.inject({ url: '/health', headers: { 'x-request-id': 'bad id\u0000<script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request lines (plugins/request-log.ts: RequestLogController)', () => {
  const logs: Record<string, unknown>[] = [];
  const ctx = useTestApp('sqlite', { logs });
  const debugLogs: Record<string, unknown>[] = [];
  const debugCtx = useTestApp('sqlite', { logs: debugLogs, env: { LOG_LEVEL: 'debug' } });
  const linesOf = (lines: Record<string, unknown>[], id: string) =>
    lines.filter((line) => line.reqId === id).map((line) => [line.level, line.msg]);

  it('at info writes a failed request, not a successful one', async () => {
    await ctx.app.inject({ url: '/health', headers: { 'x-request-id': 'ok-1' } });
    await ctx.app.inject({ url: '/no-such-route', headers: { 'x-request-id': 'failed-1' } });
    expect(linesOf(logs, 'ok-1')).toEqual([]);
    expect(linesOf(logs, 'failed-1')).toEqual([[30, 'request completed']]);
  });

  it('at debug writes both lines of every request, as Fastify did', async () => {
    await debugCtx.app.inject({ url: '/health', headers: { 'x-request-id': 'ok-2' } });
    expect(linesOf(debugLogs, 'ok-2')).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);
    expect(debugLogs.find((line) => line.reqId === 'ok-2' && line.msg === 'request completed')).toMatchObject({
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });
});

describe('log redaction', () => {
  const logs: Record<string, unknown>[] = [];
  const ctx = useTestApp('sqlite', {
    logs,
    routes: (app) =>
      app.get('/test/echo-headers', { schema: { response: envelopeResponses(z.null()) } }, async (request) => {
        request.log.info({ headers: request.headers }, 'headers seen');
        return ok(null);
      }),
  });

  it('never writes the Authorization or Cookie header to the log', async () => {
    await ctx.app.inject({
      url: '/test/echo-headers',
      headers: { authorization: 'tok_secret', cookie: 'llk-token=abc', 'user-agent': 'vitest' },
    });
    const line = logs.find((entry) => entry.msg === 'headers seen') as { headers: Record<string, string> } | undefined;
    expect(line?.headers['user-agent']).toBe('vitest');
    expect(line?.headers.authorization).toBe('[redacted]');
    expect(line?.headers.cookie).toBe('[redacted]');
    expect(JSON.stringify(logs)).not.toMatch(/tok_secret|llk-token=abc/);
  });
});

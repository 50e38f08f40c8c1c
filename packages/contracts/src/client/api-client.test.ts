import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TLocale } from '../locales';
import { ApiError, ClientErrcode, createApiClient, createPayClient, type TApiClientOptions } from './index';

// A real HTTP server on an ephemeral port: the client runs its real fetch against it, so
// headers, query strings, retries and timeouts are what goes over the wire.

interface Hit {
  method: string;
  url: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
type Handler = (res: ServerResponse, hit: Hit, attempt: number) => void;

const hits: Hit[] = [];
const routes = new Map<string, Handler>();
let server: Server;
let origin = '';

function route(method: string, path: string, handler: Handler): void {
  routes.set(`${method} ${path}`, handler);
}

function hitsOf(method: string, path: string): Hit[] {
  return hits.filter((hit) => hit.method === method && hit.path === path);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendEnvelope(res: ServerResponse, data: unknown, errcode = 0, errmsg = 'ok', status = 200): void {
  sendJson(res, status, { errcode, errmsg, data });
}

function sendHtml(res: ServerResponse, status: number): void {
  res.writeHead(status, { 'content-type': 'text/html' });
  res.end(`<html><body>${status}</body></html>`);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '/';
      const hit: Hit = {
        method: req.method ?? '',
        url,
        path: new URL(url, 'http://localhost').pathname,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      hits.push(hit);
      const handler = routes.get(`${hit.method} ${hit.path}`);
      if (!handler) return sendJson(res, 500, { test: `no route for ${hit.method} ${hit.path}` });
      handler(res, hit, hitsOf(hit.method, hit.path).length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  hits.length = 0;
  routes.clear();
});

function setup(options: Partial<TApiClientOptions> & { locale?: TLocale; token?: string | null } = {}) {
  const { locale = 'en', token = null, ...rest } = options;
  const onError = vi.fn<(message: string, info: { errcode: number; status: number }) => void>();
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    baseUrl: `${origin}/api`,
    getLocale: () => locale,
    getToken: () => token,
    onError,
    onUnauthorized,
    ...rest,
  });
  return { client, onError, onUnauthorized };
}

function setupPay(locale: TLocale = 'en') {
  const onUnauthorized = vi.fn();
  const client = createPayClient({ baseUrl: `${origin}/api`, getLocale: () => locale, onUnauthorized });
  return { client, onUnauthorized };
}

/** The ApiError a call rejects with; fails the test when it resolves or rejects otherwise. */
async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to reject');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('request headers', () => {
  it.each([
    ['zh-CN', 'zh-CN'],
    ['zh-tw', 'zh-TW'],
    ['en', 'en'],
    ['es', 'es'],
    ['fr', 'fr'],
    ['ja', 'ja'],
    ['ko', 'ko'],
  ] as const)('sends Accept-Language %s as %s', async (locale, expected) => {
    route('GET', '/api/echo', (res) => sendEnvelope(res, null));
    const { client } = setup({ locale });
    await client.get('/echo');
    expect(hits[0]?.headers['accept-language']).toBe(expected);
  });

  it('reads the locale at call time', async () => {
    route('GET', '/api/echo', (res) => sendEnvelope(res, null));
    let locale: TLocale = 'ja';
    const client = createApiClient({ baseUrl: `${origin}/api`, getLocale: () => locale });
    await client.get('/echo');
    locale = 'ko';
    await client.get('/echo');
    expect(hits.map((hit) => hit.headers['accept-language'])).toEqual(['ja', 'ko']);
  });

  it('sends the raw token as Authorization when there is one', async () => {
    route('GET', '/api/user/info', (res) => sendEnvelope(res, { id: 1 }));
    await setup({ token: 'tok-123' }).client.get('/user/info');
    expect(hits[0]?.headers.authorization).toBe('tok-123');
  });

  it.each([null, undefined, ''])('sends no Authorization when the token is %j', async (token) => {
    route('GET', '/api/user/info', (res) => sendEnvelope(res, { id: 1 }));
    const client = createApiClient({ baseUrl: `${origin}/api`, getLocale: () => 'en', getToken: () => token });
    await client.get('/user/info');
    expect(hits[0]?.headers).not.toHaveProperty('authorization');
  });

  it('sends no Authorization without getToken', async () => {
    route('GET', '/api/user/info', (res) => sendEnvelope(res, { id: 1 }));
    await createApiClient({ baseUrl: `${origin}/api`, getLocale: () => 'en' }).get('/user/info');
    expect(hits[0]?.headers).not.toHaveProperty('authorization');
  });

  it('sends plain bodies as JSON and no content-type without a body', async () => {
    route('POST', '/api/h5Login', (res, hit) => sendEnvelope(res, { access_token: 'x', echo: JSON.parse(hit.body) }));
    route('POST', '/api/search/record', (res) => sendEnvelope(res, null));
    const { client } = setup();
    const data = await client.post<{ access_token: string; echo: unknown }>('/h5Login', {
      body: { account: 'alice01', password: 'secret12' },
    });
    expect(data).toEqual({ access_token: 'x', echo: { account: 'alice01', password: 'secret12' } });
    expect(hitsOf('POST', '/api/h5Login')[0]?.headers['content-type']).toBe('application/json');
    await client.post('/search/record', { query: { keyword: 'wall' } });
    const record = hitsOf('POST', '/api/search/record')[0];
    expect(record?.headers).not.toHaveProperty('content-type');
    expect(record?.body).toBe('');
  });

  it("lets the caller's headers win whatever their case", async () => {
    route('GET', '/api/echo', (res) => sendEnvelope(res, null));
    await setup({ locale: 'ja', token: 'tok' }).client.get('/echo', {
      headers: { 'accept-language': 'fr', 'X-Trace': 't1' },
    });
    expect(hits[0]?.headers['accept-language']).toBe('fr');
    expect(hits[0]?.headers['x-trace']).toBe('t1');
    expect(hits[0]?.headers.authorization).toBe('tok');
  });

  it('joins base URL and path with exactly one slash', async () => {
    route('GET', '/api/download/list', (res) => sendEnvelope(res, []));
    const client = createApiClient({ baseUrl: `${origin}/api/`, getLocale: () => 'en' });
    await client.get('download/list');
    await client.get('/download/list');
    expect(hits.map((hit) => hit.url)).toEqual(['/api/download/list', '/api/download/list']);
  });
});

describe('query strings', () => {
  it('sends arrays as name[] with JSON-stringified items and omits undefined and null', async () => {
    route('GET', '/api/download/updateLog', (res) => sendEnvelope(res, []));
    await setup().client.get('/download/updateLog', {
      query: { clientTypes: ['WIN', 'MAC'], ids: [1, 2], page: 1, keyword: 'a b&c', skip: undefined, none: null },
    });
    const url = hits[0]?.url ?? '';
    expect(url).toContain('clientTypes[]=%22WIN%22&clientTypes[]=%22MAC%22');
    const params = new URL(url, origin).searchParams;
    expect(params.getAll('clientTypes[]')).toEqual(['"WIN"', '"MAC"']);
    expect(params.getAll('ids[]')).toEqual(['1', '2']);
    expect(params.get('page')).toBe('1');
    expect(params.get('keyword')).toBe('a b&c');
    expect(params.has('skip')).toBe(false);
    expect(params.has('none')).toBe(false);
  });
});

describe('responses', () => {
  it("resolves with the envelope's data", async () => {
    route('GET', '/api/user/info', (res) => sendEnvelope(res, { id: 7, nickname: 'Li' }));
    const { client, onError } = setup();
    await expect(client.get('/user/info')).resolves.toEqual({ id: 7, nickname: 'Li' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('resolves a 2xx without an envelope with the body, and 204 with undefined', async () => {
    route('GET', '/api/manifest.json', (res) => sendJson(res, 200, { routeRules: {} }));
    route('DELETE', '/api/thing', (res) => {
      res.writeHead(204);
      res.end();
    });
    const { client } = setup();
    await expect(client.get('/manifest.json')).resolves.toEqual({ routeRules: {} });
    await expect(client.delete('/thing')).resolves.toBeUndefined();
  });

  it('rejects errcode ≠ 0 with ApiError and shows errmsg once', async () => {
    route('POST', '/api/signup', (res) => sendEnvelope(res, { field: 'username' }, 10002, 'Username taken—please try another.'));
    const { client, onError, onUnauthorized } = setup();
    const error = await rejection(client.post('/signup', { body: { username: 'alice01' } }));
    expect(error.message).toBe('Username taken—please try another.');
    expect(error.errcode).toBe(10002);
    expect(error.status).toBe(200);
    expect(error.data).toEqual({ field: 'username' });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith('Username taken—please try another.', { errcode: 10002, status: 200 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('uses errmsg of an envelope that comes with an HTTP error status', async () => {
    route('POST', '/api/signup', (res) => sendEnvelope(res, null, 10002, '用户名已被占用，请换一个试试', 409));
    const { client, onError } = setup({ locale: 'zh-CN' });
    const error = await rejection(client.post('/signup'));
    expect(error.message).toBe('用户名已被占用，请换一个试试');
    expect(error.status).toBe(409);
    expect(onError).toHaveBeenCalledWith('用户名已被占用，请换一个试试', { errcode: 10002, status: 409 });
  });

  it("shows a validation failure's rule without the field's name (errmsg keeps it for developers)", async () => {
    const fields = [{ field: 'body.referralCode', message: '该推广码不存在' }];
    route('POST', '/api/signup', (res) => sendEnvelope(res, { fields }, 40001, 'referralCode: 该推广码不存在', 400));
    const { client, onError } = setup({ locale: 'zh-CN' });
    const error = await rejection(client.post('/signup'));
    expect(error.message).toBe('该推广码不存在');
    expect(error.data).toEqual({ fields });
    expect(onError).toHaveBeenCalledWith('该推广码不存在', { errcode: 40001, status: 400 });
  });

  it('does not show the message of a silent call, but still rejects', async () => {
    route('GET', '/api/user/info', (res) => sendEnvelope(res, null, 50000, 'Server internal error'));
    const { client, onError } = setup();
    const error = await rejection(client.get('/user/info', { silent: true }));
    expect(error.errcode).toBe(50000);
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('401: the session is gone', () => {
  it('calls onUnauthorized on HTTP 401 without showing a message', async () => {
    route('GET', '/api/user/info', (res) => sendHtml(res, 401));
    const { client, onError, onUnauthorized } = setup();
    const error = await rejection(client.get('/user/info'));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(hitsOf('GET', '/api/user/info')).toHaveLength(1);
  });

  it.each([401, 40100, 10015])('calls onUnauthorized on errcode %i in a 200 envelope', async (errcode) => {
    route('GET', '/api/user/info', (res) => sendEnvelope(res, null, errcode, 'Please log in first.'));
    const { client, onError, onUnauthorized } = setup();
    const error = await rejection(client.get('/user/info'));
    expect(error.errcode).toBe(errcode);
    expect(onUnauthorized).toHaveBeenCalledWith({ errcode, status: 200 });
    expect(onError).not.toHaveBeenCalled();
  });

  it('leaves onUnauthorized alone when the call asks to', async () => {
    route('POST', '/api/logout', (res) => sendEnvelope(res, null, 40100, 'Please log in first.', 401));
    const { client, onError, onUnauthorized } = setup();
    await rejection(client.post('/logout', { ignoreUnauthorized: true }));
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('fallback texts when the answer is no envelope', () => {
  it.each([
    ['en', 404, 'The server resource does not exist'],
    ['en', 500, 'Server internal error'],
    ['en', 403, 'No permission to access the resource'],
    ['en', 418, 'Unknown error!'],
    ['zh-CN', 404, '请求的资源不存在'],
    ['zh-CN', 500, '服务器内部错误'],
    ['zh-CN', 403, '没有权限访问该资源'],
    ['zh-CN', 418, '未知错误！'],
  ] as const)('%s, HTTP %i → %s', async (locale, status, text) => {
    route('GET', '/api/news/info', (res) => sendHtml(res, status));
    const { client, onError } = setup({ locale });
    const error = await rejection(client.get('/news/info'));
    expect(error.message).toBe(text);
    expect(error.status).toBe(status);
    expect(error.errcode).toBe(status);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(text, { errcode: status, status });
  });

  it('takes custom fallback texts, as an object or per locale', async () => {
    route('GET', '/api/news/info', (res) => sendHtml(res, 404));
    const fixed = setup({ fallbackMessages: { notFound: 'Gone' } });
    expect((await rejection(fixed.client.get('/news/info'))).message).toBe('Gone');
    const perLocale = setup({ locale: 'ja', fallbackMessages: (locale) => ({ notFound: `missing (${locale})` }) });
    expect((await rejection(perLocale.client.get('/news/info'))).message).toBe('missing (ja)');
  });

  it('falls back by status when an error envelope has no errmsg', async () => {
    route('POST', '/api/order/createV2', (res) => sendEnvelope(res, null, 20001, '', 403));
    const { client, onError } = setup({ locale: 'fr' });
    const error = await rejection(client.post('/order/createV2'));
    expect(error.message).toBe('Vous n’avez pas l’autorisation d’accéder à cette ressource');
    expect(onError).toHaveBeenCalledWith(error.message, { errcode: 20001, status: 403 });
  });
});

describe('retry', () => {
  it('retries a GET once on 503 and resolves when the retry succeeds', async () => {
    route('GET', '/api/download/latest', (res, _hit, attempt) =>
      attempt === 1 ? sendHtml(res, 503) : sendEnvelope(res, { version: '1.0.0' }),
    );
    const { client, onError } = setup();
    await expect(client.get('/download/latest')).resolves.toEqual({ version: '1.0.0' });
    expect(hitsOf('GET', '/api/download/latest')).toHaveLength(2);
    expect(onError).not.toHaveBeenCalled();
  });

  it('retries a GET exactly once when 503 persists', async () => {
    route('GET', '/api/download/latest', (res) => sendHtml(res, 503));
    const { client, onError } = setup();
    const error = await rejection(client.get('/download/latest'));
    expect(error.status).toBe(503);
    expect(hitsOf('GET', '/api/download/latest')).toHaveLength(2);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET on %i', async (status) => {
    route('GET', '/api/news/list', (res) => sendHtml(res, status));
    await rejection(setup().client.get('/news/list'));
    expect(hitsOf('GET', '/api/news/list')).toHaveLength(2);
  });

  it.each([400, 403, 404, 418, 501])('does not retry a GET on %i', async (status) => {
    route('GET', '/api/news/list', (res) => sendHtml(res, status));
    await rejection(setup().client.get('/news/list'));
    expect(hitsOf('GET', '/api/news/list')).toHaveLength(1);
  });

  it('does not retry an envelope error with status 400', async () => {
    route('GET', '/api/news/list', (res) => sendEnvelope(res, null, 40000, 'Bad request', 400));
    await rejection(setup().client.get('/news/list'));
    expect(hitsOf('GET', '/api/news/list')).toHaveLength(1);
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)('does not retry %s by default', async (method) => {
    route(method.toUpperCase(), '/api/pay/payV2', (res) => sendHtml(res, 503));
    await rejection(setup().client[method]('/pay/payV2'));
    expect(hitsOf(method.toUpperCase(), '/api/pay/payV2')).toHaveLength(1);
  });

  it('retries a POST once with retry: true', async () => {
    route('POST', '/api/search/record', (res) => sendHtml(res, 503));
    await rejection(setup().client.post('/search/record', { retry: true }));
    expect(hitsOf('POST', '/api/search/record')).toHaveLength(2);
  });

  it('does not retry a GET with retry: false', async () => {
    route('GET', '/api/news/list', (res) => sendHtml(res, 503));
    await rejection(setup().client.get('/news/list', { retry: false }));
    expect(hitsOf('GET', '/api/news/list')).toHaveLength(1);
  });

  it('retries a GET once after a network error and reports it', async () => {
    route('GET', '/api/location/info', (res) => res.socket?.destroy());
    const { client, onError } = setup();
    const error = await rejection(client.get('/location/info'));
    expect(error.errcode).toBe(ClientErrcode.NETWORK);
    expect(error.status).toBe(0);
    expect(error.message).toBe('Network error. Check your connection and try again.');
    expect(hitsOf('GET', '/api/location/info')).toHaveLength(2);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('waits retryDelayMs before the retry', async () => {
    route('GET', '/api/news/list', (res) => sendHtml(res, 503));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const timers = vi.spyOn(globalThis, 'setTimeout');
      const pending = rejection(setup({ retryDelayMs: 60_000 }).client.get('/news/list'));
      await vi.waitFor(() => expect(timers.mock.calls.map(([, ms]) => ms)).toContain(60_000));
      vi.advanceTimersByTime(55_000);
      expect(hitsOf('GET', '/api/news/list')).toHaveLength(1);
      vi.advanceTimersByTime(5_000);
      await pending;
      expect(hitsOf('GET', '/api/news/list')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('downloads', () => {
  it('resolves a 200 with content-disposition with the raw Response, skipping the errcode check', async () => {
    const payload = JSON.stringify({ errcode: 1, errmsg: 'looks like an error' });
    route('GET', '/api/download/file', (res) => {
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="llk-setup.exe"',
      });
      res.end(payload);
    });
    const { client, onError } = setup();
    const response = await client.get<Response>('/download/file');
    expect(response).toBeInstanceOf(Response);
    expect(response.headers.get('content-disposition')).toContain('llk-setup.exe');
    expect(await response.text()).toBe(payload);
    expect(onError).not.toHaveBeenCalled();
  });

  it('still checks a non-200 answer that carries content-disposition', async () => {
    route('GET', '/api/download/file', (res) => {
      res.writeHead(403, { 'content-disposition': 'attachment; filename="x"', 'content-type': 'text/plain' });
      res.end('nope');
    });
    const { client, onError } = setup();
    const error = await rejection(client.get('/download/file'));
    expect(error.message).toBe('No permission to access the resource');
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('timeout and abort', () => {
  it('rejects after timeoutMs, without a retry, and reports it', async () => {
    route('GET', '/api/slow', () => undefined); // never answers
    const { client, onError } = setup({ timeoutMs: 100, locale: 'ko' });
    const error = await rejection(client.get('/slow'));
    expect(error.errcode).toBe(ClientErrcode.TIMEOUT);
    expect(error.status).toBe(0);
    expect(error.message).toBe('요청 시간이 초과되었습니다. 다시 시도해 주세요.');
    expect(onError).toHaveBeenCalledWith(error.message, { errcode: ClientErrcode.TIMEOUT, status: 0 });
    expect(hitsOf('GET', '/api/slow')).toHaveLength(1);
  });

  it('lets a single call shorten the timeout', async () => {
    route('GET', '/api/slow', () => undefined);
    const error = await rejection(setup().client.get('/slow', { timeoutMs: 50 }));
    expect(error.errcode).toBe(ClientErrcode.TIMEOUT);
  });

  it("rejects with the caller's abort reason and shows nothing", async () => {
    let arrived!: () => void;
    const atServer = new Promise<void>((resolve) => (arrived = resolve));
    route('GET', '/api/slow', () => arrived());
    const { client, onError } = setup();
    const controller = new AbortController();
    const pending = client.get('/slow', { signal: controller.signal });
    await atServer;
    controller.abort();
    const reason = await pending.then(
      () => null,
      (error: unknown) => error,
    );
    expect(reason).not.toBeInstanceOf(ApiError);
    expect((reason as Error).name).toBe('AbortError');
    expect(onError).not.toHaveBeenCalled();
    expect(hitsOf('GET', '/api/slow')).toHaveLength(1);
  });
});

describe('pay client', () => {
  it('resolves with data', async () => {
    route('POST', '/api/order/createV2', (res) => sendEnvelope(res, { id: 'o1' }));
    await expect(setupPay().client.post('/order/createV2', { body: { itemType: 'MEMBER' } })).resolves.toEqual({
      id: 'o1',
    });
  });

  it("rejects with 'Error' when errmsg is empty", async () => {
    route('POST', '/api/pay/payV2', (res) => sendEnvelope(res, null, 20002, ''));
    const error = await rejection(setupPay('zh-CN').client.post('/pay/payV2'));
    expect(error.message).toBe('Error');
    expect(error.errcode).toBe(20002);
  });

  it('rejects with errmsg when there is one', async () => {
    route('POST', '/api/pay/payV2', (res) => sendEnvelope(res, null, 20003, 'Order expired'));
    const error = await rejection(setupPay().client.post('/pay/payV2'));
    expect(error.message).toBe('Order expired');
  });

  it("rejects a non-envelope HTTP error with 'Error'", async () => {
    route('POST', '/api/pay/payV2', (res) => sendHtml(res, 500));
    const error = await rejection(setupPay().client.post('/pay/payV2'));
    expect(error.message).toBe('Error');
    expect(error.status).toBe(500);
  });

  it('treats HTTP 401 like the main client', async () => {
    route('GET', '/api/order/info/o1', (res) => sendHtml(res, 401));
    const { client, onUnauthorized } = setupPay();
    const error = await rejection(client.get('/order/info/o1'));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

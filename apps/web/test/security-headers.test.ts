// @vitest-environment node
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
// The compression middleware Next wraps every response in (router-server.js), to prove the
// policy is computed from the bytes before it compressed them.
// @ts-expect-error -- untyped compiled module
import compression from 'next/dist/compiled/compression';
// @ts-expect-error -- plain ESM with JSDoc types, run by node directly (server.mjs)
import * as security from '../server/security-headers.mjs';
import { WX_SDK_URL } from '@/features/site/wechat-share-setup';

type THandler = (req: IncomingMessage, res: ServerResponse) => void;
const { secureResponse, securityOptions, inlineScriptHashes, pagePolicy, baseHeaders, NON_DOCUMENT_POLICY, WECHAT_SDK_URL } = security as {
  secureResponse: (req: IncomingMessage, res: ServerResponse, options: { https: boolean }) => void;
  securityOptions: (env: Record<string, string | undefined>) => { https: boolean };
  inlineScriptHashes: (html: string) => string[];
  pagePolicy: (hashes: string[], https: boolean, options?: { admin?: boolean }) => string;
  baseHeaders: (https: boolean) => Record<string, string>;
  NON_DOCUMENT_POLICY: string;
  WECHAT_SDK_URL: string;
};

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const BOOT = '(self.__next_f=self.__next_f||[]).push([0])';
const PAYLOAD = 'self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n2:I[\\"ünïcode 中文\\"]"])';
const PAGE = `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script>
<script type="application/ld+json">{"@type":"Organization"}</script></head><body><p>hi</p>
<script>${BOOT}</script><script>${PAYLOAD}</script><SCRIPT type="module">import('/x.js')</SCRIPT></body></html>`;

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(handler: THandler, options = { https: false }, compress = false): Promise<string> {
  const gzip = compress ? compression() : null;
  const server = createServer((req, res) => {
    secureResponse(req, res, options);
    gzip?.(req, res, () => {});
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface TAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<TAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const html = (res: ServerResponse) => res.setHeader('content-type', 'text/html; charset=utf-8');
const expectedHashes = [sha(BOOT), sha(PAYLOAD), sha("import('/x.js')")];

describe('security headers of the web (server/security-headers.mjs)', () => {
  it('hashes the inline scripts that run: not src=, not JSON-LD; any case of tag', () => {
    expect(inlineScriptHashes(PAGE)).toEqual(expectedHashes);
    expect(inlineScriptHashes('<script>a</script><script>a</script><script type="text/plain">b</script>')).toEqual([sha('a')]);
  });

  it('writes a page policy without unsafe-eval or unsafe-inline scripts, framing or plugins', () => {
    const policy = pagePolicy(["'sha256-abc='"], false);
    // the WeChat JS-SDK by its file, the one the share setup loads, not the whole origin
    expect(policy).toContain("script-src 'self' 'sha256-abc=' https://res.wx.qq.com/open/js/jweixin-1.6.0.js;");
    expect(WECHAT_SDK_URL).toBe(WX_SDK_URL);
    expect(policy).not.toMatch(/https:\/\/res\.wx\.qq\.com[ ;]/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(pagePolicy([], true)).toContain('upgrade-insecure-requests');
  });

  it('sends HSTS only over HTTPS: an https public origin, or an https request', async () => {
    expect(securityOptions({ PUBLIC_ORIGIN: 'https://www.llk.example' })).toEqual({ https: true });
    expect(securityOptions({ NEXT_PUBLIC_SITE_URL: 'https://www.llk.example' })).toEqual({ https: true });
    expect(securityOptions({ PUBLIC_ORIGIN: 'http://localhost:3000' })).toEqual({ https: false });
    expect(baseHeaders(true)['Strict-Transport-Security']).toBe('max-age=31536000');
    const origin = await serve((_req, res) => res.end('ok'));
    expect((await get(origin)).headers['strict-transport-security']).toBeUndefined();
    expect((await get(origin, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('gives a page in one piece the hashes of its scripts, and the other headers', async () => {
    const origin = await serve((_req, res) => {
      html(res);
      res.end(PAGE);
    });
    const res = await get(origin);
    expect(res.body.toString('utf8')).toBe(PAGE);
    expect(res.headers['content-security-policy']).toBe(pagePolicy(expectedHashes, false));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(PAGE));
  });

  it('gives the back office a stricter policy: no third-party origin, no data: images, no workers, and no Referer', async () => {
    const origin = await serve((_req, res) => {
      html(res);
      res.end(PAGE);
    });
    const admin = await get(`${origin}/admin/users?q=138`);
    const policy = String(admin.headers['content-security-policy']);
    expect(policy).toBe(pagePolicy(expectedHashes, false, { admin: true }));
    expect(policy).not.toContain('res.wx.qq.com');
    expect(policy).not.toContain('open.weixin.qq.com');
    expect(policy).toContain("img-src 'self';");
    expect(policy).toContain("worker-src 'none'");
    expect(admin.headers['referrer-policy']).toBe('no-referrer');
    // a public page, and one that only starts with the word, keep the site's policy
    for (const path of ['/en/news-1', '/administrator']) {
      const page = await get(`${origin}${path}`);
      expect(page.headers['content-security-policy']).toBe(pagePolicy(expectedHashes, false));
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('waits for a streamed page (writeHead with headers, flushHeaders, chunks split inside a script)', async () => {
    const origin = await serve((_req, res) => {
      res.writeHead(201, { 'content-type': 'text/html', 'x-extra': 'kept' });
      res.flushHeaders();
      const cut = PAGE.indexOf('__next_f.push([1') + 5;
      res.write(PAGE.slice(0, cut));
      setImmediate(() => res.end(Buffer.from(PAGE.slice(cut), 'utf8')));
    });
    const res = await get(origin);
    expect(res.status).toBe(201);
    expect(res.headers['x-extra']).toBe('kept');
    expect(res.body.toString('utf8')).toBe(PAGE);
    expect(res.headers['content-security-policy']).toBe(pagePolicy(expectedHashes, false));
  });

  it('reads a page through Next’s gzip and sends the compressed bytes unchanged', async () => {
    const origin = await serve(
      (_req, res) => {
        html(res);
        res.write(PAGE.slice(0, 200));
        res.end(PAGE.slice(200) + ' '.repeat(2000));
      },
      { https: false },
      true,
    );
    const res = await get(origin, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString('utf8')).toBe(PAGE + ' '.repeat(2000));
    expect(res.headers['content-security-policy']).toBe(pagePolicy(expectedHashes, false));
  });

  it('renders a HEAD of a page as a GET, so the header names the same scripts, and sends no body', async () => {
    const origin = await serve((req, res) => {
      html(res);
      res.end(req.method === 'GET' ? PAGE : '');
    });
    const res = await get(`${origin}/en/login`, {}, 'HEAD');
    expect(res.body.length).toBe(0);
    expect(res.headers['content-security-policy']).toBe(pagePolicy(expectedHashes, false));
  });

  it('keeps a policy the answer brings (the API’s sandbox page), and locks down answers that are no page', async () => {
    const own = "default-src 'none'; form-action 'self'";
    const origin = await serve((req, res) => {
      if (req.url === '/api/sandbox') {
        html(res);
        res.setHeader('content-security-policy', own);
        res.end('<script>x()</script>');
      } else {
        res.setHeader('content-type', 'application/json');
        res.end('{"errcode":0}');
      }
    });
    expect((await get(`${origin}/api/sandbox`)).headers['content-security-policy']).toBe(own);
    const json = await get(`${origin}/api/news`);
    expect(json.headers['content-security-policy']).toBe(NON_DOCUMENT_POLICY);
    expect(json.body.toString()).toBe('{"errcode":0}');
  });

  it('sends no policy with a 304, so the browser keeps the one stored with the page', async () => {
    const origin = await serve((_req, res) => {
      html(res);
      res.statusCode = 304;
      res.end();
    });
    const res = await get(origin);
    expect(res.status).toBe(304);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

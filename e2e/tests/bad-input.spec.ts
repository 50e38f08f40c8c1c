import { expect, test } from '@playwright/test';

// Bad input at the web's door gets a clear 4xx, never a 500 or a misleading 503: file-like
// paths nobody serves, methods and escapes Next cannot take, and bodies over the API's limit
// sent through the /api forward (as a whole, and streamed in chunks).

const webPort = Number(process.env.E2E_WEB_PORT ?? 3310);
const OVER_LIMIT = 2 * 1024 * 1024; // the API's (and forward's) BODY_LIMIT is 1 MiB by default

test('missing root-level files answer 404', async ({ request }) => {
  for (const path of [
    '/manifest.json',
    '/.env',
    '/wp-login.php',
    '/favicon.png',
    '/apple-touch-icon-precomposed.png',
    '/xmlrpc.php',
    '/en/foo.png',
    '/.git/config',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
  }
});

test('the web manifest and the apple-touch-icon are real', async ({ request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  const body = await manifest.json();
  expect(body).toMatchObject({ name: 'LLK Remote', start_url: '/', display: 'standalone', theme_color: '#ffffff' });
  for (const icon of body.icons as { src: string; sizes: string }[]) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  const touch = await request.get('/apple-touch-icon.png');
  expect(touch.status()).toBe(200);
  expect((await touch.body()).readUInt32BE(16)).toBe(180);

  const page = await request.get('/en');
  const html = await page.text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');
});

test('TRACE and a broken escape get 4xx envelopes through the forward, 4xx on pages', async ({ request }) => {
  const trace = await request.fetch('/api/health', { method: 'TRACE', headers: { 'accept-language': 'fr' } });
  expect(trace.status()).toBe(405);
  expect(trace.headers().allow).toContain('GET');
  expect(await trace.json()).toEqual({ errcode: 40500, errmsg: 'Cette méthode de requête n’est pas autorisée ici.', data: null });

  const escape = await request.get('/api/order/info/%zz', { headers: { 'accept-language': 'en' } });
  expect(escape.status()).toBe(400);
  expect(await escape.json()).toEqual({ errcode: 40000, errmsg: expect.any(String), data: null });

  expect((await request.fetch('/en', { method: 'TRACE' })).status()).toBe(405);
  expect((await request.get('/en/%zz')).status()).toBe(400);
});

test('a body over the limit answers 413 in the envelope, every time', async ({ request }) => {
  const big = Buffer.alloc(OVER_LIMIT, 'x');
  const statuses: number[] = [];
  for (let i = 0; i < 15; i++) {
    const res = await request.post('/api/signup', { data: big, headers: { 'content-type': 'application/json', 'accept-language': 'en' } });
    statuses.push(res.status());
    if (i === 0) expect(await res.json()).toEqual({ errcode: 41300, errmsg: 'The request is too large.', data: null });
  }
  expect(statuses).toEqual(Array(15).fill(413));
});

test('a streamed (chunked) body over the limit answers 413 too', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= OVER_LIMIT) return controller.close();
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(120));
      },
    });
    // no Content-Length: the body is sent in chunks and only counting it finds it too long
    const res = await fetch(`http://127.0.0.1:${webPort}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body,
      duplex: 'half',
    } as RequestInit);
    statuses.push(res.status);
    if (i === 0) expect(await res.json()).toEqual({ errcode: 41300, errmsg: 'The request is too large.', data: null });
    else await res.arrayBuffer();
  }
  expect(statuses).toEqual(Array(5).fill(413));
});

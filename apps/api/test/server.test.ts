import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@llk/contracts';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations';
import { envelopeResponses, ok } from '../src/lib/envelope';
import { apiRoot, repoRoot } from '../src/paths';
import { buildTestApp, createTestDatabase, testDialects } from './helper';
import { messageOf } from './messages';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function get(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitForHealth(port: number, timeoutMs: number): Promise<{ status: number; body: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await get(port, '/health');
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

// The process as production runs it: the compiled build (`npm run build -w @llk/api`), plain node.
describe('server process (compiled build)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'llk-server-'));
  const server = path.join(apiRoot, 'dist/server.mjs');
  beforeAll(() => {
    const built = spawnSync(process.execPath, ['build.mjs'], { cwd: apiRoot, encoding: 'utf8' });
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates and seeds on start, serves content and the country tables, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--enable-source-maps', server], {
      cwd: repoRoot,
      env: { ...process.env, API_PORT: String(port), API_HOST: '127.0.0.1', DATABASE_URL: path.join(dir, 'server.sqlite'), LOG_LEVEL: 'info', REDIS_URL: '', TRUST_PROXY: 'loopback' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    try {
      // a readiness wait, not a measure: migrating and seeding a new database takes seconds, and
      // longer on a busy 2-core machine (the web build runs beside this suite in CI)
      const health = await waitForHealth(port, 75_000);
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ errcode: 0, data: { status: 'ok', database: { dialect: 'sqlite', ok: true } } });
      expect(output).toContain(`"migrations":${JSON.stringify(Object.keys(migrations))}`);

      const downloads = await get(port, '/download/list');
      expect(downloads.status).toBe(200);
      expect(JSON.parse(downloads.body)).toMatchObject({ errcode: 0, data: { platforms: expect.arrayContaining([expect.objectContaining({ platform: 'WIN' })]) } });
      // The country tables are files of an npm package, found from the bundle at run time.
      const v4 = await get(port, '/location/info', { 'x-forwarded-for': '133.242.0.3', 'accept-language': 'en' });
      expect(JSON.parse(v4.body)).toMatchObject({ data: { countryCode: 'JP' } });
      const v6 = await get(port, '/location/info', { 'x-forwarded-for': '2409:8a00::1', 'accept-language': 'en' });
      expect(JSON.parse(v6.body)).toMatchObject({ data: { countryCode: 'CN' } });
      expect((await get(port, '/docs/')).status).toBe(200);

      child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000))]);
      expect(code).toBe(0);
      expect(output).toContain('"signal":"SIGTERM"');
      await expect(get(port, '/health')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 100_000);

  it('refuses to start with a bad environment and says which variable', async () => {
    const child = spawn(process.execPath, [server], {
      cwd: apiRoot,
      env: { ...process.env, API_PORT: 'eighty', DATABASE_URL: path.join(dir, 'never.sqlite') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
    expect(code).toBe(1);
    expect(stderr).toContain('API_PORT: must be a whole number');
  }, 30_000);
});

describe.each(testDialects())('closing the app ($dialect)', ({ dialect }) => {
  it('lets in-flight requests finish, then stops accepting', async () => {
    const test = await createTestDatabase(dialect);
    // the request is held open until the close has begun: no guessing how long either takes
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const app = await buildTestApp(test.handle, {
      routes: (a) =>
        a.get('/test/slow', { schema: { response: envelopeResponses(z.object({ done: z.boolean() })) } }, async () => {
          entered();
          await released;
          return ok({ done: true });
        }),
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const inFlight = get(port, '/test/slow');
      await inHandler;
      const closed = app.close();
      release();
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ errcode: 0, errmsg: 'ok', data: { done: true } });
      await closed;
      await expect(get(port, '/health')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await app.close();
      await test.cleanup();
    }
  });
});

describe('a request that arrives while the app is closing', () => {
  it('gets the 503 envelope with Retry-After in the caller’s language, after the running one finishes', async () => {
    const test = await createTestDatabase('sqlite');
    let started!: () => void;
    const slowStarted = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const slowMayFinish = new Promise<void>((resolve) => (finish = resolve));
    const app = await buildTestApp(test.handle, {
      routes: (a) =>
        a.get('/test/slow', { schema: { response: envelopeResponses(z.object({ done: z.boolean() })) } }, async () => {
          started();
          await slowMayFinish;
          return ok({ done: true });
        }),
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      // Two requests on one keep-alive connection: the second reaches the app after close began.
      const socket = connect(port, '127.0.0.1');
      let raw = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (raw += chunk));
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write('GET /test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await slowStarted;
      const closed = app.close();
      socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\nAccept-Language: fr\r\n\r\n');
      await new Promise((resolve) => setImmediate(resolve));
      finish();
      await ended;
      await closed;

      const [first, second] = raw.split(/(?=HTTP\/1\.1 )/);
      expect(first).toMatch(/^HTTP\/1\.1 200 /);
      expect(first).toContain('{"errcode":0,"errmsg":"ok","data":{"done":true}}');
      expect(second).toMatch(/^HTTP\/1\.1 503 /);
      expect(second).toMatch(/\r\nretry-after: 5\r\n/i);
      expect(second).toMatch(/\r\nconnection: close\r\n/i);
      const body = JSON.parse(second?.slice(second.indexOf('\r\n\r\n') + 4) ?? '') as unknown;
      expect(body).toEqual({ errcode: ErrorCode.SERVICE_UNAVAILABLE, errmsg: messageOf('fr', 'errors.serviceUnavailable'), data: null });
    } finally {
      await app.close();
      await test.cleanup();
    }
  });
});

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/infrastructure/db/migrations';
import { envelopeResponses, ok } from '../src/infrastructure/http/envelope';
import { apiRoot, repoRoot } from '../src/paths';
import { buildTestApp, createTestDatabase, testConfig, testDialects } from './helper';
import { freePort } from './support/free-port';

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
      env: {
        ...process.env,
        API_PORT: String(port),
        API_HOST: '127.0.0.1',
        DATABASE_URL: path.join(dir, 'server.sqlite'),
        LOG_LEVEL: 'info',
        REDIS_URL: '',
        TRUST_PROXY: 'loopback',
      },
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
      expect(JSON.parse(downloads.body)).toMatchObject({
        errcode: 0,
        data: { platforms: expect.arrayContaining([expect.objectContaining({ platform: 'WIN' })]) },
      });
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

/** A raw kept-alive HTTP/1.1 connection: what it received, whether the server reset it, when it closed. */
function keptAlive(port: number) {
  const socket = connect(port, '127.0.0.1');
  const state = { raw: '', reset: false };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (state.raw += chunk));
  socket.on('error', () => (state.reset = true));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  /** The answers received so far, split. */
  const answers = () => state.raw.split(/(?=HTTP\/1\.1 )/).filter(Boolean);
  return { socket, state, closed, connected, answers };
}

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 500) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

// A rolling restart (ADR 0026): once the close begins the listener refuses new connections, but
// what still arrives on a kept-alive connection is served normally with Connection: close (no
// 503, no reset), the request in flight finishes with Connection: close too, and idle
// connections are closed when the drain ends.
describe('a request that arrives on a kept-alive connection while the app is closing', () => {
  it('is served (200 with Connection: close), the one in flight finishes, new connections are refused, and the close ends once every connection has gone', async () => {
    const test = await createTestDatabase('sqlite');
    let started!: () => void;
    const slowStarted = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const slowMayFinish = new Promise<void>((resolve) => (finish = resolve));
    const app = await buildTestApp(test.handle, {
      // long enough that the close ending early shows it waited for the connections, not the clock
      env: { SHUTDOWN_DRAIN_MS: '20000' },
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
      const busy = keptAlive(port);
      busy.socket.write('GET /test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await slowStarted;
      // a second connection, kept alive after one answer, idle when the close begins
      const idle = keptAlive(port);
      idle.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await until(() => idle.answers().length === 1);
      expect(idle.answers()[0]).toMatch(/\r\nconnection: keep-alive\r\n/i);

      const closeStarted = Date.now();
      const closed = app.close();
      await until(() => !app.server.listening);
      expect(await refused(port)).toBe(true);

      idle.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\nAccept-Language: fr\r\n\r\n');
      await idle.closed;
      const [, second] = idle.answers();
      expect(second).toMatch(/^HTTP\/1\.1 200 /);
      expect(second).toMatch(/\r\nconnection: close\r\n/i);
      expect(JSON.parse(second?.slice(second.indexOf('\r\n\r\n') + 4) ?? '')).toMatchObject({ errcode: 0, data: { status: 'ok' } });

      finish();
      await busy.closed;
      const [first] = busy.answers();
      expect(first).toMatch(/^HTTP\/1\.1 200 /);
      expect(first).toMatch(/\r\nconnection: close\r\n/i);
      expect(first).toContain('{"errcode":0,"errmsg":"ok","data":{"done":true}}');
      expect([busy.state.reset, idle.state.reset]).toEqual([false, false]);

      await closed;
      expect(Date.now() - closeStarted).toBeLessThan(10_000);
    } finally {
      await app.close();
      await test.cleanup();
    }
  });

  it('keeps a kept-alive connection that stays idle until the drain ends, then closes it without an answer or a reset', async () => {
    const test = await createTestDatabase('sqlite');
    const app = await buildTestApp(test.handle, { env: { SHUTDOWN_DRAIN_MS: '200' } });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const idle = keptAlive(port);
      await idle.connected;
      idle.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await until(() => idle.answers().length === 1);
      const closeStarted = Date.now();
      await app.close();
      await idle.closed;
      // the drain waited for it (200 ms), then closed it
      expect(Date.now() - closeStarted).toBeGreaterThanOrEqual(190);
      expect(idle.answers()).toHaveLength(1);
      expect(idle.state.reset).toBe(false);
    } finally {
      await test.cleanup();
    }
  });
});

// nginx's template and the API agree (docs/adr/0026): the API keeps an idle connection longer than
// nginx does, or nginx would send a request down a connection the API had just closed; and the
// API's request budget ends before nginx stops waiting, so callers get the API's envelope.
describe('nginx and the API', () => {
  const template = readFileSync(path.join(repoRoot, 'deploy/nginx/llk.conf.template'), 'utf8');
  const seconds = (pattern: RegExp) => Number(pattern.exec(template)?.[1] ?? Number.NaN) * 1000;

  it('the API keeps idle connections longer than nginx keeps its upstream ones', async () => {
    const test = await createTestDatabase('sqlite');
    const app = await buildTestApp(test.handle);
    try {
      // the upstream block runs to the first line that is a lone `}` (its server lines hold `${…}`)
      const nginxIdleMs = seconds(/upstream llk_api \{\n(?:(?!\n\}).)*\n {2}keepalive_timeout (\d+)s;\n\}/s);
      expect(nginxIdleMs).toBe(60_000);
      expect(app.server.keepAliveTimeout).toBeGreaterThan(nginxIdleMs);
    } finally {
      await app.close();
      await test.cleanup();
    }
  });

  it('the request budget (pool wait + statement timeout, a gateway call) is shorter than proxy_read_timeout', () => {
    const { databaseTimeouts, payments } = testConfig();
    expect(databaseTimeouts).toEqual({ statementMs: 5_000, lockMs: 2_000, idleInTransactionMs: 10_000, poolWaitMs: 5_000 });
    const readMs = seconds(/^proxy_read_timeout (\d+)s;/m);
    expect(databaseTimeouts.poolWaitMs + databaseTimeouts.statementMs + payments.timeoutMs).toBeLessThan(readMs);
    expect(seconds(/^proxy_send_timeout (\d+)s;/m)).toBe(readMs);
    // writes are never sent to a second instance once sent (no non_idempotent)
    expect(template).toMatch(/^proxy_next_upstream error timeout;$/m);
  });
});

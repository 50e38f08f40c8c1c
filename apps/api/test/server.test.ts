import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations';
import { envelopeResponses, ok } from '../src/lib/envelope';
import { apiRoot, repoRoot } from '../src/paths';
import { buildTestApp, createTestDatabase, testDialects } from './helper';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function get(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
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

describe('server process', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'llk-server-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates and seeds on start, serves, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['src/server.ts'], {
      cwd: apiRoot,
      env: { ...process.env, API_PORT: String(port), API_HOST: '127.0.0.1', DATABASE_URL: path.join(dir, 'server.sqlite'), LOG_LEVEL: 'info', REDIS_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    try {
      const health = await waitForHealth(port, 20_000);
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ errcode: 0, data: { status: 'ok', database: { dialect: 'sqlite', ok: true } } });
      expect(output).toContain(`"migrations":${JSON.stringify(Object.keys(migrations))}`);

      child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000))]);
      expect(code).toBe(0);
      expect(output).toContain('"signal":"SIGTERM"');
      await expect(get(port, '/health')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 30_000);

  it('refuses to start with a bad environment and says which variable', async () => {
    const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['src/server.ts'], {
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

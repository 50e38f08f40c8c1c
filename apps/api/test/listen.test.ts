import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/composition/app';
import { listenOn } from '../src/composition/listen';
import { apiRoot, repoRoot } from '../src/paths';
import { createTestDatabase, testConfig, type TestDatabase } from './helper';

// Where the API listens by default: loopback, both families, and nowhere else.

function status(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host, port, path: '/health', agent: false, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

const hasIpv6Loopback = Object.values(networkInterfaces()).some((entries) => entries?.some((entry) => entry.address === '::1'));
/** The loopback addresses `localhost` means here: ::1 too where the machine has it. */
const loopbacks = hasIpv6Loopback ? ['127.0.0.1', '::1'] : ['127.0.0.1'];
/** This machine's own non-loopback addresses: a neighbour would connect to these. */
const ownAddresses = Object.values(networkInterfaces())
  .flatMap((entries) => entries ?? [])
  .filter((entry) => !entry.internal && entry.family === 'IPv4')
  .map((entry) => entry.address);

describe('listening', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await database.cleanup();
  });

  it('API_HOST=localhost (the default) serves 127.0.0.1 and ::1 on one port, and no other address', async () => {
    const app = buildApp(testConfig(), { database: database.handle });
    try {
      const bound = await listenOn(app, 0, 'localhost');
      expect(bound).toEqual(loopbacks);
      const { port } = app.server.address() as { port: number };
      for (const address of loopbacks) expect(await status(address, port), address).toBe(200);
      for (const address of ownAddresses) await expect(status(address, port), address).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await app.close();
    }
  });

  it('closing the app closes every listener', async () => {
    const app = buildApp(testConfig(), { database: database.handle });
    await listenOn(app, 0, 'localhost');
    const { port } = app.server.address() as { port: number };
    await app.close();
    for (const address of loopbacks) await expect(status(address, port), address).rejects.toThrow(/ECONNREFUSED/);
  });

  it('production with nothing configured stops at once with the list of what is missing', async () => {
    const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['src/composition/server.ts'], {
      cwd: apiRoot,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', API_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
    expect(code).toBe(1);
    expect(stderr).toContain('NODE_ENV=production is missing:');
    for (const name of ['CODE_SECRET', 'DATABASE_URL', 'PUBLIC_ORIGIN', 'SMTP_URL', 'ALIYUN_SMS_ACCESS_KEY_ID'])
      expect(stderr).toContain(`  - ${name}: required`);
  }, 30_000);
});

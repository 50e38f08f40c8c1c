import { request, type RequestListener, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM with JSDoc types, run by node directly (server.mjs)
import { listenAll } from '../server/listen.mjs';

// server.mjs listens through listenAll: by default on loopback only, both families, one port.

const listen = listenAll as (
  handler: RequestListener,
  port: number,
  host: string | undefined,
) => Promise<{ servers: Server[]; urls: string[] }>;

function status(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host, port, path: '/', agent: false, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

const interfaces = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
const hasIpv6Loopback = interfaces.some((entry) => entry.address === '::1');
const ownAddresses = interfaces.filter((entry) => !entry.internal && entry.family === 'IPv4').map((entry) => entry.address);

describe('listenAll (server/listen.mjs)', () => {
  it('without HOST serves 127.0.0.1 and ::1 on one port, and none of the machine’s other addresses', async () => {
    const { servers, urls } = await listen((_req, res) => res.end('ok'), 0, undefined);
    try {
      const port = (servers[0]!.address() as { port: number }).port;
      expect(urls).toEqual(hasIpv6Loopback ? [`http://127.0.0.1:${port}`, `http://[::1]:${port}`] : [`http://127.0.0.1:${port}`]);
      expect(await status('127.0.0.1', port)).toBe(200);
      if (hasIpv6Loopback) expect(await status('::1', port)).toBe(200);
      for (const address of ownAddresses) await expect(status(address, port), address).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      for (const server of servers) server.close();
    }
  });

  it('an address that cannot be bound is an error, not a silent fallback', async () => {
    await expect(listen((_req, res) => res.end('ok'), 0, '127.0.0.1, 203.0.113.77')).rejects.toThrow(/EADDRNOTAVAIL/);
  });
});

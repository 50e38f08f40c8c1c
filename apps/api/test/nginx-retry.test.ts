import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './support/free-port';

// What nginx passes on to the next API instance when one resets the connection after a request
// was sent to it (an instance SIGKILLed while it held the request): a POST that writes nothing
// (/order/quote) is answered by the other instance; any other POST gets the 503 envelope, in the
// caller's language, because its first instance may have applied it (docs/adr/0026).

const repoRoot = path.resolve(import.meta.dirname, '../../..');

// the shipped deploy/nginx/llk.conf.template, rendered as the scale-out step renders it (a script
// with JSDoc types and no declarations: imported by path, with the type of what it is used for)
const { writeNginxConfig } = (await import(path.join(repoRoot, 'scripts/scale-out/nginx.mjs'))) as {
  writeNginxConfig(options: { root: string; dir: string; site: number; api: number; webPorts: number[]; apiPorts: number[] }): {
    args: string[];
  };
};

const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** An instance that reads the request and then resets the connection without answering. */
async function resettingInstance(): Promise<{ port: number; received: string[] }> {
  const received: string[] = [];
  const server: TcpServer = createTcpServer((socket) =>
    socket.once('data', (chunk) => {
      received.push(chunk.toString('latin1').split('\r\n')[0] ?? '');
      socket.resetAndDestroy();
    }),
  );
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  closing.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, received };
}

/** An instance that answers every request with a success envelope naming the path. */
async function answeringInstance(): Promise<{ port: number }> {
  const server: Server = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', data: { path: req.url } }));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  closing.push(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port };
}

/** nginx with the shipped template in front of `apiPorts` (the first one first); answers its API port. */
async function startNginx(apiPorts: number[]): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'llk-nginx-retry-'));
  const [site, api, web] = [await freePort(), await freePort(), await freePort()];
  const { args } = writeNginxConfig({ root: repoRoot, dir, site, api, webPorts: [web], apiPorts });
  const child: ChildProcess = spawn('nginx', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  closing.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  });
  // the site server answers /nginx-health itself: asking the API port would try the instances
  for (let tries = 0; tries < 200; tries += 1) {
    const up = await fetch(`http://127.0.0.1:${site}/nginx-health`).then(
      (answer) => answer.status > 0,
      () => false,
    );
    if (up) return api;
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`nginx did not come up: ${stderr}`);
}

const post = (port: number, url: string, language = 'en') =>
  fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify({ skuId: 'sku-1', quantity: 2 }),
  });

describe('nginx in front of two API instances, the first resetting a request it was sent', () => {
  it('passes the read-only POST /order/quote on to the other instance', async () => {
    const dead = await resettingInstance();
    const alive = await answeringInstance();
    const port = await startNginx([dead.port, alive.port]);
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(port, '/order/quote')));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { data: { path: string } }).data.path).toBe('/order/quote');
    }
    // the first instance was sent at least one of them, and reset it
    expect(dead.received.some((line) => line.startsWith('POST /order/quote '))).toBe(true);
  });

  it('does not send an order twice: the POST its instance reset gets the 503 envelope in the caller’s language', async () => {
    const dead = await resettingInstance();
    const alive = await answeringInstance();
    const port = await startNginx([dead.port, alive.port]);
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(port, '/order/createV2', 'fr')));
    const statuses = answers.map((answer) => answer.status);
    const sent = dead.received.filter((line) => line.startsWith('POST /order/createV2 ')).length;
    expect(sent).toBeGreaterThan(0);
    // each one the first instance reset is answered 503, never passed on
    expect(statuses.filter((status) => status === 503)).toHaveLength(sent);
    const refused = answers[statuses.indexOf(503)]!;
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({
      errcode: 50300,
      errmsg: 'Le service est momentanément indisponible. Veuillez réessayer plus tard.',
      data: null,
    });
  });
});

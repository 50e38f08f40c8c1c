#!/usr/bin/env node
// @ts-check
// The web's production server: what `next start` does, plus one rule it lacks. Forwarding
// headers are believed only from a trusted proxy (WEB_TRUST_PROXY, see server/forwarded.mjs),
// so the address the web passes on to the API is the visitor's own. PORT (3000) and HOSTNAME
// (all interfaces) as for `next start`; `-p <port>` works too.
import { createServer } from 'node:http';
import { believeForwarded, parseTrust } from './server/forwarded.mjs';
import { refusalFor } from './server/refuse.mjs';

// as `next start` does, before React and Next are loaded (they pick their build from it)
process.env.NODE_ENV ||= 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const { default: next } = await import('next');

const portFlag = process.argv.indexOf('-p');
const port = Number(portFlag > 0 ? process.argv[portFlag + 1] : (process.env.PORT ?? 3000));
const hostname = process.env.HOSTNAME || undefined;
const trust = parseTrust(process.env.WEB_TRUST_PROXY);

const app = next({ dev: false, dir: import.meta.dirname, hostname: hostname ?? 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  const refusal = refusalFor(req);
  if (refusal) return void res.writeHead(refusal.status, refusal.headers).end(req.method === 'HEAD' ? undefined : refusal.body);
  believeForwarded(req, trust);
  handle(req, res).catch((error) => {
    console.error('request failed', error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});
server.keepAliveTimeout = 65_000; // longer than a typical load balancer's idle timeout
server.listen(port, hostname, () => console.info(`▲ web ready on http://${hostname ?? 'localhost'}:${port}`));

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}

#!/usr/bin/env node
// @ts-check
// The web's production server: what `next start` does, plus one rule it lacks. Forwarding
// headers are believed only from a trusted proxy (WEB_TRUST_PROXY, see server/forwarded.mjs),
// so the address the web passes on to the API is the visitor's own; development-only surfaces
// answer loopback visitors only (server/dev-only.mjs); every answer carries the security
// headers, pages a script policy of their own (server/security-headers.mjs). PORT (3000) as for
// `next start`, `-p <port>` too; HOST (loopback: 127.0.0.1 and ::1) names other interfaces
// (server/listen.mjs).
import { guardDevOnly, sandboxIsPublic } from './server/dev-only.mjs';
import { believeForwarded, parseTrust } from './server/forwarded.mjs';
import { listenAll } from './server/listen.mjs';
import { secureResponse, securityOptions } from './server/security-headers.mjs';
import { refusalFor } from './server/refuse.mjs';

// as `next start` does, before React and Next are loaded (they pick their build from it)
process.env.NODE_ENV ||= 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const { default: next } = await import('next');

const portFlag = process.argv.indexOf('-p');
const port = Number(portFlag > 0 ? process.argv[portFlag + 1] : (process.env.PORT ?? 3000));
const trust = parseTrust(process.env.WEB_TRUST_PROXY);
const sandboxPublic = sandboxIsPublic(process.env);
const security = securityOptions(process.env);

const app = next({ dev: false, dir: import.meta.dirname, hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

/** @type {import('node:http').RequestListener} */
const onRequest = (req, res) => {
  secureResponse(req, res, security);
  const refusal = refusalFor(req);
  if (refusal) return void res.writeHead(refusal.status, refusal.headers).end(req.method === 'HEAD' ? undefined : refusal.body);
  believeForwarded(req, trust);
  guardDevOnly(req, { sandboxPublic });
  handle(req, res).catch((error) => {
    console.error('request failed', error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
};
const { servers, urls } = await listenAll(onRequest, port, process.env.HOST);
console.info(`▲ web ready on ${urls.join(' ')}`);

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    let open = servers.length;
    for (const server of servers) server.close(() => --open === 0 && process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}

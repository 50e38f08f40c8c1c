import { Server as NetServer } from 'node:net';
import { type Server } from 'node:http';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Another listener of this app (listen.ts: the second loopback address): drained and closed with the main one. */
    drainAlso(server: Server): void;
  }
}

/** How often the drain looks whether every connection has gone. */
const DRAIN_POLL_MS = 20;

/**
 * A rolling restart without errors (ADR 0026). On close (SIGTERM) a listening app
 *   1. stops accepting connections: nginx's next connection is refused and goes to another
 *      instance, a write too, since it was never sent;
 *   2. for up to SHUTDOWN_DRAIN_MS (or until every connection has gone) serves the requests that still
 *      arrive on kept-alive connections normally, each answer with `Connection: close` so its
 *      client reconnects elsewhere (Fastify's own 503 is off: return503OnClosing in app.ts);
 *   3. then closes the connections left idle, and the requests in flight finish before the
 *      database and Redis close. An answer that was already being worked on when the close began
 *      carries `Connection: close` too: Node would keep its connection open otherwise, and the
 *      close would wait for the client's keep-alive to end.
 * An app that never listened (tests' inject) closes at once.
 */
export default fp(
  async (app) => {
    let closing = false;
    const extras: Server[] = [];
    app.decorate('drainAlso', (server: Server) => {
      extras.push(server);
    });

    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });

    app.addHook('preClose', async () => {
      closing = true;
      const servers = [app.server, ...extras].filter((server) => server.listening);
      if (servers.length === 0) return;
      // net's close, not http's: http.Server#close also closes the idle kept-alive connections
      // at once, which is what the drain waits with. Fastify's own close of app.server after
      // this hook closes the idle ones and waits for the rest.
      for (const server of servers) NetServer.prototype.close.call(server);
      await drained(servers, app.config.shutdown.drainMs);
      for (const server of extras) {
        server.close();
        server.closeIdleConnections();
      }
    });
  },
  { name: 'closing', dependencies: ['config'] },
);

/** Resolves once no server has a connection open, or after `ms`. */
async function drained(servers: Server[], ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const open = await Promise.all(
      servers.map((server) => new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count ?? 0)))),
    );
    if (open.every((count) => count === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(DRAIN_POLL_MS, Math.max(0, deadline - Date.now()))));
  }
}

import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type FastifyInstance } from 'fastify';

// Where the API listens. The default, API_HOST=localhost, means loopback only: 127.0.0.1 and,
// where the machine has IPv6 loopback, ::1 too. Fastify's own "localhost" binds whatever the
// resolver returns for the name, which is often 127.0.0.1 alone; browsers that try ::1 first
// would then miss the API. Any other interface needs an explicit API_HOST.

export const LOOPBACK = 'localhost';

/** The addresses of an API_HOST value (a comma list); "localhost" is the loopback pair. */
export function listenAddresses(host: string): { addresses: string[]; optional: Set<string> } {
  const entries = host
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (entries.length === 1 && entries[0] === LOOPBACK) return { addresses: ['127.0.0.1', '::1'], optional: new Set(['::1']) };
  return { addresses: entries.length > 0 ? entries : ['127.0.0.1', '::1'], optional: new Set() };
}

/** An address a machine without that IP family cannot bind; only the implied ::1 may be skipped. */
const UNAVAILABLE = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT']);

function listenExtra(server: Server, port: number, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Listens on every address of `host` with one port; returns the addresses bound. The extra
 * listeners are handed to plugins/closing.ts, which drains and closes them with the main one.
 */
export async function listenOn(app: FastifyInstance, port: number, host: string): Promise<string[]> {
  const { addresses, optional } = listenAddresses(host);
  const [first, ...rest] = addresses as [string, ...string[]];
  await app.listen({ port, host: first });
  const bound = (app.server.address() as AddressInfo).port;
  const listening = [first];
  for (const address of rest) {
    const server = createServer((request, response) => app.routing(request, response));
    server.keepAliveTimeout = app.server.keepAliveTimeout;
    try {
      await listenExtra(server, bound, address);
    } catch (error) {
      if (optional.has(address) && UNAVAILABLE.has((error as NodeJS.ErrnoException).code ?? '')) continue;
      throw error;
    }
    app.drainAlso(server);
    listening.push(address);
    app.log.info(`Server listening at http://${address.includes(':') ? `[${address}]` : address}:${bound}`);
  }
  return listening;
}

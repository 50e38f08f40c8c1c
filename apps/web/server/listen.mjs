// @ts-check
// Where the web listens. Unset HOST means loopback only: 127.0.0.1 and, where the machine has
// IPv6 loopback, ::1 (resolvers often give "localhost" as 127.0.0.1 alone, so one listener on
// the name would miss browsers that try ::1 first). Other interfaces need an explicit HOST
// (a comma list; 0.0.0.0 or :: for all). HOSTNAME is not read: shells and containers set it
// to the machine's name, which would open the site to the network by accident.
import { createServer } from 'node:http';

/**
 * @param {string | undefined} value HOST
 * @returns {{ addresses: string[], optional: Set<string> }}
 */
export function listenAddresses(value) {
  const entries = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (entries.length === 0 || (entries.length === 1 && entries[0] === 'localhost')) {
    return { addresses: ['127.0.0.1', '::1'], optional: new Set(['::1']) };
  }
  return { addresses: entries, optional: new Set() };
}

const UNAVAILABLE = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT']);

/**
 * @param {import('node:http').Server} server
 * @param {number} port
 * @param {string} address
 * @returns {Promise<void>}
 */
function listen(server, port, address) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * One HTTP server per address of HOST, all on `port`, all with `handler`. The implied ::1 is
 * skipped on a machine without IPv6; any other address that cannot be bound is an error.
 * @param {import('node:http').RequestListener} handler
 * @param {number} port
 * @param {string | undefined} host
 * @returns {Promise<{ servers: import('node:http').Server[], urls: string[] }>}
 */
export async function listenAll(handler, port, host) {
  const { addresses, optional } = listenAddresses(host);
  const servers = [];
  const urls = [];
  let bound = port; // port 0: the first listener picks one, the others share it
  for (const address of addresses) {
    const server = createServer(handler);
    server.keepAliveTimeout = 65_000; // longer than a typical load balancer's idle timeout
    try {
      await listen(server, bound, address);
    } catch (error) {
      if (optional.has(address) && UNAVAILABLE.has(/** @type {NodeJS.ErrnoException} */ (error).code ?? '')) continue;
      for (const open of servers) open.close();
      throw error;
    }
    bound = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
    servers.push(server);
    urls.push(`http://${address.includes(':') ? `[${address}]` : address}:${bound}`);
  }
  return { servers, urls };
}

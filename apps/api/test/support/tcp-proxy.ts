import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

// A TCP proxy on a loopback port in front of a real server (the machine's Redis), so a test can
// take the server away from the app without touching it: `cut()` destroys every connection and
// refuses new ones (what a killed or unreachable server looks like to a client), `restore()`
// lets connections through again. The server itself never notices.

export interface TcpProxy {
  /** the loopback port clients connect to */
  readonly port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  /** client → upstream, each forwarding only while not frozen */
  const links = new Map<Socket, Socket>();
  let frozen = false;
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    links.set(client, upstream);
    client.on('close', () => links.delete(client));
    const pair = [client, upstream];
    for (const socket of pair) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        for (const other of pair) other.destroy();
      });
    }
    if (frozen) client.pause();
    else client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // not listening: a connection attempt is refused (ECONNREFUSED), as with a killed server
  const cut = async () => {
    const closed = server.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };
  return {
    port,
    cut,
    freeze() {
      frozen = true;
      for (const client of links.keys()) {
        client.unpipe();
        client.pause();
      }
    },
    thaw() {
      if (!frozen) return;
      frozen = false;
      for (const [client, upstream] of links) client.pipe(upstream);
    },
    async restore() {
      if (!server.listening) await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: cut,
  };
}

// @ts-check
// Which X-Forwarded-* headers of an incoming request are believed. `next start` keeps any
// X-Forwarded-For a browser sends (it only fills the header in when it is missing), and the
// web passes it on to the API, which trusts the web as its proxy: a visitor could pick their
// own address and walk past every per-IP limit. server.mjs runs this on every request first.
import proxyaddr from '@fastify/proxy-addr';

/** @typedef {(address: string, hop: number) => boolean} TTrust */

/**
 * WEB_TRUST_PROXY, the same syntax as the API's TRUST_PROXY: unset or "false" (nobody: the
 * socket's peer is the client), "true" (every hop), a hop count, or a comma list of proxy
 * addresses, CIDRs or the names loopback, linklocal and uniquelocal.
 * @param {string | undefined} value
 * @returns {TTrust}
 */
export function parseTrust(value) {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return () => false;
  if (text === 'true') return () => true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
}

const FORWARDED = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded'];

/**
 * Rewrites the request's forwarding headers in place: X-Forwarded-For becomes the one client
 * address (the socket's peer, or the first untrusted hop behind trusted proxies), and
 * host/proto/port claims are kept only when the peer is a trusted proxy (else Next fills them
 * in from the socket).
 * @param {{ headers: import('node:http').IncomingHttpHeaders, socket: { remoteAddress?: string } }} req
 * @param {TTrust} trust
 */
export function believeForwarded(req, trust) {
  const peer = req.socket.remoteAddress ?? '';
  const peerTrusted = peer !== '' && trust(peer, 0);
  const client = peerTrusted ? proxyaddr(/** @type {any} */ (req), trust) : peer;
  if (!peerTrusted) {
    for (const name of FORWARDED) delete req.headers[name];
  } else {
    delete req.headers['x-real-ip'];
    delete req.headers.forwarded;
  }
  if (client) req.headers['x-forwarded-for'] = client;
  else delete req.headers['x-forwarded-for'];
}

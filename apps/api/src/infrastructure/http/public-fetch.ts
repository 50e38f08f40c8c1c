import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// GET of a URL a member of staff typed (a release file to hash), to the public internet only:
// every address the host name resolves to — checked when the socket connects, so a name that
// answers differently the second time (DNS rebinding) is caught too — and every redirect's
// target must be public. Loopback, private, link-local, carrier-grade NAT, documentation and
// multicast ranges are refused (NotPublicAddressError), unless the host is named in
// `privateHosts` (an internal artefact server, RELEASE_FETCH_PRIVATE_HOSTS).

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** True for an address on the public internet (an IPv4-mapped IPv6 address is judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    return !blocked.check(address, 'ipv6');
  }
  return !blocked.check(address, 'ipv4');
}

export class NotPublicAddressError extends Error {
  constructor(readonly host: string) {
    super(`${host} is not a public address`);
  }
}

const MAX_REDIRECTS = 5;

export interface PublicFetchOptions {
  signal: AbortSignal;
  /** Host names (lower case) allowed to resolve to non-public addresses. */
  privateHosts?: readonly string[];
}

/** Resolves like dns.lookup but fails when any answer is not a public address. */
function guardedLookup(host: string): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused || addresses.length === 0) return callback(new NotPublicAddressError(host), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * GETs `url` (http or https), following up to five redirects, each to a public address; resolves
 * with the final response (any status: the caller judges it and must consume or destroy it).
 */
export async function fetchPublic(url: string, options: PublicFetchOptions): Promise<IncomingMessage> {
  let target = new URL(url);
  for (let hop = 0; ; hop += 1) {
    const response = await getOnce(target, options);
    const location = response.headers.location;
    if (!location || ![301, 302, 303, 307, 308].includes(response.statusCode ?? 0)) return response;
    response.destroy();
    if (hop >= MAX_REDIRECTS) throw new Error('too many redirects');
    target = new URL(location, target);
  }
}

function getOnce(target: URL, options: PublicFetchOptions): Promise<IncomingMessage> {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return Promise.reject(new Error(`${target.protocol} is not http(s)`));
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const trusted = options.privateHosts?.includes(host) ?? false;
  if (!trusted && isIP(host) !== 0 && !isPublicAddress(host)) return Promise.reject(new NotPublicAddressError(host));
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      target,
      { method: 'GET', signal: options.signal, ...(trusted ? {} : { lookup: guardedLookup(host) }) },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

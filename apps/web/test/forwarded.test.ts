import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM with JSDoc types, run by node directly (server.mjs)
import { believeForwarded, parseTrust } from '../server/forwarded.mjs';

type TTrust = (address: string, hop: number) => boolean;
const believe = believeForwarded as (req: TRequest, trust: TTrust) => void;
const trustOf = parseTrust as (value: string | undefined) => TTrust;

interface TRequest {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string };
}

function request(peer: string, headers: IncomingHttpHeaders): TRequest {
  return { headers: { host: 'www.llk.example', ...headers }, socket: { remoteAddress: peer } };
}

describe('forwarding headers the web believes (server/forwarded.mjs)', () => {
  it('by default replaces a visitor’s own X-Forwarded-For with the socket’s address', () => {
    const req = request('203.0.113.9', {
      'x-forwarded-for': '1.0.1.1, 8.8.8.8',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-real-ip': '9.9.9.9',
      forwarded: 'for=9.9.9.9',
    });
    believe(req, trustOf(undefined));
    expect(req.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(req.headers['x-forwarded-host']).toBeUndefined();
    expect(req.headers['x-forwarded-proto']).toBeUndefined();
    expect(req.headers['x-real-ip']).toBeUndefined();
    expect(req.headers.forwarded).toBeUndefined();
    expect(req.headers.host).toBe('www.llk.example');
  });

  it('sets the address when the visitor sent none, also for "false" and IPv6', () => {
    const req = request('2001:db8::7', {});
    believe(req, trustOf('false'));
    expect(req.headers['x-forwarded-for']).toBe('2001:db8::7');
  });

  it('behind a trusted proxy takes the first untrusted hop, whatever the visitor prepended', () => {
    const trust = trustOf('loopback, 10.0.0.0/8');
    const req = request('127.0.0.1', { 'x-forwarded-for': '1.0.1.1, 198.51.100.23, 10.1.2.3', 'x-forwarded-proto': 'https' });
    believe(req, trust);
    expect(req.headers['x-forwarded-for']).toBe('198.51.100.23');
    expect(req.headers['x-forwarded-proto']).toBe('https'); // the proxy's own claim is kept
  });

  it('does not believe a peer outside the list', () => {
    const req = request('192.0.2.50', { 'x-forwarded-for': '1.0.1.1' });
    believe(req, trustOf('loopback'));
    expect(req.headers['x-forwarded-for']).toBe('192.0.2.50');
  });

  it('counts hops when given a number, and trusts everything with "true"', () => {
    const twoHops = request('10.0.0.1', { 'x-forwarded-for': '1.0.1.1, 198.51.100.23, 10.0.0.2' });
    believe(twoHops, trustOf('2'));
    expect(twoHops.headers['x-forwarded-for']).toBe('198.51.100.23');
    const all = request('10.0.0.1', { 'x-forwarded-for': '1.0.1.1, 198.51.100.23' });
    believe(all, trustOf('true'));
    expect(all.headers['x-forwarded-for']).toBe('1.0.1.1');
  });
});

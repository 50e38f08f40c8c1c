import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM with JSDoc types, run by node directly (server.mjs)
import { devOnlyApiSurface, guardDevOnly, isLoopbackAddress, PEER_HEADER, REFUSED_API_PATH, sandboxIsPublic } from '../server/dev-only.mjs';
// @ts-expect-error -- plain ESM with JSDoc types, run by node directly (server.mjs)
import { believeForwarded, parseTrust } from '../server/forwarded.mjs';
// @ts-expect-error -- plain ESM with JSDoc types, run by node directly (server.mjs)
import { listenAddresses } from '../server/listen.mjs';
import { isLocalVisitor } from '../src/lib/local-visitor';

interface TRequest {
  url: string;
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string };
}

type TGuard = (req: TRequest, options: { sandboxPublic: boolean }) => void;
type TBelieve = (req: TRequest, trust: (address: string, hop: number) => boolean) => void;
const guard = guardDevOnly as TGuard;
const believe = believeForwarded as TBelieve;
const trustOf = parseTrust as (value: string | undefined) => (address: string, hop: number) => boolean;

/** What server.mjs does to every request before Next sees it. */
function serve(url: string, peer: string, headers: IncomingHttpHeaders = {}, { trust = '', sandboxPublic = false } = {}): TRequest {
  const req: TRequest = { url, headers: { host: 'localhost:3000', ...headers }, socket: { remoteAddress: peer } };
  believe(req, trustOf(trust));
  guard(req, { sandboxPublic });
  return req;
}

const NEIGHBOUR = '192.0.2.10';

describe('development-only surfaces through the web (server/dev-only.mjs)', () => {
  it('finds the API surfaces however the path is spelled', () => {
    expect(devOnlyApiSurface('/api/dev/outbox?to=138')).toBe('outbox');
    expect(devOnlyApiSurface('/api/%64ev/outbox')).toBe('outbox');
    expect(devOnlyApiSurface('/api/./DEV/outbox')).toBe('outbox');
    expect(devOnlyApiSurface('/api/x/../sandbox/pay/ZFB/1?t=a')).toBe('sandbox');
    expect(devOnlyApiSurface('/dev/outbox')).toBeNull();
    expect(devOnlyApiSurface('/api/download/list')).toBeNull();
    expect(devOnlyApiSurface('/api/developer')).toBeNull();
  });

  it('knows loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['192.0.2.10', '::ffff:192.0.2.10', 'fd00::2', '', undefined]) expect(isLoopbackAddress(address)).toBe(false);
  });

  it('forwards them for a visitor on this machine, and marks the request as local', () => {
    for (const peer of ['127.0.0.1', '::1']) {
      const req = serve('/api/dev/outbox?to=138', peer);
      expect(req.url).toBe('/api/dev/outbox?to=138');
      expect(req.headers[PEER_HEADER]).toBe('loopback');
    }
    expect(serve('/api/sandbox/pay/ZFB/1?t=a', '127.0.0.1').url).toBe('/api/sandbox/pay/ZFB/1?t=a');
  });

  it('sends a neighbour to a path the API does not have, whatever they claim in headers', () => {
    for (const url of ['/api/dev/outbox?to=138', '/api/%64ev/outbox', '/api/sandbox/pay/ZFB/1?t=a']) {
      const req = serve(url, NEIGHBOUR, { 'x-forwarded-for': '127.0.0.1', [PEER_HEADER]: 'loopback' });
      expect(req.url, url).toBe(REFUSED_API_PATH);
      expect(req.headers[PEER_HEADER]).toBe('remote');
    }
    // other calls pass untouched
    expect(serve('/api/download/list', NEIGHBOUR).url).toBe('/api/download/list');
  });

  it('behind a trusted proxy on this machine, the visitor it names decides', () => {
    const remote = serve('/api/dev/outbox', '127.0.0.1', { 'x-forwarded-for': `127.0.0.1, ${NEIGHBOUR}` }, { trust: 'loopback' });
    expect(remote.url).toBe(REFUSED_API_PATH);
    const local = serve('/api/dev/outbox', '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }, { trust: 'loopback' });
    expect(local.url).toBe('/api/dev/outbox');
    // a trusted proxy's claim never makes a remote socket local
    expect(serve('/api/dev/outbox', NEIGHBOUR, { 'x-forwarded-for': '127.0.0.1' }, { trust: 'true' }).url).toBe(REFUSED_API_PATH);
  });

  it('leaves the sandbox to the API when production opted in to it, never the outbox', () => {
    const env = { PAYMENT_SANDBOX: 'true', PAYMENT_SANDBOX_I_UNDERSTAND: 'anyone-can-pay-for-free' };
    expect(sandboxIsPublic(env)).toBe(true);
    expect(sandboxIsPublic({ PAYMENT_SANDBOX: 'true' })).toBe(false);
    expect(sandboxIsPublic({ PAYMENT_SANDBOX: 'false', PAYMENT_SANDBOX_I_UNDERSTAND: 'anyone-can-pay-for-free' })).toBe(false);
    expect(serve('/api/sandbox/pay/ZFB/1?t=a', NEIGHBOUR, {}, { sandboxPublic: true }).url).toBe('/api/sandbox/pay/ZFB/1?t=a');
    expect(serve('/api/dev/outbox', NEIGHBOUR, {}, { sandboxPublic: true }).url).toBe(REFUSED_API_PATH);
  });
});

describe('development pages (lib/local-visitor.ts)', () => {
  it('believe the mark of the web server, and nothing else in production', () => {
    expect(isLocalVisitor(new Headers({ 'x-llk-peer': 'loopback' }), 'production')).toBe(true);
    expect(isLocalVisitor(new Headers({ 'x-llk-peer': 'remote', 'x-forwarded-for': '127.0.0.1' }), 'production')).toBe(false);
    expect(isLocalVisitor(new Headers({ 'x-forwarded-for': '127.0.0.1' }), 'production')).toBe(false);
    expect(isLocalVisitor(new Headers(), 'production')).toBe(false);
  });

  it('under next dev (no web server of ours), take the client address Next filled in', () => {
    expect(isLocalVisitor(new Headers({ 'x-forwarded-for': '::1' }), 'development')).toBe(true);
    expect(isLocalVisitor(new Headers({ 'x-forwarded-for': NEIGHBOUR }), 'development')).toBe(false);
    expect(isLocalVisitor(new Headers(), 'development')).toBe(false);
  });
});

describe('listen addresses (server/listen.mjs)', () => {
  it('are the loopback pair unless HOST names others', () => {
    const addresses = listenAddresses as (value: string | undefined) => { addresses: string[]; optional: Set<string> };
    expect(addresses(undefined)).toEqual({ addresses: ['127.0.0.1', '::1'], optional: new Set(['::1']) });
    expect(addresses('  ')).toEqual({ addresses: ['127.0.0.1', '::1'], optional: new Set(['::1']) });
    expect(addresses('localhost')).toEqual({ addresses: ['127.0.0.1', '::1'], optional: new Set(['::1']) });
    expect(addresses('0.0.0.0')).toEqual({ addresses: ['0.0.0.0'], optional: new Set() });
    expect(addresses('192.0.2.2, ::1')).toEqual({ addresses: ['192.0.2.2', '::1'], optional: new Set() });
  });
});

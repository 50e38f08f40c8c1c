import { type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AppConfig } from '../config';
import { codedResponse } from '../../infrastructure/http/error-response';

// Development-only surfaces: the dev outbox (/dev/*) shows every code sent, and the payment
// sandbox (/sandbox/*) marks orders paid. Outside production they answer only a client on
// this machine: the socket's peer and the client address (request.ip, which TRUST_PROXY may
// take from X-Forwarded-For, e.g. the visitor behind the web's /api forward) must both be
// loopback. In production the outbox does not exist and the sandbox exists only when opted in
// (PAYMENT_SANDBOX + PAYMENT_SANDBOX_I_UNDERSTAND), for every visitor of that staging site.
// Anyone else gets exactly what an unknown path gets.

export type TDevSurface = 'outbox' | 'sandbox';

/**
 * Whether a URL might reach a development-only surface: it names dev or sandbox in any case, or
 * has an escape, a dot segment, a backslash or a tab or newline (which URL parsing drops) that
 * could spell one (devSurfaceOf decides).
 */
const MAYBE_DEV = /dev|sandbox|%|\.\.?(?:\/|\\|$)|[\\\t\r\n]/i;

export function mightReachDevSurface(url: string): boolean {
  return MAYBE_DEV.test(url);
}

/** Which development-only surface a URL reaches (dot segments, escapes and case ignored). */
export function devSurfaceOf(url: string): TDevSurface | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://api.invalid').pathname;
  } catch {
    return null;
  }
  const first = pathname.split('/').find(Boolean) ?? '';
  let segment: string;
  try {
    segment = decodeURIComponent(first).toLowerCase();
  } catch {
    segment = first.toLowerCase();
  }
  if (segment === 'dev') return 'outbox';
  if (segment === 'sandbox') return 'sandbox';
  return null;
}

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const text = address.trim().toLowerCase();
  if (text === '::1' || text === '0:0:0:0:0:0:0:1') return true;
  const v4 = text.startsWith('::ffff:') ? text.slice(7) : text;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export interface TDevAccess {
  surface: TDevSurface;
  production: boolean;
  /** production with the sandbox explicitly opted in */
  sandboxPublic: boolean;
  /** the socket's peer */
  peer: string | undefined;
  /** the client as request.ip believes it */
  client: string | undefined;
}

export function devSurfaceAllowed({ surface, production, sandboxPublic, peer, client }: TDevAccess): boolean {
  if (surface === 'sandbox' && sandboxPublic) return true;
  if (production) return false;
  return isLoopbackAddress(peer) && isLoopbackAddress(client);
}

function accessOf(request: FastifyRequest, surface: TDevSurface, config: AppConfig): TDevAccess {
  const production = config.nodeEnv === 'production';
  return {
    surface,
    production,
    sandboxPublic: production && config.payments.sandbox,
    peer: request.socket.remoteAddress,
    client: request.ip,
  };
}

export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      // most paths cannot name a dev surface, in any spelling: no URL is parsed for them
      const surface = mightReachDevSurface(request.url) ? devSurfaceOf(request.url) : null;
      if (!surface || devSurfaceAllowed(accessOf(request, surface, app.config))) {
        done();
        return;
      }
      const response = codedResponse(request, 'ROUTE_NOT_FOUND');
      void reply.status(response.status).send(response.body);
    });
  },
  { name: 'dev-only', dependencies: ['config', 'i18n'] },
);

import { SESSION_COOKIE } from '@llk/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../infrastructure/http/app-error';
import { type SignInContext } from './security.service';
import { findActiveSessionCached, type ActiveSession } from './sessions.service';
import { totpKeyFrom } from './totp-crypto';

export { SESSION_COOKIE };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by app.requireUser (or app.authenticate) when the request carries a live session. */
    user: ActiveSession | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook: 401 UNAUTHORIZED without a live session, 403 for a cross-site cookie write.
     * onRequest, not preHandler: the session is checked before the body is parsed and validated,
     * so a caller without a session learns nothing about the body rules (and every route says 401).
     */
    requireUser(request: FastifyRequest): Promise<void>;
    /** Resolves request.user when possible; never throws for a missing or dead session. */
    authenticate(request: FastifyRequest): Promise<ActiveSession | null>;
    setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void;
    clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void;
    /** Key of the TOTP secrets (TOTP_ENCRYPTION_KEY; required in production). */
    totpKey: Buffer;
    /** What a sign-in path needs to finish and record a sign-in for this request. */
    signInContext(request: FastifyRequest): SignInContext;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token and where it came from: the Authorization header wins over the cookie. */
export function tokenOf(request: FastifyRequest): { token: string; via: 'header' | 'cookie' } | null {
  const header = request.headers.authorization?.trim();
  if (header) return { token: header.replace(/^Bearer\s+/i, ''), via: 'header' };
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** The origin (scheme, host and port, default ports dropped) an Origin or Referer names. */
function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * A cookie rides along on any request the browser makes, so a state-changing call that relies
 * on it must come from our own pages: Origin (or, without one, Referer) must be the web app's
 * origin or this server's own, scheme, host and port alike: an http page on the same host, or
 * another port of it, is another site to the browser and may be someone else's (ADR 0012).
 */
export function isSameOrigin(request: FastifyRequest, webOrigin: string): boolean {
  const source = request.headers.origin === undefined ? originOf(request.headers.referer) : originOf(request.headers.origin);
  if (!source) return false;
  return source === originOf(webOrigin) || source === originOf(`${request.protocol}://${request.host}`);
}

export default fp(
  async (app) => {
    const policy = { idleMs: app.config.session.idleMs, absoluteMs: app.config.session.absoluteMs };
    app.decorateRequest('user', null);
    app.decorate('totpKey', totpKeyFrom(app.config.totpEncryptionKey, app.config.nodeEnv));
    app.decorate('signInContext', (request: FastifyRequest): SignInContext => ({
      db: app.db,
      kv: app.kv,
      // the codes plugin (registered after this one) decorates delivery; read at request time
      delivery: app.delivery,
      log: request.log,
      policy,
      totpKey: app.totpKey,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      locale: request.locale,
    }));

    const resolved = new WeakMap<FastifyRequest, ActiveSession | null>();
    async function resolve(request: FastifyRequest): Promise<{ session: ActiveSession | null; crossSite: boolean }> {
      const found = tokenOf(request);
      if (!found) return { session: null, crossSite: false };
      if (found.via === 'cookie' && !SAFE_METHODS.has(request.method) && !isSameOrigin(request, app.config.webOrigin)) {
        return { session: null, crossSite: true };
      }
      if (!resolved.has(request))
        resolved.set(request, await findActiveSessionCached(app.db, app.kv, found.token, policy, new Date(), app.sessionMemo));
      return { session: resolved.get(request) ?? null, crossSite: false };
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const { session } = await resolve(request);
      request.user = session;
      return session;
    });

    const guarded = new WeakSet<FastifyRequest>();
    async function requireUser(request: FastifyRequest) {
      guarded.add(request);
      const { session, crossSite } = await resolve(request);
      if (crossSite) throw new AppError('FORBIDDEN');
      if (!session) throw new AppError('UNAUTHORIZED');
      request.user = session;
    }
    app.decorate('requireUser', requireUser);

    // Anywhere later than onRequest, Fastify would parse and validate the body first.
    app.addHook('onRoute', (route) => {
      for (const stage of ['preParsing', 'preValidation', 'preHandler'] as const) {
        if ([route[stage]].flat().includes(requireUser))
          throw new Error(`${route.method} ${route.url}: requireUser belongs in onRequest, not ${stage}`);
      }
    });

    // An answer about a session (or refusing one) is the caller's alone: no cache keeps it.
    app.addHook('onSend', (request, reply, payload, done) => {
      if ((request.user || guarded.has(request)) && !String(reply.getHeader('cache-control') ?? '').includes('no-store'))
        reply.header('cache-control', 'no-store');
      done(null, payload);
    });

    const maxAge = Math.floor(policy.absoluteMs / 1000);
    app.decorate('setSessionCookie', (request: FastifyRequest, reply: FastifyReply, token: string) => {
      reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/', maxAge });
    });
    app.decorate('clearSessionCookie', (request: FastifyRequest, reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/' });
    });
  },
  { name: 'auth', dependencies: ['config', 'db', 'kv', 'memos'] },
);

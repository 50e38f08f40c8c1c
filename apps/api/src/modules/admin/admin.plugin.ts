import { ADMIN_SESSION_COOKIE } from '@llk/contracts';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError } from '../../infrastructure/http/app-error';
import { isSameOriginRequest } from '../auth';
import { type AdminRouteTable, type LiveStaffSession, type TAdminAccess } from '../../infrastructure/http/staff';
import { isPermission, roleHas } from './permissions';
import { findLiveStaffSession } from './staff-sessions.service';

export { type AdminRouteTable, type TAdminAccess } from '../../infrastructure/http/staff';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isAccess(value: unknown): value is TAdminAccess {
  return value === 'public' || value === 'staff' || isPermission(value);
}

/** The live staff session of a request (its `llk_admin` cookie), or null. */
export function staffOf(app: FastifyInstance, request: FastifyRequest): Promise<LiveStaffSession | null> {
  const token = request.cookies[ADMIN_SESSION_COOKIE];
  return token ? findLiveStaffSession(app.db, token) : Promise.resolve(null);
}

/**
 * The permission hook of the back office, added to the encapsulated context that holds the
 * /admin routes: a route without a valid `config.permission` fails at start-up; a state-changing
 * request with the staff cookie must come from our own pages (403, like the customer cookie); each request of a
 * guarded route needs a live staff session (401) whose role holds the permission (403); every
 * answer is `Cache-Control: no-store`.
 */
export function guardAdminRoutes(app: FastifyInstance, table: AdminRouteTable): void {
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/admin')) throw new Error(`admin routes live under /admin: ${url}`);
    const permission = (route.config as { permission?: unknown } | undefined)?.permission;
    if (!isAccess(permission)) throw new Error(`admin route ${String(route.method)} ${url} declares no permission (config.permission)`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.set(`${method} ${url}`, permission);
  });
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission) throw new AppError('FORBIDDEN');
    // The cookie rides along on any request the browser makes: a state-changing call carrying
    // it must come from our own pages (the customers' rule).
    const withCookie = request.cookies[ADMIN_SESSION_COOKIE] !== undefined;
    if (withCookie && !SAFE_METHODS.has(request.method) && !isSameOriginRequest(request, app.config.webOrigin))
      throw new AppError('FORBIDDEN');
    if (permission === 'public') return;
    const staff = await staffOf(app, request);
    if (!staff) throw new AppError('UNAUTHORIZED');
    if (permission !== 'staff' && !roleHas(staff.role, permission)) throw new AppError('FORBIDDEN');
    request.staff = staff;
  });
  // Every answer here is about staff work (people, money, audit): no cache, shared or the
  // browser's, keeps one, refusals and errors included (ADR 0012, 4).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!String(reply.getHeader('cache-control') ?? '').includes('no-store')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

import { ADMIN_SESSION_COOKIE } from '@llk/contracts';
import { type FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { isPermission, roleHas, type TPermission } from './permissions';
import { findLiveStaffSession, type LiveStaffSession } from './staff-sessions.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The one permission an /admin route needs (ADR 0019); required on every /admin route. */
    permission?: TPermission;
  }
  interface FastifyInstance {
    /** "METHOD /url" → permission of every /admin route (filled at start-up). */
    adminRouteTable: Map<string, TPermission>;
  }
  interface FastifyRequest {
    staff?: LiveStaffSession | null;
  }
}

/** "METHOD /url" → permission of every admin route, for the matrix test and the docs. */
export type AdminRouteTable = Map<string, TPermission>;

/**
 * The permission hook of the back office, added to the encapsulated context that holds the
 * /admin routes: a route without a valid `config.permission` fails at start-up; each request
 * needs a live staff session (401) whose role holds the permission (403).
 */
export function guardAdminRoutes(app: FastifyInstance, table: AdminRouteTable): void {
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/admin')) throw new Error(`admin routes live under /admin: ${url}`);
    const permission = (route.config as { permission?: unknown } | undefined)?.permission;
    if (!isPermission(permission)) throw new Error(`admin route ${String(route.method)} ${url} declares no permission (config.permission)`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.set(`${method} ${url}`, permission);
  });
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission) throw new AppError('FORBIDDEN');
    const token = request.cookies[ADMIN_SESSION_COOKIE];
    const staff = token ? await findLiveStaffSession(app.db, token) : null;
    if (!staff) throw new AppError('UNAUTHORIZED');
    if (!roleHas(staff.role, permission)) throw new AppError('FORBIDDEN');
    request.staff = staff;
  });
}

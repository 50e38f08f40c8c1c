import {
  ADMIN_SESSION_COOKIE,
  ZAdminLanguageRequest,
  ZAdminLoginRequest,
  ZAdminMe,
  ZAdminSetupRequest,
  ZAdminSetupStart,
  ZAdminSetupStartRequest,
} from '@llk/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../infrastructure/http/app-error';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { ROLE_PERMISSIONS } from './permissions';
import { finishStaffSetup, staffLogin, startStaffSetup, type StaffAuthContext } from './staff-auth.service';
import { endStaffSession, setStaffLanguage, STAFF_SESSION_ABSOLUTE_MS } from './staff-sessions.service';
import { refundQueueSize } from '../payments';

// The staff member's own session: set-up, log-in and log-out (no session needed for the first
// two), who they are, what their role allows, their language. The session cookie llk_admin is
// Path=/admin (pages and their /admin/api calls, never a public page), HttpOnly, SameSite=Strict,
// Secure behind TLS.

const COOKIE_BASE = { path: '/admin', httpOnly: true, sameSite: 'strict' } as const;

export function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(ADMIN_SESSION_COOKIE, token, {
    ...COOKIE_BASE,
    secure: request.protocol === 'https',
    maxAge: STAFF_SESSION_ABSOLUTE_MS / 1000,
  });
}

export const sessionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest): StaffAuthContext => ({
    db: app.db,
    kv: app.kv,
    totpKey: app.totpKey,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });

  app.post(
    '/admin/setup/start',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['admin'],
        summary: 'Open a one-time set-up link: the member and a new authenticator secret (back office; no session)',
        description:
          'The token is the `#token=` of the link that admin:create or a TOTP reset printed. STAFF_SETUP_INVALID when unknown, used or expired. Nothing is stored: each call hands out a new secret, confirmed by POST /admin/setup.',
        body: ZAdminSetupStartRequest,
        response: envelopeResponses(ZAdminSetupStart),
      },
    },
    async (request) => ok(await startStaffSetup(app.db, request.body.token)),
  );

  app.post(
    '/admin/setup',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['admin'],
        summary: 'Finish a set-up: password and TOTP enrolment, then signed in (back office; no session)',
        description:
          'A code of the authenticator proves it holds `secret` (STAFF_TOTP_INVALID otherwise). The link is used up; of concurrent calls one wins, ' +
          'the others get STAFF_SETUP_INVALID. Sets the llk_admin cookie (Path=/admin, HttpOnly, SameSite=Strict).',
        body: ZAdminSetupRequest,
        response: envelopeResponses(ZAdminMe),
      },
    },
    async (request, reply) => {
      const { me, token } = await finishStaffSetup(context(request), request.body);
      setStaffCookie(request, reply, token);
      return ok(me);
    },
  );

  app.post(
    '/admin/login',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['admin'],
        summary: 'Staff log-in: username, password and authenticator code (back office; no session)',
        description:
          'Any of the three wrong, a locked member or one not set up: STAFF_LOGIN_INVALID. Failures back off like customer log-ins ' +
          '(LOGIN_THROTTLED with Retry-After). Sets the llk_admin cookie (Path=/admin, HttpOnly, SameSite=Strict).',
        body: ZAdminLoginRequest,
        response: envelopeResponses(ZAdminMe),
      },
    },
    async (request, reply) => {
      const { me, token } = await staffLogin(context(request), request.body);
      setStaffCookie(request, reply, token);
      return ok(me);
    },
  );

  app.post(
    '/admin/logout',
    {
      config: { permission: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'End the staff session and clear its cookie (back office; any staff session)',
        response: envelopeResponses(z.null()),
      },
    },
    async (request, reply) => {
      if (request.staff) await endStaffSession(app.db, request.staff.sessionId);
      reply.clearCookie(ADMIN_SESSION_COOKIE, { ...COOKIE_BASE, secure: request.protocol === 'https' });
      return ok(null);
    },
  );

  app.get(
    '/admin/me',
    {
      config: { permission: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'The signed-in staff member: role, permissions and language (back office; any staff session)',
        description: 'Staff session cookie llk_admin; 401 without a live one.',
        response: envelopeResponses(ZAdminMe),
      },
    },
    async (request) => {
      const staff = request.staff;
      if (!staff) throw new AppError('UNAUTHORIZED');
      const permissions = [...ROLE_PERMISSIONS[staff.role]];
      // the refund queue's size is the back office's alert badge (ADR 0015): one indexed count
      const refundQueue = permissions.includes('orders.read') ? await refundQueueSize(app.db) : undefined;
      return ok({
        id: staff.staffId,
        username: staff.username,
        role: staff.role,
        permissions,
        language: staff.locale,
        ...(refundQueue === undefined ? {} : { refundQueue }),
      });
    },
  );

  app.put(
    '/admin/me/language',
    {
      config: { permission: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "The staff member's own language for staff screens, zh-CN or en (back office; any staff session)",
        body: ZAdminLanguageRequest,
        response: envelopeResponses(z.null()),
      },
    },
    async (request) => {
      const staff = request.staff;
      if (!staff) throw new AppError('UNAUTHORIZED');
      await setStaffLanguage(app.db, staff.staffId, request.body.language);
      return ok(null);
    },
  );
};

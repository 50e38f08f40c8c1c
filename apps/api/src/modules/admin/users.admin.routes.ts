import {
  ZAdminGrantDaysRequest,
  ZAdminGrantWallsRequest,
  ZAdminIdParams,
  ZAdminRequiredReasonRequest,
  ZAdminResetTwoStepRequest,
  ZAdminSessionParams,
  ZAdminUserDetail,
  ZAdminUserProfile,
  ZAdminUsersPage,
  ZAdminUsersQuery,
} from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../lib/envelope';
import { type StaffActor } from './admin-actions';
import { endAllSessions, endOneSession, getUserDetail, grantMembershipDays, grantWalls, listUsers, resetTwoStepVerification, setLocked } from './users.admin.service';

/** The staff member the permission hook let in, with their address, for the audit log. */
export function actorOf(request: FastifyRequest): StaffActor {
  const staff = request.staff;
  if (!staff) throw new Error('admin route without a staff session');
  return { staffId: staff.staffId, role: staff.role, ip: request.ip };
}

const ACTION = 'Staff session cookie llk_admin. Requires a reason; audited with the user before and after.';

export const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/users',
    {
      config: { permission: 'users.read' },
      schema: {
        tags: ['admin'],
        summary: 'Search customers, newest first (back office; permission users.read)',
        description:
          "`q`: an exact user id, or a prefix of the username, phone or email. A phone typed without its calling code is read in `region` (ISO 3166-1 alpha-2; CN when absent): `612 345 678` with `region=ES` is +34612345678; one typed with + or 00 needs no region. Keyset pages: pass a page's `next` as `before`.",
        querystring: ZAdminUsersQuery,
        response: envelopeResponses(ZAdminUsersPage),
      },
    },
    async (request) => ok(await listUsers(app.db, request.query)),
  );

  app.get(
    '/admin/users/:id',
    {
      config: { permission: 'users.read' },
      schema: {
        tags: ['admin'],
        summary: "A customer's page: profile, plan and terms, orders, sessions, devices, referral relations (permission users.read)",
        params: ZAdminIdParams,
        response: envelopeResponses(ZAdminUserDetail),
      },
    },
    async (request) => ok(await getUserDetail(app.db, request.params.id)),
  );

  const action = { config: { permission: 'users.act' as const }, params: ZAdminIdParams, response: envelopeResponses(ZAdminUserProfile) };

  app.post(
    '/admin/users/:id/grant-membership',
    { config: action.config, schema: { tags: ['admin'], summary: 'Grant membership days (permission users.act)', description: ACTION, params: action.params, body: ZAdminGrantDaysRequest, response: action.response } },
    async (request) => ok(await grantMembershipDays(app.db, actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/admin/users/:id/grant-walls',
    { config: action.config, schema: { tags: ['admin'], summary: 'Grant screen walls (permission users.act)', description: ACTION, params: action.params, body: ZAdminGrantWallsRequest, response: action.response } },
    async (request) => ok(await grantWalls(app.db, actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/admin/users/:id/lock',
    { config: action.config, schema: { tags: ['admin'], summary: 'Lock the account and end its sessions (permission users.act)', description: ACTION, params: action.params, body: ZAdminRequiredReasonRequest, response: action.response } },
    async (request) => ok(await setLocked(app.db, app.kv, actorOf(request), request.params.id, true, request.body.reason)),
  );
  app.post(
    '/admin/users/:id/unlock',
    { config: action.config, schema: { tags: ['admin'], summary: 'Unlock the account (permission users.act)', description: ACTION, params: action.params, body: ZAdminRequiredReasonRequest, response: action.response } },
    async (request) => ok(await setLocked(app.db, app.kv, actorOf(request), request.params.id, false, request.body.reason)),
  );
  app.post(
    '/admin/users/:id/end-sessions',
    { config: action.config, schema: { tags: ['admin'], summary: "End all the customer's sessions (permission users.act)", description: ACTION, params: action.params, body: ZAdminRequiredReasonRequest, response: action.response } },
    async (request) => ok(await endAllSessions(app.db, app.kv, actorOf(request), request.params.id, request.body.reason)),
  );
  app.post(
    '/admin/users/:id/sessions/:sessionId/end',
    {
      config: action.config,
      schema: { tags: ['admin'], summary: "End one of the customer's sessions (permission users.act)", description: ACTION, params: ZAdminSessionParams, body: ZAdminRequiredReasonRequest, response: action.response },
    },
    async (request) => ok(await endOneSession(app.db, app.kv, actorOf(request), request.params.id, request.params.sessionId, request.body.reason)),
  );
  app.post(
    '/admin/users/:id/reset-two-step',
    {
      config: action.config,
      schema: { tags: ['admin'], summary: 'Reset two-step verification after an identity check (permission users.act)', description: ACTION, params: action.params, body: ZAdminResetTwoStepRequest, response: action.response },
    },
    async (request) => ok(await resetTwoStepVerification(app.db, actorOf(request), request.params.id, request.body)),
  );
};

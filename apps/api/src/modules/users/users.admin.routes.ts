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
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { actorOf } from '../../infrastructure/http/staff';
import {
  endAllSessions,
  endOneSession,
  getUserDetail,
  grantMembershipDays,
  grantWalls,
  listUsers,
  resetTwoStepVerification,
  setLocked,
  type UsersAdminSources,
} from './users.admin.service';

const ACTION = 'Staff session cookie llk_admin. Requires a reason; audited with the user before and after.';

/**
 * The staff's customer search, user page and account actions. `sources`: what they read and
 * change in the modules that stand on users (auth, fulfilment, orders, devices, referrals),
 * handed in by the composition.
 */
export const usersAdminRoutes: FastifyPluginAsyncZod<UsersAdminSources> = async (app, sources) => {
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
    async (request) => ok(await getUserDetail(sources, app.db, request.params.id)),
  );

  const action = { config: { permission: 'users.act' as const }, params: ZAdminIdParams, response: envelopeResponses(ZAdminUserProfile) };

  app.post(
    '/admin/users/:id/grant-membership',
    {
      config: action.config,
      schema: {
        tags: ['admin'],
        summary: 'Grant membership days (permission users.act)',
        description: ACTION,
        params: action.params,
        body: ZAdminGrantDaysRequest,
        response: action.response,
      },
    },
    async (request) => ok(await grantMembershipDays(sources, app.db, actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/admin/users/:id/grant-walls',
    {
      config: action.config,
      schema: {
        tags: ['admin'],
        summary: 'Grant screen walls (permission users.act)',
        description: ACTION,
        params: action.params,
        body: ZAdminGrantWallsRequest,
        response: action.response,
      },
    },
    async (request) => ok(await grantWalls(sources, app.db, actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/admin/users/:id/lock',
    {
      config: action.config,
      schema: {
        tags: ['admin'],
        summary: 'Lock the account and end its sessions (permission users.act)',
        description: ACTION,
        params: action.params,
        body: ZAdminRequiredReasonRequest,
        response: action.response,
      },
    },
    async (request) => ok(await setLocked(sources, app.db, app.kv, actorOf(request), request.params.id, true, request.body.reason)),
  );
  app.post(
    '/admin/users/:id/unlock',
    {
      config: action.config,
      schema: {
        tags: ['admin'],
        summary: 'Unlock the account (permission users.act)',
        description: ACTION,
        params: action.params,
        body: ZAdminRequiredReasonRequest,
        response: action.response,
      },
    },
    async (request) => ok(await setLocked(sources, app.db, app.kv, actorOf(request), request.params.id, false, request.body.reason)),
  );
  app.post(
    '/admin/users/:id/end-sessions',
    {
      config: action.config,
      schema: {
        tags: ['admin'],
        summary: "End all the customer's sessions (permission users.act)",
        description: ACTION,
        params: action.params,
        body: ZAdminRequiredReasonRequest,
        response: action.response,
      },
    },
    async (request) => ok(await endAllSessions(sources, app.db, app.kv, actorOf(request), request.params.id, request.body.reason)),
  );
  app.post(
    '/admin/users/:id/sessions/:sessionId/end',
    {
      config: action.config,
      schema: {
        tags: ['admin'],
        summary: "End one of the customer's sessions (permission users.act)",
        description: ACTION,
        params: ZAdminSessionParams,
        body: ZAdminRequiredReasonRequest,
        response: action.response,
      },
    },
    async (request) =>
      ok(await endOneSession(sources, app.db, app.kv, actorOf(request), request.params.id, request.params.sessionId, request.body.reason)),
  );
  app.post(
    '/admin/users/:id/reset-two-step',
    {
      config: action.config,
      schema: {
        tags: ['admin'],
        summary: 'Reset two-step verification after an identity check (permission users.act)',
        description: ACTION,
        params: action.params,
        body: ZAdminResetTwoStepRequest,
        response: action.response,
      },
    },
    async (request) => ok(await resetTwoStepVerification(sources, app.db, actorOf(request), request.params.id, request.body)),
  );
};

import {
  ZAdminCreateStaffRequest,
  ZAdminReasonRequest,
  ZAdminRoleRequest,
  ZAdminSetupLink,
  ZAdminStaffList,
  ZAdminStaffMember,
  ZAdminStaffParams,
} from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../infrastructure/http/app-error';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import {
  changeStaffRole,
  createStaffMember,
  listStaffMembers,
  resetStaffTotp,
  setStaffLocked,
  type StaffActor,
} from './staff-admin.service';

// Staff management (OWNER: staff.manage). Every change is audited; nobody changes their own account.
export const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (request: FastifyRequest): StaffActor => {
    if (!request.staff) throw new AppError('UNAUTHORIZED');
    return { staffId: request.staff.staffId, ip: request.ip, webOrigin: app.config.webOrigin };
  };
  const config = { permission: 'staff.manage' } as const;

  app.get(
    '/admin/staff',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Every staff member with role and state (back office; staff.manage)',
        response: envelopeResponses(ZAdminStaffList),
      },
    },
    async () => ok({ items: await listStaffMembers(app.db) }),
  );

  app.post(
    '/admin/staff',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Create a staff member; answers the one-time set-up link, valid 24 hours (back office; staff.manage)',
        description: 'STAFF_USERNAME_TAKEN when the username (any case) is in use. Audited as staff.create.',
        body: ZAdminCreateStaffRequest,
        response: envelopeResponses(ZAdminSetupLink),
      },
    },
    async (request) => ok(await createStaffMember(app.db, actor(request), request.body)),
  );

  app.put(
    '/admin/staff/:id/role',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "Change a member's role (back office; staff.manage)",
        description: 'Not your own (STAFF_NOT_YOURSELF). Takes effect on their next request. Audited as staff.role with before and after.',
        params: ZAdminStaffParams,
        body: ZAdminRoleRequest,
        response: envelopeResponses(ZAdminStaffMember),
      },
    },
    async (request) => ok(await changeStaffRole(app.db, actor(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/staff/:id/lock',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Lock a member: no log-in, every session ended (back office; staff.manage)',
        description: 'Not your own (STAFF_NOT_YOURSELF). Audited as staff.lock.',
        params: ZAdminStaffParams,
        body: ZAdminReasonRequest,
        response: envelopeResponses(ZAdminStaffMember),
      },
    },
    async (request) => ok(await setStaffLocked(app.db, actor(request), request.params.id, true, request.body.reason)),
  );

  app.post(
    '/admin/staff/:id/unlock',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Unlock a member (back office; staff.manage)',
        description: 'Not your own (STAFF_NOT_YOURSELF). Audited as staff.unlock.',
        params: ZAdminStaffParams,
        body: ZAdminReasonRequest,
        response: envelopeResponses(ZAdminStaffMember),
      },
    },
    async (request) => ok(await setStaffLocked(app.db, actor(request), request.params.id, false, request.body.reason)),
  );

  app.post(
    '/admin/staff/:id/reset-totp',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "Reset a member's password and authenticator: sessions end, a new set-up link is answered (back office; staff.manage)",
        description: 'Not your own (STAFF_NOT_YOURSELF). Audited as staff.resetTotp.',
        params: ZAdminStaffParams,
        body: ZAdminReasonRequest,
        response: envelopeResponses(ZAdminSetupLink),
      },
    },
    async (request) => ok(await resetStaffTotp(app.db, actor(request), request.params.id, request.body.reason)),
  );
};

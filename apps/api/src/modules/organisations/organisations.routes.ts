import {
  ZOrgAuditListQuery,
  ZOrgAuditPage,
  ZOrgCreateRequest,
  ZOrgDepartment,
  ZOrgDepartmentDeleteRequest,
  ZOrgDepartmentMoveRequest,
  ZOrgDepartmentSaveRequest,
  ZOrgDepartmentTree,
  ZOrgInfo,
  ZOrgList,
  ZOrgMemberListQuery,
  ZOrgMemberPage,
  ZOrgMemberRequest,
  ZOrgOwnerTransferRequest,
  ZOrgQuery,
  ZOrgRoleDeleteRequest,
  ZOrgRoleList,
  ZOrgRoleSaveRequest,
  ZOrgSetDepartmentRequest,
  ZOrgSetRoleRequest,
  ZOrgUpdateRequest,
} from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { hitLimit } from '../../infrastructure/http/rate-limit';
import { accessRuleRoutes } from './access-rules.routes';
import { invitationRoutes } from './invitations.routes';
import { orgDeviceRoutes } from './org-devices.routes';
import { type TOrgNeed } from './membership';
import { orgCaller, orgOf, requireOrgPermission, signedInUser } from './org-guard';
import {
  changeOrganisation,
  createOrganisation,
  leaveOrganisation,
  listMembers,
  listOrganisations,
  organisationInfo,
  removeMember,
  setMemberDepartment,
  setMemberRole,
  setMemberStatus,
  transferOwnership,
} from './organisations.service';
import {
  deleteOrgRole,
  departmentTree,
  listOrgAudit,
  listOrgRoles,
  moveDepartmentTree,
  removeDepartment,
  saveDepartment,
  saveOrgRole,
} from './structure.service';

/**
 * Every /org/* route and what it needs of the caller (ADR 0043): signed in, an active member,
 * the OWNER role, or a permission of the caller's role (`public`: nobody signed in). The role-matrix test walks this table.
 */
export const ORG_ROUTES = {
  'POST /org/create': 'signedIn',
  'GET /org/list': 'signedIn',
  'GET /org/info': 'member',
  'POST /org/update': 'settings',
  'GET /org/member/list': 'members.read',
  'POST /org/member/setRole': 'members.manage',
  'POST /org/member/setDepartment': 'members.manage',
  'POST /org/member/disable': 'members.manage',
  'POST /org/member/enable': 'members.manage',
  'POST /org/member/leave': 'member',
  'POST /org/member/remove': 'members.manage',
  'POST /org/owner/transfer': 'owner',
  'GET /org/role/list': 'members.read',
  'POST /org/role/save': 'settings',
  'POST /org/role/delete': 'settings',
  'GET /org/department/list': 'members.read',
  'POST /org/department/save': 'members.manage',
  'POST /org/department/move': 'members.manage',
  'POST /org/department/delete': 'members.manage',
  'GET /org/audit/list': 'audit.read',
  'POST /org/invitation/create': 'members.manage',
  'GET /org/invitation/list': 'members.manage',
  'POST /org/invitation/resend': 'members.manage',
  'POST /org/invitation/revoke': 'members.manage',
  'POST /org/invitation/import': 'members.manage',
  'GET /org/invitation/preview': 'public',
  'POST /org/invitation/accept': 'signedIn',
  'GET /org/deviceGroup/list': 'devices.read',
  'POST /org/deviceGroup/create': 'devices.manage',
  'POST /org/deviceGroup/update': 'devices.manage',
  'POST /org/deviceGroup/move': 'devices.manage',
  'POST /org/deviceGroup/delete': 'devices.manage',
  'POST /org/deployCode/create': 'devices.enrol',
  'GET /org/deployCode/list': 'devices.enrol',
  'POST /org/deployCode/revoke': 'devices.enrol',
  'GET /org/device/list': 'devices.read',
  'POST /org/device/approve': 'devices.enrol',
  'POST /org/device/reject': 'devices.enrol',
  'POST /org/accessRule/create': 'access.manage',
  'POST /org/accessRule/update': 'access.manage',
  'POST /org/accessRule/delete': 'access.manage',
  'GET /org/accessRule/list': 'access.manage',
  // they answer rules and members: what reading the rules needs (devices.read alone would show both)
  'GET /org/access/explain': 'access.manage',
  'GET /org/access/whoCanReach': 'access.manage',
  'GET /org/access/memberReach': 'access.manage',
} as const satisfies Record<string, TOrgNeed | 'signedIn' | 'public'>;

type TOrgRoute = keyof typeof ORG_ROUTES;
type TGuardedRoute = { [K in TOrgRoute]: (typeof ORG_ROUTES)[K] extends 'signedIn' | 'public' ? never : K }[TOrgRoute];

const NOT_FOUND =
  'Somebody who is not an active member of the organisation gets ORG_NOT_FOUND (404), as for one that does not exist; a member ' +
  'whose role lacks what the route needs gets ORG_PERMISSION_DENIED (403).';
const SCOPED = 'A department admin acts only inside their departments’ sub-trees: anything outside answers as not found.';

/** The organisations' routes (Authorization: token, or the session cookie with the same-origin check). */
export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  const authed = { onRequest: app.requireUser };
  const guard = (route: TGuardedRoute) => ({ ...authed, preHandler: requireOrgPermission(app, ORG_ROUTES[route]) });
  const done = envelopeResponses(z.null());
  const tags = ['organisations'];

  app.post(
    '/org/create',
    {
      schema: {
        tags,
        summary: 'Create an organisation: the caller becomes its owner',
        description:
          'At most ORG_CREATE_HOURLY_LIMIT / ORG_CREATE_DAILY_LIMIT per person (10 / 50): over it, RATE_LIMITED (429, Retry-After).',
        body: ZOrgCreateRequest,
        response: envelopeResponses(z.object({ id: z.string() })),
      },
      ...authed,
    },
    async (request) => {
      // each organisation has its own sending quota: so many new ones per person (ORG_CREATE_*_LIMIT)
      const userId = signedInUser(request);
      const { hourly, daily } = app.config.orgSends.creates;
      await hitLimit(app.kv, `org-create:h:${userId}`, hourly, 3_600_000);
      await hitLimit(app.kv, `org-create:d:${userId}`, daily, 86_400_000);
      return ok(await createOrganisation(app.db, { userId, ip: request.ip }, request.body));
    },
  );

  app.get(
    '/org/list',
    { schema: { tags, summary: 'The organisations the caller is an active member of', response: envelopeResponses(ZOrgList) }, ...authed },
    async (request) => ok(await listOrganisations(app.db, signedInUser(request))),
  );

  app.get(
    '/org/info',
    {
      schema: {
        tags,
        summary: 'The organisation, with the caller’s role and permissions',
        description: NOT_FOUND,
        querystring: ZOrgQuery,
        response: envelopeResponses(ZOrgInfo),
      },
      ...guard('GET /org/info'),
    },
    async (request) => ok(await organisationInfo(app.db, orgOf(request))),
  );

  app.post(
    '/org/update',
    {
      schema: {
        tags,
        summary: 'Change the organisation’s name, logo or contact email (settings)',
        description: NOT_FOUND,
        body: ZOrgUpdateRequest,
        response: envelopeResponses(ZOrgInfo),
      },
      ...guard('POST /org/update'),
    },
    async (request) => ok(await changeOrganisation(app.db, orgCaller(request), request.body)),
  );

  app.get(
    '/org/member/list',
    {
      schema: {
        tags,
        summary: 'Members, oldest first, in keyset pages; by the start of a username, a department’s sub-tree, a role, a status',
        description: `${NOT_FOUND} ${SCOPED}`,
        querystring: ZOrgMemberListQuery,
        response: envelopeResponses(ZOrgMemberPage),
      },
      ...guard('GET /org/member/list'),
    },
    async (request) => ok(await listMembers(app.db, orgOf(request), request.query)),
  );

  app.post(
    '/org/member/setRole',
    {
      schema: {
        tags,
        summary: 'Give a member a role (DEPARTMENT_ADMIN with the departments they administer)',
        description:
          `${NOT_FOUND} ${SCOPED} Only an owner gives or takes the OWNER role; nobody gives a role with a permission they lack ` +
          '(ORG_ROLE_TOO_HIGH); the last owner cannot step down (ORG_LAST_OWNER).',
        body: ZOrgSetRoleRequest,
        response: done,
      },
      ...guard('POST /org/member/setRole'),
    },
    async (request) => ok(await setMemberRole(app.db, orgCaller(request), request.body)),
  );

  app.post(
    '/org/member/setDepartment',
    {
      schema: {
        tags,
        summary: 'Put a member in a department (null: in none)',
        description: `${NOT_FOUND} ${SCOPED}`,
        body: ZOrgSetDepartmentRequest,
        response: done,
      },
      ...guard('POST /org/member/setDepartment'),
    },
    async (request) => ok(await setMemberDepartment(app.db, orgCaller(request), request.body)),
  );

  app.post(
    '/org/member/disable',
    {
      schema: {
        tags,
        summary: 'Disable a member: they keep their history but see nothing of the organisation',
        description: `${NOT_FOUND} ${SCOPED} The last owner cannot be disabled (ORG_LAST_OWNER).`,
        body: ZOrgMemberRequest,
        response: done,
      },
      ...guard('POST /org/member/disable'),
    },
    async (request) => ok(await setMemberStatus(app.db, orgCaller(request), request.body.userId, 'DISABLED')),
  );

  app.post(
    '/org/member/enable',
    {
      schema: {
        tags,
        summary: 'Enable a disabled member again',
        description: `${NOT_FOUND} ${SCOPED}`,
        body: ZOrgMemberRequest,
        response: done,
      },
      ...guard('POST /org/member/enable'),
    },
    async (request) => ok(await setMemberStatus(app.db, orgCaller(request), request.body.userId, 'ACTIVE')),
  );

  app.post(
    '/org/member/leave',
    {
      schema: {
        tags,
        summary: 'Leave the organisation',
        description: `${NOT_FOUND} The last owner cannot leave (ORG_LAST_OWNER): ownership is transferred first.`,
        body: ZOrgQuery,
        response: done,
      },
      ...guard('POST /org/member/leave'),
    },
    async (request) => ok(await leaveOrganisation(app.db, orgCaller(request))),
  );

  app.post(
    '/org/member/remove',
    {
      schema: {
        tags,
        summary: 'Remove a member from the organisation',
        description: `${NOT_FOUND} ${SCOPED} The last owner cannot be removed (ORG_LAST_OWNER).`,
        body: ZOrgMemberRequest,
        response: done,
      },
      ...guard('POST /org/member/remove'),
    },
    async (request) => ok(await removeMember(app.db, orgCaller(request), request.body.userId)),
  );

  app.post(
    '/org/owner/transfer',
    {
      schema: {
        tags,
        summary: 'Transfer ownership: the member becomes OWNER, the caller ADMIN (owners only)',
        description: NOT_FOUND,
        body: ZOrgOwnerTransferRequest,
        response: done,
      },
      ...guard('POST /org/owner/transfer'),
    },
    async (request) => ok(await transferOwnership(app.db, orgCaller(request), request.body.userId)),
  );

  app.get(
    '/org/role/list',
    {
      schema: {
        tags,
        summary: 'The built-in roles and the organisation’s own, with their permissions and holders',
        description: NOT_FOUND,
        querystring: ZOrgQuery,
        response: envelopeResponses(ZOrgRoleList),
      },
      ...guard('GET /org/role/list'),
    },
    async (request) => ok(await listOrgRoles(app.db, orgOf(request))),
  );

  app.post(
    '/org/role/save',
    {
      schema: {
        tags,
        summary: 'Create a custom role, or change one (name and permissions)',
        description: `${NOT_FOUND} Built-in roles cannot be changed (ORG_ROLE_BUILT_IN); names are unique in the organisation. A role given, or holding, a permission the caller lacks is ORG_ROLE_TOO_HIGH.`,
        body: ZOrgRoleSaveRequest,
        response: envelopeResponses(z.object({ id: z.string() })),
      },
      ...guard('POST /org/role/save'),
    },
    async (request) => ok(await saveOrgRole(app.db, orgCaller(request), request.body)),
  );

  app.post(
    '/org/role/delete',
    {
      schema: {
        tags,
        summary: 'Delete a custom role nobody holds',
        description: `${NOT_FOUND} A role holding a permission the caller lacks is ORG_ROLE_TOO_HIGH; a role still held is ORG_ROLE_IN_USE; one that access rules name, ORG_ACCESS_RULES_NAME_IT.`,
        body: ZOrgRoleDeleteRequest,
        response: done,
      },
      ...guard('POST /org/role/delete'),
    },
    async (request) => ok(await deleteOrgRole(app.db, orgCaller(request), request.body.roleId)),
  );

  app.get(
    '/org/department/list',
    {
      schema: {
        tags,
        summary: 'The department tree (a department admin’s: their departments’ sub-trees)',
        description: NOT_FOUND,
        querystring: ZOrgQuery,
        response: envelopeResponses(ZOrgDepartmentTree),
      },
      ...guard('GET /org/department/list'),
    },
    async (request) => ok(await departmentTree(app.db, orgOf(request))),
  );

  app.post(
    '/org/department/save',
    {
      schema: {
        tags,
        summary: 'Create a department under a parent (null: a root), or rename one',
        description: `${NOT_FOUND} ${SCOPED}`,
        body: ZOrgDepartmentSaveRequest,
        response: envelopeResponses(ZOrgDepartment),
      },
      ...guard('POST /org/department/save'),
    },
    async (request) => ok(await saveDepartment(app.db, orgCaller(request), request.body)),
  );

  app.post(
    '/org/department/move',
    {
      schema: {
        tags,
        summary: 'Move a department with its sub-tree under another parent (null: a root)',
        description: `${NOT_FOUND} ${SCOPED} A move under itself or its own sub-tree is ORG_DEPARTMENT_CYCLE.`,
        body: ZOrgDepartmentMoveRequest,
        response: envelopeResponses(ZOrgDepartment),
      },
      ...guard('POST /org/department/move'),
    },
    async (request) => ok(await moveDepartmentTree(app.db, orgCaller(request), request.body)),
  );

  app.post(
    '/org/department/delete',
    {
      schema: {
        tags,
        summary: 'Delete a department without sub-departments, members or admins',
        description: `${NOT_FOUND} ${SCOPED} One that still has sub-departments or members is ORG_DEPARTMENT_NOT_EMPTY; one a department admin administers, ORG_DEPARTMENT_HAS_ADMINS; one that access rules name, ORG_ACCESS_RULES_NAME_IT.`,
        body: ZOrgDepartmentDeleteRequest,
        response: done,
      },
      ...guard('POST /org/department/delete'),
    },
    async (request) => ok(await removeDepartment(app.db, orgCaller(request), request.body.departmentId)),
  );

  app.get(
    '/org/audit/list',
    {
      schema: {
        tags,
        summary: 'The organisation’s audit log, newest first, in keyset pages; by action, actor or target',
        description: NOT_FOUND,
        querystring: ZOrgAuditListQuery,
        response: envelopeResponses(ZOrgAuditPage),
      },
      ...guard('GET /org/audit/list'),
    },
    async (request) => ok(await listOrgAudit(app.db, orgOf(request), request.query)),
  );

  invitationRoutes(app, guard);
  orgDeviceRoutes(app, guard);
  accessRuleRoutes(app, guard);
};

import {
  ZOrgDeployCodeCreated,
  ZOrgDeployCodeCreateRequest,
  ZOrgDeployCodeListQuery,
  ZOrgDeployCodePage,
  ZOrgDeployCodeRevokeRequest,
  ZOrgDevice,
  ZOrgDeviceDecisionRequest,
  ZOrgDeviceGroup,
  ZOrgDeviceGroupCreateRequest,
  ZOrgDeviceGroupDeleteRequest,
  ZOrgDeviceGroupMoveRequest,
  ZOrgDeviceGroupTree,
  ZOrgDeviceGroupUpdateRequest,
  ZOrgDeviceListQuery,
  ZOrgDevicePage,
  ZOrgQuery,
} from '@llk/contracts';
import { type FastifyInstance, type onRequestHookHandler, type preHandlerHookHandler } from 'fastify';
import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { orgCaller, orgOf } from './org-guard';
import {
  createDeployCode,
  createDeviceGroup,
  decideDevice,
  deviceGroupTree,
  listDeployCodes,
  listOrgDevices,
  moveDeviceGroupTree,
  removeDeviceGroup,
  revokeDeployCode,
  updateDeviceGroup,
} from './org-devices.service';

// The /org/deviceGroup/*, /org/deployCode/* and /org/device/* routes (ADR 0045), registered by
// organisationRoutes with its guard.

type TOrgDeviceRoute =
  | 'GET /org/deviceGroup/list'
  | 'POST /org/deviceGroup/create'
  | 'POST /org/deviceGroup/update'
  | 'POST /org/deviceGroup/move'
  | 'POST /org/deviceGroup/delete'
  | 'POST /org/deployCode/create'
  | 'GET /org/deployCode/list'
  | 'POST /org/deployCode/revoke'
  | 'GET /org/device/list'
  | 'POST /org/device/approve'
  | 'POST /org/device/reject';

type TGuard = (route: TOrgDeviceRoute) => { onRequest: onRequestHookHandler; preHandler: preHandlerHookHandler };

const NOT_FOUND =
  'Somebody who is not an active member of the organisation gets ORG_NOT_FOUND (404); a member whose role lacks what the route ' +
  'needs ORG_PERMISSION_DENIED (403). A department admin sees no group and no device until access rules give them groups.';

export function orgDeviceRoutes(app: FastifyInstance, guard: TGuard): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organisations'];
  const done = envelopeResponses(z.null());

  typed.get(
    '/org/deviceGroup/list',
    {
      schema: {
        tags,
        summary: 'The device group tree, children by name, with the devices directly in each group',
        description: `${NOT_FOUND} Needs devices.read.`,
        querystring: ZOrgQuery,
        response: envelopeResponses(ZOrgDeviceGroupTree),
      },
      ...guard('GET /org/deviceGroup/list'),
    },
    async (request) => ok(await deviceGroupTree(app.db, orgOf(request))),
  );

  typed.post(
    '/org/deviceGroup/create',
    {
      schema: {
        tags,
        summary: 'Create a device group under parentId (none: a root)',
        description: `${NOT_FOUND} Needs devices.manage. An unknown parent is ORG_DEVICE_GROUP_NOT_FOUND; deeper than 64 levels ORG_DEVICE_GROUP_TOO_DEEP.`,
        body: ZOrgDeviceGroupCreateRequest,
        response: envelopeResponses(ZOrgDeviceGroup),
      },
      ...guard('POST /org/deviceGroup/create'),
    },
    async (request) => ok(await createDeviceGroup(app.db, orgCaller(request), request.body)),
  );

  typed.post(
    '/org/deviceGroup/update',
    {
      schema: {
        tags,
        summary: 'Rename a device group',
        description: `${NOT_FOUND} Needs devices.manage. An unknown group is ORG_DEVICE_GROUP_NOT_FOUND.`,
        body: ZOrgDeviceGroupUpdateRequest,
        response: envelopeResponses(ZOrgDeviceGroup),
      },
      ...guard('POST /org/deviceGroup/update'),
    },
    async (request) => ok(await updateDeviceGroup(app.db, orgCaller(request), request.body)),
  );

  typed.post(
    '/org/deviceGroup/move',
    {
      schema: {
        tags,
        summary: 'Move a device group with its sub-tree under parentId (null: a root)',
        description:
          `${NOT_FOUND} Needs devices.manage. Under itself or its own sub-tree: ORG_DEVICE_GROUP_CYCLE; the deepest group past ` +
          '64 levels: ORG_DEVICE_GROUP_TOO_DEEP.',
        body: ZOrgDeviceGroupMoveRequest,
        response: envelopeResponses(ZOrgDeviceGroup),
      },
      ...guard('POST /org/deviceGroup/move'),
    },
    async (request) => ok(await moveDeviceGroupTree(app.db, orgCaller(request), request.body)),
  );

  typed.post(
    '/org/deviceGroup/delete',
    {
      schema: {
        tags,
        summary: 'Delete a device group without sub-groups, devices or a live deploy code into it',
        description: `${NOT_FOUND} Needs devices.manage. Otherwise ORG_DEVICE_GROUP_NOT_EMPTY; one that access rules name, ORG_ACCESS_RULES_NAME_IT.`,
        body: ZOrgDeviceGroupDeleteRequest,
        response: done,
      },
      ...guard('POST /org/deviceGroup/delete'),
    },
    async (request) => ok(await removeDeviceGroup(app.db, orgCaller(request), request.body.groupId)),
  );

  typed.post(
    '/org/deployCode/create',
    {
      schema: {
        tags,
        summary: 'Create a deploy code: the answer holds the code, shown this once (only its hash is kept)',
        description:
          `${NOT_FOUND} Needs devices.enrol. A device registering with the code (POST /device/register, deployCode) joins the ` +
          'organisation and the group, PENDING when requiresApproval; good for expiresInHours and, with maxUses, that many devices.',
        body: ZOrgDeployCodeCreateRequest,
        response: envelopeResponses(ZOrgDeployCodeCreated),
      },
      ...guard('POST /org/deployCode/create'),
    },
    async (request) => ok(await createDeployCode(app.db, orgCaller(request), request.body)),
  );

  typed.get(
    '/org/deployCode/list',
    {
      schema: {
        tags,
        summary: 'Deploy codes, newest first, in keyset pages, each with its uses and status (never the code)',
        description: `${NOT_FOUND} Needs devices.enrol.`,
        querystring: ZOrgDeployCodeListQuery,
        response: envelopeResponses(ZOrgDeployCodePage),
      },
      ...guard('GET /org/deployCode/list'),
    },
    async (request) => ok(await listDeployCodes(app.db, orgOf(request), request.query)),
  );

  typed.post(
    '/org/deployCode/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a deploy code: devices registering with it are refused (ORG_DEPLOY_CODE_REVOKED)',
        description: `${NOT_FOUND} Needs devices.enrol. An unknown code is ORG_DEPLOY_CODE_NOT_FOUND; devices it enrolled stay.`,
        body: ZOrgDeployCodeRevokeRequest,
        response: done,
      },
      ...guard('POST /org/deployCode/revoke'),
    },
    async (request) => ok(await revokeDeployCode(app.db, orgCaller(request), request.body.deployCodeId)),
  );

  typed.get(
    '/org/device/list',
    {
      schema: {
        tags,
        summary: 'The organisation’s devices, newest enrolment first, in keyset pages; by status and group (with its sub-tree)',
        description: `${NOT_FOUND} Needs devices.read. An unknown group is ORG_DEVICE_GROUP_NOT_FOUND.`,
        querystring: ZOrgDeviceListQuery,
        response: envelopeResponses(ZOrgDevicePage),
      },
      ...guard('GET /org/device/list'),
    },
    async (request) => ok(await listOrgDevices(app.db, orgOf(request), request.query)),
  );

  typed.post(
    '/org/device/approve',
    {
      schema: {
        tags,
        summary: 'Approve a device waiting for approval: it becomes ACTIVE',
        description: `${NOT_FOUND} Needs devices.enrol. Not in the organisation: ORG_DEVICE_NOT_FOUND; not PENDING: ORG_DEVICE_NOT_PENDING.`,
        body: ZOrgDeviceDecisionRequest,
        response: envelopeResponses(ZOrgDevice),
      },
      ...guard('POST /org/device/approve'),
    },
    async (request) => ok(await decideDevice(app.db, orgCaller(request), request.body.deviceId, 'ACTIVE')),
  );

  typed.post(
    '/org/device/reject',
    {
      schema: {
        tags,
        summary: 'Reject a device waiting for approval: it becomes REJECTED (it may enrol again with a new code)',
        description: `${NOT_FOUND} Needs devices.enrol. Not in the organisation: ORG_DEVICE_NOT_FOUND; not PENDING: ORG_DEVICE_NOT_PENDING.`,
        body: ZOrgDeviceDecisionRequest,
        response: envelopeResponses(ZOrgDevice),
      },
      ...guard('POST /org/device/reject'),
    },
    async (request) => ok(await decideDevice(app.db, orgCaller(request), request.body.deviceId, 'REJECTED')),
  );
}

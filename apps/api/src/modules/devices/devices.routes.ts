import {
  ZConnectCheckRequest,
  ZConnectCheckResult,
  ZDevice,
  ZDeviceGroupCreateRequest,
  ZDeviceGroupDeleteRequest,
  ZDeviceGroupList,
  ZDeviceExportQuery,
  ZDeviceGroupUpdateRequest,
  ZDeviceHeartbeatRequest,
  ZDeviceList,
  ZDeviceListQuery,
  ZDevicePolicyAnswer,
  ZDeviceRegisterRequest,
  ZDeviceRemoveBatchRequest,
  ZDeviceRemoveRequest,
  ZDeviceShare,
  ZDeviceShareRequest,
  ZDeviceShares,
  ZDeviceUnshareRequest,
  ZDeviceUpdateRequest,
  ZManageCount,
  ZRemovedCount,
  errorInfo,
} from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { envelopeResponses, ok } from '../../lib/envelope';
import { devicesCsv } from './device-csv';
import { cloudPcsForList } from './cloud-pcs';
import {
  checkConnect,
  createDeviceGroup,
  deleteDeviceGroup,
  csvZoneOf,
  groupNamesOf,
  exportVisibleDevices,
  heartbeat,
  listDeviceGroups,
  listDeviceShares,
  listVisibleDevices,
  manageCounts,
  registerDevice,
  removeVisibleDevices,
  renameDeviceGroup,
  shareDevices,
  unshare,
  updateVisibleDevice,
} from './devices.service';

const ZGroupAnswer = z.object({ id: z.string(), name: z.string() });
const NOT_FOUND = 'A device, group or share that is neither the caller’s nor shared with the caller answers as not found.';

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const authed = { onRequest: app.requireUser };
  const userId = (request: FastifyRequest) => {
    if (!request.user) throw new AppError('UNAUTHORIZED');
    return request.user.userId;
  };
  const caller = (request: FastifyRequest) => ({ userId: userId(request), ip: request.ip });

  app.post(
    '/device/register',
    {
      schema: {
        tags: ['devices'],
        summary: 'Register this device (idempotent per account and app device id); answers it, its policy and the running seats it holds',
        description: 'A new device beyond the plan’s device limit: DEVICE_LIMIT_REACHED, naming the limit. The address is recorded for the connect check.',
        body: ZDeviceRegisterRequest,
        response: envelopeResponses(ZDevicePolicyAnswer),
      },
      ...authed,
    },
    async (request) => {
      return ok(await registerDevice(app.db, app.kv, caller(request), request.body));
    },
  );

  app.post(
    '/device/heartbeat',
    {
      schema: {
        tags: ['devices'],
        summary: 'Mark the device online (about 90 s) and answer its current policy and the running seats it holds',
        body: ZDeviceHeartbeatRequest,
        response: envelopeResponses(ZDevicePolicyAnswer),
      },
      ...authed,
    },
    async (request) => {
      return ok(await heartbeat(app.db, app.kv, caller(request), request.body.deviceId, request.body.sessions));
    },
  );

  app.get(
    '/device/list',
    {
      schema: {
        tags: ['devices'],
        summary: 'Own devices and devices shared with the caller (marked with owner and permission), newest first',
        description:
          'Several groups as groupIds[] (items JSON-stringified); UNGROUPED names devices in no group. A group filter lists own devices only. cloudPcs: the caller’s running cloud PCs (plan, end date, auto-renew; their actions are the /cloudPc/devices/{id}/… routes), on the first page without a group, platform, presence or SHARED filter.',
        querystring: ZDeviceListQuery,
        response: envelopeResponses(ZDeviceList),
      },
      ...authed,
    },
    async (request) => {
      const [devices, cloudPcs] = await Promise.all([
        listVisibleDevices(app.db, app.kv, userId(request), request.query),
        cloudPcsForList(app.db, userId(request), request.query),
      ]);
      return ok({ ...devices, cloudPcs });
    },
  );

  app.get(
    '/device/export',
    {
      schema: {
        tags: ['devices'],
        summary: 'Every device the caller sees (the list’s filters) as a CSV download',
        description:
          'Answers text/csv with content-disposition: attachment, so the API client hands it over as a download. Headers and values in `locale` (else Accept-Language), groups by name, times on the clock of `tz` (an IANA zone; else the llk-tz cookie, the account’s zone, Asia/Shanghai) with the offset, e.g. 2026-12-02 14:05 (UTC+8). Cells that start with = + - @ are prefixed with an apostrophe.',
        querystring: ZDeviceExportQuery,
        response: {
          200: { description: 'CSV file (UTF-8 with BOM)', content: { 'text/csv': { schema: z.string() } } },
          '4xx': envelopeResponses(z.null())['4xx'],
          '5xx': envelopeResponses(z.null())['5xx'],
        },
      },
      ...authed,
    },
    async (request, reply) => {
      const { tz, locale, ...filters } = request.query;
      const [devices, groupNames, timeZone] = await Promise.all([
        exportVisibleDevices(app.db, app.kv, userId(request), filters),
        groupNamesOf(app.db, userId(request)),
        csvZoneOf(app.db, userId(request), tz, request.headers.cookie),
      ]);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="devices.csv"');
      return devicesCsv(devices, { locale: locale ?? request.locale, timeZone, groupNames });
    },
  );

  app.post(
    '/device/update',
    {
      schema: {
        tags: ['devices'],
        summary: 'Rename a device, move it to a group (owner only) or set its policy (owner or MANAGE)',
        description: NOT_FOUND,
        body: ZDeviceUpdateRequest,
        response: envelopeResponses(ZDevice),
      },
      ...authed,
    },
    async (request) => ok(await updateVisibleDevice(app.db, app.kv, userId(request), request.body)),
  );

  app.post(
    '/device/remove',
    { schema: { tags: ['devices'], summary: 'Remove a device (owner or MANAGE)', description: NOT_FOUND, body: ZDeviceRemoveRequest, response: envelopeResponses(ZRemovedCount) }, ...authed },
    async (request) => ok({ removed: await removeVisibleDevices(app.db, app.kv, userId(request), [request.body.deviceId]) }),
  );

  app.post(
    '/device/removeBatch',
    {
      schema: { tags: ['devices'], summary: 'Remove up to 100 devices, all or nothing', description: NOT_FOUND, body: ZDeviceRemoveBatchRequest, response: envelopeResponses(ZRemovedCount) },
      ...authed,
    },
    async (request) => ok({ removed: await removeVisibleDevices(app.db, app.kv, userId(request), request.body.deviceIds) }),
  );

  app.get(
    '/deviceGroup/list',
    { schema: { tags: ['devices'], summary: 'The caller’s device groups with device and online counts', response: envelopeResponses(ZDeviceGroupList) }, ...authed },
    async (request) => ok(await listDeviceGroups(app.db, app.kv, userId(request))),
  );

  app.post(
    '/deviceGroup/create',
    { schema: { tags: ['devices'], summary: 'Create a device group (names are unique per account)', body: ZDeviceGroupCreateRequest, response: envelopeResponses(ZGroupAnswer) }, ...authed },
    async (request) => ok(await createDeviceGroup(app.db, userId(request), request.body.name)),
  );

  app.post(
    '/deviceGroup/update',
    { schema: { tags: ['devices'], summary: 'Rename a device group', description: NOT_FOUND, body: ZDeviceGroupUpdateRequest, response: envelopeResponses(ZGroupAnswer) }, ...authed },
    async (request) => ok(await renameDeviceGroup(app.db, userId(request), request.body.groupId, request.body.name)),
  );

  app.post(
    '/deviceGroup/delete',
    {
      schema: { tags: ['devices'], summary: 'Delete a device group: its devices become ungrouped, its shares end', description: NOT_FOUND, body: ZDeviceGroupDeleteRequest, response: envelopeResponses(z.null()) },
      ...authed,
    },
    async (request) => {
      await deleteDeviceGroup(app.db, app.kv, userId(request), request.body.groupId);
      return ok(null);
    },
  );

  app.post(
    '/device/share',
    {
      schema: {
        tags: ['devices'],
        summary: 'Share an own device or group with another account (username, phone or email); sharing again changes the permission',
        description: NOT_FOUND,
        body: ZDeviceShareRequest,
        response: envelopeResponses(ZDeviceShare),
      },
      ...authed,
    },
    async (request) => ok(await shareDevices(app.db, userId(request), request.body)),
  );

  app.get(
    '/device/shares',
    { schema: { tags: ['devices'], summary: 'Shares the caller gave and received', response: envelopeResponses(ZDeviceShares) }, ...authed },
    async (request) => ok(await listDeviceShares(app.db, userId(request))),
  );

  app.post(
    '/device/unshare',
    { schema: { tags: ['devices'], summary: 'End a share (owner) or leave it (recipient)', description: NOT_FOUND, body: ZDeviceUnshareRequest, response: envelopeResponses(z.null()) }, ...authed },
    async (request) => {
      await unshare(app.db, userId(request), request.body.shareId);
      return ok(null);
    },
  );

  app.post(
    '/device/connectCheck',
    {
      schema: {
        tags: ['devices'],
        summary: 'The broker’s decision before a session from an own device to an own or shared one',
        description:
          'Refusals, checked in this order: POLICY (see ADR 0017), PERMISSION (shared for VIEW only), ' +
          'CROSS_BORDER (accounts registered from 1 July 2025 without the global channel, devices on either side of the mainland China border), ' +
          'SESSION_LIMIT (the plan’s simultaneous sessions). An allowed check starts a session for 90 s, atomically against the limit; ' +
          'the controlling device’s heartbeat (sessions: [...]) keeps the ones it lists and ends the others. ' +
          NOT_FOUND,
        body: ZConnectCheckRequest,
        response: envelopeResponses(ZConnectCheckResult),
      },
      ...authed,
    },
    async (request) => {
      const decision = await checkConnect(app.db, app.kv, userId(request), request.body.fromDeviceId, request.body.toDeviceId);
      const message = decision.error ? request.t(`errors.${errorInfo(decision.error).key}`, decision.params) : null;
      return ok({ allowed: decision.allowed, reason: decision.reason, message });
    },
  );

  app.get(
    '/user/queryManageCount',
    {
      schema: { tags: ['accounts'], summary: 'Devices the plan allows and the account’s devices, groups and shares', response: envelopeResponses(ZManageCount) },
      ...authed,
    },
    async (request) => ok(await manageCounts(app.db, userId(request))),
  );
};

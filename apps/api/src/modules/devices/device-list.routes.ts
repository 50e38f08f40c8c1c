import {
  ZDevice,
  ZDeviceExportQuery,
  ZDeviceList,
  ZDeviceListQuery,
  ZDeviceRemoveBatchRequest,
  ZDeviceRemoveRequest,
  ZDeviceUpdateRequest,
  ZRemovedCount,
} from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { cloudPcsForList, type RunningMachines } from './cloud-pcs';
import { removeVisibleDevices, updateVisibleDevice } from './device-changes';
import { devicesCsv } from './device-csv';
import { csvZoneOf, exportVisibleDevices } from './device-export';
import { listVisibleDevices } from './device-list';
import { groupNamesOf } from './groups';
import { NOT_FOUND, userId } from './route-caller';

/** The devices the caller sees: the list, its CSV export, and changing or removing them. */
export const deviceListRoutes: FastifyPluginAsyncZod<{ runningMachines: RunningMachines }> = async (app, options) => {
  const authed = { onRequest: app.requireUser };

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
        cloudPcsForList(options.runningMachines, app.db, userId(request), request.query),
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
    {
      schema: {
        tags: ['devices'],
        summary: 'Remove a device (owner or MANAGE)',
        description: NOT_FOUND,
        body: ZDeviceRemoveRequest,
        response: envelopeResponses(ZRemovedCount),
      },
      ...authed,
    },
    async (request) => ok({ removed: await removeVisibleDevices(app.db, app.kv, userId(request), [request.body.deviceId], request.ip) }),
  );

  app.post(
    '/device/removeBatch',
    {
      schema: {
        tags: ['devices'],
        summary: 'Remove up to 100 devices, all or nothing',
        description: NOT_FOUND,
        body: ZDeviceRemoveBatchRequest,
        response: envelopeResponses(ZRemovedCount),
      },
      ...authed,
    },
    async (request) => ok({ removed: await removeVisibleDevices(app.db, app.kv, userId(request), request.body.deviceIds, request.ip) }),
  );
};

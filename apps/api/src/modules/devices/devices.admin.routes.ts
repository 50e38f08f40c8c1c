import {
  ZAdminConnectCheck,
  ZAdminConnectCheckQuery,
  ZAdminDeviceDetail,
  ZAdminDevicesPage,
  ZAdminDevicesQuery,
  ZAdminIdParams,
} from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { explainDeviceConnect, getDeviceDetail, listDevices } from './devices.admin.service';

/** /admin/devices (devices.read: OPS, SUPPORT, OWNER): find a device, read its page, explain a connect check. Reads only. */
export const devicesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/devices',
    {
      config: { permission: 'devices.read' },
      schema: {
        tags: ['admin'],
        summary: 'Find devices, newest first (permission devices.read)',
        description:
          "`q`: the device's id (exact), the app's device id (exact or its start, any case), part of the name, or the owner's id, username, phone or email (exact). " +
          "Keyset pages: pass a page's `next` as `before`.",
        querystring: ZAdminDevicesQuery,
        response: envelopeResponses(ZAdminDevicesPage),
      },
    },
    async (request) => ok(await listDevices(app.db, app.kv, request.query)),
  );

  app.get(
    '/admin/devices/connect-check',
    {
      config: { permission: 'devices.read' },
      schema: {
        tags: ['admin'],
        summary:
          "Why a session between two devices would be refused: the broker's rules, without taking a session (permission devices.read)",
        description:
          '`from` and `to`: a device id or an app device id (the target looked up on the controller’s account first; one used by several accounts answers ADMIN_DEVICE_AMBIGUOUS). ' +
          'Rules in the broker’s order: NOT_SHARED (the target is neither the controller’s owner’s nor shared with them), POLICY, PERMISSION, CROSS_BORDER. ' +
          'The simultaneous-session limit is answered as `sessionLimit` but not counted: only /device/connectCheck counts running sessions, as it takes one.',
        querystring: ZAdminConnectCheckQuery,
        response: envelopeResponses(ZAdminConnectCheck),
      },
    },
    async (request) => ok(await explainDeviceConnect(app.db, request.query)),
  );

  app.get(
    '/admin/devices/:id',
    {
      config: { permission: 'devices.read' },
      schema: {
        tags: ['admin'],
        summary:
          "A device's page: owner, group, policy and what it allows, presence, last country, shares, seats, screen walls (permission devices.read)",
        params: ZAdminIdParams,
        response: envelopeResponses(ZAdminDeviceDetail),
      },
    },
    async (request) => ok(await getDeviceDetail(app.db, app.kv, request.params.id)),
  );
};

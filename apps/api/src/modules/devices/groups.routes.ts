import { ZDeviceGroupCreateRequest, ZDeviceGroupDeleteRequest, ZDeviceGroupList, ZDeviceGroupUpdateRequest } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { createDeviceGroup, deleteDeviceGroup, listDeviceGroups, renameDeviceGroup } from './groups';
import { NOT_FOUND, userId } from './route-caller';

const ZGroupAnswer = z.object({ id: z.string(), name: z.string() });

/** The caller's device groups. */
export const deviceGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const authed = { onRequest: app.requireUser };

  app.get(
    '/deviceGroup/list',
    {
      schema: {
        tags: ['devices'],
        summary: 'The caller’s device groups with device and online counts',
        response: envelopeResponses(ZDeviceGroupList),
      },
      ...authed,
    },
    async (request) => ok(await listDeviceGroups(app.db, app.kv, userId(request))),
  );

  app.post(
    '/deviceGroup/create',
    {
      schema: {
        tags: ['devices'],
        summary: 'Create a device group (names are unique per account)',
        body: ZDeviceGroupCreateRequest,
        response: envelopeResponses(ZGroupAnswer),
      },
      ...authed,
    },
    async (request) => ok(await createDeviceGroup(app.db, userId(request), request.body.name)),
  );

  app.post(
    '/deviceGroup/update',
    {
      schema: {
        tags: ['devices'],
        summary: 'Rename a device group',
        description: NOT_FOUND,
        body: ZDeviceGroupUpdateRequest,
        response: envelopeResponses(ZGroupAnswer),
      },
      ...authed,
    },
    async (request) => ok(await renameDeviceGroup(app.db, userId(request), request.body.groupId, request.body.name)),
  );

  app.post(
    '/deviceGroup/delete',
    {
      schema: {
        tags: ['devices'],
        summary: 'Delete a device group: its devices become ungrouped, its shares end',
        description: NOT_FOUND,
        body: ZDeviceGroupDeleteRequest,
        response: envelopeResponses(z.null()),
      },
      ...authed,
    },
    async (request) => {
      await deleteDeviceGroup(app.db, app.kv, userId(request), request.body.groupId);
      return ok(null);
    },
  );
};

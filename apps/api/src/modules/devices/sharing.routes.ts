import { ZDeviceShare, ZDeviceShareRequest, ZDeviceShares, ZDeviceUnshareRequest } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { NOT_FOUND, userId } from './route-caller';
import { listDeviceShares, shareDevices, unshare } from './sharing';

/** Sharing own devices and groups with other accounts. */
export const sharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const authed = { onRequest: app.requireUser };

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
    {
      schema: { tags: ['devices'], summary: 'Shares the caller gave and received', response: envelopeResponses(ZDeviceShares) },
      ...authed,
    },
    async (request) => ok(await listDeviceShares(app.db, userId(request))),
  );

  app.post(
    '/device/unshare',
    {
      schema: {
        tags: ['devices'],
        summary: 'End a share (owner) or leave it (recipient)',
        description: NOT_FOUND,
        body: ZDeviceUnshareRequest,
        response: envelopeResponses(z.null()),
      },
      ...authed,
    },
    async (request) => {
      await unshare(app.db, userId(request), request.body.shareId);
      return ok(null);
    },
  );
};

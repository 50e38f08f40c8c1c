import { ZMonitorWall, ZMonitorWallDeleteRequest, ZMonitorWallList, ZMonitorWallSaveRequest } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../infrastructure/http/app-error';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { type OwnsDevice } from './device-ownership';
import { deleteMonitorWall, listMonitorWalls, saveMonitorWall } from './monitor-walls.service';

export const monitorWallRoutes: FastifyPluginAsyncZod<{ ownsDevice: OwnsDevice }> = async (app, { ownsDevice }) => {
  const userIdOf = (user: { userId: string } | null | undefined) => {
    if (!user) throw new AppError('UNAUTHORIZED');
    return user.userId;
  };

  app.get(
    '/monitorWall/list',
    {
      schema: {
        tags: ['devices'],
        summary: "The account's screen walls, each an ordered device layout, and how many device places it owns and uses",
        response: envelopeResponses(ZMonitorWallList),
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await listMonitorWalls(app.db, userIdOf(request.user))),
  );

  app.post(
    '/monitorWall/save',
    {
      schema: {
        tags: ['devices'],
        summary: 'Create a screen wall (no id) or replace its name and device layout (deviceIds in display order)',
        description:
          'All walls together hold at most as many devices as the account owns screen walls (bought or redeemed): WALL_LIMIT_EXCEEDED ' +
          'otherwise (data: owned, used). A device that is not the caller’s or shared with them: WALL_DEVICE_NOT_FOUND. Another ' +
          'account’s wall id: WALL_NOT_FOUND.',
        body: ZMonitorWallSaveRequest,
        response: envelopeResponses(ZMonitorWall),
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await saveMonitorWall(app.db, ownsDevice, userIdOf(request.user), request.body)),
  );

  app.post(
    '/monitorWall/delete',
    {
      schema: {
        tags: ['devices'],
        summary: 'Delete a screen wall (its devices stay in the account)',
        body: ZMonitorWallDeleteRequest,
        response: envelopeResponses(z.null()),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      await deleteMonitorWall(app.db, userIdOf(request.user), request.body.id);
      return ok(null);
    },
  );
};

import { localeEntries, ZSeat, ZSeatAssignRequest, ZSeatList, ZSeatUnassignRequest } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../infrastructure/http/app-error';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { requestZone } from '../../infrastructure/time-text';
import { type OwnsDevice } from '../monitor-walls';
import { assignSeatTo, listSeats, seatMoveMessage, unassignSeatOf } from './seats.service';

export const seatRoutes: FastifyPluginAsyncZod<{ ownsDevice: OwnsDevice }> = async (app, { ownsDevice }) => {
  const userIdOf = (user: { userId: string } | null | undefined) => {
    if (!user) throw new AppError('UNAUTHORIZED');
    return user.userId;
  };

  app.get(
    '/seat/list',
    {
      schema: {
        tags: ['orders'],
        summary: 'The seats the caller bought (MEMBER or CHANNEL ordered with asSeats), each with its term and holder',
        response: envelopeResponses(ZSeatList),
      },
      onRequest: app.requireUser,
    },
    async (request) => ok({ seats: await listSeats(app.db, userIdOf(request.user)) }),
  );

  app.post(
    '/seat/assign',
    {
      schema: {
        tags: ['orders'],
        summary: 'Give a seat to an account (username, phone or email) or to one of the caller’s devices',
        description:
          'Exactly one of deviceId and account. The holder has the paid feature while the seat runs. A seat changes holder at most ' +
          'once in 7 days, counted from its last assignment: SEAT_MOVE_TOO_SOON (data.movableFrom; the message says that moment in the caller’s language and zone) otherwise. Another account’s ' +
          'seat: SEAT_NOT_FOUND; a device that is not the caller’s: NOT_FOUND; an unknown account: SEAT_ACCOUNT_NOT_FOUND; ' +
          'expired or refunded: SEAT_EXPIRED.',
        body: ZSeatAssignRequest,
        response: envelopeResponses(ZSeat),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      try {
        return ok(await assignSeatTo(app.db, app.kv, ownsDevice, userIdOf(request.user), request.body));
      } catch (error) {
        // the moment it may move again, on the reader's clock (the browser's llk-tz cookie)
        throw error instanceof AppError
          ? seatMoveMessage(error, localeEntries[request.locale].iso, requestZone(request.headers.cookie))
          : error;
      }
    },
  );

  app.post(
    '/seat/unassign',
    {
      schema: {
        tags: ['orders'],
        summary: 'Take a seat back from its holder (the 7-day rule still counts from its last assignment)',
        body: ZSeatUnassignRequest,
        response: envelopeResponses(ZSeat),
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await unassignSeatOf(app.db, app.kv, userIdOf(request.user), request.body.seatId)),
  );
};

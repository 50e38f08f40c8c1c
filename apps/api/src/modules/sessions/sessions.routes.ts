import {
  ZSessionDisconnectRequest,
  ZSessionEndRequest,
  ZSessionFileRequest,
  ZSessionNoteRequest,
  ZSessionAnswer,
  ZSessionUpdateRequest,
} from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../infrastructure/http/app-error';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { disconnectSession, endSession, noteSession, recordSessionFile, updateSession } from './session-life';

const NOT_FOUND = 'A session that is neither the caller’s (either side) nor on the caller’s device answers CONNECTION_NOT_FOUND (404).';

function userId(request: FastifyRequest): string {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user.userId;
}

/** The apps report a session's life (Authorization: token); the web disconnects a live one. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const authed = { onRequest: app.requireUser };
  const response = envelopeResponses(ZSessionAnswer);

  app.post(
    '/session/update',
    {
      schema: {
        tags: ['sessions'],
        summary: 'The session is alive: its kind, duration and bytes so far; renews its lease',
        description: `An ended session answers CONNECTION_ENDED (409): the app runs a new connectCheck. ${NOT_FOUND}`,
        body: ZSessionUpdateRequest,
        response,
      },
      ...authed,
    },
    async (request) => ok(await updateSession(app.eventsDb, app.kv, userId(request), request.body)),
  );

  app.post(
    '/session/end',
    {
      schema: {
        tags: ['sessions'],
        summary: 'End the session: the first end counts (reason, duration, bytes), a repeat answers the record as it is',
        description: `The duration is the one reported, else end − start; the session’s lease is released. ${NOT_FOUND}`,
        body: ZSessionEndRequest,
        response,
      },
      ...authed,
    },
    async (request) => ok(await endSession(app.eventsDb, app.kv, userId(request), request.body)),
  );

  app.post(
    '/session/fileTransfer',
    {
      schema: {
        tags: ['sessions'],
        summary: 'A file sent or received in the session (live or ended); a repeat of the same event is the same file',
        description: `The event is the app’s eventId, else direction, name, size and hash together. ${NOT_FOUND}`,
        body: ZSessionFileRequest,
        response,
      },
      ...authed,
    },
    async (request) => ok(await recordSessionFile(app.eventsDb, userId(request), request.body)),
  );

  app.post(
    '/session/note',
    {
      schema: {
        tags: ['sessions'],
        summary: 'The caller’s side’s note on the session (the controlling or the controlled side); a repeat replaces it',
        description: NOT_FOUND,
        body: ZSessionNoteRequest,
        response,
      },
      ...authed,
    },
    async (request) => ok(await noteSession(app.eventsDb, userId(request), request.body)),
  );

  app.post(
    '/session/disconnect',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Disconnect a live session (the controlled device’s owner or the controlling account)',
        description:
          'The record ends with DISCONNECTED_BY_OWNER and who did it, its lease is released (a heartbeat cannot revive it), and both ' +
          'devices’ next heartbeats answer its id in `disconnect`. A session that already ended answers as it is. ' +
          NOT_FOUND,
        body: ZSessionDisconnectRequest,
        response,
      },
      ...authed,
    },
    async (request) => ok(await disconnectSession(app.db, app.kv, userId(request), request.body.sessionId)),
  );
};

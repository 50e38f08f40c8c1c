import { ZConnectCheckRequest, ZConnectCheckResult, errorInfo } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { checkConnect } from './connect-policy';
import { NOT_FOUND, userId } from './route-caller';

/** The broker asks whether one device may open a session to another. */
export const connectRoutes: FastifyPluginAsyncZod = async (app) => {
  const authed = { onRequest: app.requireUser };

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
          'An allowed check opens a connection record and answers its sessionId (a repeat while it runs answers the same one); ' +
          'a refused one is recorded with its reason. ' +
          NOT_FOUND,
        body: ZConnectCheckRequest,
        response: envelopeResponses(ZConnectCheckResult),
      },
      ...authed,
    },
    async (request) => {
      const { fromDeviceId, toDeviceId, kind } = request.body;
      // its reads and the record's write on the events' pool (plugins/db.ts)
      const decision = await checkConnect(app.eventsDb, app.kv, userId(request), fromDeviceId, toDeviceId, new Date(), {
        ip: request.ip,
        kind,
        accountMemo: app.accountMemo,
        planMemo: app.planMemo,
      });
      // the alerts run after the answer; a retry that found the running record is not a new session
      if (decision.created) app.sessionEvents.recorded(decision.record);
      const message = decision.error ? request.t(`errors.${errorInfo(decision.error).key}`, decision.params) : null;
      return ok({ allowed: decision.allowed, reason: decision.reason, message, sessionId: decision.allowed ? decision.record.id : null });
    },
  );
};

import { ZDeviceHeartbeatRequest, ZDevicePolicyAnswer, ZDeviceRegisterRequest } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { heartbeat } from './heartbeat';
import { registerDevice } from './registration';
import { caller } from './route-caller';

/** A client registers its device and keeps it online. */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const authed = { onRequest: app.requireUser };

  app.post(
    '/device/register',
    {
      schema: {
        tags: ['devices'],
        summary: 'Register this device (idempotent per account and app device id); answers it, its policy and the running seats it holds',
        description:
          'A new device beyond the plan’s device limit: DEVICE_LIMIT_REACHED, naming the limit. The address is recorded for the connect check. ' +
          'With deployCode the device is enrolled into the code’s organisation and group (ADR 0045; PENDING when the code asks for ' +
          'approval, `enrolment` in the answer) and does not count against the personal limit; an unknown, revoked, expired or used-up ' +
          'code is ORG_DEPLOY_CODE_INVALID / _REVOKED / _EXPIRED / _USED_UP and nothing is registered; a device in another ' +
          'organisation is ORG_DEVICE_IN_OTHER_ORG.',
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
};

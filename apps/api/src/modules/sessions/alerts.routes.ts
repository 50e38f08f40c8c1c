import { ZAccessAlert, ZAccessAlerts, ZAccessAlertSetRequest, ZNotificationReadRequest, ZNotifications } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../infrastructure/http/app-error';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { accessAlertsListener, rememberOwnerLocale } from './access-alerts';
import { accessAlertsOf, type DeviceOwnerCheck, notificationsOf, readNotifications, setAccessAlert } from './alerts.service';

/** The access alerts' settings and the header's notifications; the alerts themselves follow every connection record. */
export const alertsRoutes: FastifyPluginAsyncZod<{ ownsDevice: DeviceOwnerCheck }> = async (app, { ownsDevice }) => {
  app.sessionEvents.onRecorded(accessAlertsListener({ db: app.db, kv: app.kv, delivery: app.delivery, log: app.log }));
  const authed = { onRequest: app.requireUser };
  const userIdOf = (user: { userId: string } | null | undefined) => {
    if (!user) throw new AppError('UNAUTHORIZED');
    return user.userId;
  };

  app.get(
    '/session/alerts',
    {
      schema: {
        tags: ['sessions'],
        summary: 'The access alerts the caller set on their devices (a device not listed has none)',
        response: envelopeResponses(ZAccessAlerts),
      },
      ...authed,
    },
    async (request) => {
      const userId = userIdOf(request.user);
      await rememberOwnerLocale(app.kv, userId, request.locale);
      return ok(await accessAlertsOf(app.db, userId));
    },
  );

  app.post(
    '/session/alerts/set',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Tell the owner when someone connects to the device: by email, SMS and in the site’s header',
        description:
          'Owner only: a device that is not the caller’s (shared with them or not) answers DEVICE_NOT_FOUND. At most one alert ' +
          'per session, and emails and SMS go quiet after 6 in an hour for one device (the header notification is still written). ' +
          'The alerts are written in the language of the owner’s latest visit.',
        body: ZAccessAlertSetRequest,
        response: envelopeResponses(ZAccessAlert),
      },
      ...authed,
    },
    async (request) => {
      const userId = userIdOf(request.user);
      const alert = await setAccessAlert(app.db, ownsDevice, userId, request.body);
      await rememberOwnerLocale(app.kv, userId, request.locale);
      return ok(alert);
    },
  );

  app.get(
    '/notification/list',
    {
      schema: {
        tags: ['sessions'],
        summary: 'The caller’s newest 50 notifications (someone connected, a security alarm) and how many are unread',
        response: envelopeResponses(ZNotifications),
      },
      ...authed,
    },
    async (request, reply) => {
      const userId = userIdOf(request.user);
      reply.header('cache-control', 'no-store');
      await rememberOwnerLocale(app.kv, userId, request.locale);
      return ok(await notificationsOf(app.db, userId));
    },
  );

  app.post(
    '/notification/read',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Mark the caller’s notifications read: the ids given, or all of them without ids',
        description: 'Ids that are not the caller’s are ignored.',
        body: ZNotificationReadRequest,
        response: envelopeResponses(z.object({ marked: z.number().int() })),
      },
      ...authed,
    },
    async (request) => ok({ marked: await readNotifications(app.db, userIdOf(request.user), request.body.ids) }),
  );
};

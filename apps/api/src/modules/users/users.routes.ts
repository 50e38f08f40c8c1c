import { ZMemberLevel, ZMonitorAndQuality, ZUserCheckRequest, ZUserCheckResult, ZUserInfo } from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { hitLimit } from '../../infrastructure/http/rate-limit';
import { sha256Hex } from '../../infrastructure/secrets';
import { ZONE_COOKIE } from '../../infrastructure/time-text';
import { type Db } from '../../infrastructure/db/schema';
import {
  getUserWithHeldSeats,
  type HeldSeatEnds,
  isRegistered,
  memberLevelOf,
  monitorAndQualityOf,
  rememberTimeZone,
  userInfoOf,
} from './users.service';

/** /user/check answers per client IP and minute: enough for a form, too few to enumerate. */
export const USER_CHECK_PER_MINUTE = 30;

/**
 * What the account routes read of other modules, passed in by the composition (the seats and
 * devices modules depend on this one): the seats an account holds, and whether a device it sees
 * was last seen abroad (the cross-border notice).
 */
export interface UserRoutesOptions {
  heldSeatEnds: HeldSeatEnds;
  deviceAbroad: (db: Db, userId: string) => Promise<boolean>;
}

export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, { heldSeatEnds, deviceAbroad }) => {
  // Personal data: never stored by a browser or a shared cache (this plugin's routes only).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/user/check',
    {
      config: { rateLimited: true },
      schema: {
        tags: ['accounts'],
        summary: 'Whether a phone (MOBILE), username (ACCOUNT) or email (EMAIL) is registered',
        description: `At most ${USER_CHECK_PER_MINUTE} per minute per client IP, then RATE_LIMITED with data.retryAfterSeconds.`,
        body: ZUserCheckRequest,
        response: envelopeResponses(ZUserCheckResult),
      },
    },
    async (request) => {
      await hitLimit(app.kv, `user-check:${sha256Hex(request.ip).slice(0, 32)}`, USER_CHECK_PER_MINUTE, 60_000);
      return ok({ exists: await isRegistered(app.db, request.body.type, request.body.value) });
    },
  );

  // the account with the seats it holds, from this instance's memo when it has the account
  const effective = (request: FastifyRequest) =>
    getUserWithHeldSeats(app.db, request.user?.userId ?? '', heldSeatEnds, new Date(), app.accountMemo);
  const authed = { onRequest: app.requireUser };

  app.get(
    '/user/info',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The logged-in user (contact details masked)',
        description:
          'A browser’s llk-tz cookie (an IANA zone) is kept as the account’s zone, in which emails and SMS say times (docs/adr/0031).',
        response: envelopeResponses(ZUserInfo),
      },
      ...authed,
    },
    async (request) => {
      const user = await effective(request);
      await rememberTimeZone(app.db, user, request.cookies[ZONE_COOKIE]);
      return ok(userInfoOf(user));
    },
  );

  app.get(
    '/user/currentMemberLevel',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Current plan and expiry: the better of the account’s own membership and a MEMBER seat it holds',
        response: envelopeResponses(ZMemberLevel),
      },
      ...authed,
    },
    async (request) => ok(memberLevelOf(await effective(request))),
  );

  app.get(
    '/user/queryMonitorAndQuality',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Screen walls owned, quality tier and global channel',
        response: envelopeResponses(ZMonitorAndQuality),
      },
      ...authed,
    },
    async (request) => {
      const user = await effective(request);
      const now = new Date();
      const concerned = monitorAndQualityOf(user, now).channelRequired && (await deviceAbroad(app.db, user.id));
      return ok(monitorAndQualityOf(user, now, concerned));
    },
  );
};

import {
  PASSKEYS_PER_ACCOUNT_MAX,
  ZPasskey,
  ZPasskeyIdRequest,
  ZPasskeyList,
  ZPasskeyLoginOptions,
  ZPasskeyLoginRequest,
  ZPasskeyRegisterOptions,
  ZPasskeyRegisterRequest,
  ZAdminMe,
} from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { PASSKEY_CHALLENGE_TTL_MS } from '../passkeys';
import { setStaffCookie } from './session.admin.routes';
import {
  finishStaffPasskeyLogin,
  finishStaffRegistration,
  removeStaffPasskey,
  STAFF_PASSKEY_OPTIONS_PER_MINUTE,
  staffPasskeys,
  startStaffPasskeyLogin,
  startStaffRegistration,
  type StaffPasskeysContext,
} from './staff-passkeys.service';
import { actorOf } from '../../infrastructure/http/staff';

// Staff passkeys: a member's own keys (any staff session) and the passkey log-in (no session).

const tags = ['admin'];
const challengeNote = `Each challenge is valid for ${PASSKEY_CHALLENGE_TTL_MS / 60_000} minutes and once (PASSKEY_CHALLENGE_INVALID afterwards).`;

export const staffPasskeysAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest): StaffPasskeysContext => ({
    db: app.db,
    kv: app.kv,
    totpKey: app.totpKey,
    rp: app.config.webauthn,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  const own = { permission: 'staff' } as const;

  app.get(
    '/admin/me/passkeys',
    {
      config: own,
      schema: {
        tags,
        summary: 'The signed-in staff member’s passkeys (back office; any staff session)',
        response: envelopeResponses(ZPasskeyList),
      },
    },
    async (request) => ok({ passkeys: await staffPasskeys(context(request), actorOf(request).staffId) }),
  );
  app.post(
    '/admin/me/passkeys/registerOptions',
    {
      config: own,
      schema: {
        tags,
        summary: 'Options to add a passkey to the signed-in staff member (navigator.credentials.create)',
        description: `Discoverable credential with user verification. ${challengeNote} At most ${PASSKEYS_PER_ACCOUNT_MAX} per member (PASSKEY_LIMIT_REACHED).`,
        response: envelopeResponses(ZPasskeyRegisterOptions),
      },
    },
    async (request) => ok(await startStaffRegistration(context(request), actorOf(request).staffId)),
  );
  app.post(
    '/admin/me/passkeys/register',
    {
      config: own,
      schema: {
        tags,
        summary: 'Add the passkey just created, under a name (audited)',
        description:
          'PASSKEY_CHALLENGE_INVALID when the challenge was not this member’s or was used; PASSKEY_VERIFICATION_FAILED; PASSKEY_ALREADY_REGISTERED.',
        body: ZPasskeyRegisterRequest,
        response: envelopeResponses(ZPasskey),
      },
    },
    async (request) => ok(await finishStaffRegistration(context(request), actorOf(request), request.body.name, request.body.response)),
  );
  app.post(
    '/admin/me/passkeys/remove',
    {
      config: own,
      schema: {
        tags,
        summary: 'Remove one of the member’s own passkeys (audited); another’s id is PASSKEY_NOT_FOUND',
        body: ZPasskeyIdRequest,
        response: envelopeResponses(z.null()),
      },
    },
    async (request) => {
      await removeStaffPasskey(context(request), actorOf(request), request.body.id);
      return ok(null);
    },
  );
  app.post(
    '/admin/login/passkey/options',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'A challenge for a staff passkey log-in (back office; no session)',
        description: `${challengeNote} At most ${STAFF_PASSKEY_OPTIONS_PER_MINUTE} per client address per minute (42900).`,
        response: envelopeResponses(ZPasskeyLoginOptions),
      },
    },
    async (request) => ok(await startStaffPasskeyLogin(context(request))),
  );
  app.post(
    '/admin/login/passkey',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Staff log-in with a passkey instead of password and code (back office; no session)',
        description:
          'An unknown key (a customer’s too), a locked member or one not set up: STAFF_LOGIN_INVALID. Audited as staff.login. Sets the llk_admin cookie ' +
          '(Path=/admin, HttpOnly, SameSite=Strict).',
        body: ZPasskeyLoginRequest,
        response: envelopeResponses(ZAdminMe),
      },
    },
    async (request, reply) => {
      const { me, token } = await finishStaffPasskeyLogin(context(request), request.body.response);
      setStaffCookie(request, reply, token);
      return ok(me);
    },
  );
};

import {
  PASSKEY_NAME_MAX,
  PASSKEYS_PER_ACCOUNT_MAX,
  ZPasskey,
  ZPasskeyIdRequest,
  ZPasskeyList,
  ZPasskeyLoginOptions,
  ZPasskeyLoginRequest,
  ZPasskeyRegisterOptions,
  ZPasskeyRegisterRequest,
  ZPasskeyRenameRequest,
  ZSignedIn,
} from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { hitLimit } from '../../infrastructure/http/rate-limit';
import { sha256Hex } from '../../infrastructure/secrets';
import {
  finishLogin,
  finishRegistration,
  listPasskeys,
  PASSKEY_CHALLENGE_TTL_MS,
  removePasskey,
  renameUserPasskey,
  startLogin,
  startRegistration,
  type PasskeysContext,
} from './passkeys.service';

/** Log-in challenges one client IP may ask for per minute: each one is kept for minutes. */
export const PASSKEY_OPTIONS_PER_MINUTE = 30;

const challengeNote = `Each challenge is valid for ${PASSKEY_CHALLENGE_TTL_MS / 60_000} minutes and once (PASSKEY_CHALLENGE_INVALID afterwards).`;

export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PasskeysContext = { db: app.db, kv: app.kv, rp: app.config.webauthn };
  const userId = (request: FastifyRequest) => request.user?.userId ?? '';
  const authed = { onRequest: app.requireUser };
  const done = z.null();

  app.post(
    '/user/passkeys/registerOptions',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Options to register a passkey (pass data.options to navigator.credentials.create / startRegistration)',
        description: `Discoverable credential with user verification. ${challengeNote} At most ${PASSKEYS_PER_ACCOUNT_MAX} passkeys per account (PASSKEY_LIMIT_REACHED).`,
        response: envelopeResponses(ZPasskeyRegisterOptions),
      },
      ...authed,
    },
    async (request) => ok(await startRegistration(ctx, userId(request))),
  );

  app.post(
    '/user/passkeys/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Register a passkey with a name (the browser answer to registerOptions)',
        description:
          `name: 1–${PASSKEY_NAME_MAX} characters. PASSKEY_CHALLENGE_INVALID (expired, used, or another account's), ` +
          'PASSKEY_VERIFICATION_FAILED (origin, RP id, user verification, attestation), PASSKEY_ALREADY_REGISTERED, PASSKEY_LIMIT_REACHED.',
        body: ZPasskeyRegisterRequest,
        response: envelopeResponses(ZPasskey),
      },
      ...authed,
    },
    async (request) =>
      ok(
        await finishRegistration(ctx, userId(request), request.body.name, request.body.response),
        request.t('success.modificationSucceeded'),
      ),
  );

  app.get(
    '/user/passkeys',
    {
      schema: { tags: ['accounts'], summary: "The account's passkeys, oldest first", response: envelopeResponses(ZPasskeyList) },
      ...authed,
    },
    async (request) => ok({ passkeys: await listPasskeys(app.db, userId(request)) }),
  );

  app.post(
    '/user/passkeys/rename',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Rename one of the account’s passkeys',
        description: "PASSKEY_NOT_FOUND for an id that is not one of the caller's passkeys.",
        body: ZPasskeyRenameRequest,
        response: envelopeResponses(done),
      },
      ...authed,
    },
    async (request) => {
      await renameUserPasskey(app.db, userId(request), request.body.id, request.body.name);
      return ok(null, request.t('success.modificationSucceeded'));
    },
  );

  app.post(
    '/user/passkeys/remove',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Remove one of the account’s passkeys; it can never log in again',
        description: "PASSKEY_NOT_FOUND for an id that is not one of the caller's passkeys.",
        body: ZPasskeyIdRequest,
        response: envelopeResponses(done),
      },
      ...authed,
    },
    async (request) => {
      await removePasskey(app.db, userId(request), request.body.id);
      return ok(null, request.t('success.modificationSucceeded'));
    },
  );

  app.post(
    '/passkeyLogin/options',
    {
      config: { rateLimited: true },
      schema: {
        tags: ['accounts'],
        summary:
          'Options to log in with a passkey, no account named (pass data.options to navigator.credentials.get / startAuthentication)',
        description: `${challengeNote} At most ${PASSKEY_OPTIONS_PER_MINUTE} per minute per client IP (RATE_LIMITED).`,
        response: envelopeResponses(ZPasskeyLoginOptions),
      },
    },
    async (request) => {
      await hitLimit(app.kv, `passkey-options:${sha256Hex(request.ip).slice(0, 32)}`, PASSKEY_OPTIONS_PER_MINUTE, 60_000);
      return ok(await startLogin(ctx));
    },
  );

  app.post(
    '/passkeyLogin/verify',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Log in with a passkey (the browser answer to /passkeyLogin/options)',
        description:
          'Returns access_token and cancellation and sets the llk_session cookie, as /h5Login does; no second step (a passkey is possession and ' +
          'PIN/biometrics at once). PASSKEY_CHALLENGE_INVALID, PASSKEY_NOT_FOUND (unknown or removed passkey), ' +
          'PASSKEY_VERIFICATION_FAILED (origin, RP id, signature, user verification), PASSKEY_COUNTER_REGRESSED (a cloned authenticator).',
        body: ZPasskeyLoginRequest,
        response: envelopeResponses(ZSignedIn),
      },
    },
    async (request, reply) => {
      const result = await finishLogin({ ...ctx, signIn: app.signInContext(request) }, request.body.response);
      app.setSessionCookie(request, reply, result.access_token);
      return ok(result, request.t('success.loginSucceeded'));
    },
  );
};

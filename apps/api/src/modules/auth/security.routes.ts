import {
  ZLoginHistory,
  ZNotificationSettings,
  ZNotificationSettingsRequest,
  ZRevokeOthersResult,
  ZRevokeSessionRequest,
  ZSessionList,
  ZTotpDisableRequest,
  ZTotpEnableRequest,
  ZTotpEnableResult,
  ZTotpSetupResult,
  ZTotpStatus,
} from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../infrastructure/http/app-error';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { type ActiveSession } from './sessions.service';
import {
  alertSecurityEvent,
  disableTotp,
  enableTotpWithCode,
  getNotificationSettings,
  listSessions,
  loginHistory,
  revokeOthers,
  revokeOwnSession,
  setNotificationSettings,
  setUpTotp,
  totpStatus,
} from './security.service';

// The security centre's routes: sessions, sign-in history, two-step verification,
// notification switches. All of them need a live session; cookie writes must be same-origin.

export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const authed = { onRequest: app.requireUser };
  const me = (request: FastifyRequest): ActiveSession => {
    if (!request.user) throw new AppError('UNAUTHORIZED');
    return request.user;
  };
  const tags = ['account security'];

  app.get(
    '/user/sessions',
    {
      schema: {
        tags,
        summary: "The account's signed-in sessions, most recently used first; `current` marks the caller's",
        description:
          'Device and browser come from the user agent, location from the IP (country). lastSeenAt is updated at most once a minute.',
        response: envelopeResponses(ZSessionList),
      },
      ...authed,
    },
    async (request) => ok({ sessions: await listSessions(app.db, me(request).userId, me(request).id, app.config.session, request.locale) }),
  );

  app.post(
    '/user/sessions/revoke',
    {
      schema: {
        tags,
        summary: 'Sign one of your sessions out (its next call is 401 on every instance; its unused access keys stop working)',
        description:
          'Unknown id, another account’s session or one already ended: SESSION_NOT_FOUND. The current session may be signed out too.',
        body: ZRevokeSessionRequest,
        response: envelopeResponses(z.null()),
      },
      ...authed,
    },
    async (request) => {
      await revokeOwnSession(app.db, app.kv, me(request).userId, request.body.id);
      return ok(null, request.t('success.modificationSucceeded'));
    },
  );

  app.post(
    '/user/sessions/revokeOthers',
    {
      schema: {
        tags,
        summary: 'Sign out every session but the caller’s; returns how many ended',
        description: 'Serialised per account: parallel calls (from any of its sessions) leave exactly one session.',
        response: envelopeResponses(ZRevokeOthersResult),
      },
      ...authed,
    },
    async (request) =>
      ok({ revoked: await revokeOthers(app.db, app.kv, me(request).userId, me(request).id) }, request.t('success.modificationSucceeded')),
  );

  app.get(
    '/user/loginHistory',
    {
      schema: {
        tags,
        summary: 'The last 50 sign-in attempts on the account, newest first (successes and failures)',
        description:
          'method: password, sms_code, access_key, totp, backup_code (second step), passkey, signup. failure: the error code name. ' +
          'newDevice: the first successful sign-in from that device (browser, system, device type), which sends the alert when on.',
        response: envelopeResponses(ZLoginHistory),
      },
      ...authed,
    },
    async (request) => ok({ events: await loginHistory(app.db, me(request).userId, request.locale) }),
  );

  app.get(
    '/user/totp',
    {
      schema: {
        tags,
        summary: 'Whether two-step verification is on, since when, and how many backup codes are left',
        response: envelopeResponses(ZTotpStatus),
      },
      ...authed,
    },
    async (request) => ok(await totpStatus(app.db, me(request).userId)),
  );

  app.post(
    '/user/totp/setup',
    {
      schema: {
        tags,
        summary: 'Start two-step verification: a new secret and its otpauth:// URI (for the QR code); confirm with /user/totp/enable',
        description: 'Already on: TOTP_ALREADY_ENABLED. Calling it again replaces an unconfirmed secret.',
        response: envelopeResponses(ZTotpSetupResult),
      },
      ...authed,
    },
    async (request) => ok(await setUpTotp(app.db, app.totpKey, me(request).userId)),
  );

  app.post(
    '/user/totp/enable',
    {
      schema: {
        tags,
        summary: 'Turn two-step verification on with a code from the authenticator; returns ten single-use backup codes (shown once)',
        description: 'No set-up: TOTP_SETUP_REQUIRED; already on: TOTP_ALREADY_ENABLED; wrong code: TOTP_CODE_INVALID.',
        body: ZTotpEnableRequest,
        response: envelopeResponses(ZTotpEnableResult),
      },
      ...authed,
    },
    async (request) =>
      ok(
        await enableTotpWithCode(app.db, app.kv, app.totpKey, me(request).userId, me(request).id, request.body.code),
        request.t('success.modificationSucceeded'),
      ),
  );

  app.post(
    '/user/totp/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-step verification off with an authenticator code or a backup code',
        description:
          'Not on: TOTP_NOT_ENABLED; wrong or used code: TOTP_CODE_INVALID; a step used before: TOTP_CODE_REPLAYED. Every verified contact is told (TWO_STEP_DISABLED).',
        body: ZTotpDisableRequest,
        response: envelopeResponses(z.null()),
      },
      ...authed,
    },
    async (request) => {
      await disableTotp(app.db, app.totpKey, me(request).userId, request.body.code);
      await alertSecurityEvent(app.signInContext(request), me(request).userId, 'TWO_STEP_DISABLED');
      return ok(null, request.t('success.modificationSucceeded'));
    },
  );

  app.get(
    '/user/notificationSettings',
    {
      schema: {
        tags,
        summary: 'Notification switches (new-device sign-in alerts: on by default)',
        response: envelopeResponses(ZNotificationSettings),
      },
      ...authed,
    },
    async (request) => ok(await getNotificationSettings(app.db, me(request).userId)),
  );

  app.post(
    '/user/notificationSettings',
    {
      schema: {
        tags,
        summary: 'Switch new-device sign-in alerts on or off',
        description: 'The alert goes to the account’s email, or by SMS to its phone when it has no email.',
        body: ZNotificationSettingsRequest,
        response: envelopeResponses(ZNotificationSettings),
      },
      ...authed,
    },
    async (request) =>
      ok(await setNotificationSettings(app.db, me(request).userId, request.body), request.t('success.modificationSucceeded')),
  );
};

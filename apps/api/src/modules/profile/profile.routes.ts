import {
  ZBindEmailRequest,
  ZBindMobileRequest,
  ZCancelAccountRequest,
  ZCancellation,
  ZChangeEmailRequest,
  ZChangeMobileRequest,
  ZContactChangeResult,
  ZUnbindContactRequest,
  ZUpdateProfileRequest,
  ZUserInfo,
} from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { alertSecurityEvent } from '../auth';
import { cancelAccount, restoreAccount } from './cancellation.service';
import { bindContact, changeContact, type ContactContext, TICKET_TTL_MS, unbindContact, updateProfile } from './contacts.service';

const userId = (request: FastifyRequest) => request.user?.userId ?? '';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Personal data: never stored by a browser or a shared cache (this plugin's routes only).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const authed = { onRequest: app.requireUser };
  const context = (request: FastifyRequest): ContactContext => ({
    db: app.db,
    kv: app.kv,
    codes: app.codeStore,
    delivery: app.delivery,
    locale: request.locale,
    log: request.log,
  });
  const codeErrors = 'Codes: CODE_INVALID (data.attemptsLeft), CODE_EXPIRED, CODE_TOO_MANY_ATTEMPTS.';

  app.post(
    '/user/updateProfile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the nickname (the username cannot change)',
        body: ZUpdateProfileRequest,
        response: envelopeResponses(ZUserInfo),
      },
      ...authed,
    },
    async (request) => ok(await updateProfile(app.db, userId(request), request.body.nickname), request.t('success.modificationSucceeded')),
  );

  app.post(
    '/user/bindEmail',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Bind an email to an account without one (BIND_EMAIL code sent to that email)',
        description: `EMAIL_ALREADY_BOUND when the account has a verified one (use /user/changeEmail; an unverified email typed at sign-up is replaced, or verified when it is the same: only then do log-ins, resets and codes by email reach it); EMAIL_REGISTERED when another account holds it verified (one holding it unverified loses it to this bind). ${codeErrors} Both addresses on file are told.`,
        body: ZBindEmailRequest,
        response: envelopeResponses(ZUserInfo),
      },
      ...authed,
    },
    async (request) =>
      ok(
        await bindContact(context(request), userId(request), 'EMAIL', request.body.email, request.body.code),
        request.t('success.modificationSucceeded'),
      ),
  );

  app.post(
    '/user/bindMobile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Bind a phone to an account without one (BIND_MOBILE code sent to that phone)',
        description: `PHONE_ALREADY_BOUND when the account has one (use /user/changeMobile); PHONE_REGISTERED when another account holds it. ${codeErrors}`,
        body: ZBindMobileRequest,
        response: envelopeResponses(ZUserInfo),
      },
      ...authed,
    },
    async (request) =>
      ok(
        await bindContact(context(request), userId(request), 'SMS', request.body.mobile, request.body.code),
        request.t('success.modificationSucceeded'),
      ),
  );

  app.post(
    '/user/changeEmail',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the email in two steps: the current email’s code → a ticket; the ticket and the new email’s code → changed',
        description:
          `Step 1 { code }: the BIND_EMAIL code sent to the current email (POST /sms { channel: EMAIL, smsType: BIND_EMAIL }); answers a ticket ` +
          `valid ${TICKET_TTL_MS / 60_000} minutes (EMAIL_NOT_REGISTERED when the account has no email). Step 2 { ticket, email, code }: the BIND_EMAIL code ` +
          `sent to the new email; answers the profile. CHANGE_TICKET_INVALID (expired, used, another account's, or the email changed meanwhile), ` +
          `CONTACT_UNCHANGED, EMAIL_REGISTERED (another account's verified email; one holding it unverified loses it to this change). ${codeErrors} The old and the new address are told.`,
        body: ZChangeEmailRequest,
        response: envelopeResponses(ZContactChangeResult),
      },
      ...authed,
    },
    async (request) => {
      const { code, ticket, email } = request.body;
      const result = await changeContact(context(request), userId(request), 'EMAIL', { code, ticket, value: email });
      return ok(result, result.user ? request.t('success.modificationSucceeded') : undefined);
    },
  );

  app.post(
    '/user/changeMobile',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Change the phone in two steps: MODIFY_PHONE code of the current phone → a ticket; the ticket and the CHANGE_MOBILE code of the new phone → changed',
        description:
          `Step 1 { code }: the MODIFY_PHONE code sent to the current phone (POST /sms { channel: SMS, smsType: MODIFY_PHONE }); answers a ticket ` +
          `valid ${TICKET_TTL_MS / 60_000} minutes. Step 2 { ticket, mobile, code }: the CHANGE_MOBILE code sent to the new phone; answers the profile. ` +
          `CHANGE_TICKET_INVALID, CONTACT_UNCHANGED, PHONE_REGISTERED. ${codeErrors} The old and the new phone are told.`,
        body: ZChangeMobileRequest,
        response: envelopeResponses(ZContactChangeResult),
      },
      ...authed,
    },
    async (request) => {
      const { code, ticket, mobile } = request.body;
      const result = await changeContact(context(request), userId(request), 'SMS', { code, ticket, value: mobile });
      return ok(result, result.user ? request.t('success.modificationSucceeded') : undefined);
    },
  );

  const lastContact =
    'LAST_VERIFIED_CONTACT while the other address is missing or unverified (an account always keeps one verified contact). ' +
    'The removed and the remaining address are told.';

  app.post(
    '/user/unbindEmail',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Remove the email with the BIND_EMAIL code sent to it (POST /sms { channel: EMAIL, smsType: BIND_EMAIL })',
        description: `EMAIL_NOT_REGISTERED when the account has none. ${lastContact} ${codeErrors}`,
        body: ZUnbindContactRequest,
        response: envelopeResponses(ZUserInfo),
      },
      ...authed,
    },
    async (request) =>
      ok(await unbindContact(context(request), userId(request), 'EMAIL', request.body.code), request.t('success.modificationSucceeded')),
  );

  app.post(
    '/user/unbindMobile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Remove the phone with the MODIFY_PHONE code sent to it (POST /sms { channel: SMS, smsType: MODIFY_PHONE })',
        description: `PHONE_OR_EMAIL_NOT_REGISTERED when the account has none. ${lastContact} ${codeErrors}`,
        body: ZUnbindContactRequest,
        response: envelopeResponses(ZUserInfo),
      },
      ...authed,
    },
    async (request) =>
      ok(await unbindContact(context(request), userId(request), 'SMS', request.body.code), request.t('success.modificationSucceeded')),
  );

  app.post(
    '/user/cancel',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Cancel the account: a 15-day cooling-off, then its personal data is erased',
        description:
          `The CANCEL_ACCOUNT code sent to the account's phone (channel SMS) or email (channel EMAIL). During the cooling-off the user can still log in ` +
          `and POST /user/cancel/revoke restores the account; GET /user/info shows data.cancellation; every verified contact is told (ACCOUNT_CANCEL_REQUESTED). ACCOUNT_CANCEL_PENDING when already cancelled; ORG_SOLE_OWNER_CANCEL while the account is the last active owner of an organisation. ${codeErrors}`,
        body: ZCancelAccountRequest,
        response: envelopeResponses(ZCancellation),
      },
      ...authed,
    },
    async (request) => {
      const cancellation = await cancelAccount(app.db, app.codeStore, userId(request), request.body.channel, request.body.code);
      await alertSecurityEvent(
        { db: app.db, delivery: app.delivery, log: request.log, locale: request.locale },
        userId(request),
        'ACCOUNT_CANCEL_REQUESTED',
      );
      return ok(cancellation);
    },
  );

  app.post(
    '/user/cancel/revoke',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Restore an account in its cooling-off (undo POST /user/cancel)',
        description: 'ACCOUNT_CANCEL_NOT_PENDING when the account is not being cancelled.',
        response: envelopeResponses(ZUserInfo),
      },
      ...authed,
    },
    async (request) => ok(await restoreAccount(app.db, userId(request)), request.t('success.modificationSucceeded')),
  );
};

import { ZSendByAccountRequest, ZSendCodeRequest, ZSendCodeResult } from '@llk/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { findUserById } from '../users';
import { sendCodeTo, sendCodeToAccount, type SendContext } from './sms.service';

export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest): SendContext => ({
    db: app.db,
    kv: app.kv,
    codes: app.codeStore,
    delivery: app.delivery,
    log: request.log,
    ip: request.ip,
    locale: request.locale,
    ipLimits: { hourly: app.config.codes.ipHourlyLimit, daily: app.config.codes.ipDailyLimit },
    resendAfterMs: app.config.codes.resendAfterMs,
    smsLimits: app.config.sms,
  });

  app.post(
    '/sms',
    {
      config: { rateLimited: true },
      schema: {
        tags: ['accounts'],
        summary: 'Send a 6-digit code to a phone (or an email address) for one purpose',
        description:
          'SIGNUP needs an unregistered target: PHONE_REGISTERED / EMAIL_REGISTERED. LOGIN, RESET and CANCEL_ACCOUNT need a ' +
          'registered one: PHONE_OR_EMAIL_NOT_REGISTERED / EMAIL_NOT_REGISTERED. With a session (Authorization or the cookie), ' +
          "`channel` instead of an address means the account's own phone (SMS) or email (EMAIL), and the contact purposes apply " +
          '(without a session: UNAUTHORIZED): MODIFY_PHONE to the own phone; CHANGE_MOBILE and BIND_MOBILE to a free phone ' +
          '(BIND_MOBILE only for an account without one: PHONE_ALREADY_BOUND); BIND_EMAIL to the own email or a free one; ' +
          "CANCEL_ACCOUNT (logged in) to the own phone or email. Another account's address: CONTACT_NOT_ON_FILE; the wrong kind of " +
          'address for the purpose: CODE_CHANNEL_INVALID. ' +
          'Limits: 1 per 60 s, 5 per hour, 10 per day per target, and per client IP: SEND_TOO_FREQUENT / SEND_LIMIT_REACHED ' +
          'with data.retryAfterSeconds and a Retry-After header. Phones are E.164 (any usual form is accepted); per country: ' +
          'SMS_COUNTRY_BLOCKED for a region of SMS_BLOCKED_COUNTRIES, SMS_COUNTRY_LIMIT_REACHED (with retryAfterSeconds) past its ' +
          'hourly or daily codes. Numbers outside mainland China go by the international SMS route. A provider failure answers DELIVERY_FAILED.',
        body: ZSendCodeRequest,
        response: envelopeResponses(ZSendCodeResult),
      },
    },
    async (request) => {
      const { smsType, ...target } = request.body;
      const session = await app.authenticate(request);
      const user = session ? ((await findUserById(app.db, session.userId)) ?? null) : null;
      const result = await sendCodeTo(context(request), target, smsType, user?.erased_at ? null : user);
      return ok(result, request.t('success.codeSent', { target: result.target }));
    },
  );

  app.post(
    '/sms/sendByAccount',
    {
      config: { rateLimited: true },
      schema: {
        tags: ['accounts'],
        summary: 'Send a code to the phone or email on file for an account (username, phone or email)',
        description:
          'For LOGIN, RESET and CANCEL_ACCOUNT only. Unknown account: ACCOUNT_NOT_REGISTERED. An account ' +
          "without that channel gets the code over its other contact (ADR 0028): the answer's channel and target say where, " +
          'and POST /modifyPwdByAccount takes the code with either channel name. Same limits as POST /sms.',
        body: ZSendByAccountRequest,
        response: envelopeResponses(ZSendCodeResult),
      },
    },
    async (request) => {
      const { account, channel, smsType } = request.body;
      const result = await sendCodeToAccount(context(request), account, channel, smsType);
      return ok(result, request.t('success.codeSent', { target: result.target }));
    },
  );
};

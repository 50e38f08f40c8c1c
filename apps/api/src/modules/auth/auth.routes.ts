import {
  needsSecondStep,
  REFERRAL_COOKIE,
  ZLoginResult,
  ZSignedIn,
  type TSignedIn,
  ZVerifyTotpRequest,
  ZChangePasswordRequest,
  ZLoginRequest,
  ZModifyPwdByAccountRequest,
  ZModifyPwdByEmailRequest,
  ZModifyPwdByMobileRequest,
  ZSignupRequest,
  ZTokenResult,
  type TSignupRequest,
} from '@llk/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import {
  changePassword,
  login,
  resetPasswordByAccount,
  resetPasswordByEmail,
  resetPasswordByMobile,
  type AuthContext,
} from './auth.service';
import { verifySecondStep } from './security.service';
import { endSession } from './sessions.service';

export interface AuthRoutesOptions {
  /**
   * POST /signup's work: the account with its referral binding, a flow above auth and referrals
   * (flows/sign-up-with-referral.ts), handed in by the composition.
   */
  signUp: (ctx: AuthContext, input: TSignupRequest, referral: { code?: unknown; typed?: boolean }) => Promise<string>;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { signUp }) => {
  const context = (request: FastifyRequest): AuthContext => ({
    ...app.signInContext(request),
    codes: app.codeStore,
    t: (key) => request.t(key),
  });
  const issue = (request: FastifyRequest, reply: FastifyReply, token: string) => {
    app.setSessionCookie(request, reply, token);
    return { access_token: token };
  };
  const signIn = (request: FastifyRequest, reply: FastifyReply, result: TSignedIn) => {
    app.setSessionCookie(request, reply, result.access_token);
    return result;
  };

  app.post(
    '/h5Login',
    {
      config: { rateLimited: true },
      schema: {
        tags: ['accounts'],
        summary: 'Log in by password (account, mobile or email) or by a LOGIN code (mobile or email)',
        description:
          'Password: { loginType, account, password }. Code: { loginType: "mobile", mobile, code } or { loginType: "email", email, code } ' +
          '(unknown address: PHONE_OR_EMAIL_NOT_REGISTERED / EMAIL_NOT_REGISTERED; CODE_* errors). An unverified email (typed beside ' +
          'a phone at sign-up, GET /user/info emailVerified false) is answered as an unknown one either way. Returns access_token and ' +
          'cancellation (the pending erasure of a cancelled account in its cooling-off, as GET /user/info; null otherwise) and ' +
          'sets the httpOnly llk_session cookie. Wrong or unknown: INVALID_CREDENTIALS; after repeated failures per account ' +
          'or IP: LOGIN_THROTTLED with data.retryAfterSeconds (code log-in is not throttled this way). An account with two-step ' +
          'verification answers { secondStep: "TOTP", challengeId, expiresInSeconds } instead of a token (no cookie): finish with ' +
          'POST /h5Login/verifyTotp. Every attempt on an existing account is recorded (GET /user/loginHistory).',
        body: ZLoginRequest,
        response: envelopeResponses(ZLoginResult),
      },
    },
    async (request, reply) => {
      const result = await login(context(request), request.body);
      if (needsSecondStep(result)) return ok(result);
      return ok(signIn(request, reply, result), request.t('success.loginSucceeded'));
    },
  );

  app.post(
    '/h5Login/verifyTotp',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Second step of a log-in: an authenticator code or a backup code for the challenge of POST /h5Login',
        description:
          'code: 6 digits from the authenticator (the current step ±1, each step once: TOTP_CODE_REPLAYED) or an unused backup code ' +
          '(xxxxx-xxxxx). Unknown or expired challenge (5 minutes): TOTP_CHALLENGE_INVALID; wrong code: TOTP_CODE_INVALID; the 5th ' +
          'wrong code ends the challenge: TOTP_TOO_MANY_ATTEMPTS. Success returns access_token and cancellation (as POST /h5Login) ' +
          'and sets the cookie.',
        body: ZVerifyTotpRequest,
        response: envelopeResponses(ZSignedIn),
      },
    },
    async (request, reply) => {
      const result = await verifySecondStep(app.signInContext(request), request.body.challengeId, request.body.code);
      return ok(signIn(request, reply, result), request.t('success.loginSucceeded'));
    },
  );

  app.post(
    '/signup',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create an account with a SIGNUP code sent to the mobile, or to the email when there is no mobile; logs it in',
        description:
          "With mobile, code is the phone's SIGNUP code and an email beside it is kept unverified (GET /user/info emailVerified): " +
          'it opens nothing (no LOGIN or RESET code, no log-in or reset with it) until POST /user/bindEmail proves it, and another ' +
          'account holding it, verified or not, makes it EMAIL_REGISTERED. ' +
          'Without mobile, email is required (else validation.phoneOrEmailRequired on mobile) and code is its SIGNUP code; the ' +
          'account has no phone (bind one with BIND_MOBILE) and its email is verified; an account that held that email unverified ' +
          'loses it (EMAIL_REGISTERED only when it is verified elsewhere). ' +
          'USERNAME_TAKEN, PHONE_REGISTERED, EMAIL_REGISTERED, CODE_* errors; validation per the body schema below. A referral code in ' +
          '`referralCode` (typed by the user, e.g. in the apps) or else the llk_ref cookie (set by the web when a referral link is ' +
          'followed) binds the account to its ambassador for 60 days and grants 3 days of Pro and 10 screen walls. A malformed ' +
          '`referralCode` is a validation error (validation.referralCodeInvalid), and so is a typed code of no ambassador ' +
          "(validation.referralCodeUnknown; the SIGNUP code is not used up). The cookie's code when malformed or unknown binds " +
          'nothing and the sign-up goes on. The cookie is cleared.',
        body: ZSignupRequest,
        response: envelopeResponses(ZTokenResult),
      },
    },
    async (request, reply) => {
      const typed = request.body.referralCode?.trim();
      const token = await signUp(
        context(request),
        request.body,
        typed ? { code: typed, typed: true } : { code: request.cookies[REFERRAL_COOKIE] },
      );
      if (request.cookies[REFERRAL_COOKIE] !== undefined) reply.clearCookie(REFERRAL_COOKIE, { path: '/' }); // used up
      return ok(issue(request, reply, token), request.t('success.accountCreated'));
    },
  );

  const done = z.null();
  const resetNote = 'Ends every session of the account; log in again with the new password.';

  app.post(
    '/modifyPwdByMobile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Reset the password with a RESET code sent to the mobile (POST /sms)',
        description: resetNote,
        body: ZModifyPwdByMobileRequest,
        response: envelopeResponses(done),
      },
    },
    async (request) => {
      const { mobile, code, password } = request.body;
      await resetPasswordByMobile(context(request), mobile, code, password);
      return ok(null, request.t('success.modificationSucceeded'));
    },
  );

  app.post(
    '/modifyPwdByEmail',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Reset the password with a RESET code sent to the email (POST /sms with email, or /sms/sendByAccount with channel EMAIL)',
        description: `A verified email only: an unverified one is EMAIL_NOT_REGISTERED, as an unknown one. ${resetNote}`,
        body: ZModifyPwdByEmailRequest,
        response: envelopeResponses(done),
      },
    },
    async (request) => {
      const { email, code, password } = request.body;
      await resetPasswordByEmail(context(request), email, code, password);
      return ok(null, request.t('success.modificationSucceeded'));
    },
  );

  app.post(
    '/modifyPwdByAccount',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Reset the password by account (username, phone or email) with a RESET code from POST /sms/sendByAccount',
        description: `The code must have been sent over the same channel (an unverified email is skipped: its code went to the phone). An account named by its unverified email is ACCOUNT_NOT_REGISTERED. ${resetNote}`,
        body: ZModifyPwdByAccountRequest,
        response: envelopeResponses(done),
      },
    },
    async (request) => {
      await resetPasswordByAccount(context(request), request.body);
      return ok(null, request.t('success.modificationSucceeded'));
    },
  );

  app.post(
    '/user/changePassword',
    {
      config: { rateLimited: true },
      schema: {
        tags: ['accounts'],
        summary: 'Change the password while logged in (current password required)',
        description:
          'Wrong current password: INVALID_CREDENTIALS (counts towards LOGIN_THROTTLED). Ends every session of the account (on every ' +
          'instance at once) and returns a new access_token (and cookie) for the caller. Cookie callers must be same-origin (else 403).',
        body: ZChangePasswordRequest,
        response: envelopeResponses(ZTokenResult),
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const token = await changePassword(
        context(request),
        request.user?.userId ?? '',
        request.body.oldPassword,
        request.body.password,
        request.user?.secondFactor ?? null,
      );
      return ok(issue(request, reply, token), request.t('success.modificationSucceeded'));
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'End the current session and clear the cookie; always succeeds',
        response: envelopeResponses(done),
      },
    },
    async (request, reply) => {
      const session = await app.authenticate(request);
      if (session) await endSession(app.db, app.kv, session.id);
      app.clearSessionCookie(request, reply);
      return ok(null);
    },
  );
};

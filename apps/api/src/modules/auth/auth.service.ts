import {
  V,
  type TDeliveryChannel,
  type TLoginRequest,
  type TLoginResult,
  type TModifyPwdByAccountRequest,
  type TSignupRequest,
  type TSmsType,
} from '@llk/contracts';
import { isUniqueViolation, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError, fieldError } from '../../infrastructure/http/app-error';
import { type CodeStore, consumeCode, reachableContact } from '../sms';
import {
  findUserByEmail,
  findUserById,
  findUserByIdentifier,
  findUserByMobile,
  findUserByUsername,
  findUserByVerifiedEmail,
  insertUser,
  releaseUnverifiedEmail,
  unlessUnverifiedEmail,
  updatePasswordHash,
  type UserRow,
  violatedUserColumn,
} from '../users';
import { accountSubject, beginPasswordAttempt, clearFailures } from './login-throttle';
import { hashPassword, verifyDummy, verifyPassword } from './passwords';
import { alertPasswordChanged, finishSignIn, recordSignIn, type SignInContext } from './security.service';
import { createSession, type SessionClient } from './sessions.service';
import { revokeUserSessions } from './sessions.repository';
import { forgetSessions } from './sessions.service';

export interface AuthContext extends SignInContext {
  codes: CodeStore;
  /** request.t, for the field message of a rule only the server can check */
  t: (key: string) => string;
}

/** Records a failed attempt on a known account, then rethrows. */
async function failed(
  ctx: AuthContext,
  userId: string | undefined,
  method: 'password' | 'sms_code' | 'email_code',
  error: unknown,
): Promise<never> {
  if (userId && error instanceof AppError) await recordSignIn(ctx, { userId, success: false, method, failure: error.codeName });
  throw error;
}

const client = (ctx: AuthContext, loginType: SessionClient['loginType']): SessionClient => ({
  loginType,
  ip: ctx.ip,
  userAgent: ctx.userAgent,
});

/** A sign-up whose identity checks passed (checkSignup), before its code is used up. */
export interface CheckedSignup {
  input: TSignupRequest;
  mobile: string | null;
  email: string | null;
  /** the phone or email the SIGNUP code went to */
  proved: string;
}

/**
 * POST /signup, first step: the checks that cost nothing, so a taken name does not burn the
 * code. The whole sign-up, with its referral, is flows/sign-up-with-referral.ts.
 */
export async function checkSignup(ctx: AuthContext, input: TSignupRequest): Promise<CheckedSignup> {
  // By phone (the code went to the phone; an email beside it stays unverified) or, without a
  // phone, by email (the code went to the email). The schema refuses neither.
  const mobile = input.mobile ?? null;
  const email = input.email ?? null;
  const proved = mobile ?? email;
  if (proved === null) throw fieldError('mobile', V.phoneOrEmailRequired, ctx.t);
  if (await findUserByUsername(ctx.db, input.username)) throw new AppError('USERNAME_TAKEN');
  if (mobile && (await findUserByMobile(ctx.db, mobile))) throw new AppError('PHONE_REGISTERED');
  // An email proved by this sign-up's code is taken only by a verified holder: an account that
  // holds it unverified (typed beside a phone) loses it in createAccount's transaction (ADR 0028).
  // An email typed beside a phone proves nothing, so any holder makes it taken.
  if (email && (await (mobile === null ? findUserByVerifiedEmail : findUserByEmail)(ctx.db, email))) throw new AppError('EMAIL_REGISTERED');
  return { input, mobile, email, proved };
}

/**
 * POST /signup, last step: uses up the SIGNUP code, writes the account (and whatever
 * `alsoInTransaction` writes for it, in the same transaction), and opens its first session;
 * returns the session token.
 */
export async function createAccount(
  ctx: AuthContext,
  signup: CheckedSignup,
  alsoInTransaction: (trx: Db, userId: string, now: Date) => Promise<void>,
): Promise<string> {
  const { input, mobile, email } = signup;
  await consumeCode(ctx.codes, 'SIGNUP', signup.proved, input.code);

  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const id = newId(now.getTime());
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (mobile === null && email !== null) await releaseUnverifiedEmail(trx, email, id, toDbDate(now));
      await insertUser(trx, {
        id,
        username: input.username,
        mobile,
        email,
        nickname: input.username,
        passwordHash,
        now: toDbDate(now),
      });
      await alsoInTransaction(trx, id, now);
    });
  } catch (error) {
    // Lost a race with a concurrent sign-up: the unique indexes decide.
    if (!isUniqueViolation(error)) throw error;
    const column = violatedUserColumn(error);
    throw new AppError(column === 'mobile' ? 'PHONE_REGISTERED' : column === 'email' ? 'EMAIL_REGISTERED' : 'USERNAME_TAKEN', {
      cause: error,
    });
  }
  const token = await createSession(ctx.db, id, client(ctx, 'account'), ctx.policy, now);
  await recordSignIn(ctx, { userId: id, success: true, method: 'signup', alert: false }, now);
  return token;
}

/**
 * POST /h5Login → a session token, by password or by a LOGIN code; for an account with two-step
 * verification, a challenge for POST /h5Login/verifyTotp instead. Every attempt on a known
 * account is recorded (sign-in history).
 */
export async function login(ctx: AuthContext, input: TLoginRequest): Promise<TLoginResult> {
  if (input.code !== undefined && input.mobile !== undefined) {
    const owner = await findUserByMobile(ctx.db, input.mobile);
    await consumeCode(ctx.codes, 'LOGIN', input.mobile, input.code).catch((error: unknown) => failed(ctx, owner?.id, 'sms_code', error));
    if (!owner) throw new AppError('PHONE_OR_EMAIL_NOT_REGISTERED');
    await clearFailures(ctx.kv, accountSubject(owner.id, input.mobile));
    return finishSignIn(ctx, owner.id, { method: 'sms_code', loginType: 'mobile' });
  }
  if (input.code !== undefined && input.email !== undefined) {
    // Code log-in by email (ADR 0028): the LOGIN code sent to the address by POST /sms, which
    // sends none to an unverified address; such an address is answered as an unknown one.
    const owner = await findUserByVerifiedEmail(ctx.db, input.email);
    await consumeCode(ctx.codes, 'LOGIN', input.email, input.code).catch((error: unknown) => failed(ctx, owner?.id, 'email_code', error));
    if (!owner) throw new AppError('EMAIL_NOT_REGISTERED');
    await clearFailures(ctx.kv, accountSubject(owner.id, input.email));
    return finishSignIn(ctx, owner.id, { method: 'email_code', loginType: 'email' });
  }

  const identifier = input.account ?? '';
  const password = input.password ?? '';
  // An unverified email is no identifier (ADR 0028): the unknown account's path, to the letter.
  const user = unlessUnverifiedEmail(await findUserByIdentifier(ctx.db, identifier, input.loginType), identifier);
  const attempt = await beginPasswordAttempt(ctx.kv, accountSubject(user?.id, identifier), ctx.ip).catch((error: unknown) =>
    failed(ctx, user?.id, 'password', error),
  );
  if (!user) {
    // Same answer and the same time as a wrong password: log-in does not reveal accounts.
    await verifyDummy(password);
    await attempt.failed();
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    await attempt.failed();
    return failed(ctx, user.id, 'password', new AppError('INVALID_CREDENTIALS'));
  }
  await attempt.succeeded();
  return finishSignIn(ctx, user.id, { method: 'password', loginType: input.loginType });
}

/** Sets a new password and ends every session of the account (including the caller's). */
async function setPassword(ctx: AuthContext, user: UserRow, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = toDbDate(new Date());
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash, now);
    return revokeUserSessions(trx, user.id, now);
  });
  await forgetSessions(ctx.kv, ended);
  await clearFailures(ctx.kv, accountSubject(user.id, ''));
}

async function resetWithCode(
  ctx: AuthContext,
  user: UserRow | undefined,
  channel: TDeliveryChannel,
  code: string,
  password: string,
  purpose: TSmsType = 'RESET',
) {
  if (!user) throw new AppError(channel === 'SMS' ? 'PHONE_OR_EMAIL_NOT_REGISTERED' : 'EMAIL_NOT_REGISTERED');
  if (user.username && password === user.username) {
    // The form does not know the username when resetting by phone or email.
    throw fieldError('password', V.passwordSameAsUsername, ctx.t);
  }
  // a verified address only (ADR 0028): the one the code was sent to by POST /sms or /sms/sendByAccount
  const contact = reachableContact(user, channel);
  await consumeCode(ctx.codes, purpose, contact.to, code);
  await setPassword(ctx, user, password);
  await alertPasswordChanged(ctx, user.id);
}

/**
 * POST /user/changePassword: the logged-in user proves the current password; every session
 * ends and the caller gets a new one. Wrong passwords count towards the log-in back-off.
 */
export async function changePassword(
  ctx: AuthContext,
  userId: string,
  oldPassword: string,
  password: string,
  secondFactor: string | null = null,
): Promise<string> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  const attempt = await beginPasswordAttempt(ctx.kv, accountSubject(user.id, ''), ctx.ip);
  if (!(await verifyPassword(user.password_hash, oldPassword))) {
    await attempt.failed();
    throw new AppError('INVALID_CREDENTIALS');
  }
  await attempt.succeeded();
  if (user.username && password === user.username) {
    throw fieldError('password', V.passwordSameAsUsername, ctx.t);
  }
  await setPassword(ctx, user, password);
  await alertPasswordChanged(ctx, user.id);
  // The caller keeps what its session had proven (a second step), in a new session.
  return createSession(ctx.db, user.id, { ...client(ctx, 'account'), secondFactor }, ctx.policy);
}

/** POST /modifyPwdByMobile: reset with a RESET code sent to the phone. */
export async function resetPasswordByMobile(ctx: AuthContext, mobile: string, code: string, password: string): Promise<void> {
  await resetWithCode(ctx, await findUserByMobile(ctx.db, mobile), 'SMS', code, password);
}

/** POST /modifyPwdByEmail: reset with a RESET code sent to the email address. */
export async function resetPasswordByEmail(ctx: AuthContext, email: string, code: string, password: string): Promise<void> {
  await resetWithCode(ctx, await findUserByVerifiedEmail(ctx.db, email), 'EMAIL', code, password);
}

/** POST /modifyPwdByAccount: reset by account with a RESET code from /sms/sendByAccount. */
export async function resetPasswordByAccount(ctx: AuthContext, input: TModifyPwdByAccountRequest): Promise<void> {
  const user = unlessUnverifiedEmail(await findUserByIdentifier(ctx.db, input.account), input.account);
  if (!user) throw new AppError('ACCOUNT_NOT_REGISTERED');
  await resetWithCode(ctx, user, input.channel, input.code, input.password);
}

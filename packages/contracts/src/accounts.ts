import { z } from './zod';
import { ZAccountSmsType, ZCheckType, ZDeliveryChannel, ZSmsType } from './enums';
import { callingCodeOf } from './phone-countries';
import {
  checkNewPassword,
  CONFIRM_REQUIRED,
  EMAIL_MAX,
  TYPED_PASSWORD_MAX,
  V,
  ZAccount,
  ZCode,
  ZEmail,
  ZPassword,
  ZPhone,
  ZReferralCodeInput,
  ZUsername,
} from './validation';

// Account calls: sign-up, log-in, codes, password changes, sessions, access
// keys and the profile. Request schemas carry message keys (validation.*) in their issues so
// the API and the web forms report the same words; response schemas are all a client sees.

/** A password typed at log-in: only bounded (old accounts may predate today's rules). */
const ZLoginPassword = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.passwordRequired : V.invalidType) })
  .min(1, { error: V.passwordEmpty, abort: true })
  .max(TYPED_PASSWORD_MAX, { error: V.tooLong });

/** Confirmation of a new password; compared with it by checkNewPassword. */
const ZConfirmPassword = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.confirmRequired : V.invalidType) })
  .max(TYPED_PASSWORD_MAX, { error: V.tooLong });

/** No control characters (NUL cannot even be stored in PostgreSQL text). */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
function printable<T extends z.ZodType<string>>(schema: T) {
  return schema.refine((value) => !hasControlCharacter(value), { error: V.invalidValue });
}
const ZAccountId = printable(ZAccount);
const ZEmailAddress = printable(ZEmail);

// ---- Codes ---------------------------------------------------------------------------------

/**
 * POST /sms: a code to a phone (or an email address) for one purpose. A logged-in caller may
 * name `channel` instead, meaning "the phone or email on file for my account" (the web shows
 * those only masked): MODIFY_PHONE, CANCEL_ACCOUNT and the first step of an email change.
 */
export const ZSendCodeRequest = z
  .object({
    mobile: ZPhone.optional(),
    email: ZEmailAddress.optional(),
    channel: ZDeliveryChannel.optional(),
    smsType: ZSmsType,
  })
  .superRefine((value, ctx) => {
    const given = [value.mobile, value.email, value.channel].filter((item) => item !== undefined).length;
    if (given === 0) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: V.phoneRequired });
    } else if (given > 1) {
      ctx.addIssue({ code: 'custom', path: [value.channel !== undefined ? 'channel' : 'email'], message: V.invalidValue });
    }
  })
  // The refinement above, for the API document.
  .meta({ oneOf: [{ required: ['mobile'] }, { required: ['email'] }, { required: ['channel'] }] });
export type TSendCodeRequest = z.infer<typeof ZSendCodeRequest>;

/** POST /sms/sendByAccount: a code to the phone or email on file for an account. */
export const ZSendByAccountRequest = z.object({
  account: ZAccountId,
  channel: ZDeliveryChannel,
  smsType: ZAccountSmsType,
});
export type TSendByAccountRequest = z.infer<typeof ZSendByAccountRequest>;

export const ZSendCodeResult = z.object({
  channel: ZDeliveryChannel,
  /** masked: 138****8000, a***@example.com */
  target: z.string(),
  /** seconds before another code may be requested for this target */
  resendAfterSeconds: z.number().int(),
  /** seconds the code stays valid */
  expiresInSeconds: z.number().int(),
});
export type TSendCodeResult = z.infer<typeof ZSendCodeResult>;

/** data of SEND_TOO_FREQUENT, SEND_LIMIT_REACHED, LOGIN_THROTTLED and RATE_LIMITED */
export const ZRetryAfter = z.object({ retryAfterSeconds: z.number().int() });
export type TRetryAfter = z.infer<typeof ZRetryAfter>;

/**
 * POST /user/unbindEmail and POST /user/unbindMobile: the code sent to the address being removed
 * (BIND_EMAIL to the own email, MODIFY_PHONE to the own phone). Refused while it is the account's
 * only verified contact (LAST_VERIFIED_CONTACT).
 */
export const ZUnbindContactRequest = z.object({ code: ZCode });
export type TUnbindContactRequest = z.infer<typeof ZUnbindContactRequest>;

// ---- Registration checks, sign-up, log-in --------------------------------------------------

export const ZUserCheckRequest = z.object({
  type: ZCheckType,
  value: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.invalidType) })
    .trim()
    .min(1, { error: V.required, abort: true })
    .max(EMAIL_MAX, { error: V.tooLong })
    .refine((value) => !hasControlCharacter(value), { error: V.invalidValue }),
});
export type TUserCheckRequest = z.infer<typeof ZUserCheckRequest>;

export const ZUserCheckResult = z.object({ exists: z.boolean() });
export type TUserCheckResult = z.infer<typeof ZUserCheckResult>;

/**
 * POST /signup, by phone or by email. With `mobile`, `code` is the SIGNUP code sent to the phone
 * and an `email` beside it is kept unverified (until a code sent to it is used). Without
 * `mobile`, `email` is required and `code` is the SIGNUP code sent to it; the email is verified
 * and a phone can be bound later (BIND_MOBILE). Neither: validation.phoneOrEmailRequired on mobile.
 */
export const ZSignupRequest = z
  .object({
    username: ZUsername,
    mobile: ZPhone.optional(),
    code: ZCode,
    password: ZPassword,
    confirmPassword: ZConfirmPassword.optional(),
    email: ZEmailAddress.optional(),
    /** an ambassador's code typed by the user; takes precedence over the llk_ref cookie of a referral link */
    referralCode: ZReferralCodeInput.optional(),
  })
  .superRefine((value, ctx) => {
    checkNewPassword(value, ctx);
    if (value.mobile === undefined && value.email === undefined) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: V.phoneOrEmailRequired });
    }
  })
  .meta({ ...CONFIRM_REQUIRED, anyOf: [{ required: ['mobile'] }, { required: ['email'] }] });
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

/**
 * POST /h5Login. Password log-in: loginType account, mobile or email with `account` (a
 * username, phone or email) and `password`. Code log-in (a LOGIN code sent by POST /sms):
 * loginType mobile with `mobile` and `code`, or loginType email with `email` and `code`.
 */
export const ZLoginRequest = z
  .object({
    loginType: z.enum(['account', 'mobile', 'email']),
    account: ZAccountId.optional(),
    password: ZLoginPassword.optional(),
    mobile: ZPhone.optional(),
    email: ZEmailAddress.optional(),
    code: ZCode.optional(),
  })
  .superRefine((value, ctx) => {
    const byCode = value.code !== undefined || ((value.mobile !== undefined || value.email !== undefined) && value.password === undefined);
    if (byCode) {
      if (value.loginType === 'email') {
        if (value.email === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: V.emailRequired });
        if (value.mobile !== undefined) ctx.addIssue({ code: 'custom', path: ['mobile'], message: V.invalidValue });
      } else if (value.loginType === 'mobile') {
        if (value.mobile === undefined) ctx.addIssue({ code: 'custom', path: ['mobile'], message: V.phoneRequired });
        if (value.email !== undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: V.invalidValue });
      } else {
        ctx.addIssue({ code: 'custom', path: ['loginType'], message: V.invalidValue });
      }
      if (value.code === undefined) ctx.addIssue({ code: 'custom', path: ['code'], message: V.codeInvalid });
      return;
    }
    if (value.account === undefined) ctx.addIssue({ code: 'custom', path: ['account'], message: V.accountRequired });
    if (value.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: V.passwordRequired });
  })
  .meta({ anyOf: [{ required: ['account', 'password'] }, { required: ['mobile', 'code'] }, { required: ['email', 'code'] }] });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** Log-in, sign-up and access-key redemption (spec: access_token). */
export const ZTokenResult = z.object({ access_token: z.string() });
export type TTokenResult = z.infer<typeof ZTokenResult>;

// ---- Passwords -----------------------------------------------------------------------------

/** POST /modifyPwdByMobile: reset with a RESET code sent to the phone. */
export const ZModifyPwdByMobileRequest = z
  .object({ mobile: ZPhone, code: ZCode, password: ZPassword, confirmPassword: ZConfirmPassword.optional() })
  .superRefine(checkNewPassword)
  .meta(CONFIRM_REQUIRED);
export type TModifyPwdByMobileRequest = z.infer<typeof ZModifyPwdByMobileRequest>;

/** POST /modifyPwdByEmail: reset with a RESET code sent to the email address. */
export const ZModifyPwdByEmailRequest = z
  .object({ email: ZEmailAddress, code: ZCode, password: ZPassword, confirmPassword: ZConfirmPassword.optional() })
  .superRefine(checkNewPassword)
  .meta(CONFIRM_REQUIRED);
export type TModifyPwdByEmailRequest = z.infer<typeof ZModifyPwdByEmailRequest>;

/**
 * POST /modifyPwdByAccount: reset by account (username, phone or email) with a RESET code
 * sent by POST /sms/sendByAccount over `channel`.
 */
export const ZModifyPwdByAccountRequest = z
  .object({
    account: ZAccountId,
    channel: ZDeliveryChannel,
    code: ZCode,
    password: ZPassword,
    confirmPassword: ZConfirmPassword.optional(),
  })
  .superRefine(checkNewPassword)
  .meta(CONFIRM_REQUIRED);
export type TModifyPwdByAccountRequest = z.infer<typeof ZModifyPwdByAccountRequest>;

/**
 * POST /user/changePassword (logged in): the current password and a new one. Every session
 * ends; the answer carries a new token for the caller.
 */
export const ZChangePasswordRequest = z
  .object({ oldPassword: ZLoginPassword, password: ZPassword, confirmPassword: ZConfirmPassword.optional() })
  .superRefine(checkNewPassword)
  .meta(CONFIRM_REQUIRED);
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

// ---- Access keys ---------------------------------------------------------------------------

export const ZAccessKeyResult = z.object({
  accessKey: z.string(),
  expiresInSeconds: z.number().int(),
});
export type TAccessKeyResult = z.infer<typeof ZAccessKeyResult>;

export const ZTokenByAccessKeyQuery = z.object({
  accessKey: z
    .string({ error: (issue) => (issue.input === undefined ? V.required : V.invalidType) })
    .min(1, { error: V.required, abort: true })
    .max(128, { error: V.tooLong }),
});
export type TTokenByAccessKeyQuery = z.infer<typeof ZTokenByAccessKeyQuery>;

/** GET /accessKey/check: would this unused key log in the caller's own account? */
export const ZAccessKeyCheckResult = z.object({ sameAccount: z.boolean() });
export type TAccessKeyCheckResult = z.infer<typeof ZAccessKeyCheckResult>;

// ---- Profile and membership ----------------------------------------------------------------

export const ZMemberPlan = z.enum(['FREE', 'PRO']);
export type TMemberPlan = z.infer<typeof ZMemberPlan>;

export const ZQualityTier = z.enum(['STANDARD', 'HD', 'ULTRA']);
export type TQualityTier = z.infer<typeof ZQualityTier>;

/** GET /user/currentMemberLevel. A lapsed membership reads as FREE with its old expiry. */
export const ZMemberLevel = z.object({
  plan: ZMemberPlan,
  /** ISO 8601; null when never a member */
  expiresAt: z.string().nullable(),
  active: z.boolean(),
});
export type TMemberLevel = z.infer<typeof ZMemberLevel>;

/** An account cancellation in its cooling-off period (POST /user/cancel). */
export const ZCancellation = z.object({
  /** ISO 8601: when the user asked */
  requestedAt: z.string(),
  /** ISO 8601: from then on the erasure job removes the personal data; until then POST /user/cancel/revoke restores the account */
  eraseAt: z.string(),
});
export type TCancellation = z.infer<typeof ZCancellation>;

/** GET /user/info: no secrets, contact details masked. */
export const ZUserInfo = z.object({
  id: z.string(),
  username: z.string().nullable(),
  nickname: z.string(),
  /** masked: 138****8000 */
  mobile: z.string().nullable(),
  /** masked: a***@example.com */
  email: z.string().nullable(),
  /** the phone was proven by a code (a phone on file always is) */
  mobileVerified: z.boolean(),
  /** the email was proven by a code; false for an email typed beside a phone at sign-up until a code sent to it is used */
  emailVerified: z.boolean(),
  createdAt: z.string(),
  member: ZMemberLevel,
  /** set while the account is pending erasure (cancelled, inside the 15-day cooling-off) */
  cancellation: ZCancellation.nullable(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

/**
 * GET /user/queryManageCount: how many devices the account may manage and what it has.
 * Seats and screen walls join here (the seats part).
 */
export const ZManageCount = z.object({
  /** devices the plan allows (the pricing data's device limit) */
  manageCount: z.number().int(),
  /** null when the pricing data sets no limit */
  deviceLimit: z.number().int().nullable(),
  sessionLimit: z.number().int().nullable(),
  deviceCount: z.number().int(),
  groupCount: z.number().int(),
  sharesGiven: z.number().int(),
  sharesReceived: z.number().int(),
});
export type TManageCount = z.infer<typeof ZManageCount>;

/**
 * Accounts registered from this moment on (1 July 2025, 00:00 China time) need the global
 * channel to control devices across borders.
 */
export const CHANNEL_REQUIRED_FROM = '2025-06-30T16:00:00.000Z';

/** GET /user/queryMonitorAndQuality */
export const ZMonitorAndQuality = z.object({
  monitorCount: z.number().int(),
  /** the tier in force: a paid tier reads as STANDARD once qualityExpiresAt has passed */
  qualityTier: ZQualityTier,
  /** end of the paid quality term; null when none was bought */
  qualityExpiresAt: z.string().nullable(),
  /** whether the global channel is in force now */
  channelEnabled: z.boolean(),
  /** end of the paid channel term; null when none was bought */
  channelExpiresAt: z.string().nullable(),
  /** the account was registered from CHANNEL_REQUIRED_FROM on and has no channel in force: cross-border control is refused */
  channelRequired: z.boolean(),
  /**
   * the account is one the cross-border notice concerns: it needs the channel
   * (channelRequired) and a device of its own or shared with it was last seen outside mainland
   * China, which every refused cross-border check also implies (a refusal needs devices on
   * either side of the border)
   */
  crossBorderNotice: z.boolean(),
});
export type TMonitorAndQuality = z.infer<typeof ZMonitorAndQuality>;

// ---- Helpers -------------------------------------------------------------------------------

/**
 * A mainland number as users saw it before numbers of every country were accepted, stored as +8613800138000 or typed as
 * 13800138000: 138****8000. Another country's E.164 number keeps its calling code and the
 * national number's first and last three digits (fewer when it is short) around "***", whatever
 * the length: +34612345678 → +34 612 *** 678 (ADR 0027). Anything else (an Alipay account
 * typed as digits) keeps its first three and last four characters.
 */
export function maskPhone(phone: string): string {
  const callingCode = phone.startsWith('+') ? callingCodeOf(phone) : null;
  if (callingCode !== null) {
    const national = phone.slice(1 + String(callingCode).length);
    if (callingCode === 86) return maskPhone(national);
    const keep = Math.max(1, Math.min(3, Math.floor((national.length - 3) / 2)));
    return `+${callingCode} ${national.slice(0, keep)} *** ${national.slice(-keep)}`;
  }
  if (phone.length <= 7) return `${phone.slice(0, 1)}****`;
  return `${phone.slice(0, 3)}${'*'.repeat(Math.max(4, phone.length - 7))}${phone.slice(-4)}`;
}

/** alice@example.com → a***@example.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${Array.from(email.slice(0, at))[0] ?? ''}***${email.slice(at)}`;
}

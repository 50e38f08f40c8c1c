import { z } from './zod';

// Validation rules of spec section 5. Every issue carries a message key (under `validation.`
// in messages/<locale>.json) instead of text, so web forms and API errors share one wording
// in seven languages.

export const V = {
  required: 'validation.required',
  invalidType: 'validation.invalidType',
  tooLong: 'validation.tooLong',
  invalidValue: 'validation.invalidValue',
  usernameRequired: 'validation.usernameRequired',
  usernameFormat: 'validation.usernameFormat',
  accountRequired: 'validation.accountRequired',
  passwordRequired: 'validation.passwordRequired',
  passwordEmpty: 'validation.passwordEmpty',
  passwordFormat: 'validation.passwordFormat',
  passwordSameAsUsername: 'validation.passwordSameAsUsername',
  confirmRequired: 'validation.confirmRequired',
  passwordMismatch: 'validation.passwordMismatch',
  phoneRequired: 'validation.phoneRequired',
  phoneEmpty: 'validation.phoneEmpty',
  phoneInvalid: 'validation.phoneInvalid',
  emailRequired: 'validation.emailRequired',
  emailInvalid: 'validation.emailInvalid',
  phoneOrEmailRequired: 'validation.phoneOrEmailRequired',
  phoneOrEmailInvalid: 'validation.phoneOrEmailInvalid',
  codeInvalid: 'validation.codeInvalid',
  referralCodeInvalid: 'validation.referralCodeInvalid',
  referralCodeUnknown: 'validation.referralCodeUnknown',
} as const;
export type TValidationKey = (typeof V)[keyof typeof V];

export const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_.-]{5,19}$/;
// English punctuation: the printable ASCII characters that are neither letters, digits nor
// space. Written as code points so the pattern also compiles with the `u` flag (JSON Schema
// validators use it), where an escaped backtick would be an error.
const PUNCT = String.raw`\x21-\x2F\x3A-\x40\x5B-\x60\x7B-\x7E`;
/** Mainland China mobile numbers, or any number in E.164 form with a leading +. */
export const PHONE_RE = /^(?:1[3-9]\d{9}|\+[1-9]\d{6,14})$/;
// Dot-separated atoms on both sides of the @ (no leading, trailing or doubled dots), and a
// domain of at least two labels ending in a letters-only TLD. Non-ASCII atoms are allowed
// (internationalised addresses); quoted local parts are not.
const EMAIL_ATOM = String.raw`[^\s@"<>()[\]\\,;:.]+`;
export const EMAIL_RE = new RegExp(`^${EMAIL_ATOM}(?:\\.${EMAIL_ATOM})*@(?:${EMAIL_ATOM}\\.)+[A-Za-z]{2,}$`);
export const CODE_RE = /^\d{6}$/;
export const EMAIL_MAX = 254;
/** The password rule as one pattern (for the API document): the charset and two of three kinds. */
export const PASSWORD_RE = new RegExp(
  `^(?:(?=.*[A-Za-z])(?=.*[0-9])|(?=.*[A-Za-z])(?=.*[${PUNCT}])|(?=.*[0-9])(?=.*[${PUNCT}]))[A-Za-z0-9${PUNCT}]{6,20}$`,
);
const PHONE_OR_EMAIL_RE = new RegExp(`${PHONE_RE.source}|${EMAIL_RE.source}`);

export function isValidUsername(value: string): boolean {
  return USERNAME_RE.test(value);
}

/** 6–20 of letters, digits and English punctuation, with at least two of those three kinds. */
export function isValidPassword(value: string): boolean {
  return PASSWORD_RE.test(value);
}

export function isValidPhone(value: string): boolean {
  return PHONE_RE.test(value);
}

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_RE.test(value);
}

export function isValidCode(value: string): boolean {
  return CODE_RE.test(value);
}

function requiredString(requiredKey: TValidationKey) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredKey : V.invalidType) })
    .trim()
    // abort: an empty field reports only "required", not also the format rule after it
    .min(1, { error: requiredKey, abort: true });
}

// Rules are regex checks rather than refinements so that the API document carries them as
// `pattern`s: what the document says is what the server enforces.
export const ZUsername = requiredString(V.usernameRequired).regex(USERNAME_RE, { error: V.usernameFormat });

/** Password as typed; not trimmed, spaces are simply not allowed. */
export const ZPassword = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.passwordRequired : V.invalidType) })
  .min(1, { error: V.passwordRequired, abort: true })
  .regex(PASSWORD_RE, { error: V.passwordFormat });

export const ZPhone = requiredString(V.phoneRequired).regex(PHONE_RE, { error: V.phoneInvalid });
export const ZEmail = requiredString(V.emailRequired)
  .max(EMAIL_MAX, { error: V.emailInvalid, abort: true })
  .regex(EMAIL_RE, { error: V.emailInvalid })
  .transform((value) => value.toLowerCase());
export const ZPhoneOrEmail = requiredString(V.phoneOrEmailRequired)
  .max(EMAIL_MAX, { error: V.phoneOrEmailInvalid, abort: true })
  .regex(PHONE_OR_EMAIL_RE, { error: V.phoneOrEmailInvalid });
export const ZCode = requiredString(V.codeInvalid).regex(CODE_RE, { error: V.codeInvalid });
/** An ambassador's referral code: 8 of 0-9 and A-Z without I, L, O, U (Crockford base 32). */
export const REFERRAL_CODE_RE = /^[0-9A-HJKMNP-TV-Z]{8}$/;
/** …as a person may type it: any case (normalizeReferralCode upper-cases it). */
export const REFERRAL_CODE_INPUT_RE = new RegExp(REFERRAL_CODE_RE.source, 'i');
/** Optional referral code at sign-up: empty means none. */
export const ZReferralCodeInput = z
  .string({ error: V.invalidType })
  .trim()
  .max(32, { error: V.referralCodeInvalid })
  .refine((value) => value === '' || REFERRAL_CODE_INPUT_RE.test(value), { error: V.referralCodeInvalid });
/** Log-in identifier: an account name, a mobile number or an email address. */
export const ZAccount = requiredString(V.accountRequired).pipe(z.string().max(EMAIL_MAX, { error: V.tooLong }));

/** checkNewPassword's "confirmPassword is required", said in the API document. */
export const CONFIRM_REQUIRED = { allOf: [{ required: ['confirmPassword'] }] };

/**
 * Cross-field rules for a new password: it must differ from the username and the
 * confirmation must match. Issues are attached to the field that is wrong.
 */
export function checkNewPassword(
  value: { password?: unknown; confirmPassword?: unknown; username?: unknown },
  ctx: z.RefinementCtx,
): void {
  const { password, confirmPassword, username } = value;
  if (typeof password !== 'string') return;
  if (typeof username === 'string' && username.length > 0 && password === username) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: V.passwordSameAsUsername });
  }
  if (confirmPassword === undefined || confirmPassword === null || confirmPassword === '') {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: V.confirmRequired });
  } else if (confirmPassword !== password) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: V.passwordMismatch });
  }
}

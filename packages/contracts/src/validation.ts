import { parsePhone } from './phone';
import { z } from './zod';
import {
  CODE_RE,
  EMAIL_MAX,
  EMAIL_RE,
  PASSWORD_RE,
  PHONE_INPUT_MAX,
  PHONE_INPUT_RE,
  REFERRAL_CODE_INPUT_RE,
  USERNAME_RE,
  V,
  type TValidationKey,
} from './rules';

export * from './rules';

// The request schemas' building blocks for the validation rules (rules.ts). Every issue
// carries a message key (under `validation.` in messages/<locale>.json) instead of text, so web
// forms and API errors share one wording in seven languages.

function requiredString(requiredKey: TValidationKey) {
  return (
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredKey : V.invalidType) })
      .trim()
      // abort: an empty field reports only "required", not also the format rule after it
      .min(1, { error: requiredKey, abort: true })
  );
}

// Rules are regex checks rather than refinements so that the API document carries them as
// `pattern`s: what the document says is what the server enforces.
export const ZUsername = requiredString(V.usernameRequired).regex(USERNAME_RE, { error: V.usernameFormat });

/** Password as typed; not trimmed, spaces are simply not allowed. */
export const ZPassword = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.passwordRequired : V.invalidType) })
  .min(1, { error: V.passwordRequired, abort: true })
  .regex(PASSWORD_RE, { error: V.passwordFormat });

/**
 * A mobile number of any country as people type it (ADR 0027): E.164 (+34612345678),
 * with spaces, dashes, dots or parentheses, a leading 00 for +, or a mainland number's 11
 * digits; checked against Google's metadata (phone.ts) and answered as E.164, so every route
 * stores and compares one form. A landline or service number: validation.phoneNotMobile.
 */
export const ZPhone = requiredString(V.phoneRequired)
  .max(PHONE_INPUT_MAX, { error: V.phoneInvalid, abort: true })
  .regex(PHONE_INPUT_RE, { error: V.phoneInvalid, abort: true })
  .transform((value, ctx) => {
    const parsed = parsePhone(value);
    if ('e164' in parsed) return parsed.e164;
    ctx.issues.push({ code: 'custom', message: parsed.error === 'not-mobile' ? V.phoneNotMobile : V.phoneInvalid, input: value });
    return z.NEVER;
  })
  .meta({
    description:
      'A mobile number: E.164 (+34612345678), or with spaces, dashes, dots or parentheses, 00 for +, or a mainland ' +
      "number's 11 digits (13912345678 is +8613912345678). Validated with libphonenumber's metadata as a mobile and " +
      'stored as E.164; a landline or service number is refused (validation.phoneNotMobile), anything else invalid ' +
      '(validation.phoneInvalid).',
  });
export const ZEmail = requiredString(V.emailRequired)
  .max(EMAIL_MAX, { error: V.emailInvalid, abort: true })
  .regex(EMAIL_RE, { error: V.emailInvalid })
  .transform((value) => value.toLowerCase());
export const ZCode = requiredString(V.codeInvalid).regex(CODE_RE, { error: V.codeInvalid });
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
export function checkNewPassword(value: { password?: unknown; confirmPassword?: unknown; username?: unknown }, ctx: z.RefinementCtx): void {
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

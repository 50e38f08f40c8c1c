// The validation rules of every form and request, without zod: the message keys, the patterns and the
// predicates. Browser code imports this entry point (`@llk/contracts/rules`) so that forms check
// with the very rules the API's schemas (validation.ts) apply, without shipping zod.

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
  phoneNotMobile: 'validation.phoneNotMobile',
  emailRequired: 'validation.emailRequired',
  emailInvalid: 'validation.emailInvalid',
  phoneOrEmailRequired: 'validation.phoneOrEmailRequired',
  phoneOrEmailInvalid: 'validation.phoneOrEmailInvalid',
  codeInvalid: 'validation.codeInvalid',
  referralCodeInvalid: 'validation.referralCodeInvalid',
  referralCodeUnknown: 'validation.referralCodeUnknown',
  staffUsernameFormat: 'validation.staffUsernameFormat',
  staffPasswordFormat: 'validation.staffPasswordFormat',
  dateInPast: 'validation.dateInPast',
  typedDiscount: 'validation.typedDiscount',
  messageTooShort: 'validation.messageTooShort',
} as const;
export type TValidationKey = (typeof V)[keyof typeof V];

/** Staff usernames (back office): 3–32 letters, digits, dots, dashes or underscores, starting with a letter. */
export const STAFF_USERNAME_RE = /^[A-Za-z][\w.-]{2,31}$/;
/** Staff passwords: 12–128 printable ASCII characters without spaces (a second factor is mandatory too). */
export const STAFF_PASSWORD_RE = /^[\x21-\x7E]{12,128}$/;

/** A contact-form message: long enough to act on, short enough to read (characters, trimmed). */
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 5000;

export const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_.-]{5,19}$/;
// English punctuation: the printable ASCII characters that are neither letters, digits nor
// space. Written as code points so the pattern also compiles with the `u` flag (JSON Schema
// validators use it), where an escaped backtick would be an error.
const PUNCT = String.raw`\x21-\x2F\x3A-\x40\x5B-\x60\x7B-\x7E`;
/** Mainland China mobile numbers, or any number in E.164 form with a leading + (after cleanPhoneInput). */
export const PHONE_RE = /^(?:1[3-9]\d{9}|\+[1-9]\d{6,14})$/;
/** A phone number as typed (before cleanPhoneInput): digits, + (also full width) and separators. */
export const PHONE_INPUT_RE = /^[0-9\uff10-\uff19+\uff0b \u00a0()\uff08\uff09.\-/]+$/;
/** Longest phone number as typed, separators included. */
export const PHONE_INPUT_MAX = 32;
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

export function isValidUsername(value: string): boolean {
  return USERNAME_RE.test(value);
}

/** 6–20 of letters, digits and English punctuation, with at least two of those three kinds. */
export function isValidPassword(value: string): boolean {
  return PASSWORD_RE.test(value);
}

/**
 * The number as typed, without what people put in it: spaces (also non-breaking), dashes, dots,
 * slashes and parentheses; full-width digits and plus become ASCII; a leading 00 (the
 * international prefix of most of the world) becomes +. "(+34) 612-345-678" → "+34612345678".
 */
export function cleanPhoneInput(input: string): string {
  const stripped = input.normalize('NFKC').replace(/[\s\u00a0\u2000-\u200b\u2010-\u2015().\-/]/g, '');
  return stripped.startsWith('00') ? `+${stripped.slice(2)}` : stripped;
}

/**
 * The light check browser forms run (no metadata on a first load): after cleanPhoneInput, a
 * mainland mobile's 11 digits or an E.164 shape. Whether the number exists and is a mobile is
 * the server's strict check (ZPhone, phone.ts with Google's metadata).
 */
export function isValidPhone(value: string): boolean {
  return PHONE_RE.test(cleanPhoneInput(value.trim()));
}

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_RE.test(value);
}

export function isValidCode(value: string): boolean {
  return CODE_RE.test(value);
}

/** Longest password accepted as typed at log-in (the new-password rule is stricter). */
export const TYPED_PASSWORD_MAX = 128;
/** A business phone for the cloud-PC forms: mobile, landline with area code, or international (+…). */
export const BUSINESS_PHONE_RE = /^\+?[0-9][0-9 ()-]{5,28}$/;
/** A Chinese taxpayer id (unified social credit code and older forms). */
export const TAX_ID_RE = /^[0-9A-Za-z]{15,20}$/;
/** An ambassador's referral code: 8 of 0-9 and A-Z without I, L, O, U (Crockford base 32). */
export const REFERRAL_CODE_RE = /^[0-9A-HJKMNP-TV-Z]{8}$/;
/** …as a person may type it: any case (normalizeReferralCode upper-cases it). */
export const REFERRAL_CODE_INPUT_RE = new RegExp(REFERRAL_CODE_RE.source, 'i');

/** Longest nickname (POST /user/updateProfile), after trimming. */
export const NICKNAME_MAX = 32;
/** Days between POST /user/cancel and the erasure of the account's personal data. */
export const CANCEL_COOLING_OFF_DAYS = 15;

export { REDEEM_CODE_ALPHABET, REDEEM_CODE_LENGTH, formatRedeemCode, isRedeemCodeWellFormed, normaliseRedeemCode } from './redeem-code';

/**
 * A news cover: a path of an image on the site ("/images/news/launch.webp"), checked by the
 * back office's editor and the API. The pages load images from the site only
 * (Content-Security-Policy img-src 'self'), so no other origin.
 */
export const NEWS_COVER_RE = /^\/(?!\/)[A-Za-z0-9._~%/-]{1,300}\.(?:png|jpe?g|webp|avif|svg)$/;

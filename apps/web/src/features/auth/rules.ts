import type { TValidationKey } from '@llk/contracts';

// The forms' inline validation (spec section 5) without zod: the same rules and the same
// message keys as the contracts' request schemas (packages/contracts/src/validation.ts and
// accounts.ts), which the API applies again. zod plus its locale runtime would be ~30 KiB
// gzip of first-load JavaScript on each auth page (README, JS budget); rules.test.ts checks
// these functions against the schemas so the two cannot drift apart.

export type TFieldErrors = Partial<Record<string, TValidationKey>>;

const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_.-]{5,19}$/;
const PUNCT = String.raw`!"#$%&'()*+,\-./:;<=>?@[\\\]^_\`{|}~`;
const PASSWORD_CHARSET_RE = new RegExp(`^[A-Za-z0-9${PUNCT}]{6,20}$`);
const PASSWORD_KINDS = [/[A-Za-z]/, /[0-9]/, new RegExp(`[${PUNCT}]`)];
const PHONE_RE = /^(?:1[3-9]\d{9}|\+[1-9]\d{6,14})$/;
const EMAIL_ATOM = String.raw`[^\s@"<>()[\]\\,;:.]+`;
const EMAIL_RE = new RegExp(`^${EMAIL_ATOM}(?:\\.${EMAIL_ATOM})*@(?:${EMAIL_ATOM}\\.)+[A-Za-z]{2,}$`);
const EMAIL_MAX = 254;
const TYPED_PASSWORD_MAX = 128;
/** An ambassador's referral code as typed (REFERRAL_CODE_INPUT_RE in the contracts). */
const REFERRAL_CODE_RE = /^[0-9A-HJKMNP-TV-Z]{8}$/i;

/** Mainland mobile or E.164 with +. */
export function isPhone(value: string): boolean {
  return PHONE_RE.test(value);
}

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_RE.test(value);
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function isNewPassword(value: string): boolean {
  return PASSWORD_CHARSET_RE.test(value) && PASSWORD_KINDS.filter((re) => re.test(value)).length >= 2;
}

type TRule = (value: string) => TValidationKey | undefined;

const username: TRule = (value) =>
  !value.trim() ? 'validation.usernameRequired' : USERNAME_RE.test(value.trim()) ? undefined : 'validation.usernameFormat';
const phone: TRule = (value) =>
  !value.trim() ? 'validation.phoneRequired' : isPhone(value.trim()) ? undefined : 'validation.phoneInvalid';
const email: TRule = (value) => {
  const trimmed = value.trim();
  if (!trimmed) return 'validation.emailRequired';
  if (!isEmail(trimmed)) return 'validation.emailInvalid';
  return hasControlCharacter(value) ? 'validation.invalidValue' : undefined;
};
const code: TRule = (value) => (/^\d{6}$/.test(value.trim()) ? undefined : 'validation.codeInvalid');
const newPassword: TRule = (value) => (!value ? 'validation.passwordRequired' : isNewPassword(value) ? undefined : 'validation.passwordFormat');
const account: TRule = (value) => {
  const trimmed = value.trim();
  if (!trimmed) return 'validation.accountRequired';
  if (trimmed.length > EMAIL_MAX) return 'validation.tooLong';
  return hasControlCharacter(trimmed) ? 'validation.invalidValue' : undefined;
};
const referralCode: TRule = (value) => (!value.trim() || REFERRAL_CODE_RE.test(value.trim()) ? undefined : 'validation.referralCodeInvalid');
const typedPassword: TRule = (value) =>
  !value ? 'validation.passwordEmpty' : value.length > TYPED_PASSWORD_MAX ? 'validation.tooLong' : undefined;

function collect(rules: Record<string, TValidationKey | undefined>): TFieldErrors {
  const errors: TFieldErrors = {};
  for (const [name, key] of Object.entries(rules)) if (key) errors[name] = key;
  return errors;
}

/** A new password and its confirmation (checkNewPassword in the contracts). */
function passwordPair(values: { password: string; confirmPassword: string }, name?: string): TFieldErrors {
  const errors: TFieldErrors = {};
  const format = newPassword(values.password);
  if (format) errors.password = format;
  else if (name !== undefined && name.length > 0 && values.password === name) errors.password = 'validation.passwordSameAsUsername';
  if (!values.confirmPassword) errors.confirmPassword = 'validation.confirmRequired';
  else if (values.confirmPassword.length > TYPED_PASSWORD_MAX) errors.confirmPassword = 'validation.tooLong';
  else if (values.confirmPassword !== values.password) errors.confirmPassword = 'validation.passwordMismatch';
  return errors;
}

export const validate = {
  codeLogin: (v: { mobile: string; code: string }) => collect({ mobile: phone(v.mobile), code: code(v.code) }),
  passwordLogin: (v: { account: string; password: string }) => collect({ account: account(v.account), password: typedPassword(v.password) }),
  signup: (v: { username: string; mobile: string; code: string; password: string; confirmPassword: string; referralCode?: string }) => ({
    ...collect({ username: username(v.username), mobile: phone(v.mobile), code: code(v.code), referralCode: referralCode(v.referralCode ?? '') }),
    ...passwordPair(v, v.username.trim()),
  }),
  resetByMobile: (v: { mobile: string; code: string; password: string; confirmPassword: string }) => ({
    ...collect({ mobile: phone(v.mobile), code: code(v.code) }),
    ...passwordPair(v),
  }),
  resetByEmail: (v: { email: string; code: string; password: string; confirmPassword: string }) => ({
    ...collect({ email: email(v.email), code: code(v.code) }),
    ...passwordPair(v),
  }),
};

/** The kind of identifier typed into the password log-in (the API looks it up that way). */
export function accountKind(value: string): 'mobile' | 'email' | 'account' {
  const trimmed = value.trim();
  return isPhone(trimmed) ? 'mobile' : isEmail(trimmed) ? 'email' : 'account';
}

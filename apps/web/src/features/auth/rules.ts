import {
  EMAIL_MAX,
  REFERRAL_CODE_INPUT_RE,
  TYPED_PASSWORD_MAX,
  USERNAME_RE,
  isValidCode,
  isValidEmail,
  isValidPassword,
  isValidPhone,
  type TValidationKey,
} from '@llk/contracts/rules';

// The forms' inline validation: the contracts' rules and message keys
// (`@llk/contracts/rules`, the zod-free entry point), combined per form as the request schemas
// (accounts.ts) combine them; the API applies the schemas again. rules.test.ts checks these
// functions against the schemas so the two cannot drift apart.

export type TFieldErrors = Partial<Record<string, TValidationKey>>;

/** Mainland mobile or E.164 with + (the light check: the API's is strict; the phone field sends E.164). */
const isPhone = isValidPhone;
const isEmail = isValidEmail;

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
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
const code: TRule = (value) => (isValidCode(value.trim()) ? undefined : 'validation.codeInvalid');
const newPassword: TRule = (value) =>
  !value ? 'validation.passwordRequired' : isValidPassword(value) ? undefined : 'validation.passwordFormat';
const account: TRule = (value) => {
  const trimmed = value.trim();
  if (!trimmed) return 'validation.accountRequired';
  if (trimmed.length > EMAIL_MAX) return 'validation.tooLong';
  return hasControlCharacter(trimmed) ? 'validation.invalidValue' : undefined;
};
const referralCode: TRule = (value) =>
  !value.trim() || REFERRAL_CODE_INPUT_RE.test(value.trim()) ? undefined : 'validation.referralCodeInvalid';
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
  codeLoginByEmail: (v: { email: string; code: string }) => collect({ email: email(v.email), code: code(v.code) }),
  passwordLogin: (v: { account: string; password: string }) =>
    collect({ account: account(v.account), password: typedPassword(v.password) }),
  signup: (v: { username: string; mobile: string; code: string; password: string; confirmPassword: string; referralCode?: string }) => ({
    ...collect({
      username: username(v.username),
      mobile: phone(v.mobile),
      code: code(v.code),
      referralCode: referralCode(v.referralCode ?? ''),
    }),
    ...passwordPair(v, v.username.trim()),
  }),
  /** sign-up with an email address instead of a phone (its code goes to the email) */
  signupByEmail: (v: {
    username: string;
    email: string;
    code: string;
    password: string;
    confirmPassword: string;
    referralCode?: string;
  }) => ({
    ...collect({
      username: username(v.username),
      email: email(v.email),
      code: code(v.code),
      referralCode: referralCode(v.referralCode ?? ''),
    }),
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

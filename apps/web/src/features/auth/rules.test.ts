import { ZLoginRequest, ZModifyPwdByEmailRequest, ZModifyPwdByMobileRequest, ZSignupRequest } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accountKind, validate } from './rules';

// The forms validate without zod (rules.ts); the API validates with the contracts' schemas.
// Both must name the same message for the same input, field by field. One deliberate
// difference: the schemas check the password pair (confirmation, same as username) only once
// every field is valid; the form says it at once, so the user fixes everything in one go.

// The loops over phones take longer than vitest's default 5 s on a loaded machine since ZPhone
// parses with Google's metadata (ADR 0027): those tests have 30 s.
const CROSS_FIELD = [
  'password:validation.passwordSameAsUsername',
  'confirmPassword:validation.confirmRequired',
  'confirmPassword:validation.passwordMismatch',
];

/** Same messages as the schema; extra ones only from the password pair, and none once the schema checks the pair too. */
function expectSameRules(form: Record<string, string | undefined>, schema: Record<string, string>, label: string) {
  const schemaCheckedPair = Object.entries(schema).every(([field, key]) => CROSS_FIELD.includes(`${field}:${key}`));
  if (schemaCheckedPair) {
    expect(form, label).toEqual(schema);
    return;
  }
  expect(form, label).toMatchObject(schema);
  for (const [field, key] of Object.entries(form)) if (!(field in schema)) expect(CROSS_FIELD, label).toContain(`${field}:${key}`);
}

function schemaErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

const USERNAMES = ['', '  ', 'alice_01', ' alice_01 ', '1alice', 'al', 'a'.repeat(21), 'alice 01', 'Bob.smith-9', 'Alice_01x'];
const PHONES = ['', ' ', '13800138000', ' 13800138000 ', '12800138000', '+8613800138000', '+0123', '1380013800', 'abc'];
const EMAILS = [
  '',
  'a@example.com',
  ' A.b@Example.COM ',
  'a@b',
  'a..b@example.com',
  '用户@例子.com',
  `${'a'.repeat(250)}@x.com`,
  'a@ex\u0001.com',
];
const CODES = ['', '123456', ' 123456 ', '12345', '1234567', 'abcdef', '１２３４５６'];
const PASSWORDS = ['', 'abc123', 'alice_01', 'abcdef', '123456', 'Secret-2024', 'abc 123', 'pässwort1', 'a1'.repeat(11), '!!!!!!1'];
const CONFIRMS = ['', 'abc123', 'Secret-2024', 'x'.repeat(129)];
const ACCOUNTS = ['', '  ', 'alice_01', '13800138000', 'a@example.com', 'x'.repeat(255), 'bad\u0007name', '<script>', "' OR 1=1 --"];
const TYPED = ['', ' ', 'anything', 'x'.repeat(128), 'x'.repeat(129)];

describe('form rules match the contracts schemas', () => {
  it('code log-in', () => {
    for (const mobile of PHONES)
      for (const code of CODES)
        expect(validate.codeLogin({ mobile, code }), `${mobile}/${code}`).toEqual(
          schemaErrors(ZLoginRequest, { loginType: 'mobile', mobile: mobile.trim(), code: code.trim() }),
        );
  });

  it('password log-in', () => {
    for (const account of ACCOUNTS)
      for (const password of TYPED)
        expect(validate.passwordLogin({ account, password }), `${account}/${password}`).toEqual(
          schemaErrors(ZLoginRequest, { loginType: accountKind(account), account: account.trim(), password }),
        );
  });

  it('sign-up', () => {
    for (const username of USERNAMES)
      for (const mobile of PHONES.slice(0, 5))
        for (const code of CODES.slice(0, 4))
          for (const password of PASSWORDS)
            for (const confirmPassword of [...CONFIRMS, password]) {
              const values = { username, mobile, code, password, confirmPassword };
              const request = { username: username.trim(), mobile: mobile.trim(), code: code.trim(), password, confirmPassword };
              expectSameRules(validate.signup(values), schemaErrors(ZSignupRequest, request), JSON.stringify(values));
            }
  }, 30_000);

  it('the optional referral code at sign-up', () => {
    const base = { username: 'alice_01', mobile: '13800138000', code: '123456', password: 'abc123', confirmPassword: 'abc123' };
    for (const referralCode of [
      '',
      '   ',
      'AB12CD34',
      ' ab12cd34 ',
      'AB12CD3',
      'AB12CD345',
      'AB12CD3I',
      'AB12-D34',
      '推广码推广码推广码',
      'X'.repeat(40),
    ]) {
      const form = validate.signup({ ...base, referralCode });
      expectSameRules(form, schemaErrors(ZSignupRequest, { ...base, referralCode }), JSON.stringify(referralCode));
    }
    expect(validate.signup({ ...base, referralCode: 'AB12CD3I' })).toEqual({ referralCode: 'validation.referralCodeInvalid' });
    expect(validate.signup({ ...base, referralCode: ' ab12cd34 ' })).toEqual({});
  });

  it('code log-in by email', () => {
    for (const email of EMAILS)
      for (const code of CODES)
        expect(validate.codeLoginByEmail({ email, code }), `${email}/${code}`).toEqual(
          schemaErrors(ZLoginRequest, { loginType: 'email', email: email.trim(), code: code.trim() }),
        );
  });

  it('sign-up by email, without a phone', () => {
    for (const username of USERNAMES.slice(0, 5))
      for (const email of EMAILS)
        for (const code of CODES.slice(0, 4))
          for (const password of PASSWORDS.slice(0, 6))
            for (const confirmPassword of [...CONFIRMS.slice(0, 3), password]) {
              const values = { username, email, code, password, confirmPassword };
              const request = { username: username.trim(), email: email.trim(), code: code.trim(), password, confirmPassword };
              expectSameRules(validate.signupByEmail(values), schemaErrors(ZSignupRequest, request), JSON.stringify(values));
            }
  });

  it('reset by phone and by email', () => {
    for (const code of CODES)
      for (const password of PASSWORDS)
        for (const confirmPassword of [...CONFIRMS, password]) {
          for (const mobile of PHONES) {
            const values = { mobile, code, password, confirmPassword };
            const request = { ...values, mobile: mobile.trim(), code: code.trim() };
            expectSameRules(validate.resetByMobile(values), schemaErrors(ZModifyPwdByMobileRequest, request), JSON.stringify(values));
          }
          for (const email of EMAILS) {
            const values = { email, code, password, confirmPassword };
            const request = { ...values, email: email.trim(), code: code.trim() };
            expectSameRules(validate.resetByEmail(values), schemaErrors(ZModifyPwdByEmailRequest, request), JSON.stringify(values));
          }
        }
  }, 30_000);

  it('names the spec messages', () => {
    expect(validate.codeLogin({ mobile: '', code: '' })).toEqual({ mobile: 'validation.phoneRequired', code: 'validation.codeInvalid' });
    expect(validate.passwordLogin({ account: '', password: '' })).toEqual({
      account: 'validation.accountRequired',
      password: 'validation.passwordEmpty',
    });
    const base = { username: 'alice_01', mobile: '13800138000', code: '123456' };
    expect(validate.signup({ ...base, password: 'alice_01', confirmPassword: 'alice_01' })).toEqual({
      password: 'validation.passwordSameAsUsername',
    });
    expect(validate.signup({ ...base, password: 'abc123', confirmPassword: 'abc124' })).toEqual({
      confirmPassword: 'validation.passwordMismatch',
    });
    expect(validate.signup({ ...base, password: 'abc123', confirmPassword: 'abc123' })).toEqual({});
  });
});

describe('accountKind', () => {
  it('tells a phone, an email and a username apart', () => {
    expect(accountKind(' 13800138000 ')).toBe('mobile');
    expect(accountKind('a@example.com')).toBe('email');
    expect(accountKind('alice_01')).toBe('account');
  });
});

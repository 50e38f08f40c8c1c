import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import {
  maskEmail,
  maskPhone,
  ZLoginRequest,
  ZModifyPwdByAccountRequest,
  ZSendCodeRequest,
  ZSignupRequest,
  ZUserCheckRequest,
  ZUserInfo,
} from './accounts';
import { V } from './validation';

/** path → message keys of the issues a schema reports; {} when it passes. */
function issues(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('masks', () => {
  it('keeps the first three and last four digits of a phone', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('+8613800138000')).toBe('138****8000');
    expect(maskPhone('+34612345678')).toBe('+34 612 *** 678');
    expect(maskPhone('+85261234567')).toBe('+852 61 *** 67');
    expect(maskPhone('+12015550123')).toBe('+1 201 *** 123');
    expect(maskPhone('+819012345678')).toBe('+81 901 *** 678');
    expect(maskPhone('12345')).toBe('1****');
  });

  it('keeps the first character and the domain of an email', () => {
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskEmail('李雷@例子.中国')).toBe('李***@例子.中国');
    expect(maskEmail('broken')).toBe('***');
  });
});

describe('account requests', () => {
  const signup = { username: 'alice_01', mobile: '13800138000', code: '123456', password: 'Secret#1', confirmPassword: 'Secret#1' };

  it('sign-up: the spec rules, each on its field', () => {
    expect(issues(ZSignupRequest, signup)).toEqual({});
    expect(issues(ZSignupRequest, { ...signup, email: 'Alice@Example.com' })).toEqual({});
    expect(ZSignupRequest.parse({ ...signup, email: 'Alice@Example.com' }).email).toBe('alice@example.com');
    expect(issues(ZSignupRequest, { ...signup, confirmPassword: 'Secret#2' })).toEqual({ confirmPassword: [V.passwordMismatch] });
    expect(issues(ZSignupRequest, { ...signup, confirmPassword: undefined })).toEqual({ confirmPassword: [V.confirmRequired] });
    expect(issues(ZSignupRequest, { ...signup, password: 'alice_01', confirmPassword: 'alice_01' })).toEqual({
      password: [V.passwordSameAsUsername],
    });
    expect(issues(ZSignupRequest, { ...signup, username: '1alice', code: '12345' })).toEqual({
      username: [V.usernameFormat],
      code: [V.codeInvalid],
    });
    // by email alone (ADR 0028); neither a phone nor an email: phoneOrEmailRequired on mobile
    expect(issues(ZSignupRequest, { ...signup, mobile: undefined, email: 'alice@example.com' })).toEqual({});
    expect(issues(ZSignupRequest, { ...signup, mobile: undefined })).toEqual({ mobile: [V.phoneOrEmailRequired] });
    expect(issues(ZSignupRequest, { ...signup, mobile: undefined, email: 'alice@' })).toEqual({ email: [V.emailInvalid] });
  });

  it('log-in: by password or by code, never half of each', () => {
    expect(issues(ZLoginRequest, { loginType: 'account', account: 'alice_01', password: 'x' })).toEqual({});
    expect(issues(ZLoginRequest, { loginType: 'mobile', mobile: '13800138000', code: '123456' })).toEqual({});
    expect(issues(ZLoginRequest, { loginType: 'email', account: 'a@example.com' })).toEqual({ password: [V.passwordRequired] });
    expect(issues(ZLoginRequest, { loginType: 'mobile', mobile: '13800138000' })).toEqual({ code: [V.codeInvalid] });
    // a code log-in names its address and its kind: mobile or email (ADR 0028)
    expect(issues(ZLoginRequest, { loginType: 'account', account: 'alice_01', code: '123456' })).toEqual({ loginType: [V.invalidValue] });
    expect(issues(ZLoginRequest, { loginType: 'email', email: 'A@Example.com', code: '123456' })).toEqual({});
    expect(ZLoginRequest.parse({ loginType: 'email', email: 'A@Example.com', code: '123456' }).email).toBe('a@example.com');
    expect(issues(ZLoginRequest, { loginType: 'email', code: '123456' })).toEqual({ email: [V.emailRequired] });
    expect(issues(ZLoginRequest, { loginType: 'mobile', email: 'a@example.com', code: '123456' })).toEqual({
      mobile: [V.phoneRequired],
      email: [V.invalidValue],
    });
    expect(issues(ZLoginRequest, { loginType: 'email', email: 'a@example.com' })).toEqual({ code: [V.codeInvalid] });
    expect(issues(ZLoginRequest, { loginType: 'account', account: 'alice_01', password: 'x'.repeat(129) })).toEqual({
      password: [V.tooLong],
    });
  });

  it('codes go to exactly one of a phone or an email', () => {
    expect(issues(ZSendCodeRequest, { mobile: '13800138000', smsType: 'SIGNUP' })).toEqual({});
    expect(issues(ZSendCodeRequest, { email: 'a@example.com', smsType: 'RESET' })).toEqual({});
    expect(issues(ZSendCodeRequest, { smsType: 'RESET' })).toEqual({ mobile: [V.phoneRequired] });
    expect(issues(ZSendCodeRequest, { mobile: '13800138000', email: 'a@example.com', smsType: 'RESET' })).toEqual({
      email: [V.invalidValue],
    });
  });

  it('refuses control characters in identifiers', () => {
    expect(issues(ZUserCheckRequest, { type: 'EMAIL', value: 'a\u0000@example.com' })).toEqual({ value: [V.invalidValue] });
    expect(
      issues(ZModifyPwdByAccountRequest, {
        account: 'alice\n01',
        channel: 'SMS',
        code: '123456',
        password: 'Secret#1',
        confirmPassword: 'Secret#1',
      }),
    ).toEqual({
      account: [V.invalidValue],
    });
  });

  it('the profile schema strips anything else, such as a password hash', () => {
    const info = ZUserInfo.parse({
      id: '01J',
      username: 'alice_01',
      nickname: 'alice_01',
      mobile: '138****8000',
      email: null,
      mobileVerified: true,
      emailVerified: false,
      createdAt: '2025-07-01T00:00:00.000Z',
      member: { plan: 'FREE', expiresAt: null, active: false },
      cancellation: null,
      password_hash: '$argon2id$…',
    });
    expect(info).not.toHaveProperty('password_hash');
  });
});

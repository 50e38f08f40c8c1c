import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  V,
  ZAccount,
  ZCode,
  ZEmail,
  ZPassword,
  ZPhone,
  ZUsername,
  checkNewPassword,
  isValidCode,
  isValidEmail,
  isValidPassword,
  isValidPhone,
  isValidUsername,
} from './validation';

/** Messages of the issues a schema reports for a value; [] when it passes. */
function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function issuesByPath(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    (out[path] ??= []).push(issue.message);
  }
  return out;
}

describe('username: 6-20 characters, starts with a letter, letters digits _ - . only', () => {
  it.each([
    ['abcdef', true, '6 characters, the minimum'],
    ['a'.repeat(20), true, '20 characters, the maximum'],
    ['abcde', false, '5 characters'],
    ['a'.repeat(21), false, '21 characters'],
    ['1abcdef', false, 'starts with a digit'],
    ['_abcdef', false, 'starts with an underscore'],
    ['.abcdef', false, 'starts with a dot'],
    ['-abcdef', false, 'starts with a hyphen'],
    ['Ab_c-d.9', true, 'every allowed kind'],
    ['ABCDEF', true, 'upper case'],
    ['abc def', false, 'space'],
    ['abc@def', false, '@'],
    ['abc+def', false, '+'],
    ['abc!def', false, '!'],
    ['abcdeé', false, 'accented letter'],
    ['ａbcdef', false, 'full-width letter'],
    ['用户名abcdef', false, 'Chinese characters'],
    ['abcdef\u0301', false, 'combining mark'],
  ])('%j → %s (%s)', (value, valid) => {
    expect(isValidUsername(value)).toBe(valid);
    expect(issues(ZUsername, value)).toEqual(valid ? [] : [V.usernameFormat]);
  });

  it('reports usernameRequired when missing, null, empty or blank', () => {
    expect(issues(ZUsername, undefined)).toEqual([V.usernameRequired]);
    expect(issues(ZUsername, null)).toEqual([V.usernameRequired]);
    expect(issues(ZUsername, '')).toEqual([V.usernameRequired]);
    expect(issues(ZUsername, '   ')).toEqual([V.usernameRequired]);
  });

  it('reports invalidType for a non-string', () => {
    expect(issues(ZUsername, 123456)).toEqual([V.invalidType]);
  });

  it('trims surrounding spaces before checking', () => {
    expect(ZUsername.parse('  abcdef  ')).toBe('abcdef');
    expect(ZUsername.parse('abcdef\n')).toBe('abcdef');
  });
});

describe('password: 6-20 of letters, digits, English punctuation, at least two kinds', () => {
  it.each([
    ['abc123', true, '6 characters, the minimum'],
    ['abc12', false, '5 characters'],
    ['abcdefghij123456789!', true, '20 characters'],
    ['abcdefghij1234567890!', false, '21 characters'],
    ['abcdefgh', false, 'letters only'],
    ['12345678', false, 'digits only'],
    ['!@#$%^&*', false, 'punctuation only'],
    ['abcd1234', true, 'letters and digits'],
    ['abcd!@#$', true, 'letters and punctuation'],
    ['1234!@#$', true, 'digits and punctuation'],
    ['ab12!@', true, 'all three kinds'],
    ['abc 123', false, 'inner space'],
    [' abc123', false, 'leading space (passwords are not trimmed)'],
    ['abc123\t', false, 'tab'],
    ['abc123é', false, 'accented letter'],
    ['abc１２３', false, 'full-width digits'],
    ['パスワード12', false, 'Japanese'],
    ['中文abc123', false, 'Chinese'],
    ['abc123—', false, 'em dash is not English punctuation'],
    ['abc123。', false, 'Chinese full stop'],
    ['abcdef😀', false, 'emoji'],
  ])('%j → %s (%s)', (value, valid) => {
    expect(isValidPassword(value)).toBe(valid);
    expect(issues(ZPassword, value)).toEqual(valid ? [] : [V.passwordFormat]);
  });

  it('counts each of the 32 ASCII punctuation characters as a kind', () => {
    const punctuation = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
    expect(punctuation).toHaveLength(32);
    for (const char of punctuation) {
      expect(isValidPassword(`abcde${char}`), char).toBe(true);
      expect(isValidPassword(`12345${char}`), char).toBe(true);
      expect(isValidPassword(char.repeat(6)), char).toBe(false);
    }
  });

  it('reports passwordRequired when missing or empty, invalidType for a non-string', () => {
    expect(issues(ZPassword, undefined)).toEqual([V.passwordRequired]);
    expect(issues(ZPassword, '')).toEqual([V.passwordRequired]);
    expect(issues(ZPassword, 123456)).toEqual([V.invalidType]);
  });
});

describe('checkNewPassword: differs from the username, confirmation matches', () => {
  const ZSignup = z
    .object({ username: ZUsername, password: ZPassword, confirmPassword: z.string().optional() })
    .superRefine(checkNewPassword);
  const ZReset = z.object({ password: ZPassword, confirmPassword: z.string().optional() }).superRefine(checkNewPassword);

  it('accepts a matching confirmation of a password that is not the username', () => {
    expect(ZSignup.safeParse({ username: 'alice01', password: 'secret12', confirmPassword: 'secret12' }).success).toBe(true);
  });

  it('flags a password equal to the username on the password field', () => {
    expect(issuesByPath(ZSignup, { username: 'alice01', password: 'alice01', confirmPassword: 'alice01' })).toEqual({
      password: [V.passwordSameAsUsername],
    });
  });

  it('compares with the username exactly (a different case is a different password)', () => {
    expect(ZSignup.safeParse({ username: 'alice01', password: 'Alice01', confirmPassword: 'Alice01' }).success).toBe(true);
  });

  it('flags a mismatched confirmation on confirmPassword', () => {
    expect(issuesByPath(ZSignup, { username: 'alice01', password: 'secret12', confirmPassword: 'secret13' })).toEqual({
      confirmPassword: [V.passwordMismatch],
    });
  });

  it.each([undefined, ''])('asks to re-enter the password when the confirmation is %j', (confirmPassword) => {
    expect(issuesByPath(ZSignup, { username: 'alice01', password: 'secret12', confirmPassword })).toEqual({
      confirmPassword: [V.confirmRequired],
    });
  });

  it('works without a username (reset by phone or email)', () => {
    expect(ZReset.safeParse({ password: 'secret12', confirmPassword: 'secret12' }).success).toBe(true);
    expect(issuesByPath(ZReset, { password: 'secret12', confirmPassword: 'x' })).toEqual({
      confirmPassword: [V.passwordMismatch],
    });
  });
});

describe('phone, light check (browser): mainland 11 digits or an E.164 shape, separators ignored', () => {
  it.each([
    ['13800138000', true, 'mainland mobile'],
    ['19912345678', true, 'mainland 19x'],
    ['12800138000', false, 'mainland second digit 2'],
    ['1380013800', false, '10 digits'],
    ['138001380001', false, '12 digits'],
    ['23800138000', false, 'does not start with 1'],
    ['+8613800138000', true, '+86 E.164'],
    ['+14155552671', true, '+1 E.164'],
    ['+1234567', true, '7 digits, shortest E.164 shape accepted'],
    ['+123456', false, '6 digits'],
    ['+123456789012345', true, '15 digits, the E.164 maximum'],
    ['+1234567890123456', false, '16 digits'],
    ['+0123456789', false, 'country code 0'],
    ['8613800138000', false, 'international without + or 00'],
    ['+86 138 0013 8000', true, 'spaces'],
    ['138-0013-8000', true, 'hyphens'],
    ['(+34) 612345678', true, 'parentheses'],
    ['0034612345678', true, '00 for +'],
    ['１３８００１３８０００', true, 'full-width digits'],
    ['abc', false, 'letters'],
  ])('%j → %s (%s)', (value, valid) => {
    expect(isValidPhone(value)).toBe(valid);
  });
});

describe('ZPhone: a mobile of any country, answered as E.164 (ADR 0027)', () => {
  it.each([
    ['13800138000', '+8613800138000', 'mainland 11 digits'],
    ['+86 139 1234 5678', '+8613912345678', 'mainland with +86 and spaces'],
    ['0086 139 1234 5678', '+8613912345678', 'mainland with 0086'],
    ['+34 612 345 678', '+34612345678', 'Spain, spaced'],
    ['+34-612-345-678', '+34612345678', 'Spain, dashes'],
    ['(+34) 612345678', '+34612345678', 'Spain, parentheses'],
    ['0034612345678', '+34612345678', 'Spain, 0034'],
    ['+33 6 12 34 56 78', '+33612345678', 'France'],
    ['+81 90-1234-5678', '+819012345678', 'Japan'],
    ['+82 10-1234-5678', '+821012345678', 'Korea'],
    ['+1 201-555-0123', '+12015550123', 'United States (fixed line or mobile)'],
    ['+852 9123 4567', '+85291234567', 'Hong Kong'],
    ['１３８００１３８０００', '+8613800138000', 'full-width digits'],
    ['8613800138000', '+8613800138000', 'the calling code without + (libphonenumber reads it off a mainland number)'],
  ])('%j → %j (%s)', (value, e164) => {
    expect(issues(ZPhone, value)).toEqual([]);
    expect(ZPhone.parse(value)).toBe(e164);
  });

  it.each<[string, string, string]>([
    ['+34 912 345 678', V.phoneNotMobile, 'a Madrid landline'],
    ['+86 010 12345678', V.phoneNotMobile, 'a Beijing landline'],
    ['+34 900 123 456', V.phoneNotMobile, 'Spanish toll-free'],
    ['+34 612 345', V.phoneInvalid, 'too short for Spain'],
    ['+999 612345678', V.phoneInvalid, 'no such calling code'],
    ['12800138000', V.phoneInvalid, 'mainland second digit 2'],
    ['+0123456789', V.phoneInvalid, 'calling code 0'],
    ['+86 138 0013 8000 ext 1', V.phoneInvalid, 'letters'],
    ['1+3800138000', V.phoneInvalid, 'a + inside'],
    [`+34${'6'.repeat(40)}`, V.phoneInvalid, 'too long'],
  ])('%j → %s (%s)', (value, key) => {
    expect(issues(ZPhone, value)).toEqual([key]);
  });

  it('reports phoneRequired when missing or blank and trims spaces', () => {
    expect(issues(ZPhone, undefined)).toEqual([V.phoneRequired]);
    expect(issues(ZPhone, '  ')).toEqual([V.phoneRequired]);
    expect(ZPhone.parse(' 13800138000 ')).toBe('+8613800138000');
  });
});

describe('email', () => {
  it.each([
    ['user@example.com', true],
    ['first.last+tag@mail.example.co', true],
    ['a@b.cn', true],
    ['12345@qq.com', true],
    ['用户@例子.cn', true],
    ['user@', false],
    ['@example.com', false],
    ['user@example', false],
    ['user@example.c', false],
    ['user@example.c0m', false],
    ['a b@c.com', false],
    ['a..b@c.com', false],
    ['.a@b.com', false],
    ['a.@b.com', false],
    ['a@b..com', false],
    ['a@.com', false],
    ['a@@b.com', false],
    ['a@b.com.', false],
    ['a<b@c.com', false],
    ['"a"@c.com', false],
  ])('%j → %s', (value, valid) => {
    expect(isValidEmail(value)).toBe(valid);
    expect(issues(ZEmail, value)).toEqual(valid ? [] : [V.emailInvalid]);
  });

  it('accepts 254 characters and rejects 255', () => {
    const suffix = '@example.com';
    expect(isValidEmail(`${'a'.repeat(254 - suffix.length)}${suffix}`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(255 - suffix.length)}${suffix}`)).toBe(false);
  });

  it('reports emailRequired when missing and lower-cases a valid address', () => {
    expect(issues(ZEmail, undefined)).toEqual([V.emailRequired]);
    expect(issues(ZEmail, '')).toEqual([V.emailRequired]);
    expect(ZEmail.parse(' User@Example.COM ')).toBe('user@example.com');
  });
});

describe('verification code: 6 digits', () => {
  it.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['１２３４５６', false],
    ['123 456', false],
  ])('%j → %s', (value, valid) => {
    expect(isValidCode(value)).toBe(valid);
    expect(issues(ZCode, value)).toEqual(valid ? [] : [V.codeInvalid]);
  });

  it('asks for the code when empty and trims spaces', () => {
    expect(issues(ZCode, '')).toEqual([V.codeInvalid]);
    expect(ZCode.parse(' 123456 ')).toBe('123456');
  });
});

describe('account (log-in identifier)', () => {
  it('requires a value and caps its length', () => {
    expect(issues(ZAccount, '')).toEqual([V.accountRequired]);
    expect(issues(ZAccount, undefined)).toEqual([V.accountRequired]);
    expect(issues(ZAccount, 'alice01')).toEqual([]);
    expect(issues(ZAccount, 'a'.repeat(254))).toEqual([]);
    expect(issues(ZAccount, 'a'.repeat(255))).toEqual([V.tooLong]);
  });
});

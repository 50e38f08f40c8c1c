import { describe, expect, it } from 'vitest';
import { ZSendCodeRequest } from './accounts';
import { ZChangeEmailRequest, ZChangeMobileRequest, ZUpdateProfileRequest } from './profile';

describe('profile requests', () => {
  it('POST /sms takes exactly one of mobile, email and channel', () => {
    expect(ZSendCodeRequest.safeParse({ channel: 'SMS', smsType: 'MODIFY_PHONE' }).success).toBe(true);
    const both = ZSendCodeRequest.safeParse({ channel: 'SMS', mobile: '13800138000', smsType: 'MODIFY_PHONE' });
    expect(both.success).toBe(false);
    expect(both.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['channel', 'validation.invalidValue']]);
    const none = ZSendCodeRequest.safeParse({ smsType: 'LOGIN' });
    expect(none.error?.issues.map((issue) => issue.message)).toEqual(['validation.phoneRequired']);
  });

  it('a change step is { code } or { code, ticket, address }, never half of the second', () => {
    expect(ZChangeEmailRequest.safeParse({ code: '123456' }).success).toBe(true);
    expect(ZChangeEmailRequest.parse({ code: '123456', ticket: 't', email: 'A@Example.com' })).toEqual({
      code: '123456',
      ticket: 't',
      email: 'a@example.com',
    });
    expect(ZChangeEmailRequest.safeParse({ code: '123456', ticket: 't' }).error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'email',
    ]);
    expect(
      ZChangeMobileRequest.safeParse({ code: '123456', mobile: '13800138000' }).error?.issues.map((issue) => issue.path.join('.')),
    ).toEqual(['ticket']);
  });

  it('a nickname is trimmed, 1 to 32 characters, without control characters', () => {
    expect(ZUpdateProfileRequest.parse({ nickname: '  小明  ' })).toEqual({ nickname: '小明' });
    expect(ZUpdateProfileRequest.safeParse({ nickname: 'x'.repeat(33) }).error?.issues[0]?.message).toBe('validation.tooLong');
    expect(ZUpdateProfileRequest.safeParse({ nickname: 'a\tb' }).error?.issues[0]?.message).toBe('validation.invalidValue');
  });
});

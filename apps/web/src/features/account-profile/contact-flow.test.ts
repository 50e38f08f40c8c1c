import { describe, expect, it } from 'vitest';
import { addressError, canRemove, codeError, contactFlow, finalRequest, newCodeRequest, nicknameError, removeFlow } from './contact-flow';

describe('contact flows', () => {
  it('binds in one step and changes in two, each with the purpose the API accepts', () => {
    expect(contactFlow('email', false)).toMatchObject({
      change: false,
      endpoint: '/user/bindEmail',
      current: null,
      newSmsType: 'BIND_EMAIL',
    });
    expect(contactFlow('email', true)).toMatchObject({
      change: true,
      endpoint: '/user/changeEmail',
      current: { channel: 'EMAIL', smsType: 'BIND_EMAIL' },
      newSmsType: 'BIND_EMAIL',
    });
    expect(contactFlow('phone', false)).toMatchObject({
      change: false,
      endpoint: '/user/bindMobile',
      current: null,
      newSmsType: 'BIND_MOBILE',
    });
    expect(contactFlow('phone', true)).toMatchObject({
      change: true,
      endpoint: '/user/changeMobile',
      current: { channel: 'SMS', smsType: 'MODIFY_PHONE' },
      newSmsType: 'CHANGE_MOBILE',
    });
  });

  it('removes with the code of a change’s first step, and only while the other contact is verified', () => {
    expect(removeFlow('email')).toEqual({ endpoint: '/user/unbindEmail', code: { channel: 'EMAIL', smsType: 'BIND_EMAIL' } });
    expect(removeFlow('phone')).toEqual({ endpoint: '/user/unbindMobile', code: { channel: 'SMS', smsType: 'MODIFY_PHONE' } });
    expect(canRemove({ address: 'u***@example.com', verified: true })).toBe(true);
    expect(canRemove({ address: 'u***@example.com', verified: false })).toBe(false);
    expect(canRemove({ address: null, verified: false })).toBe(false);
  });

  it('builds the code request and the final call, with the ticket only for a change', () => {
    const change = contactFlow('phone', true);
    expect(newCodeRequest(change, ' 13800138000 ')).toEqual({ mobile: '13800138000', smsType: 'CHANGE_MOBILE' });
    expect(finalRequest(change, '13800138000', ' 123456', 'T1')).toEqual({ mobile: '13800138000', code: '123456', ticket: 'T1' });
    expect(finalRequest(contactFlow('email', false), 'a@b.co', '123456', 'T1')).toEqual({ email: 'a@b.co', code: '123456' });
  });

  it('checks the address and the code with the contracts’ rules', () => {
    expect(addressError('email', '')).toBe('validation.emailRequired');
    expect(addressError('email', 'nope')).toBe('validation.emailInvalid');
    expect(addressError('email', 'a@example.com')).toBeUndefined();
    expect(addressError('phone', '123')).toBe('validation.phoneInvalid');
    expect(addressError('phone', '13800138000')).toBeUndefined();
    expect(codeError('12345')).toBe('validation.codeInvalid');
    expect(codeError('123456')).toBeUndefined();
  });
});

describe('nickname rule', () => {
  it('matches the API: trimmed, required, at most 32 characters', () => {
    expect(nicknameError('   ')).toBe('validation.required');
    expect(nicknameError(` ${'x'.repeat(32)} `)).toBeUndefined();
    expect(nicknameError('x'.repeat(33))).toBe('validation.tooLong');
  });
});

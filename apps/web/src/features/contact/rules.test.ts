import { ZContactRequest } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { contactRequest, EMPTY_CONTACT_FORM, messageLength, validateContact, type TContactForm } from './rules';

// The contact form's rules agree with the schema the API applies (ZContactRequest): what passes
// here passes there, and the keys shown for a bad field are the schema's.

function schemaIssues(result: ReturnType<typeof ZContactRequest.safeParse>): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

const filled: TContactForm = {
  topic: 'BUSINESS',
  email: ' it@example.com ',
  orderId: 'ignored',
  message: ' We need 40 seats for our office. ',
};

describe('the contact form rules', () => {
  it('builds a body the API accepts: trimmed, no order unless a refund, no empty email', () => {
    expect(validateContact(filled, false)).toEqual({});
    const body = contactRequest(filled);
    expect(body).toEqual({ topic: 'BUSINESS', email: 'it@example.com', message: 'We need 40 seats for our office.' });
    expect(ZContactRequest.safeParse(body).success).toBe(true);
    const refund = contactRequest({ ...filled, topic: 'REFUND', email: '', orderId: ' 01JDX4K7QH ' });
    expect(refund).toEqual({ topic: 'REFUND', orderId: '01JDX4K7QH', message: 'We need 40 seats for our office.' });
    expect(ZContactRequest.safeParse(refund).success).toBe(true);
  });

  it('wants an email only when logged out, and a message of 10 to 5000 characters', () => {
    expect(validateContact(EMPTY_CONTACT_FORM, false)).toEqual({ email: 'validation.emailRequired', message: 'validation.required' });
    expect(validateContact(EMPTY_CONTACT_FORM, true)).toEqual({ message: 'validation.required' });
    expect(validateContact({ ...filled, email: 'not-an-email' }, true).email).toBe('validation.emailInvalid');
    // 9 characters is short, 10 is enough; CJK characters count one each
    expect(validateContact({ ...filled, message: '123456789' }, true).message).toBe('validation.messageTooShort');
    expect(validateContact({ ...filled, message: '我的电脑连不上远程桌面了' }, true).message).toBeUndefined();
    expect(messageLength('  我的电脑连不上  ')).toBe(7);
    expect(validateContact({ ...filled, message: 'x'.repeat(5001) }, true).message).toBe('validation.tooLong');
    expect(validateContact({ ...filled, message: 'x'.repeat(5000) }, true).message).toBeUndefined();
    // the schema says the same
    const schema = schemaIssues(ZContactRequest.safeParse({ topic: 'SUPPORT', email: 'x@', message: '123456789' }));
    expect(schema).toEqual({ email: 'validation.emailInvalid', message: 'validation.messageTooShort' });
    expect(schemaIssues(ZContactRequest.safeParse({ topic: 'SUPPORT', message: 'x'.repeat(5001) })).message).toBe('validation.tooLong');
  });

  it('asks a refund for an order number', () => {
    expect(validateContact({ ...filled, topic: 'REFUND', orderId: '' }, true).orderId).toBe('validation.required');
    expect(validateContact({ ...filled, topic: 'REFUND', orderId: 'no spaces!' }, true).orderId).toBe('validation.invalidValue');
    expect(ZContactRequest.safeParse({ topic: 'REFUND', orderId: 'no spaces!', message: 'Please refund it.' }).success).toBe(false);
  });
});

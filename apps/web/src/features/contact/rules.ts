import type { TContactRequest, TContactTopic } from '@llk/contracts';
import { EMAIL_MAX, EMAIL_RE, SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN, type TValidationKey } from '@llk/contracts/rules';

// The contact form's rules (no React, no network), with the contracts' message keys and limits
// (ZContactRequest, which the API applies again; rules.test.ts checks both agree).

export const CONTACT_FORM_TOPICS: readonly TContactTopic[] = ['SUPPORT', 'BUSINESS', 'ECOSYSTEM', 'REFUND'];

export interface TContactForm {
  topic: TContactTopic;
  email: string;
  orderId: string;
  message: string;
}

export type TContactErrors = Partial<Record<keyof TContactForm, TValidationKey>>;

export const EMPTY_CONTACT_FORM: TContactForm = { topic: 'SUPPORT', email: '', orderId: '', message: '' };

/** Characters as the API counts them (code points, trimmed). */
export function messageLength(message: string): number {
  return [...message.trim()].length;
}

/**
 * Field → message key; empty when the form can be sent. Signed in, the email may stay empty (the
 * account's address is used); a refund names an order and needs a signed-in visitor.
 */
export function validateContact(form: TContactForm, signedIn: boolean): TContactErrors {
  const errors: TContactErrors = {};
  const email = form.email.trim();
  if (!email) {
    if (!signedIn) errors.email = 'validation.emailRequired';
  } else if (email.length > EMAIL_MAX) errors.email = 'validation.tooLong';
  else if (!EMAIL_RE.test(email)) errors.email = 'validation.emailInvalid';
  if (form.topic === 'REFUND') {
    const order = form.orderId.trim();
    if (!order) errors.orderId = 'validation.required';
    else if (!/^[0-9A-Za-z]{1,64}$/.test(order)) errors.orderId = 'validation.invalidValue';
  }
  const length = messageLength(form.message);
  if (length === 0) errors.message = 'validation.required';
  else if (length < SUPPORT_MESSAGE_MIN) errors.message = 'validation.messageTooShort';
  else if (length > SUPPORT_MESSAGE_MAX) errors.message = 'validation.tooLong';
  return errors;
}

/** The request body: empty optional fields left out, the order only for a refund. */
export function contactRequest(form: TContactForm): TContactRequest {
  const email = form.email.trim();
  return {
    topic: form.topic,
    ...(email ? { email } : {}),
    ...(form.topic === 'REFUND' ? { orderId: form.orderId.trim() } : {}),
    message: form.message.trim(),
  };
}

import type { TDeliveryChannel, TSmsType } from '@llk/contracts';
import { NICKNAME_MAX, isValidCode, isValidEmail, isValidPhone, type TValidationKey } from '@llk/contracts/rules';

// The contact-detail flows of /account/profile (the API's rules: apps/api modules/profile):
//   bind email    one step: BIND_EMAIL code to the new email           → POST /user/bindEmail
//   change email  BIND_EMAIL code to the current email → ticket,
//                 then BIND_EMAIL code to the new email                → POST /user/changeEmail
//   bind phone    one step: BIND_MOBILE code to the new phone          → POST /user/bindMobile
//   change phone  MODIFY_PHONE code to the current phone → ticket,
//                 then CHANGE_MOBILE code to the new phone             → POST /user/changeMobile

export type TContactKind = 'email' | 'phone';

export interface TContactFlow {
  kind: TContactKind;
  /** a change (two steps) or a first binding (one step) */
  change: boolean;
  endpoint: '/user/bindEmail' | '/user/changeEmail' | '/user/bindMobile' | '/user/changeMobile';
  /** the request field of the new address */
  field: 'email' | 'mobile';
  /** the code to the current address (a change's first step): POST /sms { channel, smsType } */
  current: { channel: TDeliveryChannel; smsType: TSmsType } | null;
  /** the purpose of the code to the new address */
  newSmsType: TSmsType;
}

export function contactFlow(kind: TContactKind, hasCurrent: boolean): TContactFlow {
  if (kind === 'email') {
    return hasCurrent
      ? {
          kind,
          change: true,
          endpoint: '/user/changeEmail',
          field: 'email',
          current: { channel: 'EMAIL', smsType: 'BIND_EMAIL' },
          newSmsType: 'BIND_EMAIL',
        }
      : { kind, change: false, endpoint: '/user/bindEmail', field: 'email', current: null, newSmsType: 'BIND_EMAIL' };
  }
  return hasCurrent
    ? {
        kind,
        change: true,
        endpoint: '/user/changeMobile',
        field: 'mobile',
        current: { channel: 'SMS', smsType: 'MODIFY_PHONE' },
        newSmsType: 'CHANGE_MOBILE',
      }
    : { kind, change: false, endpoint: '/user/bindMobile', field: 'mobile', current: null, newSmsType: 'BIND_MOBILE' };
}

//   verify email  the unverified email typed at sign-up: BIND_EMAIL code to it → POST /user/bindEmail
//                 with the same address (a binding; another address replaces it instead)
//   remove email  BIND_EMAIL code to the current email                  → POST /user/unbindEmail
//   remove phone  MODIFY_PHONE code to the current phone                → POST /user/unbindMobile
//                 (only while the other contact is verified, else LAST_VERIFIED_CONTACT)

export interface TRemoveFlow {
  endpoint: '/user/unbindEmail' | '/user/unbindMobile';
  /** the code to the current address: POST /sms { channel, smsType } */
  code: { channel: TDeliveryChannel; smsType: TSmsType };
}

export function removeFlow(kind: TContactKind): TRemoveFlow {
  return kind === 'email'
    ? { endpoint: '/user/unbindEmail', code: { channel: 'EMAIL', smsType: 'BIND_EMAIL' } }
    : { endpoint: '/user/unbindMobile', code: { channel: 'SMS', smsType: 'MODIFY_PHONE' } };
}

/** Whether a contact may be removed: it is on file and the account's other contact is verified (an account keeps one). */
export function canRemove(other: { address: string | null; verified: boolean }): boolean {
  return other.address !== null && other.verified;
}

/** POST /sms body for the code to the new address. */
export function newCodeRequest(flow: TContactFlow, address: string): Record<string, string> {
  return { [flow.field]: address.trim(), smsType: flow.newSmsType };
}

/** The body of the final call: the new address and its code, with the first step's ticket for a change. */
export function finalRequest(flow: TContactFlow, address: string, code: string, ticket: string | null): Record<string, string> {
  return { [flow.field]: address.trim(), code: code.trim(), ...(flow.change && ticket ? { ticket } : {}) };
}

export function addressError(kind: TContactKind, value: string): TValidationKey | undefined {
  const trimmed = value.trim();
  if (kind === 'email') return !trimmed ? 'validation.emailRequired' : isValidEmail(trimmed) ? undefined : 'validation.emailInvalid';
  return !trimmed ? 'validation.phoneRequired' : isValidPhone(trimmed) ? undefined : 'validation.phoneInvalid';
}

export function codeError(value: string): TValidationKey | undefined {
  return isValidCode(value.trim()) ? undefined : 'validation.codeInvalid';
}

/** The nickname rule of POST /user/updateProfile: trimmed, required, at most NICKNAME_MAX characters. */
export function nicknameError(value: string): TValidationKey | undefined {
  const trimmed = value.trim();
  if (!trimmed) return 'validation.required';
  return trimmed.length > NICKNAME_MAX ? 'validation.tooLong' : undefined;
}

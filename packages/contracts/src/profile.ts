import { z } from './zod';
import { ZDeliveryChannel } from './enums';
import { NICKNAME_MAX, V, ZCode, ZEmail, ZPhone } from './validation';
import { ZUserInfo } from './accounts';

// The account area's profile calls: nickname, contact details (bind and change, each step
// proved by a code of its own purpose sent to its own target) and account cancellation.

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** POST /user/updateProfile: the nickname (the username cannot change). */
export const ZUpdateProfileRequest = z.object({
  nickname: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.invalidType) })
    .trim()
    .min(1, { error: V.required, abort: true })
    .max(NICKNAME_MAX, { error: V.tooLong })
    .refine((value) => !hasControlCharacter(value), { error: V.invalidValue }),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** POST /user/bindEmail: an account without an email binds one (BIND_EMAIL code sent to it). */
export const ZBindEmailRequest = z.object({ email: ZEmail, code: ZCode });
export type TBindEmailRequest = z.infer<typeof ZBindEmailRequest>;

/** POST /user/bindMobile: an account without a phone binds one (BIND_MOBILE code sent to it). */
export const ZBindMobileRequest = z.object({ mobile: ZPhone, code: ZCode });
export type TBindMobileRequest = z.infer<typeof ZBindMobileRequest>;

/** A change ticket: proof, for a few minutes, that the caller just answered a code sent to the old address. */
const ZTicket = z.string({ error: V.invalidType }).min(1, { error: V.required, abort: true }).max(128, { error: V.tooLong });

/**
 * POST /user/changeEmail, in two calls. Step 1 `{ code }`: the BIND_EMAIL code sent to the
 * current email (POST /sms with channel EMAIL) → a ticket. Step 2 `{ ticket, email, code }`:
 * the BIND_EMAIL code sent to the new email → the new email is bound.
 */
export const ZChangeEmailRequest = z
  .object({ code: ZCode, ticket: ZTicket.optional(), email: ZEmail.optional() })
  .superRefine((value, ctx) => {
    if (value.ticket !== undefined && value.email === undefined)
      ctx.addIssue({ code: 'custom', path: ['email'], message: V.emailRequired });
    if (value.ticket === undefined && value.email !== undefined) ctx.addIssue({ code: 'custom', path: ['ticket'], message: V.required });
  })
  .meta({ anyOf: [{ required: ['code'] }, { required: ['code', 'ticket', 'email'] }] });
export type TChangeEmailRequest = z.infer<typeof ZChangeEmailRequest>;

/**
 * POST /user/changeMobile, in two calls. Step 1 `{ code }`: the MODIFY_PHONE code sent to the
 * current phone → a ticket. Step 2 `{ ticket, mobile, code }`: the CHANGE_MOBILE code sent to
 * the new phone → the new phone is bound.
 */
export const ZChangeMobileRequest = z
  .object({ code: ZCode, ticket: ZTicket.optional(), mobile: ZPhone.optional() })
  .superRefine((value, ctx) => {
    if (value.ticket !== undefined && value.mobile === undefined)
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: V.phoneRequired });
    if (value.ticket === undefined && value.mobile !== undefined) ctx.addIssue({ code: 'custom', path: ['ticket'], message: V.required });
  })
  .meta({ anyOf: [{ required: ['code'] }, { required: ['code', 'ticket', 'mobile'] }] });
export type TChangeMobileRequest = z.infer<typeof ZChangeMobileRequest>;

/** Either step of a change: step 1 answers a ticket, step 2 the updated profile. */
export const ZContactChangeResult = z.object({
  ticket: z.string().nullable(),
  /** seconds the ticket stays valid; null after step 2 */
  expiresInSeconds: z.number().int().nullable(),
  /** the profile after step 2; null after step 1 */
  user: ZUserInfo.nullable(),
});
export type TContactChangeResult = z.infer<typeof ZContactChangeResult>;

/** POST /user/cancel: a CANCEL_ACCOUNT code sent to the account's phone (SMS) or email (EMAIL). */
export const ZCancelAccountRequest = z.object({ channel: ZDeliveryChannel, code: ZCode });
export type TCancelAccountRequest = z.infer<typeof ZCancelAccountRequest>;

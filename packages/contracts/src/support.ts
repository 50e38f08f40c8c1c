import { z } from './zod';
import { ADMIN_PAGE_CURSOR_RE, ZAdminId, ZAdminReason, ZAdminText } from './admin-people';
import { ZOrderId } from './orders';
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN, V } from './rules';
import { isValidEmail } from './validation';

// The contact form (POST /support/contact) and the back office's support inbox (permission
// support.manage; ADR 0019 "Support inbox"). A thread is one request: a contact-form message, or
// an invoice request a customer made on an order. Staff answer it by email (the delivery adapter),
// assign it, and move it between NEW, ANSWERED and CLOSED.

/** What the contact form asks about; INVOICE threads come from invoice requests, not the form. */
export const CONTACT_TOPICS = ['SUPPORT', 'BUSINESS', 'ECOSYSTEM', 'REFUND'] as const;
export const ZContactTopic = z.enum(CONTACT_TOPICS, { error: V.invalidValue });
export type TContactTopic = z.infer<typeof ZContactTopic>;
/** DISPUTE threads are opened by a card dispute (ADR 0029), not by the form. */
export const ZSupportTopic = z.enum([...CONTACT_TOPICS, 'INVOICE', 'DISPUTE']);
export type TSupportTopic = z.infer<typeof ZSupportTopic>;
export const ZSupportState = z.enum(['NEW', 'ANSWERED', 'CLOSED'], { error: V.invalidValue });
export type TSupportState = z.infer<typeof ZSupportState>;

const ZMessage = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.invalidType) })
  .trim()
  .min(1, { error: V.required, abort: true })
  .min(SUPPORT_MESSAGE_MIN, { error: V.messageTooShort, abort: true })
  .max(SUPPORT_MESSAGE_MAX, { error: V.tooLong, abort: true });

/**
 * POST /support/contact. `email` is where the answer goes: required when logged out, optional
 * for a signed-in account with an email address (the account's is used). A refund request names
 * one of the caller's own paid orders and needs a signed-in account.
 */
export const ZContactRequest = z
  .object({
    topic: ZContactTopic,
    email: z
      .string({ error: V.invalidType })
      .trim()
      .max(254, { error: V.tooLong, abort: true })
      .refine((value) => value === '' || isValidEmail(value), { error: V.emailInvalid })
      .optional(),
    orderId: z.union([z.literal(''), ZOrderId]).optional(),
    message: ZMessage,
  })
  .strict();
export type TContactRequest = z.infer<typeof ZContactRequest>;

export const ZContactResult = z.object({
  /** what the visitor quotes when they write again, e.g. "S-01JDX4K7QH" */
  reference: z.string(),
  receivedAt: z.string(),
  /** where the answer will go, masked (a***@example.com) */
  replyTo: z.string(),
});
export type TContactResult = z.infer<typeof ZContactResult>;

// ---- the back office -----------------------------------------------------------------------

export const ZSupportStaffRef = z.object({ id: z.string(), username: z.string() });

export const ZAdminSupportThreadSummary = z.object({
  id: z.string(),
  reference: z.string(),
  topic: ZSupportTopic,
  state: ZSupportState,
  email: z.string(),
  userId: z.string().nullable(),
  orderId: z.string().nullable(),
  locale: z.string(),
  /** the message's first 140 characters */
  preview: z.string(),
  assignee: ZSupportStaffRef.nullable(),
  replies: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdminSupportThreadSummary = z.infer<typeof ZAdminSupportThreadSummary>;

export const ZAdminSupportQuery = z
  .object({
    state: ZSupportState.optional(),
    topic: ZSupportTopic.optional(),
    /** `me`, `none` or a staff id */
    assignee: z.union([z.literal('me'), z.literal('none'), ZAdminId]).optional(),
    before: z.string().regex(ADMIN_PAGE_CURSOR_RE, { error: V.invalidValue }).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type TAdminSupportQuery = z.infer<typeof ZAdminSupportQuery>;
export const ZAdminSupportPage = z.object({ items: z.array(ZAdminSupportThreadSummary), next: z.string().nullable() });
export type TAdminSupportPage = z.infer<typeof ZAdminSupportPage>;

export const ZAdminSupportReply = z.object({
  id: z.string(),
  staff: ZSupportStaffRef,
  body: z.string(),
  createdAt: z.string(),
  /** the delivery adapter took the email; false when it failed (the reply is kept, and may be sent again) */
  delivered: z.boolean(),
});
export type TAdminSupportReply = z.infer<typeof ZAdminSupportReply>;

export const ZAdminSupportThread = ZAdminSupportThreadSummary.extend({
  message: z.string(),
  invoiceRequestId: z.string().nullable(),
  stateNote: z.string().nullable(),
  replyList: z.array(ZAdminSupportReply),
  /** staff who may be assigned (holders of support.manage) */
  assignable: z.array(ZSupportStaffRef),
});
export type TAdminSupportThread = z.infer<typeof ZAdminSupportThread>;

/** A reply: `replyId` is chosen by the screen, so a repeated click sends one email, not two. */
export const ZAdminSupportReplyRequest = z
  .object({
    replyId: z.string().regex(/^[0-9A-Za-z_-]{8,64}$/, { error: V.invalidValue }),
    body: ZAdminText(1, SUPPORT_MESSAGE_MAX),
    /** close the thread with this answer (else it becomes ANSWERED) */
    close: z.boolean().default(false),
  })
  .strict();
export type TAdminSupportReplyRequest = z.input<typeof ZAdminSupportReplyRequest>;

export const ZAdminSupportAssignRequest = z.object({ staffId: ZAdminId.nullable() }).strict();
export type TAdminSupportAssignRequest = z.infer<typeof ZAdminSupportAssignRequest>;

export const ZAdminSupportStateRequest = z.object({ state: ZSupportState, reason: ZAdminReason }).strict();
export type TAdminSupportStateRequest = z.infer<typeof ZAdminSupportStateRequest>;

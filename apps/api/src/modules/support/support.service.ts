import { maskEmail, PAID_ORDER_STATUSES, type TContactRequest, type TContactResult } from '@llk/contracts';
import { AppError, fieldError } from '../../infrastructure/http/app-error';
import { type KeyValueStore } from '../../infrastructure/kv';
import { hitLimit } from '../../infrastructure/http/rate-limit';
import { newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { findUserById } from '../users';
import { insertSupportThread } from './support.repository';

// The contact form and the threads other modules open (invoice requests). What staff do with a
// thread is in support.admin.* (the staff routes beside what they manage, ADR 0040).

/** An order by id, as the orders module reads it (handed in: orders opens invoice threads here). */
export type OrderOf = (db: Db, orderId: string) => Promise<{ id: string; user_id: string; status: string } | undefined>;

const REFUNDABLE_STATUSES: readonly string[] = [...PAID_ORDER_STATUSES, 'REFUNDING', 'REFUNDED'];

/** Messages one client address may send per hour, and one reply address per day. */
export const CONTACT_PER_IP_PER_HOUR = 5;
export const CONTACT_PER_EMAIL_PER_DAY = 10;

/** "S-" and the id's last ten characters, upper case: what a visitor quotes when writing again. */
export function supportReference(id: string): string {
  return `S-${id.slice(-10).toUpperCase()}`;
}

/**
 * POST /support/contact: stores one message for the inbox. The answer goes to the email given,
 * else to the signed-in account's; a refund request names one of the caller's paid orders. Limited
 * per client address (5 an hour) and per reply address (10 a day), so the form cannot be used to
 * flood the inbox; nothing is sent to the address until staff answer.
 */
export async function submitContact(
  deps: { db: Db; kv: KeyValueStore; orderOf: OrderOf },
  input: TContactRequest,
  context: { ip: string; locale: string; userId: string | undefined; t?: (key: string) => string },
  now = new Date(),
): Promise<TContactResult> {
  const account = context.userId ? await findUserById(deps.db, context.userId) : undefined;
  const email = (input.email || account?.email || '').toLowerCase();
  if (!email) throw fieldError('email', 'validation.emailRequired', context.t);
  let orderId: string | null = null;
  if (input.topic === 'REFUND') {
    if (!account) throw new AppError('UNAUTHORIZED');
    if (!input.orderId) throw fieldError('orderId', 'validation.required', context.t);
    // the caller's own order, if it was paid (a refund can be asked for it); refunded ones too
    const order = await deps.orderOf(deps.db, input.orderId);
    if (!order || order.user_id !== account.id || !REFUNDABLE_STATUSES.includes(order.status)) throw new AppError('ORDER_NOT_FOUND');
    orderId = order.id;
  }
  await hitLimit(deps.kv, `support:contact:ip:${context.ip}`, CONTACT_PER_IP_PER_HOUR, 3_600_000);
  await hitLimit(deps.kv, `support:contact:email:${email}`, CONTACT_PER_EMAIL_PER_DAY, 86_400_000);
  const id = newId(now.getTime());
  const at = toDbDate(now);
  await insertSupportThread(deps.db, {
    id,
    topic: input.topic,
    email,
    user_id: account?.id ?? null,
    order_id: orderId,
    invoice_request_id: null,
    locale: context.locale,
    message: input.message,
    ip: context.ip,
    assignee_id: null,
    state_note: null,
    created_at: at,
    updated_at: at,
  });
  return { reference: supportReference(id), receivedAt: now.toISOString(), replyTo: maskEmail(email) };
}

/**
 * A thread the API opens itself (no client address, no one assigned yet): its message is the
 * given lines, the empty ones left out. Returns the thread's id.
 */
async function openOwnThread(
  db: Db,
  thread: Pick<Parameters<typeof insertSupportThread>[1], 'topic' | 'email' | 'user_id' | 'order_id' | 'invoice_request_id' | 'locale'>,
  lines: Array<string | null>,
  now: Date,
): Promise<string> {
  const at = toDbDate(now);
  const id = newId(now.getTime());
  await insertSupportThread(db, {
    id,
    ...thread,
    message: lines.filter((line): line is string => line !== null).join('\n'),
    ip: null,
    assignee_id: null,
    state_note: null,
    created_at: at,
    updated_at: at,
  });
  return id;
}

/**
 * Opens the inbox thread of an invoice request (called in the request's own transaction, so the
 * two exist together or not at all).
 */
export async function openInvoiceThread(
  db: Db,
  request: {
    id: string;
    orderId: string;
    userId: string;
    email: string;
    title: string;
    taxId: string | null;
    amountFen: number;
    kind?: string;
    note?: string | null;
  },
  locale: string,
  now = new Date(),
): Promise<void> {
  const lines = [
    `${request.kind ? `${request.kind} ` : ''}invoice: ${request.title}`,
    request.taxId ? `tax id: ${request.taxId}` : null,
    `amount: ${(request.amountFen / 100).toFixed(2)} CNY`,
    request.note ? `note: ${request.note}` : null,
  ];
  await openOwnThread(
    db,
    {
      topic: 'INVOICE',
      email: request.email.toLowerCase(),
      user_id: request.userId,
      order_id: request.orderId,
      invoice_request_id: request.id,
      locale,
    },
    lines,
    now,
  );
}

/**
 * Opens the inbox thread of a card dispute (ADR 0029): the staff task of answering the issuer
 * with evidence before Stripe's deadline. Called in the transaction that records the dispute.
 * `email` is the customer's when the account has one (else empty: staff answer Stripe, not them).
 */
export async function openDisputeThread(
  db: Db,
  dispute: {
    orderId: string | null;
    userId: string | null;
    email: string | null;
    gatewayDisputeId: string;
    amountFen: number;
    currency: string;
    reason: string;
    evidenceDueAt: string | null;
  },
  now = new Date(),
): Promise<string> {
  const lines = [
    `card dispute ${dispute.gatewayDisputeId}: ${dispute.reason}`,
    `amount: ${(dispute.amountFen / 100).toFixed(2)} ${dispute.currency.toUpperCase()}`,
    dispute.evidenceDueAt ? `evidence due: ${dispute.evidenceDueAt}` : null,
    'answer it in the Stripe Dashboard (Payments → Disputes) before the deadline',
  ];
  return openOwnThread(
    db,
    {
      topic: 'DISPUTE',
      email: (dispute.email ?? '').toLowerCase(),
      user_id: dispute.userId,
      order_id: dispute.orderId,
      invoice_request_id: null,
      locale: 'en',
    },
    lines,
    now,
  );
}

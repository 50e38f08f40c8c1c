import { z } from './zod';
import { ZAdminReason } from './admin-people';

// The back office's refund queue (ADR 0015, "Refund states and the staff queue"): refunds the
// gateway refused (FAILED) or never answered for good (UNKNOWN). Nothing retries them on its
// own; staff retry one once, deliberately, or record how it was settled, each audited with a
// reason. Money in integer fen, times UTC ISO text.

export const ADMIN_QUEUED_REFUND_STATES = ['FAILED', 'UNKNOWN'] as const;

export const ZAdminQueuedRefund = z.object({
  id: z.string(),
  refundNo: z.string(),
  orderId: z.string(),
  userId: z.string(),
  /** the customer's username, phone or email, whichever they have (null: account erased) */
  customer: z.string().nullable(),
  amountFen: z.number().int(),
  state: z.enum(ADMIN_QUEUED_REFUND_STATES),
  /** ORDER: a refund of the order's payment; DOUBLE_PAYMENT: a second payment paid back */
  kind: z.enum(['ORDER', 'DOUBLE_PAYMENT']),
  method: z.string(),
  /** why it was asked for */
  reason: z.string(),
  /** what the gateway last said, e.g. `refused:TRADE_NOT_EXIST`, `unknown:timeout` */
  lastOutcome: z.string().nullable(),
  /** the gateway's own words when it refused */
  gatewayMessage: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdminQueuedRefund = z.infer<typeof ZAdminQueuedRefund>;

/** Oldest first (the longest-waiting customer on top), at most 200, with the queue's size. */
export const ZAdminRefundQueue = z.object({ items: z.array(ZAdminQueuedRefund), total: z.number().int() });
export type TAdminRefundQueue = z.infer<typeof ZAdminRefundQueue>;

export const ZAdminRefundRetryRequest = z.object({ reason: ZAdminReason }).strict();
export type TAdminRefundRetryRequest = z.infer<typeof ZAdminRefundRetryRequest>;

/**
 * PAID_BY_HAND: staff paid it back another way (bank transfer, the merchant console); the
 * order counts as refunded. NOT_OWED (a refused order refund only): nothing is owed after all
 * (the customer agreed, the machine runs again); the order returns to where it was.
 */
export const ZAdminRefundSettleRequest = z.object({ outcome: z.enum(['PAID_BY_HAND', 'NOT_OWED']), reason: ZAdminReason }).strict();
export type TAdminRefundSettleRequest = z.infer<typeof ZAdminRefundSettleRequest>;

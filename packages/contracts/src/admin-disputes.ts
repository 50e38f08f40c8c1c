import { z } from './zod';
import { ZOrderId } from './orders';

// The back office's card disputes (ADR 0029; permission orders.read): every dispute Stripe told
// us of (charge.dispute.*), newest first, with its order and the support thread opened for it.

export const ZAdminDisputesQuery = z.object({
  orderId: ZOrderId.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TAdminDisputesQuery = z.infer<typeof ZAdminDisputesQuery>;

export const ZAdminDispute = z.object({
  id: z.string(),
  /** Stripe's dispute id (dp_…) */
  gatewayDisputeId: z.string(),
  method: z.string(),
  orderId: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** in the charge's currency's minor unit (fen for CNY) */
  amountFen: z.number().int(),
  currency: z.string(),
  /** Stripe's reason: fraudulent, product_not_received, duplicate, … */
  reason: z.string(),
  /** Stripe's status: warning_needs_response, needs_response, under_review, won, lost, … */
  status: z.string(),
  evidenceDueAt: z.string().nullable(),
  /** the support thread opened for staff (the task of answering it) */
  supportThreadId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdminDispute = z.infer<typeof ZAdminDispute>;

export const ZAdminDisputes = z.object({ items: z.array(ZAdminDispute) });
export type TAdminDisputes = z.infer<typeof ZAdminDisputes>;
